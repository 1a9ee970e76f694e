// A client for Meta's Graph APIs (Facebook, Instagram, Threads), with Meta's errors as Herald's failures.
import { hmacSha256Hex } from "../../lib/crypto";
import { OUTCOME } from "../../lib/error-codes";
import { type CallKind, exchange, type HttpDeps, readJson, serverFailure, waitFromRetryAfter } from "../http";
import { type Wait, waitUntilReady } from "../media";
import { PlatformError } from "../types";
import type { GraphCreated, PublishParams } from "./meta-shapes";

/**
 * A client for Meta's Graph APIs (Facebook Pages, Instagram, Threads): parameters go form-encoded with the
 * `access_token` (and `appsecret_proof` when the app secret is known), as Meta documents them, and Meta's
 * error objects become Herald's failures.
 */

/** The Graph API version Herald speaks to graph.facebook.com and graph.instagram.com. */
export const META_GRAPH_VERSION = "v26.0";

export type GraphParams = Record<string, string | number | boolean | undefined>;

/** Meta's codes for throttling: app (4), user (17), Page (32), custom (613), publishing limits (9), BUC (80001–80014). */
const RATE_LIMIT_CODES = new Set([4, 9, 17, 32, 613]);
const isBusinessUseCaseLimit = (code: number) => code >= 80001 && code <= 80014;
/** Invalid, expired or revoked tokens; 102 is an invalid session. */
const AUTH_CODES = new Set([102, 190]);
/** Unknown error (1) and service unavailable (2): Meta asks for a retry. */
const TRANSIENT_CODES = new Set([1, 2]);
/** "An unknown error occurred": on a creating call, the post may exist all the same. */
const UNKNOWN_ERROR = 1;

interface GraphErrorBody {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_msg?: string;
}

interface GraphClientOptions {
  /** `https://graph.facebook.com/v26.0` and the like, without a trailing slash. */
  base: string;
  token: string;
  /** Signs each call with `appsecret_proof` (required by apps that turn on "Require App Secret"). */
  appSecret?: string;
  /** "Facebook", "Instagram", "Threads": names the platform in messages. */
  platform: string;
}

export class GraphClient {
  private proof?: Promise<string>;

  constructor(
    private readonly deps: HttpDeps,
    private readonly options: GraphClientOptions,
  ) {}

  /**
   * Reads a node or edge, answered as `Node` (a shape from meta-shapes.ts; the connect code's reads are not typed
   * yet); `path` is relative to the base, or a whole URL.
   */
  get<Node = any>(path: string, params: GraphParams, label: string): Promise<Node> {
    return this.request("GET", path, params, { label: `${this.options.platform} ${label}`, creates: false });
  }

  /**
   * Writes; `creates` marks a call that makes something public (see CallKind). `idField` names the member that
   * carries the id of what was made (`id`, or `message_id` for the Send API), answered as `Created`; null for a
   * change that makes nothing (hiding a comment), which answers `{ success: true }`.
   */
  post<Created = GraphCreated>(
    path: string,
    params: GraphParams,
    call: { label: string; creates: boolean; idField?: string | null },
  ): Promise<Created> {
    const { idField, ...kind } = call;
    return this.request("POST", path, params, { ...kind, label: `${this.options.platform} ${call.label}` }, idField);
  }

  /** Deletes a node the token's account made (its own comment), which Meta answers `{ success: true }`. */
  delete(path: string, label: string): Promise<{ success: true }> {
    return this.request("DELETE", path, {}, { label: `${this.options.platform} ${label}`, creates: false }, null);
  }

  private async request(
    method: "GET" | "POST" | "DELETE",
    path: string,
    params: GraphParams,
    call: CallKind,
    idField: string | null = "id",
  ): Promise<any> {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) if (value !== undefined) form.set(key, String(value));
    form.set("access_token", this.options.token);
    if (this.options.appSecret) form.set("appsecret_proof", await this.appSecretProof(this.options.appSecret));

    const url = path.startsWith("https://") ? path : `${this.options.base}/${path}`;
    const response =
      method !== "POST"
        ? await exchange(this.deps, call, `${url}?${form}`, { method })
        : await exchange(this.deps, call, url, {
            method,
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
            body: form.toString(),
          });
    const body = await readJson(response);
    // Every write Herald makes answers the id of what it made; without one, what happened is unknown.
    const complete =
      method === "GET" || (idField === null ? body?.success === true : typeof body?.[idField] === "string");
    if (response.ok && body && !body.error && complete) return body;
    throw graphFailure(call, response, body?.error, this.deps.now());
  }

  private appSecretProof(secret: string): Promise<string> {
    this.proof ??= hmacSha256Hex(secret, this.options.token);
    return this.proof;
  }
}

