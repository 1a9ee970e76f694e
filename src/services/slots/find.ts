// Find-slot and next-slot: the next free occurrence of a user's slots, held for them by their SlotPicker.
import { readTogether } from "../../db/batch";
import { iso } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { ZoneClock } from "../../lib/time";
import { ownedAccountsRead } from "../accounts/accounts";
import type { Principal } from "../auth/auth";
import { onPrimary, type Runtime } from "../runtime";
import type { Hold, HoldRequest, PickAnswer, SlotCandidate, SlotPick } from "./holds";
import { loadOccupancy, occupancyRead, takes } from "./occupancy";
import { slotsRead } from "./store";

const MAX_FIND_ACCOUNTS = 50;
const DAY_MS = 86_400_000;

/**
 * A found slot as the API answers it (`slotId` and `slot_id` carry the same value, as SPEC has it): `held` with
 * `reserved_until`, or not held (`reserved_until` null) for a caller that cannot write the post it would be for.
 */
export const presentFoundSlot = (pick: SlotPick) => ({
  at: iso(pick.at),
  slotId: pick.slotId,
  slot_id: pick.slotId,
  timezone: pick.timezone,
  held: pick.holdId !== null,
  reserved_until: pick.reservedUntil === null ? null : iso(pick.reservedUntil),
});

export interface FindOptions {
  /** Look for slots after this time (ms since the epoch); now by default. */
  after?: number;
  /** Hold the slot for the configured 10 minutes, so no other request gets it. */
  hold?: boolean;
  /** The hold is for a post this request writes there (next-slot), not handed out: the user's cap does not apply. */
  placing?: boolean;
  /** How far ahead to look from `after`; the configured 60 days by default. */
  days?: number;
}

const invalidAccounts = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError("invalid_accounts", `account_ids: ${message}`, {
    issues: [{ path: "account_ids", message }],
    ...extra,
  });

/** The user's slot picker: it keeps the holds, and chooses among the occurrences it is offered. */
const slotPicker = (rt: Runtime, userId: string) => rt.env.SLOT_PICKER.get(rt.env.SLOT_PICKER.idFromName(userId));

/**
 * Rules 1–3: the occurrences after `after` (within `days`) of the slots that apply, that no post takes, earliest
 * first. The accounts, the slots and the posts are read in one round trip (400 `invalid_accounts` wins over anything
 * found).
 */
async function unpostedOccurrences(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
  after: number,
  days: number,
): Promise<SlotCandidate[]> {
  // Strictly after `after` (an `after` in the past counts as now), up to `days` from it.
  const start = Math.max(after, rt.clock.now());
  const [from, to] = [start + 1, start + days * DAY_MS + 1];
  const [owned, slots, occupancy] = await readTogether(rt.db, [
    ownedAccountsRead(rt, userId, accountIds),
    slotsRead(rt, userId, accountIds),
    occupancyRead(rt, userId, accountIds, from, to),
  ]);
  const unknown = owned.missing;
  if (unknown.length > 0) throw invalidAccounts(`not your accounts: ${unknown.join(", ")}`, { unknown });
  if (slots.length === 0) throw new AppError("no_slots", "None of these accounts has a posting slot");
  return slots
    .flatMap((slot) =>
      ZoneClock.for(slot.timezone, from, to)
        .weekly(slot.weekday, slot.minutes, from, to)
        .map((at) => ({ slotId: slot.id, at, timezone: slot.timezone })),
    )
    .filter((c) => !occupancy.takenBy(accountIds, c.at))
    .sort((a, b) => a.at - b.at);
}

/**
 * The next free posting slot of `accountIds` after `after` (default now), within 60 days: one read of D1 for the
 * occurrences no post takes, then one call to the user's `SlotPicker`, which skips those held and (with `hold`)
 * holds the first for 10 minutes. Rule 7: a user keeps at most `slot_holds_per_user` holds handed out; past them the
 * holds a post has taken since are dropped (a second read and call, only then), and if none was, 429
 * `too_many_holds` until the oldest lapses: no hold is ever released to make room.
 * Errors: 400 `invalid_accounts`, 404 `no_slots`, 404 `no_free_slot`, 429 `too_many_holds`.
 */
