/** Codes the API answers when the credential is missing, unknown, revoked or lacks the scope. */
const AUTH_CODES = new Set(["unauthorized", "invalid_api_key", "invalid_token", "insufficient_scope"]);

/**
 * Every answer that is not a 2xx, as one error: the HTTP `status`, the API's error `code` (`http_<status>` when the
 * answer carried none) and the parsed answer `body`.
 */
export class HeraldError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  /** Seconds to wait before trying again, from `Retry-After`; null when the answer had none. */
  readonly retryAfter: number | null;
  /** The request's id (`error.request_id`, as in `X-Request-Id`): quote it when asking about the failure. */
  readonly requestId: string | null;

  constructor(status: number, body: unknown, retryAfter: number | null = null) {
    const error = (body as { error?: { code?: unknown; message?: unknown; request_id?: unknown } } | null)?.error;
    const code = typeof error?.code === "string" ? error.code : `http_${status}`;
    super(typeof error?.message === "string" ? error.message : `Herald answered ${status}`);
    this.name = "HeraldError";
    this.status = status;
    this.code = code;
    this.body = body;
    this.retryAfter = retryAfter;
    this.requestId = typeof error?.request_id === "string" ? error.request_id : null;
  }

  /** 401, or 403 because of the credential (not because of the plan or the platform). */
  isAuthError(): boolean {
    return this.status === 401 || (this.status === 403 && AUTH_CODES.has(this.code));
  }

  isRateLimited(): boolean {
    return this.status === 429;
  }

  isNotFound(): boolean {
    return this.status === 404;
  }

  /** The resource is in a state that refuses the change (e.g. editing a post that is publishing). */
  isStateError(): boolean {
    return this.code === "state_error";
  }

  toJSON() {
    const { name, status, code, message, requestId, body } = this;
    return { name, status, code, message, requestId, body };
  }
}

/** `Retry-After` as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === "") return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
