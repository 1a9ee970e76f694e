// The API's middleware: the runtime and D1 session, authentication, rate counting, scopes, idempotency.
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { requestId } from "hono/request-id";
import { addressBucket } from "../lib/address";
import { sha256Hex } from "../lib/crypto";
import { AppError, validationError } from "../lib/errors";
import { inRequest, REQUEST_ID_MAX } from "../lib/log";
import { apiResource, type ProtectedResource } from "../oauth/server";
import { admitAccessToken } from "../oauth/tokens";
import type { Principal, Scope } from "../services/auth/auth";
import { claimIdempotencyKey, recordResource, settleIdempotencyKey } from "../services/idempotency";
import { admitApiKey } from "../services/key-gate";
import { requireScopeOf } from "../services/roles";
import { createRuntime } from "../services/runtime";
import type { AppEnv } from "./env";

/** The D1 bookmark a client sends back to read its own writes, and which every answer carries (Cloudflare's name). */
export const BOOKMARK_HEADER = "X-D1-Bookmark";
const BOOKMARK = /^[0-9a-f-]{1,128}$/i;

/**
 * The request's D1 session: it starts from the client's bookmark, so its reads may come from a nearby replica
 * that has at least everything the client saw or wrote; without one, its first query goes to the primary.
 */
function sessionFor(c: Context<AppEnv>) {
  const bookmark = c.req.header(BOOKMARK_HEADER)?.trim();
  if (!bookmark) return c.env.DB.withSession("first-primary");
  if (!BOOKMARK.test(bookmark)) {
    throw validationError(BOOKMARK_HEADER, "a bookmark from an earlier answer's X-D1-Bookmark header");
  }
  return c.env.DB.withSession(bookmark);
}

export const withRuntime = createMiddleware<AppEnv>(async (c, next) => {
  if (c.get("rt")) return next(); // made already, for a credential counted before the floor routes
  const session = sessionFor(c);
  c.set("rt", await createRuntime(c.env, session));
  await next();
  const bookmark = session.getBookmark();
  if (bookmark) c.header(BOOKMARK_HEADER, bookmark);
});

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Who calls, and the rate bucket they count against: `X-API-Key` or an OAuth bearer token issued for
 * `resource` (the REST API or the agent tool server).
 */
async function authenticate(c: Context<AppEnv>, resource: ProtectedResource) {
  const rt = c.get("rt");
  const key = c.req.header("x-api-key");
  if (key) return admitApiKey(rt, key, (p) => c.executionCtx.waitUntil(p));
  const bearer = BEARER.exec(c.req.header("authorization") ?? "")?.[1];
  if (bearer) return admitAccessToken(rt, bearer, resource);
  throw new AppError("unauthorized", "Send an API key in X-API-Key, or an OAuth access token as Authorization: Bearer");
}

/**
 * Authenticates and counts the request against the caller's hourly limit (per API key, or per user for
 * OAuth tokens), in that order: an unknown credential is a 401, never a 429. Every answer after
 * authentication carries the RateLimit-* headers. Sets and returns the `principal`.
 */
export async function authenticateRequest(c: Context<AppEnv>, resource: ProtectedResource): Promise<Principal> {
  const rt = c.get("rt");
  const { principal, decision } = await authenticate(c, resource);
  c.set("principal", principal);

  const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - rt.clock.now()) / 1000));
  c.header("RateLimit-Limit", String(decision.limit));
  c.header("RateLimit-Remaining", String(decision.remaining));
  c.header("RateLimit-Reset", String(resetSeconds));
  if (!decision.allowed) {
    c.header("Retry-After", String(resetSeconds));
    throw new AppError("rate_limited", `Rate limit of ${decision.limit} requests per hour exceeded`);
  }
  return principal;
}

const AUTH_ATTEMPT_WINDOW_MS = 60_000;

/**
 * Sign-in, sign-up and the OAuth server's open endpoints: each client address (an IPv4 address, an IPv6 /64:
 * `addressBucket`) may make `auth_attempts_per_ip_per_minute` requests a minute (429 with Retry-After past it), which
 * slows password guessing, email enumeration and mass client registration. Cloudflare sets `CF-Connecting-IP` on every request that reaches a Worker; a request without
 * it comes from inside (a test's own fetch) and has no client to count.
 */