export async function findNextFreeSlot(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
  options: FindOptions = {},
): Promise<SlotPick> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) throw invalidAccounts("give at least one account id");
  if (ids.length > MAX_FIND_ACCOUNTS) throw invalidAccounts(`at most ${MAX_FIND_ACCOUNTS} accounts`);
  const days = options.days ?? rt.config.slot_search_days;
  // A hold reads on the primary, so a post another request placed a moment ago counts before a replica has it.
  const reader = options.hold ? onPrimary(rt) : rt;
  const candidates = await unpostedOccurrences(reader, userId, ids, options.after ?? rt.clock.now(), days);
  const noFreeSlot = () =>
    new AppError("no_free_slot", `Every posting slot of these accounts is taken for ${days} days`);
  if (candidates.length === 0) throw noFreeSlot();
  const now = rt.clock.now();
  const request: HoldRequest = {
    accountIds: ids,
    now,
    holdUntil: options.hold ? now + rt.config.slot_hold_s * 1000 : null,
    windowMs: rt.config.slot_taken_window_s * 1000,
    mostHolds: options.placing ? null : rt.config.slot_holds_per_user,
  };
  const picker = slotPicker(rt, userId);
  let answer: PickAnswer = await picker.pick(candidates, request);
  if ("full" in answer) {
    const taken = await heldSlotsPosted(reader, userId, answer.full);
    if (taken.length > 0) {
      // A post now takes those occurrences: skip them here, as the read above may not have seen the post.
      const left = candidates.filter((c) => !taken.some((h) => takes(h, ids, c.at, request.windowMs)));
      answer = await picker.pick(left, { ...request, takenByPosts: taken.map((h) => h.id) });
    }
  }
  if ("full" in answer) throw tooManyHolds(answer.full, now, rt.config.slot_holds_per_user);
  if ("none" in answer) throw noFreeSlot();
  return answer.pick;
}

/** The holds whose occurrence a post (scheduled, waiting or publishing, on one of its accounts) now takes. */
async function heldSlotsPosted(rt: Runtime, userId: string, holds: readonly Hold[]): Promise<Hold[]> {
  if (holds.length === 0) return [];
  const accountIds = [...new Set(holds.flatMap((h) => h.accountIds))];
  const ats = holds.map((h) => h.at);
  const posts = await loadOccupancy(rt, userId, accountIds, Math.min(...ats), Math.max(...ats));
  return holds.filter((h) => posts.takenBy(h.accountIds, h.at));
}

/** 429 `too_many_holds`: with `retry_after`, the seconds until the oldest of the holds that fill the cap lapses. */
function tooManyHolds(holds: readonly Hold[], now: number, limit: number): AppError {
  const lapses = Math.min(...holds.map((h) => h.until));
  const retryAfter = Math.max(1, Math.ceil((lapses - now) / 1000));
  return new AppError(
    "too_many_holds",
    `You hold ${limit} found slots, the most at once: schedule a post in one of them, or retry in ${retryAfter} s when the oldest lapses`,
    { limit, retry_after: retryAfter },
  );
}

/**
 * Find-slot and `find_next_slot` for a caller: the slot is held only for a credential that may write the post it is
 * held for (`posts:write`); a read-only one is answered the same slot, not held, and uses none of the owner's holds.
 */
export async function findSlotFor(
  rt: Runtime,
  principal: Principal,
  accountIds: readonly string[],
  after?: number,
): Promise<ReturnType<typeof presentFoundSlot>> {
  const hold = principal.scopes.includes("posts:write");
  return presentFoundSlot(await findNextFreeSlot(rt, principal.userId, accountIds, { after, hold }));
}

/** Gives a held slot back: what it was held for could not be saved. */
export async function releaseSlot(rt: Runtime, userId: string, pick: SlotPick): Promise<void> {
  if (pick.holdId) await slotPicker(rt, userId).release(pick.holdId);
}

/** The user's holds that have not lapsed (for the occurrences list). */
export const liveHolds = (rt: Runtime, userId: string) => slotPicker(rt, userId).holds(rt.clock.now());
