import { BodyTooLarge, readCapped } from "../lib/capped-body";
import { assertPublicUrl } from "../lib/ssrf";
import { type AdapterDeps, type OutgoingMedia, type PlatformAccount, PlatformError } from "./types";

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

export async function send(deps: AdapterDeps, call: HttpCall): Promise<HttpAnswer> {
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

  const host = new URL(call.url).host;
  try {
    const res = await deps.fetch(call.url, {
      method: call.method,
      headers,
      body,
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await res.text();
    let data: unknown = text === "" ? null : text;
    try {
      data = text === "" ? null : JSON.parse(text);
    } catch {
      // Not JSON: keep the text (an HTML error page, a plain message).
    }
    return { status: res.status, ok: res.ok, headers: res.headers, data };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PlatformError(call.safe ? "transient" : "no_answer", `${host} did not answer (${reason})`);
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
  facts: { message: string; retryAfterMs?: number; code?: string },
): PlatformError {
  const { status } = answer;
  const said = facts.message || `HTTP ${status}`;
  if (status === 429) {
    return new PlatformError(
      "rate_limited",
      `${platform} asked to slow down: ${said}`,
      "RATE_LIMITED",
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
export function credential(account: PlatformAccount, key: string): string {
  const value = account.credentials?.[key];
  if (typeof value !== "string" || value === "") {
    throw new PlatformError("auth_expired", `The account has no stored ${key}; connect it again`);
  }
  return value;
}

/** Refuses, before anything is sent, content the platform would refuse. */
export function refuseUnless(condition: boolean, code: string, message: string): asserts condition {
  if (!condition) throw new PlatformError("refused", message, code);
}

export interface MediaFile {
  bytes: Uint8Array;
  /** MIME type, from the server's answer or else from the file name. */
  type: string;
  filename: string;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
};

const MEDIA_REDIRECTS = 3;

/** A media URL Herald may fetch: a public host (the SSRF guard), checked again at every redirect. */
function publicMediaUrl(raw: string): URL {
  try {
    return assertPublicUrl(raw, { sandbox: false, field: "media.url", allowHttp: true });
  } catch {
    throw new PlatformError("refused", `The media at ${raw} is not on a public host`, "MEDIA_UNAVAILABLE");
  }
}

/**
 * Fetches a media item to upload it, only from public hosts (redirects followed by hand, each one
 * checked) and reading no more than `maxBytes`. Nothing has been posted yet, so a server error is
 * transient; a missing file, a non-public host or a file over `maxBytes` is refused.
 */
export async function downloadMedia(deps: AdapterDeps, media: OutgoingMedia, maxBytes: number): Promise<MediaFile> {
  let url = publicMediaUrl(media.url);
  let res: Response;
  for (let redirects = 0; ; redirects++) {
    try {
      res = await deps.fetch(url.href, {
        method: "GET",
        redirect: "manual",
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PlatformError("transient", `The media at ${media.url} could not be fetched (${String(error)})`);
    }
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (location === null) break;
    await res.body?.cancel();
    refuseUnless(redirects < MEDIA_REDIRECTS, "MEDIA_UNAVAILABLE", `The media at ${media.url} redirects too often`);
    url = publicMediaUrl(new URL(location, url).href);
  }
  if (res.status >= 500) throw new PlatformError("transient", `The media at ${media.url} answered ${res.status}`);
  refuseUnless(res.ok, "MEDIA_UNAVAILABLE", `The media at ${media.url} answered ${res.status}`);
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(res, maxBytes);
  } catch (error) {
    if (!(error instanceof BodyTooLarge)) throw error;
    throw new PlatformError(
      "refused",
      `The media at ${media.url} is larger than the platform takes (${maxBytes} bytes)`,
      "MEDIA_TOO_LARGE",
    );
  }
  const named = new URL(media.url).pathname.split("/").pop();
  const filename = decodeURIComponent(named || "") || (media.type === "video" ? "video.mp4" : "image.jpg");
  const declared = res.headers.get("content-type")?.split(";")[0]?.trim();
  const extension = filename.split(".").pop()?.toLowerCase() ?? "";
  const type =
    declared && declared !== "application/octet-stream"
      ? declared
      : (TYPES_BY_EXTENSION[extension] ?? (media.type === "video" ? "video/mp4" : "image/jpeg"));
  return { bytes, type, filename };
}

export const MB = 1024 * 1024;
