// The SlotPicker Durable Object: one user's held slot occurrences, so two picks never get the same one.
import { DurableObject } from "cloudflare:workers";
import {
  type Hold,
  type HoldRequest,
  pickUnheld,
  type SlotCandidate,
  type SlotPick,
  withHold,
} from "../services/slots/holds";

/**
 * One object per user: the slot occurrences find-slot and next-slot handed out (holds), in its own storage. The
 * caller reads the user's slots and posts from D1 and sends the occurrences no post takes, earliest first; the object
 * answers the first no live hold takes and holds it, in one call. Calls to one object run one at a time, so two picks
 * never get the same occurrence, and neither waits on a lock. A user keeps at most `slot_holds_per_user` holds: a new
 * one beyond them releases the oldest, so walking the calendar cannot hold every slot.
 */
export class SlotPicker extends DurableObject<Env> {
  /** The first candidate no live hold takes, held when `request.holdUntil` is set; null when every one is held. */
  pick(candidates: SlotCandidate[], request: HoldRequest): SlotPick | null {
    const live = this.liveHolds(request.now);
    const chosen = pickUnheld(live, candidates, request);
    if (chosen?.hold) this.save(withHold(live, chosen.hold, request.mostHolds));
    return chosen?.pick ?? null;
  }

  /** Gives a hold back (the post it was for could not be written). */
  release(holdId: string): void {
    this.save(this.liveHolds(0).filter((h) => h.id !== holdId));
  }

  /** The holds that have not lapsed at `now`. */
  holds(now: number): Hold[] {
    return this.liveHolds(now);
  }

  private liveHolds(now: number): Hold[] {
    return (this.ctx.storage.kv.get<Hold[]>("holds") ?? []).filter((h) => h.until > now);
  }

  private save(holds: Hold[]): void {
    this.ctx.storage.kv.put("holds", holds);
  }
}
