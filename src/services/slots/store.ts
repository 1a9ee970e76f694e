// Posting slots as stored: listed, created, changed and deleted, and which apply to some accounts.
import { and, asc, eq, sql } from "drizzle-orm";
import { type Read, readTogether } from "../../db/batch";
import { postingSlots } from "../../db/schema";
import { insertUnderLimits } from "../../db/under-limit";
import { iso } from "../../lib/clock";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { formatHHmm, parseHHmm, timeZoneId } from "../../lib/time";
import type { SlotCreateInput, SlotUpdateInput } from "../../schemas/slots";
import { requireOwnedAccounts } from "../accounts/accounts";
import type { Runtime } from "../runtime";

type SlotRow = typeof postingSlots.$inferSelect;

export const presentSlot = (row: SlotRow) => ({
  id: row.id,
  account_ids: row.accountIds,
  weekday: row.weekday,
  time: formatHHmm(row.minutes),
  minutes: row.minutes,
  timezone: row.timezone,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

type SlotView = ReturnType<typeof presentSlot>;

/** Rule 1: a slot applies to a post (or request) when it posts for at least one of its accounts. */
const slotApplies = (slot: Pick<SlotRow, "accountIds">, accountIds: readonly string[]) =>
  slot.accountIds.some((id) => accountIds.includes(id));

/** The user's slots, by weekday and time; with `accountIds`, only those that apply to them. */
export async function listSlots(rt: Runtime, userId: string, accountIds?: readonly string[]): Promise<SlotRow[]> {
  const [slots] = await readTogether(rt.db, [slotsRead(rt, userId, accountIds)]);
  return slots;
}

/** `listSlots` as a read that can share a round trip with others (`readTogether`). */
export function slotsRead(rt: Runtime, userId: string, accountIds?: readonly string[]): Read<SlotRow[]> {
  return {
    statements: [
      rt.db
        .select()
        .from(postingSlots)
        .where(eq(postingSlots.userId, userId))
        .orderBy(
          asc(postingSlots.weekday),
          asc(postingSlots.minutes),
          asc(postingSlots.createdAt),
          asc(postingSlots.id),
        ),
    ],
    answer: ([rows]) =>
      accountIds ? (rows as SlotRow[]).filter((s) => slotApplies(s, accountIds)) : (rows as SlotRow[]),
  };
}

async function getOwnedSlot(rt: Runtime, userId: string, slotId: string): Promise<SlotRow> {
  const [row] = await rt.db
    .select()
    .from(postingSlots)
    .where(and(eq(postingSlots.id, slotId), eq(postingSlots.userId, userId)));
  if (!row) throw notFound("Posting slot");
  return row;
}

export const getSlot = async (rt: Runtime, userId: string, slotId: string): Promise<SlotView> =>
  presentSlot(await getOwnedSlot(rt, userId, slotId));

/** Checks the accounts are the user's and listed once; another user's account reads as unknown. */
async function checkSlotAccounts(rt: Runtime, userId: string, accountIds: string[]) {
  const seen = new Set<string>();
  accountIds.forEach((id, i) => {
    if (seen.has(id)) throw validationError(`account_ids.${i}`, "account listed twice");
    seen.add(id);
  });
  await requireOwnedAccounts(rt, userId, accountIds, "account_ids");
}

/** `time` or `minutes` → minutes after midnight (undefined when neither is given). */
function minutesOf(input: SlotUpdateInput): number | undefined {
  if (input.time !== undefined && input.minutes !== undefined) {
    throw validationError("minutes", "send either time or minutes, not both");
  }
  if (input.time === undefined) return input.minutes;
  const minutes = parseHHmm(input.time);
  if (minutes === null) throw validationError("time", "not a time HH:mm (00:00 to 23:59)");
  return minutes;
}

function zoneOf(zone: string): string {
  const id = timeZoneId(zone);
  if (id === null) throw validationError("timezone", `unknown time zone ${zone}`);
  return id;
}

const slotLimitError = (limit: number) =>
  new AppError("slot_limit", `A user can have at most ${limit} posting slots`, { limit });

export async function createSlot(rt: Runtime, userId: string, input: SlotCreateInput): Promise<SlotView> {
  const minutes = minutesOf(input);
  if (minutes === undefined) throw validationError("time", "required (or minutes)");
  const timezone = zoneOf(input.timezone);
  await checkSlotAccounts(rt, userId, input.account_ids);
  const now = rt.clock.now();
  const row: SlotRow = {
    id: newId("slot"),
    userId,
    accountIds: input.account_ids,
    weekday: input.weekday,
    minutes,
    timezone,
    createdAt: now,
    updatedAt: now,
  };
  const limit = rt.config.slots_per_user;
  const under = { table: postingSlots, where: eq(postingSlots.userId, userId), max: limit };
  if (!(await insertUnderLimits(rt.db, postingSlots, row, [under]))) throw slotLimitError(limit);
  return presentSlot(row);
}

/**
 * Creates several slots at once, each checked as `createSlot` checks one, all or none: the one insert runs only
 * while the user has room for every one of them (400 `slot_limit`, nothing created).
 */
export async function createSlots(rt: Runtime, userId: string, inputs: SlotCreateInput[]): Promise<SlotView[]> {
  const now = rt.clock.now();
  const rows: SlotRow[] = [];
  for (const input of inputs) {
    const minutes = minutesOf(input);
    if (minutes === undefined) throw validationError("time", "required (or minutes)");
    await checkSlotAccounts(rt, userId, input.account_ids);
    const { account_ids: accountIds, weekday } = input;
    const timezone = zoneOf(input.timezone);
    rows.push({ id: newId("slot"), userId, accountIds, weekday, minutes, timezone, createdAt: now, updatedAt: now });
  }
  if (rows.length === 0) return [];
  const limit = rt.config.slots_per_user;
  const room = sql`(SELECT count(*) FROM ${postingSlots} WHERE ${postingSlots.userId} = ${userId}) <= ${limit - rows.length}`;
  const fields = ["id", "user_id", "account_ids", "weekday", "minutes", "timezone", "created_at", "updated_at"];
  const json = JSON.stringify(
    rows.map((r) => [r.id, r.userId, JSON.stringify(r.accountIds), r.weekday, r.minutes, r.timezone, now, now]),
  );
  const values = sql.join(
    fields.map((_, i) => sql.raw(`value ->> ${i}`)),
    sql`, `,
  );
  const inserted = await rt.db
    .insert(postingSlots)
    .select(sql`SELECT ${values} FROM json_each(${json}) WHERE ${room}`)
    .returning({ id: postingSlots.id });
  if (inserted.length < rows.length) throw slotLimitError(limit);
  return rows.map(presentSlot);
}

export async function updateSlot(
  rt: Runtime,
  userId: string,
  slotId: string,
  input: SlotUpdateInput,
): Promise<SlotView> {
  const current = await getOwnedSlot(rt, userId, slotId);
  const minutes = minutesOf(input) ?? current.minutes;
  const timezone = input.timezone === undefined ? current.timezone : zoneOf(input.timezone);
  if (input.account_ids) await checkSlotAccounts(rt, userId, input.account_ids);
  const [row] = await rt.db
    .update(postingSlots)
    .set({
      accountIds: input.account_ids ?? current.accountIds,
      weekday: input.weekday ?? current.weekday,
      minutes,
      timezone,
      updatedAt: rt.clock.now(),
    })
    .where(and(eq(postingSlots.id, slotId), eq(postingSlots.userId, userId)))
    .returning();
  if (!row) throw notFound("Posting slot");
  return presentSlot(row);
}

export async function deleteSlot(rt: Runtime, userId: string, slotId: string): Promise<{ id: string; deleted: true }> {
  const [row] = await rt.db
    .delete(postingSlots)
    .where(and(eq(postingSlots.id, slotId), eq(postingSlots.userId, userId)))
    .returning({ id: postingSlots.id });
  if (!row) throw notFound("Posting slot");
  return { id: row.id, deleted: true };
}
