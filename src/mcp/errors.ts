// A service's `AppError` as an agent tool's refusal: code, message, details and what to try next.
import type { ApiErrorCode } from "../lib/error-codes";
import { AppError } from "../lib/errors";
import { log } from "../lib/log";
import { camelPath } from "./input";

/** What an agent reads when a tool refuses: a code from the one catalog, a sentence, and what to do next when known. */
export interface ToolRefusal {
  code: ApiErrorCode;
  message: string;
  suggestion?: string;
  [detail: string]: unknown;
}

/** What to try next, for refusals whose remedy is always the same. */
const SUGGESTIONS: Partial<Record<ApiErrorCode, string>> = {
  busy: "wait_then_retry",
  too_many_holds: "wait_then_retry",
};

interface Issue {
  path: string;
  message: string;
}

/**
 * The one translation from a service's `AppError` to a tool's refusal: the code, message and details
 * the REST envelope carries (its HTTP status has no meaning here), with field paths named as the tool's
 * camelCase inputs. Anything else is a bug: logged, and answered without detail.
 */
export function toolRefusal(error: unknown): ToolRefusal {
  if (!(error instanceof AppError)) {
    log.error("mcp.tool_failed", { error });
    return { code: "internal_error", message: "Something went wrong on our side" };
  }
  const { suggestion, issues, ...details } = error.extra as { suggestion?: string; issues?: Issue[] };
  const refusal: ToolRefusal = { code: error.code, message: error.message, ...details };
  if (issues) {
    refusal.issues = issues.map((i) => ({ ...i, path: camelPath(i.path) }));
    const first = issues[0];
    if (first && error.message.startsWith(`${first.path}:`)) {
      refusal.message = `${camelPath(first.path)}${error.message.slice(first.path.length)}`;
    }
  }
  const next = suggestion ?? SUGGESTIONS[error.code];
  if (next) refusal.suggestion = next;
  return refusal;
}
