import { type Metrics, PlatformError, type AdapterDeps as SharedAdapterDeps } from "./types";

/**
 * What the real adapters share: what they are built with, sending a request so that a lost one is
 * classified right, waiting for media a platform is still processing, and reading counts per post.
 */

/**
 * The part of the registry's `AdapterDeps` these adapters use (tests inject a recording fetch and a fake
 * clock); `sleep` waits between looks at media still processing and is a timer unless injected; `env`
 * holds the app credentials the connect flow needs (publishing needs none).
 */
export type AdapterDeps = Pick<SharedAdapterDeps, "fetch" | "now"> & Partial<Pick<SharedAdapterDeps, "sleep" | "env">>;

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

export async function send(deps: AdapterDeps, call: CallKind, url: string, init: RequestInit): Promise<Response> {
  try {
    return await deps.fetch(url, init);
  } catch {
    if (call.creates) throw new PlatformError("no_answer", `${call.label}: the request was sent and no answer came`);
    throw new PlatformError("transient", `${call.label}: the platform could not be reached`);
  }
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

/** `Retry-After` in ms (seconds or an HTTP date), or undefined. */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const raw = headers.get("retry-after");
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export interface Wait {
  intervalMs: number;
  timeoutMs: number;
}

/**
 * Looks at `check` until it answers done, waiting `intervalMs` between looks. Past `timeoutMs` the media
 * is still processing: nothing was published, so it is a transient failure the publish queue retries.
 */
export async function waitUntilReady(
  deps: AdapterDeps,
  wait: Wait,
  what: string,
  check: () => Promise<boolean>,
): Promise<void> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = deps.now() + wait.timeoutMs;
  for (;;) {
    if (await check()) return;
    if (deps.now() >= deadline) {
      throw new PlatformError(
        "transient",
        `${what} was still processing after ${Math.round(wait.timeoutMs / 1000)} s`,
        "MEDIA_STILL_PROCESSING",
      );
    }
    await sleep(wait.intervalMs);
  }
}

/** Runs `task` over `items` with at most `limit` at once, keeping the order of the results. */
export async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The account's token, or a failure that asks for the account to be reconnected. */
export function accessToken(platform: string, credentials: { accessToken?: string } | undefined): string {
  if (!credentials?.accessToken) {
    throw new PlatformError("auth_expired", `${platform}: the account has no access token; reconnect it`);
  }
  return credentials.accessToken;
}

/** Reads one count set per id, in parallel; a post the platform no longer has is null. */
export async function countsPerPost(
  ids: string[],
  read: (id: string) => Promise<Metrics>,
): Promise<Map<string, Metrics | null>> {
  const counts = await mapLimited(ids, 5, async (id) => {
    try {
      return await read(id);
    } catch (error) {
      if (error instanceof PlatformError && error.code === "NOT_FOUND") return null;
      throw error;
    }
  });
  return new Map(ids.map((id, i) => [id, counts[i]!]));
}
