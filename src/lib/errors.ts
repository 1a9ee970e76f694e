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
