import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { insertIf } from "../db/insert-if";
import { events } from "../db/schema";
import { iso } from "../lib/clock";
import { validationError } from "../lib/errors";
import { newId } from "../lib/ids";
import type { EventsQueryInput } from "../schemas/events";
import type { Runtime } from "./runtime";
import { wakeFanout } from "./webhooks/fanout";

export type EventRow = typeof events.$inferSelect;

export const presentEvent = (row: EventRow) => ({
  id: row.id,
  event: row.type,
  timestamp: iso(row.createdAt),
  data: row.data,
});

/** What an event is about: its account (for the webhooks' account filter), and a key it may exist under only once. */
type About = { accountId?: string; dedupeKey?: string };

const eventRow = (rt: Runtime, userId: string, type: string, data: Record<string, unknown>, about: About) => ({
  id: newId("evt"),
  userId,
  type,
  accountId: about.accountId ?? null,
  data,
  createdAt: rt.clock.now(),
  dedupeKey: about.dedupeKey ?? null,
});

/**
 * The insert of one outbox event, written in the same batch as the change it reports (so the event exists exactly
 * when the change does); call `eventsWritten` after the batch. `accountId` is the account the event is about, for
 * the webhooks' account filter. With `dedupeKey`, a second event of the same key is not written. It answers the
 * written event's id (none when deduplicated).
 */
export function eventInsert(
  rt: Runtime,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  about: About = {},
) {
  return rt.db
    .insert(events)
    .values(eventRow(rt, userId, type, data, about))
    .onConflictDoNothing({ target: events.dedupeKey })
    .returning({ id: events.id });
}

/**
 * `eventInsert` that writes only while `condition` holds when it runs: placed before a guarded update in the same
 * batch, with the update's guard as its condition, the event is written exactly when the update happens.
 */
export function eventInsertIf(
  rt: Runtime,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  about: Omit<About, "dedupeKey">,
  condition: SQL,
) {
  return insertIf(rt.db, events, eventRow(rt, userId, type, data, about), condition).returning({ id: events.id });
}

/**
 * Tells webhook delivery that the outbox grew, so it fans the new events out now. If this fails the
 * events are not lost: the minute sweep fans out from the same outbox.
 */
export async function eventsWritten(rt: Runtime): Promise<void> {
  try {
    await wakeFanout(rt);
  } catch (error) {
    console.error("events: could not wake the webhook fan-out; the minute sweep will", error);
  }
}

/**
 * The user's events in outbox order, after the event `after` (an event id, such as the last one a
 * receiver handled). `next_cursor` is the id to pass as `after` for the next page; null on the last one.
 */
export async function listEvents(rt: Runtime, userId: string, query: EventsQueryInput) {
  let afterSeq = 0;
  if (query.after) {
    const [from] = await rt.db
      .select({ seq: events.seq })
      .from(events)
      .where(and(eq(events.id, query.after), eq(events.userId, userId)));
    if (!from) throw validationError("after", `no event ${query.after}`);
    afterSeq = from.seq;
  }
  const rows = await rt.db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), gt(events.seq, afterSeq)))
    .orderBy(asc(events.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(presentEvent),
    next_cursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
