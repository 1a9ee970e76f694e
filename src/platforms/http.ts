// What every real adapter shares: HTTP calls with Herald's failure rules, wait times, credentials.
import type { OutcomeCode } from "../lib/error-codes";
import { publicUrlRefusal } from "../lib/ssrf";
import type { AdapterDeps, OutgoingMedia, PlatformCredentials, PublishRequest } from "./types";
import { PlatformError } from "./types";

/**
 * What every real adapter shares: one HTTP call with Herald's failure rules, reading wait times from
 * the platform's headers, reading the account's credentials, and fetching media to upload.
 */

export interface HttpCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  headers?: Record<string, string>;
  /** Sent as `application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  urlencoded?: Record<string, string>;
  /** Sent as `multipart/form-data`. */
  form?: FormData;
  /** Sent as is, with the content type given in `headers`. */
  body?: Uint8Array;
  /**
   * Repeating the call cannot do anything twice (a read, or an upload not attached to anything yet), so
   * a call that got no answer is `transient`. Any other call without an answer may have gone through.
   */
  safe?: boolean;
  /** `manual` hands a 3xx back as the answer (YouTube's 308 "resume incomplete") instead of following it. */
  redirect?: "manual";
}

export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The body parsed as JSON, or its text when it is not JSON, or null when empty. */
  data: any;
}

/** How long a platform may take to answer before Herald stops waiting. */
export const CALL_TIMEOUT_MS = 30_000;
/** When a platform says "wait" without saying how long. */
export const DEFAULT_RATE_LIMIT_WAIT_MS = 60_000;

/**
 * What the helpers need of `AdapterDeps`: adapters built in tests may bring a recording fetch and a fake
 * clock alone.
 */
export type HttpDeps = Pick<AdapterDeps, "fetch" | "now"> &
  Partial<Pick<AdapterDeps, "sleep" | "env" | "sandbox" | "storedMedia">>;

/**
 * What a request does if it goes through. `creates` marks a request that makes something public (a post,
 * a comment, a repost): sent without an answer, it may have done so, and it must not be retried blindly.
 * Everything else (uploads, unpublished containers, reads) is safe to retry.
 */
export interface CallKind {
  /** Names the call in messages, such as "Instagram media_publish". */
  label: string;
  creates: boolean;
}

/** The most redirects a call follows; each hop passes the SSRF guard before it is asked. */
export const MAX_REDIRECTS = 3;

/** Why `fetchPublic` would not ask a URL: not a public host (the guard's reason), or one redirect too many. */
export interface HopRefusal {
  url: string;
  reason: string;
  /** False for the first URL: nothing was sent. True for a redirect hop: the first request went out. */
  afterRedirect: boolean;
}

/**
 * Fetches `url` when the SSRF guard allows it, following redirects by hand (at most `MAX_REDIRECTS`), each
 * hop checked before it is asked. A 303, or a 301/302 answering a POST, goes on as a GET without the body;
 * 307 and 308 repeat the method and body. A bearer token or cookie never goes to another origin.
 * `redirect: "manual"` in `init` hands a 3xx back instead. A failed answer from another origin than `url`'s
 * comes without its body. Network failures are the caller's to read.
 */
export async function fetchPublic(
  deps: HttpDeps,
  url: string,
  init: RequestInit,
  options: { allowHttp?: boolean; refuse: (refusal: HopRefusal) => PlatformError },
): Promise<Response> {
  const guard = { sandbox: deps.sandbox ?? false, allowHttp: options.allowHttp };
  const first = publicUrlRefusal(url, guard);
  if (first) throw options.refuse({ url, reason: first, afterRedirect: false });
  const origin = new URL(url).origin;
  const sameOrigin = (other: string) => new URL(other).origin === origin;
  let request = { ...init, headers: new Headers(init.headers), redirect: "manual" as const };
  let current = url;
  for (let redirects = 0; ; redirects++) {
    const res = await deps.fetch(current, request);
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (location === null || init.redirect === "manual") return res.ok || sameOrigin(current) ? res : bodiless(res);
    await res.body?.cancel();
    const next = new URL(location, current).href;
    if (redirects === MAX_REDIRECTS) {
      throw options.refuse({ url: next, reason: `more than ${MAX_REDIRECTS} redirects`, afterRedirect: true });
    }
    const refused = publicUrlRefusal(next, guard);
    if (refused) throw options.refuse({ url: next, reason: refused, afterRedirect: true });
    request = redirected(request, res.status, sameOrigin(next));
    current = next;
  }
}

