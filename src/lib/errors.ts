import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Every refusal the API can give. Services throw `AppError`; one error handler in app.ts turns it into
 * `{ success: false, error: { code, message, ...extra } }` with the status given here.
 */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (what: string) => new AppError(404, "not_found", `${what} not found`);

export const validationError = (field: string, message: string) =>
  new AppError(400, "validation_error", `${field}: ${message}`, { issues: [{ path: field, message }] });

export const featureDisabled = (message: string) => new AppError(403, "feature_disabled", message);

interface Issue {
  path: PropertyKey[];
  message: string;
}

const fieldPath = (issue: Issue) => issue.path.map(String).join(".") || "body";

/** zod failures become 400 `validation_error`, naming each field. */
export function validationFailure(issues: readonly Issue[]): AppError {
  const list = issues.map((i) => ({ path: fieldPath(i), message: i.message }));
  const first = list[0];
  const message = first ? `${first.path}: ${first.message}` : "Invalid input";
  return new AppError(400, "validation_error", message, { issues: list });
}
