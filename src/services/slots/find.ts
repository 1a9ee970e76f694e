// Find-slot and next-slot: the next free occurrence of a user's slots, held for them by their SlotPicker.
import { readTogether } from "../../db/batch";
import { iso } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { ZoneClock } from "../../lib/time";
import { ownedAccountsRead } from "../accounts/accounts";
import { onPrimary, type Runtime } from "../runtime";
import type { SlotCandidate, SlotPick } from "./holds";
import { occupancyRead } from "./occupancy";
import { slotsRead } from "./store";

const MAX_FIND_ACCOUNTS = 50;
const DAY_MS = 86_400_000;

/** A held slot as the API answers it (`slotId` and `slot_id` carry the same value, as SPEC has it). */
export const presentHeldSlot = (pick: SlotPick) => ({
  at: iso(pick.at),
  slotId: pick.slotId,
  slot_id: pick.slotId,
  timezone: pick.timezone,
  reserved_until: iso(pick.reservedUntil!),
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
 * holds the first for 10 minutes (a user keeps at most `slot_holds_per_user` handed out: the oldest is released).
 * Errors: 400 `invalid_accounts`, 404 `no_slots`, 404 `no_free_slot`.
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
  const candidates = await unpostedOccurrences(
    options.hold ? onPrimary(rt) : rt,
    userId,
    ids,
    options.after ?? rt.clock.now(),
    days,
  );
  const now = rt.clock.now();
  const pick =
    candidates.length === 0
      ? null
      : await slotPicker(rt, userId).pick(candidates, {
          accountIds: ids,
          now,
          holdUntil: options.hold ? now + rt.config.slot_hold_s * 1000 : null,
          windowMs: rt.config.slot_taken_window_s * 1000,
          mostHolds: options.placing ? null : rt.config.slot_holds_per_user,
        });
  if (!pick) throw new AppError("no_free_slot", `Every posting slot of these accounts is taken for ${days} days`);
  return pick;
}

/** Gives a held slot back: what it was held for could not be saved. */
export async function releaseSlot(rt: Runtime, userId: string, pick: SlotPick): Promise<void> {
  if (pick.holdId) await slotPicker(rt, userId).release(pick.holdId);
}

/** The user's holds that have not lapsed (for the occurrences list). */
export const liveHolds = (rt: Runtime, userId: string) => slotPicker(rt, userId).holds(rt.clock.now());
