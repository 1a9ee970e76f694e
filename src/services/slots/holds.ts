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
  /** Hold the occurrence chosen until then; null only looks (a read-only caller, a dry run). */
  holdUntil: number | null;
  windowMs: number;
  /**
   * Rule 7: the most holds handed out the user keeps at once; with that many live, a new one is refused (none is
   * released early). Null for a hold taken for a post being written now, which the post replaces: it is not counted.
   */
  mostHolds: number | null;
  /** Holds a post has taken since (the caller read D1): they no longer count and are dropped. */
  takenByPosts?: string[];
}

/** The occurrence chosen: held (its hold's id and end) or only looked up (both null). */
export interface SlotPick extends SlotCandidate {
  holdId: string | null;
  reservedUntil: number | null;
}

/** What the user's `SlotPicker` answers: the occurrence, none free, or the cap reached (the holds that fill it). */
export type PickAnswer = { pick: SlotPick } | { none: true } | { full: Hold[] };

/** Rule 7: the live holds handed out fill the cap, so no new one may be handed out (a look-up or a placing hold may). */
export const capReached = (live: readonly Hold[], request: HoldRequest) =>
  request.holdUntil !== null &&
  request.mostHolds !== null &&
  live.filter((h) => h.handedOut).length >= request.mostHolds;

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
