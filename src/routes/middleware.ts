import { createMiddleware } from "hono/factory";
import { AppError } from "../lib/errors";
import { authenticateApiKey, requireScopeOf, type Scope } from "../services/auth";
import { createRuntime, type Runtime } from "../services/runtime";
import type { AppEnv } from "./env";

export const withRuntime = createMiddleware<AppEnv>(async (c, next) => {
  c.set("rt", await createRuntime(c.env));
  await next();
});

async function authenticate(rt: Runtime, header: string | undefined, waitUntil: (p: Promise<unknown>) => void) {
  if (!header) throw new AppError(401, "unauthorized", "Send your API key in the X-API-Key header");
  return authenticateApiKey(rt, header, waitUntil);
}

/**
 * Authenticates, counts the request against the caller's hourly limit and checks the route's scope,
 * in that order. Every answer after authentication carries the RateLimit-* headers.
 */
export const requireScope = (scope: Scope) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const rt = c.get("rt");
    const principal = await authenticate(rt, c.req.header("x-api-key"), (p) => c.executionCtx.waitUntil(p));
    c.set("principal", principal);

    const limiter = c.env.RATE_LIMITER.get(c.env.RATE_LIMITER.idFromName(principal.rateKey));
    const decision = await limiter.hit(rt.config.rate_limit_per_hour, rt.clock.now());
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
