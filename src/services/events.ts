import { events } from "../db/schema";
import { iso } from "../lib/clock";
import { newId } from "../lib/ids";
import type { Runtime } from "./runtime";

export type EventRow = typeof events.$inferSelect;

export const presentEvent = (row: EventRow) => ({
  id: row.id,
  event: row.type,
  timestamp: iso(row.createdAt),
  data: row.data,
});

/**
 * The insert of one outbox event, for callers that must write it in the same batch as the change it
 * reports (so the event exists exactly when the change does). `accountId` is the account the event is
 * about, for the webhooks' account filter. With `dedupeKey`, a second event of the same key is not written.
 */
export function eventInsert(
  rt: Runtime,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  accountId?: string,
  dedupeKey?: string,
) {
  return rt.db
    .insert(events)
    .values({
      id: newId("evt"),
      userId,
      type,
      accountId: accountId ?? null,
      data,
      createdAt: rt.clock.now(),
      dedupeKey: dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: events.dedupeKey })
    .returning();
}

/** Writes one event to the outbox. Nothing else writes events; webhook delivery reads from here. */
export async function emitEvent(
  rt: Runtime,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  accountId?: string,
): Promise<EventRow> {
  const [row] = await eventInsert(rt, userId, type, data, accountId);
  if (!row) throw new Error("event insert returned nothing");
  return row;
}
