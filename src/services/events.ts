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
 * Writes one event to the outbox. This is the only writer of events; webhook delivery reads from here.
 * `accountId` is the account the event is about (for the webhooks' account filter), when it names one.
 */
export async function emitEvent(
  rt: Runtime,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  accountId?: string,
): Promise<EventRow> {
  const [row] = await rt.db
    .insert(events)
    .values({ id: newId("evt"), userId, type, accountId: accountId ?? null, data, createdAt: rt.clock.now() })
    .returning();
  if (!row) throw new Error("event insert returned nothing");
  return row;
}
