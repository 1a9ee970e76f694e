import { lte } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { readTogether } from "../../db/batch";
import { slotHolds } from "../../db/schema";
import { iso } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { ZoneClock } from "../../lib/time";
import { ownedAccountsRead } from "../accounts";
import { onPrimary, type Runtime } from "../runtime";
import { occupancyRead } from "./occupancy";
import { slotsRead } from "./store";

const MAX_FIND_ACCOUNTS = 50;
const DAY_MS = 86_400_000;
/** How long a pick may hold the user's lock before another request may take it anyway. */
const LEASE_MS = 30_000;

/** A free slot occurrence. */
interface SlotPick {
  slotId: string;
  at: number;
  timezone: string;
  /** Until when it is held for the caller; null when it was only looked up. */
  reservedUntil: number | null;
}

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
  /** Hold the slot (serialized per user; 409 `busy` while another pick runs on the same accounts). */
  hold?: boolean;
  /** How far ahead to look from `after`; the configured 60 days by default. */
  days?: number;
  /** Statements to write in the same atomic batch as the hold, made from the chosen slot. */
  alongside?: (pick: SlotPick) => BatchItem<"sqlite">[];
}

const invalidAccounts = (message: string, extra: Record<string, unknown> = {}) =>
  new AppError("invalid_accounts", `account_ids: ${message}`, {
    issues: [{ path: "account_ids", message }],
    ...extra,
  });

/**
 * Rules 1–3: the earliest occurrence after `after` of a slot that applies and is not taken. The accounts, the
 * slots and what takes them are read in one round trip (400 `invalid_accounts` wins over anything found).
 */
async function chooseSlot(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
  after: number,
  days: number,
): Promise<SlotPick> {
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
  const candidates = slots
    .flatMap((slot) =>
      ZoneClock.for(slot.timezone, from, to)
        .weekly(slot.weekday, slot.minutes, from, to)
        .map((at) => ({ slot, at })),
    )
    .sort((a, b) => a.at - b.at);
  const free = candidates.find((c) => !occupancy.takenBy(accountIds, c.at));
  if (!free) throw new AppError("no_free_slot", `Every posting slot of these accounts is taken for ${days} days`);
  return { slotId: free.slot.id, at: free.at, timezone: free.slot.timezone, reservedUntil: null };
}

/**
 * Runs `work` while holding the user's slot lock for `accountIds` (the SlotPicker Durable Object);
 * 409 `busy` when another pick on any of them is running.
 */
async function withSlotLock<T>(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
  work: () => Promise<T>,
): Promise<T> {
  const picker = rt.env.SLOT_PICKER.get(rt.env.SLOT_PICKER.idFromName(userId));
  const lease = await picker.acquire([...accountIds], LEASE_MS);
  if (lease === null) {
    throw new AppError("busy", "Another request is picking a slot for some of these accounts; retry", {
      retryable: true,
    });
  }
  try {
    return await work();
  } finally {
    await picker.release(lease);
  }
}

/**
 * The next free posting slot of `accountIds` after `after` (default now), within 60 days. With `hold`
 * it is reserved for 10 minutes (together with `alongside`'s statements, atomically), so no other
 * request gets it. Errors: 400 `invalid_accounts`, 404 `no_slots`, 404 `no_free_slot`, 409 `busy`.
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
  const start = options.after ?? rt.clock.now();
  const days = options.days ?? rt.config.slot_search_days;
  if (!options.hold) return chooseSlot(rt, userId, ids, start, days);

  return withSlotLock(rt, userId, ids, async () => {
    // Read on the primary: the pick before this one (another client's, perhaps) wrote its hold there, and a
    // replica may not have it yet. The hold itself goes through the caller's session, so its bookmark covers it.
    const chosen = await chooseSlot(onPrimary(rt), userId, ids, start, days);
    const now = rt.clock.now();
    const pick = { ...chosen, reservedUntil: now + rt.config.slot_hold_s * 1000 };
    const hold = rt.db.insert(slotHolds).values({
      id: newId("hold"),
      userId,
      slotId: pick.slotId,
      at: pick.at,
      accountIds: ids,
      expiresAt: pick.reservedUntil,
      createdAt: now,
    });
    await rt.db.batch([hold, ...(options.alongside?.(pick) ?? [])]);
    return pick;
  });
}

/** Forgets holds that have lapsed (they are ignored from the moment they expire). */
export async function pruneSlotHolds(rt: Runtime): Promise<number> {
  const removed = await rt.db
    .delete(slotHolds)
    .where(lte(slotHolds.expiresAt, rt.clock.now()))
    .returning({ id: slotHolds.id });
  return removed.length;
}
