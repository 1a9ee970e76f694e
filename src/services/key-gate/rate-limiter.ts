// The RateLimiter Durable Object: one rate bucket per key, user or address, and an API key's gate.

import { DurableObject } from "cloudflare:workers";
import { createDb } from "../../db/client";
import { activityIsStale } from "../teams/activity";
import { findGrantHolder, findKeyHolder, recordLastUse } from "./holders";
import {
  type GrantHolder,
  HOLDER_FRESH_MS,
  type KeyHolder,
  type KeyLease,
  LEASE_MS,
  type LeaseAsk,
  type RateDecision,
  type Unspent,
} from "./terms";

const RATE_WINDOW_MS = 60 * 60 * 1000;

interface Window {
  start: number;
  count: number;
}

/** A lease takes at most this share of what remains of the window, and at most `MOST_LEASED_UNITS`. */
const LEASE_SHARE = 8;
const MOST_LEASED_UNITS = 100;

/** What a key's gate knows of its key: who holds it (and when that was read), or that it was revoked. */
type KeyMemory = { holder: KeyHolder; readAt: number } | { revoked: true };
/** What a grant's bucket knows of whom it acts for (workspace, plan, member), and when it was read. */
type UserMemory = { holder: GrantHolder; readAt: number };

const isFresh = (readAt: number, now: number) => now >= readAt && now - readAt < HOLDER_FRESH_MS;

/** How long a count may live only in memory before it is written down. */
const RATE_PERSIST_MS = 1000;

/**
 * One object per rate bucket (an API key, a user for OAuth tokens, a webhook's Send test). A fixed
 * window (one hour unless the bucket says otherwise), counted here so concurrent requests on different
 * isolates cannot both take the last unit. `now` comes from the caller so that the sandbox clock applies.
 *
 * The object counts in memory (it is the only place this bucket is counted, one request at a time) and
 * writes the window down at most once a second, from an alarm: a request does not wait for a storage write.
 * An object that crashes loses at most that last second of counts. A window's first request alone is never written:
 * a bucket that sees one request (an address seen once) costs no storage write.
 *
 * An API key's object is also its gate (`index.ts`): it remembers who holds the key, so one call authenticates and
 * counts, and a revocation told to it holds from the next request on. It also leases a share of the window to the
 * isolate that asked (`leases.ts`), and remembers until when each isolate's lease
 * runs, so whoever revokes the key can wait for the others' leases to end. A user's object (the bucket of their
 * OAuth tokens) likewise remembers the user's plan.
 */
export class RateLimiter extends DurableObject<Env> {
  private window: Window | undefined;
  private writeDue = false;
  private key: KeyMemory | undefined;
  private user: UserMemory | undefined;
  /** Counts `forgetHolder` calls: a read that was out while one came is used for its request, not remembered. */
  private forgets = 0;
  /** Until when (real time) each isolate's lease runs; kept in storage too, so a restarted gate still knows. */
  private leasesOut: Map<string, number> | undefined;

  /**
   * The key's holder and the request counted, or null (nothing counted) when the key is revoked or unknown. With
   * `ask`, it takes back the units the isolate did not spend and may lease it a share of the window.
   */
  async admitKey(hash: string, limit: number, now: number, ask?: LeaseAsk) {
    const forgets = this.forgets;
    const holder = await this.holder(hash, now);
    if (!holder) return null;
    if (activityIsStale(holder.lastUsedAt, now)) await this.recordUse(holder, now);
    // Told of a revocation while reading: refused. Told of a change: this request is served, nothing is leased.
    if (this.key && "revoked" in this.key) return null;
    if (ask?.giveBack) this.takeBack(ask.giveBack, now);
    const decision = this.hit(limit, now);
    const lease = ask && forgets === this.forgets && decision.allowed ? this.lend(ask.isolate, decision) : null;
    return { holder, decision, lease };
  }

  /** The key is revoked: refused from now on, whatever D1 says or will say. Answers how long others' leases run. */
  revokeKey(isolate?: string): number {
    this.remember({ revoked: true });
    return this.othersLeasesEndIn(isolate);
  }

  /**
   * Whom the grant acts for and the request counted, or null (nothing counted) when its member is gone. `userId` is
   * the grant's user: a member id, or a login's for grants made before workspaces.
   */
  async admitUser(userId: string, limit: number, now: number) {
    this.user ??= this.ctx.storage.kv.get<UserMemory>("user");
    if (this.user?.holder && isFresh(this.user.readAt, now)) {
      return { plan: this.user.holder.plan, holder: this.user.holder, decision: this.hit(limit, now) };
    }
    const forgets = this.forgets;
    const holder = await findGrantHolder(createDb(this.env.DB), userId);
    if (holder === undefined) return null;
    if (forgets === this.forgets) {
      this.user = { holder, readAt: now };
      this.ctx.storage.kv.put("user", this.user);
    }
    return { plan: holder.plan, holder, decision: this.hit(limit, now) };
  }

