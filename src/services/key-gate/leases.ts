// A key's lease, as this isolate holds it: requests admitted here without a call to the gate.
import { type KeyHolder, type KeyLease, LEASE_MS, type RateDecision, type Unspent } from "./terms";

/**
 * A key's lease, as this isolate holds it: its gate answered "live, held by `holder`" and set `units` requests of the
 * current window aside for this isolate alone, for at most `LEASE_MS`. While the lease lasts, the key's requests
 * here are admitted without calling the gate: no round trip to authenticate or to count (how leases keep the gate's
 * promises: `index.ts`). A lease ends after `LEASE_MS` of real time and of service time (the sandbox clock can jump),
 * at the end of the rate window, and when the limit it was granted under changes.
 */

interface Lease {
  holder: KeyHolder;
  limit: number;
  units: number;
  /** What a client of this isolate may still make in the window: the gate's remaining count plus `units`. */
  remaining: number;
  windowStart: number;
  resetAt: number;
  /** Service time (the sandbox clock can jump, real time cannot) the lease holds within. */
  from: number;
  until: number;
  /** Real time it ends: counted from before the call that was granted it, so never after the gate's record of it. */
  realUntil: number;
}

const leases = new Map<string, Lease>();
const unspent = new Map<string, Unspent>();
/** Bumped when a key's leases are dropped here, so a lease answered to a call made before is not kept. */
const epochs = new Map<string, number>();
const MOST_LEASES = 1_000;

let isolate: string | undefined;
/** This isolate's name in the gates' lease records. */
export const isolateId = () => (isolate ??= crypto.randomUUID());

const usable = (lease: Lease, limit: number, now: number) =>
  lease.units > 0 &&
  lease.limit === limit &&
  now >= lease.from &&
  now < lease.until &&
  now < lease.resetAt &&
  Date.now() < lease.realUntil;

/** Admits one request of the key on its lease here: its holder and rate decision, or null when none is usable. */
export function spendLease(hash: string, limit: number, now: number) {
  const lease = leases.get(hash);
  if (!lease) return null;
  if (!usable(lease, limit, now)) {
    endLease(hash, lease);
    return null;
  }
  lease.units -= 1;
  lease.remaining -= 1;
  const decision: RateDecision = { allowed: true, limit, remaining: lease.remaining, resetAt: lease.resetAt };
  return { holder: lease.holder, decision };
}

function endLease(hash: string, lease: Lease) {
  leases.delete(hash);
  if (lease.units === 0) return;
  // Units that cannot be kept are lost to the window (counted as spent), never given back twice.
  if (!unspent.has(hash) && unspent.size >= MOST_LEASES) unspent.delete(unspent.keys().next().value!);
  unspent.set(hash, { windowStart: lease.windowStart, units: lease.units });
}

/** A call to a key's gate about to go out: the unspent units it gives back (each handed back once), and when. */
export interface GateCall {
  giveBack: Unspent | null;
  epoch: number;
  sentAt: number;
  now: number;
}

export function gateCall(hash: string, now: number): GateCall {
  const giveBack = unspent.get(hash) ?? null;
  unspent.delete(hash);
  return { giveBack, epoch: epochs.get(hash) ?? 0, sentAt: Date.now(), now };
}

/**
 * Keeps a lease the gate granted to `call`, unless the key's leases were dropped here since it went out. A lease
 * already held is merged with it: the units add up, and the merged lease ends when the first of the two would.
 */
export function keepLease(hash: string, call: GateCall, granted: KeyLease, holder: KeyHolder, decision: RateDecision) {
  if ((epochs.get(hash) ?? 0) !== call.epoch) return;
  const lease: Lease = {
    holder,
    limit: decision.limit,
    units: granted.units,
    remaining: decision.remaining,
    windowStart: granted.windowStart,
    resetAt: decision.resetAt,
    from: call.now,
    until: call.now + LEASE_MS,
    realUntil: call.sentAt + LEASE_MS,
  };
  const held = leases.get(hash);
  if (held && held.windowStart === lease.windowStart && held.limit === lease.limit) {
    lease.units += held.units;
    lease.remaining += held.units;
    lease.from = Math.max(lease.from, held.from);
    lease.until = Math.min(lease.until, held.until);
    lease.realUntil = Math.min(lease.realUntil, held.realUntil);
  } else if (held) {
    endLease(hash, held);
  } else if (leases.size >= MOST_LEASES) {
    const [oldestHash, oldest] = leases.entries().next().value!;
    endLease(oldestHash, oldest);
  }
  leases.set(hash, lease);
}

/** Drops this isolate's lease on the key (it was revoked, or its holder changed): its next request asks the gate. */
export function dropLeases(hash: string) {
  epochs.set(hash, (epochs.get(hash) ?? 0) + 1);
  const lease = leases.get(hash);
  if (lease) endLease(hash, lease);
}

/** Waits as long as the gate said other isolates' leases still run (counted from its answer, so never too little). */
export async function leasesEnded(endIn: number) {
  if (endIn > 0) await new Promise((resolve) => setTimeout(resolve, endIn));
}
