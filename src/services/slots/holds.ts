// Slot holds: the occurrences handed out and not yet taken, and the first candidate no hold takes.
import { newId } from "../../lib/ids";
import { takes } from "./occupancy";

/** A slot occurrence no post takes, offered to the user's `SlotPicker`. */
export interface SlotCandidate {
  slotId: string;
  at: number;
  timezone: string;
}

/** Rule 4: a slot occurrence handed out for `accountIds`; until `until` it counts as a post on them at `at`. */
export interface Hold {
  id: string;
  at: number;
  accountIds: string[];
  until: number;
  /** Handed to the caller (find-slot, find_next_slot), not taken for a post being written in the same request. */
  handedOut?: boolean;
}

export interface HoldRequest {
  accountIds: string[];
  now: number;
  /** Hold the occurrence chosen until then; null only looks (a dry run). */
  holdUntil: number | null;
  windowMs: number;
  /**
   * The most holds handed out the user keeps at once: a new one beyond them releases the oldest. Null for a hold taken
   * for a post being written now, which the post replaces: it is neither counted nor released early.
   */
  mostHolds: number | null;
}

/** The occurrence chosen: held (its hold's id and end) or only looked up (both null). */
export interface SlotPick extends SlotCandidate {
  holdId: string | null;
  reservedUntil: number | null;
}

/** The holds to keep once `hold` is added to `live` (oldest first): at most `mostHolds` handed out, oldest released. */
export function withHold(live: readonly Hold[], hold: Hold, mostHolds: number | null): Hold[] {
  const all = [...live, hold];
  const handedOut = all.filter((h) => h.handedOut);
  if (mostHolds === null || handedOut.length <= mostHolds) return all;
  const released = new Set(handedOut.slice(0, handedOut.length - mostHolds).map((h) => h.id));
  return all.filter((h) => !released.has(h.id));
}

/** The first candidate (earliest first) no live hold takes, and the hold to keep for it when one is asked for. */
export function pickUnheld(
  live: readonly Hold[],
  candidates: readonly SlotCandidate[],
  { accountIds, holdUntil, windowMs, mostHolds }: HoldRequest,
): { pick: SlotPick; hold: Hold | null } | null {
  const free = candidates.find((c) => !live.some((h) => takes(h, accountIds, c.at, windowMs)));
  if (!free) return null;
  if (holdUntil === null) return { pick: { ...free, holdId: null, reservedUntil: null }, hold: null };
  const hold = { id: newId("hold"), at: free.at, accountIds, until: holdUntil, handedOut: mostHolds !== null };
  return { pick: { ...free, holdId: hold.id, reservedUntil: holdUntil }, hold };
}
