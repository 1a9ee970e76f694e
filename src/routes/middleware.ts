import { createMiddleware } from "hono/factory";
import { sha256Hex } from "../lib/crypto";
import { AppError, validationError } from "../lib/errors";
import { apiKeyRateKey, authenticateApiKey, hashApiKey, requireScopeOf, type Scope } from "../services/auth";
import { claimIdempotencyKey, settleIdempotencyKey } from "../services/idempotency";
import { createRuntime } from "../services/runtime";
import type { AppEnv } from "./env";

export const withRuntime = createMiddleware<AppEnv>(async (c, next) => {
  c.set("rt", await createRuntime(c.env));
  await next();
});

/**
 * Authenticates, counts the request against the caller's hourly limit and checks the route's scope.
 * The key lookup and the count run side by side (the bucket is named by the key's hash); an unknown key
 * is still a 401, never a 429. Every answer after authentication carries the RateLimit-* headers.
 */
export const requireScope = (scope: Scope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const rt = c.get("rt");
    const key = c.req.header("x-api-key");
    if (!key) throw new AppError(401, "unauthorized", "Send your API key in the X-API-Key header");
    const hash = await hashApiKey(key);
    const limiter = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(apiKeyRateKey(hash)));
    const [principal, decision] = await Promise.all([
      authenticateApiKey(rt, hash, (p) => c.executionCtx.waitUntil(p)),
      limiter.hit(rt.config.rate_limit_per_hour, rt.clock.now()),
    ]);
    c.set("principal", principal);

    const resetSeconds = Math.max(0, Math.ceil((decision.resetAt - rt.clock.now()) / 1000));
    c.header("RateLimit-Limit", String(decision.limit));
    c.header("RateLimit-Remaining", String(decision.remaining));
    c.header("RateLimit-Reset", String(resetSeconds));
    if (!decision.allowed) {
      c.header("Retry-After", String(resetSeconds));
      throw new AppError(429, "rate_limited", `Rate limit of ${decision.limit} requests per hour exceeded`);
    }

    requireScopeOf(principal, scope);
    await next();
  });

/**
 * `Idempotency-Key` (as Stripe has it): the same key with the same request within 24 hours answers
 * with the first answer and does nothing again; the same key with another request is a 409.
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
  try {
    await next();
  } finally {
    await settleIdempotencyKey(rt, userId, key, { status: c.res.status, body: await c.res.clone().text() });
  }
});