  /**
   * Reads the key's holder (or the user's plan) again on its next request: the plan changed. A revocation stays.
   * Answers how long other isolates' leases, granted on what was read before, still run.
   */
  forgetHolder(isolate?: string): number {
    this.forgets++;
    this.user = undefined;
    this.ctx.storage.kv.delete("user");
    this.key ??= this.ctx.storage.kv.get<KeyMemory>("key");
    if (this.key && !("revoked" in this.key)) {
      this.key = undefined;
      this.ctx.storage.kv.delete("key");
    }
    return this.othersLeasesEndIn(isolate);
  }

  private async holder(hash: string, now: number): Promise<KeyHolder | null> {
    this.key ??= this.ctx.storage.kv.get<KeyMemory>("key");
    if (this.key && "revoked" in this.key) return null;
    if (this.key && isFresh(this.key.readAt, now)) return this.key.holder;
    const forgets = this.forgets;
    const found = await findKeyHolder(createDb(this.env.DB), hash);
    // A revocation told while the read was out wins over what the read found; a plan change told meanwhile means
    // the read may be older than it, so it serves this request only.
    if (this.key && "revoked" in this.key) return null;
    if (!found) return null;
    if (forgets === this.forgets) this.remember({ holder: found, readAt: now });
    return found;
  }

  /**
   * The key's last use, written to D1 at most once a minute. Awaited, so a listing made after the request shows it;
   * the Worker does not count it (it is the gate's round trip, once a minute, not the request's).
   */
  private async recordUse(holder: KeyHolder, now: number) {
    holder.lastUsedAt = now;
    if (this.key) this.ctx.storage.kv.put("key", this.key);
    await recordLastUse(createDb(this.env.DB), holder, now);
  }

  private remember(memory: KeyMemory) {
    this.key = memory;
    this.ctx.storage.kv.put("key", memory);
  }

  hit(limit: number, now: number, windowMs = RATE_WINDOW_MS): RateDecision {
    const window = this.windowAt(now, windowMs);
    const allowed = window.count < limit;
    if (allowed) window.count += 1;
    // A bucket's first request is not written down: most buckets of an address never seen see no second one.
    if (window.count > 1) this.writeSoon();
    return { allowed, limit, remaining: Math.max(0, limit - window.count), resetAt: window.start + windowMs };
  }

  private windowAt(now: number, windowMs: number): Window {
    const start = now - (now % windowMs);
    this.window ??= this.ctx.storage.kv.get<Window>("window");
    if (this.window?.start !== start) this.window = { start, count: 0 };
    return this.window;
  }

  /** Units an isolate's lease did not spend count again, if their window is still this one. */
  private takeBack({ windowStart, units }: Unspent, now: number) {
    const window = this.windowAt(now, RATE_WINDOW_MS);
    if (window.start === windowStart) window.count = Math.max(0, window.count - units);
  }

  /** Sets a share of what remains of the window aside for `isolate`, and records until when it may use it. */
  private lend(isolate: string, decision: RateDecision): KeyLease | null {
    const units = Math.min(MOST_LEASED_UNITS, Math.floor(decision.remaining / LEASE_SHARE));
    if (units === 0) return null;
    const window = this.window!;
    window.count += units;
    this.writeSoon();
    const leases = this.leases();
    const realNow = Date.now();
    for (const [other, until] of leases) if (until <= realNow) leases.delete(other);
    leases.set(isolate, realNow + LEASE_MS);
    this.ctx.storage.kv.put("leases", Object.fromEntries(leases));
    return { units, windowStart: window.start };
  }

  private leases() {
    this.leasesOut ??= new Map(Object.entries(this.ctx.storage.kv.get<Record<string, number>>("leases") ?? {}));
    return this.leasesOut;
  }

  /**
   * How long (ms) the leases of isolates other than `isolate` still run. A duration, not a time: the caller waits it
   * on its own clock, which may not read exactly as this object's.
   */
  private othersLeasesEndIn(isolate: string | undefined): number {
    let latest = 0;
    for (const [other, until] of this.leases()) if (other !== isolate) latest = Math.max(latest, until);
    return Math.max(0, latest - Date.now());
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
