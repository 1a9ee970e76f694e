/**
 * What the key gate (`rate-limiter.ts`) and the Worker side (`index.ts`, `leases.ts`) agree on: the shapes that cross
 * a call to the gate, and the times both keep. The bottom of the gate's folder: it imports none of the others.
 */

/** How long a gate trusts what it read of its key's holder before reading it again. */
export const HOLDER_FRESH_MS = 5 * 60_000;

/** How long an isolate may admit a key's requests on a lease before it calls the gate again. */
export const LEASE_MS = 2_000;

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends (ms since the epoch). */
  resetAt: number;
}

/** The member a credential acts for (`Acting` in `services/auth/auth.ts`), as the gate remembers it. */
export interface HolderMember {
  id: string;
  personId: string;
  role: "owner" | "admin" | "editor" | "viewer";
}

/** Who holds a key, as its gate remembers it: the workspace (`userId`), its plan, and the member. */
export interface KeyHolder {
  keyId: string;
  userId: string;
  plan: string;
  member: HolderMember;
  lastUsedAt: number | null;
}

/** Who an OAuth grant acts for, as the bucket of its tokens remembers it: the workspace, its plan, the member. */
export interface GrantHolder {
  workspaceId: string;
  plan: string;
  member: HolderMember;
}

/** Requests of the window set aside for one isolate (`leases.ts`). */
export interface KeyLease {
  units: number;
  windowStart: number;
}

/** What this isolate gives back when it next calls the key's gate: the units of a lease that ended unspent. */
export interface Unspent {
  windowStart: number;
  units: number;
}

/** Who calls a key's gate: the isolate (to lease to it) and the units of its last lease it did not spend. */
export interface LeaseAsk {
  isolate: string;
  giveBack: Unspent | null;
}
