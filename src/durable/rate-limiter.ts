import { DurableObject } from "cloudflare:workers";

const RATE_WINDOW_MS = 60 * 60 * 1000;

interface RateDecision {
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

/** How long a count may live only in memory before it is written down. */
const RATE_PERSIST_MS = 1000;

/**
 * One object per rate bucket (an API key, a user for OAuth tokens, a webhook's Send test). A fixed
 * window (one hour unless the bucket says otherwise), counted here so concurrent requests on different
 * isolates cannot both take the last unit. `now` comes from the caller so that the sandbox clock applies.
 *
 * The object counts in memory (it is the only place this bucket is counted, one request at a time) and
 * writes the window down at most once a second, from an alarm: a request does not wait for a storage write.
 * An object that crashes loses at most that last second of counts.
 */
export class RateLimiter extends DurableObject<Env> {
  private window: Window | undefined;
  private writeDue = false;

  hit(limit: number, now: number, windowMs = RATE_WINDOW_MS): RateDecision {
    const start = now - (now % windowMs);
    this.window ??= this.ctx.storage.kv.get<Window>("window");
    if (this.window?.start !== start) this.window = { start, count: 0 };
    const allowed = this.window.count < limit;
    if (allowed) this.window.count += 1;
    this.writeSoon();
    return { allowed, limit, remaining: Math.max(0, limit - this.window.count), resetAt: start + windowMs };
  }

  private writeSoon() {
    if (this.writeDue) return;
    this.writeDue = true;
    void this.ctx.storage.setAlarm(Date.now() + RATE_PERSIST_MS);
  }

  override async alarm(): Promise<void> {
    this.writeDue = false;
    if (this.window) this.ctx.storage.kv.put("window", this.window);
  }
}
