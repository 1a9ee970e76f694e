// The SlotPicker Durable Object: one user's held slot occurrences, so two picks never get the same one.
import { DurableObject } from "cloudflare:workers";
import {
  capReached,
  type Hold,
  type HoldRequest,
  type PickAnswer,
  pickUnheld,
  type SlotCandidate,
} from "../services/slots/holds";

/**
 * One object per user: the slot occurrences find-slot and next-slot handed out (holds), in its own storage. The
 * caller reads the user's slots and posts from D1 and sends the occurrences no post takes, earliest first; the object
 * answers the first no live hold takes and holds it, in one call. Calls to one object run one at a time, so two picks
 * never get the same occurrence, and neither waits on a lock. A user keeps at most `slot_holds_per_user` holds handed
 * out: with that many live a new one is refused, never made by releasing another (which a concurrent caller may have
 * just been given), so walking the calendar cannot hold every slot and no slot is handed out twice.
 */
export class SlotPicker extends DurableObject<Env> {
  /**
   * The first candidate no live hold takes, held when `request.holdUntil` is set; `none` when every one is held;
   * `full` (with the holds that fill it), holding nothing, when there is one but the user's cap on holds handed out
   * is reached.
   */
  pick(candidates: SlotCandidate[], request: HoldRequest): PickAnswer {
    const stored = this.liveHolds(request.now);
    const taken = new Set(request.takenByPosts ?? []);
    const live = stored.filter((h) => !taken.has(h.id));
    const chosen = pickUnheld(live, candidates, request);
    const full = chosen !== null && capReached(live, request);
    if (chosen?.hold && !full) this.save([...live, chosen.hold]);
    else if (live.length < stored.length) this.save(live);
    if (!chosen) return { none: true };
    return full ? { full: live.filter((h) => h.handedOut) } : { pick: chosen.pick };
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