/** A failed answer without its body: what another host says is never copied into Herald's messages. */
async function bodiless(res: Response): Promise<Response> {
  await res.body?.cancel();
  return new Response(null, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** The request to send to a redirect's Location, as browsers do it (see `fetchPublic`). */
function redirected<T extends RequestInit & { headers: Headers }>(request: T, status: number, sameOrigin: boolean): T {
  const headers = new Headers(request.headers);
  if (!sameOrigin) for (const name of ["authorization", "cookie"]) headers.delete(name);
  const method = (request.method ?? "GET").toUpperCase();
  if (status === 303 ? method !== "HEAD" : (status === 301 || status === 302) && method === "POST") {
    for (const name of ["content-type", "content-length"]) headers.delete(name);
    return { ...request, method: "GET", body: undefined, headers };
  }
  return { ...request, headers };
}

/**
 * One request with Herald's time-out, to a public host only (`fetchPublic`). No answer is `no_answer` for a
 * call that creates, else `transient`. A host the guard refuses is `refused` (`SERVER_NOT_PUBLIC`) before
 * anything is sent; refused at a redirect hop, a creating call may already have done its work: `no_answer`.
 */
export async function exchange(deps: HttpDeps, call: CallKind, url: string, init: RequestInit): Promise<Response> {
  const refuse = ({ url: where, reason, afterRedirect }: HopRefusal) => {
    // The host only: a path may carry a token (Telegram's bot URLs do).
    const host = URL.canParse(where) ? new URL(where).host : "an invalid URL";
    if (!afterRedirect) {
      return new PlatformError(
        "refused",
        `${call.label}: Herald will not call ${host} (${reason})`,
        "SERVER_NOT_PUBLIC",
      );
    }
    const said = `${call.label}: Herald will not follow a redirect to ${host} (${reason})`;
    return call.creates
      ? new PlatformError("no_answer", `${said}; the request may have gone through`)
      : new PlatformError("refused", said, "SERVER_NOT_PUBLIC");
  };
  try {
    return await fetchPublic(deps, url, { signal: AbortSignal.timeout(CALL_TIMEOUT_MS), ...init }, { refuse });
  } catch (error) {
    if (error instanceof PlatformError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (call.creates) {
      throw new PlatformError("no_answer", `${call.label}: the request was sent and no answer came (${reason})`);
    }
    throw new PlatformError("transient", `${call.label}: the platform could not be reached (${reason})`);
  }
}

/** A call described as data, its answer read as JSON (or text); used by the adapters that speak plain REST. */
export async function send(deps: HttpDeps, call: HttpCall): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...call.headers };
  let body: BodyInit | undefined;
  if (call.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(call.json);
  } else if (call.urlencoded) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(call.urlencoded).toString();
  } else if (call.form) body = call.form;
  else if (call.body) body = call.body;

  const kind = { label: URL.canParse(call.url) ? new URL(call.url).host : "the platform", creates: !call.safe };
  const res = await exchange(deps, kind, call.url, { method: call.method, headers, body, redirect: call.redirect });
  const text = await res.text();
  let data: unknown = text === "" ? null : text;
  try {
    data = text === "" ? null : JSON.parse(text);
  } catch {
    // Not JSON: keep the text (an HTML error page, a plain message).
  }
  return { status: res.status, ok: res.ok, headers: res.headers, data };
}

/** A 5xx: nothing was accepted, except a gateway timeout on a creating call, which may have gone through. */
export function serverFailure(call: CallKind, status: number): PlatformError {
  if (call.creates && status === 504) {
    return new PlatformError("no_answer", `${call.label}: the platform timed out (504) after the request was sent`);
  }
  return new PlatformError("transient", `${call.label}: the platform answered ${status}`);
}

