// `AppError`, thrown by services with a code from the catalog, and the shortcuts for common refusals.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { API_ERRORS, type ApiErrorCode } from "./error-codes";

/**
 * Every refusal the API can give. Services throw `AppError` with a code from the catalog (`error-codes.ts`), which
 * also gives its status; one error handler in app.ts turns it into `{ success: false, error: { code, message, ...extra } }`.
 */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = API_ERRORS[code].status;
  }

  /** The `error` member of the failure envelope. */
  toBody() {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found`);

export const featureDisabled = (message: string) => new AppError("feature_disabled", message);

/** One problem with the input: where (`path`, dotted, such as `platforms.1.account_id`) and what. */
interface Issue {
  path: string;
  message: string;
}

/**
 * 400 `validation_error`, in its one shape: `issues` lists every problem and the message names the first
 * (`path: message`) unless a summary is given. `extra` adds members beside `issues` (`targets`, `rows`).
 */
export function invalidInput(issues: Issue[], options: { message?: string; extra?: Record<string, unknown> } = {}) {
  const first = issues[0];
  const message = options.message ?? (first ? `${first.path}: ${first.message}` : "Invalid input");
  return new AppError("validation_error", message, { issues, ...options.extra });
}

/** 400 `validation_error` about one field. */
export const validationError = (path: string, message: string) => invalidInput([{ path, message }]);

/** zod failures become 400 `validation_error`, naming each field (`root`: what an issue about the whole input names). */
export function validationFailure(
  issues: readonly { path: PropertyKey[]; message: string }[],
  root = "body",
): AppError {
  return invalidInput(issues.map((i) => ({ path: i.path.map(String).join(".") || root, message: i.message })));
}