export const authAttemptLimit = createMiddleware<AppEnv>(async (c, next) => {
  const ip = c.req.header("cf-connecting-ip");
  if (ip) {
    const rt = c.get("rt");
    const limiter = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(`auth-ip:${addressBucket(ip)}`));
    const now = rt.clock.now();
    const decision = await limiter.hit(rt.config.auth_attempts_per_ip_per_minute, now, AUTH_ATTEMPT_WINDOW_MS);
    if (!decision.allowed) {
      const retryAfter = Math.max(1, Math.ceil((decision.resetAt - now) / 1000));
      c.header("Retry-After", String(retryAfter));
      throw new AppError("rate_limited", `Too many attempts from your address; try again in ${retryAfter} s`);
    }
  }
  await next();
});

const hasCredential = (c: Context<AppEnv>) =>
  c.req.header("x-api-key") !== undefined || BEARER.test(c.req.header("authorization") ?? "");

/**
 * Under `/api/v1`, a request that carries a credential is authenticated and counted before anything else answers
 * it: public routes (health, the OpenAPI document, its page, the floor), unknown routes and methods included. So
 * every answer to it carries the caller's RateLimit headers, and a bad credential is its 401. Routes that need a
 * credential take the principal found here (`requireScope`), so nothing is counted twice.
 */
export const countCredential = createMiddleware<AppEnv>(async (c, next) => {
  if (!hasCredential(c)) return next();
  await withRuntime(c, async () => {
    await authenticateRequest(c, apiResource);
    await next();
  });
});

/**
 * Every request's id: the client's own `X-Request-Id` when it is sane (at most `REQUEST_ID_MAX` letters, digits,
 * `-`, `_` and `=`, as hono's middleware checks), else a new UUID; answered in the same header, written on every log
 * line of the request and into every failure (`error.request_id`), and carried into its queue messages and Durable
 * Object calls.
 */
export const withRequestId = [
  requestId({ limitLength: REQUEST_ID_MAX }),
  createMiddleware<AppEnv>((c, next) => inRequest(c.get("requestId"), "request", next)),
] as const;

/**
 * The failure envelope, the one way a route answers a refusal: `{ success: false, error: { code, message, …extra,
 * request_id } }` with the code's status; a refusal that says when to come back (`retry_after`, seconds) says it
 * in the `Retry-After` header too (RFC 9110 §10.2.3).
 */
export function failure(c: Context<AppEnv>, error: AppError) {
  const retryAfter = error.extra.retry_after;
  if (typeof retryAfter === "number") c.header("Retry-After", String(retryAfter));
  return c.json(
    { success: false as const, error: { ...error.toBody(), request_id: c.get("requestId") } },
    error.status,
  );
}

/** The answer to a path no route serves (a credential sent with it was counted by `countCredential`). */
export const noSuchRoute = (c: Context<AppEnv>) => failure(c, new AppError("not_found", "No such route"));

/** A REST route's guard: the caller is authenticated for the REST API, within its rate, and holds every scope. */
export const requireScope = (...scopes: Scope[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const principal = (c.get("principal") as Principal | undefined) ?? (await authenticateRequest(c, apiResource));
    for (const scope of scopes) requireScopeOf(principal, scope);
    await next();
  });

/**
 * `Idempotency-Key` (as Stripe has it): the same key with the same request within 24 hours answers
 * with the first answer and does nothing again; the same key with another request is a 409. A key whose first
 * request died without answering is free again after a minute, unless that request had made its resource (a create
 * records it in its own batch): then the retry answers with it (`idempotency.recovered`).
 * Runs after authentication: keys belong to a user.
 */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (key === undefined) return next();
  if (key.length === 0 || key.length > 255) throw validationError("Idempotency-Key", "1 to 255 characters");
  const rt = c.get("rt");
  const { userId } = c.get("principal");
  const url = new URL(c.req.url);
  const requestHash = await sha256Hex(`${c.req.method} ${url.pathname}${url.search}\n${await c.req.text()}`);
  const claim = await claimIdempotencyKey(rt, userId, key, requestHash);
  if (claim.kind === "replay") {
    return c.body(claim.body, claim.status as 200, {
      "content-type": "application/json",
      "Idempotent-Replayed": "true",
    });
  }
  c.set("idempotency", {
    ...(claim.recovered ? { recovered: claim.recovered } : {}),
    record: (resourceId, made) => recordResource(rt, userId, key, claim.claimedAt, resourceId, made),
  });
  try {
    await next();
    if (claim.recovered) c.res.headers.set("Idempotent-Replayed", "true");
  } finally {
    const answer = { status: c.res.status, body: await c.res.clone().text() };
    await settleIdempotencyKey(rt, userId, key, claim.claimedAt, answer);
  }
});