/** The body as JSON, or undefined when it is empty or not JSON. */
export async function readJson(response: Response): Promise<any> {
  const text = await response.text().catch(() => "");
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Herald's reading of a failed answer: 429 → rate_limited (waiting as the platform says), 401 →
 * auth_expired, 5xx → transient (a 504 to a call that was not safe may have gone through: no_answer),
 * anything else → refused with the platform's own message.
 */
export function failureOf(
  platform: string,
  call: HttpCall,
  answer: HttpAnswer,
  facts: { message: string; retryAfterMs?: number; code?: OutcomeCode },
): PlatformError {
  const { status } = answer;
  const said = facts.message || `HTTP ${status}`;
  if (status === 429) {
    return new PlatformError(
      "rate_limited",
      `${platform} asked to slow down: ${said}`,
      "PLATFORM_RATE_LIMITED",
      facts.retryAfterMs ?? DEFAULT_RATE_LIMIT_WAIT_MS,
    );
  }
  if (status === 401) return new PlatformError("auth_expired", `${platform} no longer accepts the account: ${said}`);
  if (status >= 500) {
    const failure = status === 504 && !call.safe ? "no_answer" : "transient";
    return new PlatformError(failure, `${platform} answered ${status}: ${said}`);
  }
  return new PlatformError("refused", `${platform} refused: ${said}`, facts.code ?? "PLATFORM_REFUSED");
}

/**
 * The message in a platform's error answer, whichever of the usual shapes it takes: OAuth's
 * `{ error, error_description }`, `{ message }`, `{ error: { message } }` (Google, TikTok), validation's
 * `{ errors: [{ attribute, message }] }` (Dribbble), or plain text.
 */
export function answerMessage(data: any): string {
  if (typeof data === "string") return data.slice(0, 500);
  const error = data?.error;
  const listed = Array.isArray(data?.errors) ? data.errors : [];
  const said = [
    data?.error_description,
    typeof error === "object" ? error?.message : undefined,
    data?.message,
    typeof error === "string" ? error : undefined,
    ...listed.map((e: any) => [e?.attribute, e?.message].filter((s) => typeof s === "string").join(" ")),
  ].filter((s): s is string => typeof s === "string" && s !== "");
  return [...new Set(said)].join("; ");
}

/**
 * A call to a platform's REST API with a bearer token (none for the app's own calls), its failures in
 * Herald's terms (`failureOf`, with 403 as `PERMISSION_DENIED` and 404 as `NOT_ON_PLATFORM`), waiting as the
 * platform's reset header says (`resetWait`), else `Retry-After`.
 */
export async function sendWithToken(
  deps: HttpDeps,
  platform: string,
  token: string | null,
  call: HttpCall,
  resetWait?: (headers: Headers, now: number) => number | undefined,
): Promise<HttpAnswer> {
  const answer = await send(deps, {
    ...call,
    headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  if (answer.ok) return answer;
  const now = deps.now();
  throw failureOf(platform, call, answer, {
    message: answerMessage(answer.data),
    retryAfterMs: resetWait?.(answer.headers, now) ?? waitFromRetryAfter(answer.headers.get("retry-after"), now),
    code: answer.status === 403 ? "PERMISSION_DENIED" : answer.status === 404 ? "NOT_ON_PLATFORM" : undefined,
  });
}

/** `Retry-After`: seconds, or an HTTP date. */
export function waitFromRetryAfter(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds * 1000));
  return waitUntil(Date.parse(value), now);
}

/** A reset time given as Unix seconds (`x-rate-limit-reset`, `RateLimit-Reset`). */
export function waitFromEpochSeconds(value: string | null, now: number): number | undefined {
  if (!value || !Number.isFinite(Number(value))) return undefined;
  return waitUntil(Number(value) * 1000, now);
}

/** A reset time given as an ISO 8601 date (Mastodon's `X-RateLimit-Reset`). */
export function waitFromIsoDate(value: string | null, now: number): number | undefined {
  return value ? waitUntil(Date.parse(value), now) : undefined;
}

const waitUntil = (at: number, now: number) => (Number.isFinite(at) ? Math.max(0, at - now) : undefined);

/** One of the account's stored credentials; its absence means the account must be connected again. */
export function credential(account: { platform: string; credentials?: PlatformCredentials }, key: string): string {
  const value = account.credentials?.[key];
  if (typeof value !== "string" || value === "") {
    throw new PlatformError("auth_expired", `${account.platform}: the account has no stored ${key}; connect it again`);
  }
  return value;
}

/** The access token of a set of credentials (see `credential`). */
export const accessToken = (platform: string, credentials: PlatformCredentials | undefined) =>
  credential({ platform, credentials }, "accessToken");

/** Refuses, before anything is sent, content the platform would refuse. */
export function refuseUnless(condition: boolean, code: OutcomeCode, message: string): asserts condition {
  if (!condition) throw new PlatformError("refused", message, code);
}

/** The one media item of a platform that takes exactly one, of one type; else refused as `MEDIA_NOT_SUPPORTED`. */
export function onlyMedia(request: PublishRequest, type: OutgoingMedia["type"], message: string): OutgoingMedia {
  const [item] = request.media;
  refuseUnless(request.media.length === 1 && item?.type === type, "MEDIA_NOT_SUPPORTED", message);
  return item;
}
