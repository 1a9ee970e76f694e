import { DurableObject } from "cloudflare:workers";

export const RATE_WINDOW_MS = 60 * 60 * 1000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

interface Window {
  start: number;
  count: number;
}

/**
 * One object per rate bucket (an API key, a user for OAuth tokens, a webhook's Send test). A fixed
 * window (one hour unless the bucket says otherwise), counted here so concurrent requests on different
 * isolates cannot both take the last unit. `now` comes from the caller so that the sandbox clock applies.
 */
export class RateLimiter extends DurableObject<Env> {
  hit(limit: number, now: number, windowMs = RATE_WINDOW_MS): RateDecision {
    const start = now - (now % windowMs);
    const stored = this.ctx.storage.kv.get<Window>("window");
    const window = stored && stored.start === start ? stored : { start, count: 0 };
    const allowed = window.count < limit;
    if (allowed) window.count += 1;
    this.ctx.storage.kv.put("window", window);
    return { allowed, limit, remaining: Math.max(0, limit - window.count), resetAt: start + windowMs };
  }
}