/** Meta's error object (or a bare HTTP failure) in Herald's terms. */
export function graphFailure(
  call: CallKind,
  response: Response,
  error: GraphErrorBody | undefined,
  now: number,
): PlatformError {
  const code = error?.code ?? 0;
  const said = error?.error_user_msg || error?.message || `answered ${response.status}`;
  const message = `${call.label}: ${said}`;
  if (response.status === 404 || (code === 100 && error?.error_subcode === 33) || code === 803) {
    return new PlatformError("refused", message, "NOT_ON_PLATFORM");
  }
  if (AUTH_CODES.has(code) || (response.status === 401 && !error)) {
    return new PlatformError("auth_expired", message);
  }
  if (RATE_LIMIT_CODES.has(code) || isBusinessUseCaseLimit(code) || response.status === 429) {
    return new PlatformError(
      "rate_limited",
      message,
      OUTCOME.PLATFORM_RATE_LIMITED,
      regainAccessMs(response.headers, now),
    );
  }
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new PlatformError("refused", message, "PERMISSION_DENIED");
  }
  if (call.creates && code === UNKNOWN_ERROR) return new PlatformError("no_answer", message);
  if (error?.is_transient || TRANSIENT_CODES.has(code)) return new PlatformError("transient", message);
  if (response.status >= 500 || !error) {
    return response.status >= 500 ? serverFailure(call, response.status) : unreadable(call);
  }
  return new PlatformError("refused", message, "PLATFORM_REFUSED");
}

/** A 2xx that is not the JSON Meta documents: for a creating call, what happened is unknown. */
function unreadable(call: CallKind): PlatformError {
  return call.creates
    ? new PlatformError("no_answer", `${call.label}: the answer could not be read`)
    : new PlatformError("transient", `${call.label}: the answer could not be read`);
}

/**
 * When Meta says access comes back: the largest `estimated_time_to_regain_access` (minutes) in
 * `X-Business-Use-Case-Usage`, else `Retry-After`, else unknown.
 */
export function regainAccessMs(headers: Headers, now: number): number | undefined {
  const usage = headers.get("x-business-use-case-usage");
  if (usage) {
    try {
      const entries = Object.values(
        JSON.parse(usage) as Record<string, { estimated_time_to_regain_access?: number }[]>,
      );
      const minutes = Math.max(0, ...entries.flat().map((e) => e.estimated_time_to_regain_access ?? 0));
      if (minutes > 0) return minutes * 60_000;
    } catch {
      // An unreadable header says nothing about the wait.
    }
  }
  return waitFromRetryAfter(headers.get("retry-after"), now);
}

/** A media container's processing state (Instagram and Threads share the names) and Meta's detail on errors. */
interface ContainerState {
  state?: string;
  detail?: string;
}

/** Waits for a container to be FINISHED; ERROR is the platform refusing the media, EXPIRED worth a new try. */
export function containerReady(
  deps: HttpDeps,
  wait: Wait,
  platform: string,
  read: () => Promise<ContainerState>,
): Promise<void> {
  return waitUntilReady(deps, wait, `${platform} media`, async () => {
    const { state, detail } = await read();
    if (state === "FINISHED" || state === "PUBLISHED") return true;
    if (state === "ERROR") {
      throw new PlatformError(
        "refused",
        `${platform} could not process the media: ${detail ?? "ERROR"}`,
        "PLATFORM_REFUSED",
      );
    }
    if (state === "EXPIRED") throw new PlatformError("transient", `${platform} let the media container expire`);
    return false;
  });
}

/**
 * Publishes a container (`publishPath` is `{user}/media_publish` or `{user}/threads_publish`). When the call
 * fails without a clear answer, the container's state tells whether it went out, as Meta advises:
 * FINISHED means it did not (safe to retry), PUBLISHED that it did.
 */
export async function publishContainer(
  graph: GraphClient,
  publishPath: string,
  container: string,
  read: () => Promise<ContainerState>,
): Promise<string> {
  try {
    const published = await graph.post(publishPath, { creation_id: container } satisfies PublishParams, {
      label: publishPath.slice(publishPath.lastIndexOf("/") + 1),
      creates: true,
    });
    return published.id;
  } catch (error) {
    if (!(error instanceof PlatformError) || (error.failure !== "no_answer" && error.failure !== "transient")) {
      throw error;
    }
    const { state } = await read().catch((): ContainerState => ({}));
    if (state === "FINISHED") throw new PlatformError("transient", `${error.message}; nothing was published`);
    if (state === "PUBLISHED") throw new PlatformError("no_answer", `${error.message}; the post was published`);
    throw error;
  }
}

/** A just-published post's link; it is out already, so a failed look only leaves the link out. */
export async function permalink(graph: GraphClient, mediaId: string): Promise<string | undefined> {
  try {
    const node = await graph.get<{ permalink?: string }>(mediaId, { fields: "permalink" }, "permalink");
    return typeof node.permalink === "string" ? node.permalink : undefined;
  } catch {
    return undefined;
  }
}
