// The events outbox: each event written in the batch of the change it reports, then fanned out to webhooks.
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { insertIf } from "../db/insert-if";
import { rowsInsert } from "../db/rows-insert";
import { events } from "../db/schema";
import { iso } from "../lib/clock";
import { validationError } from "../lib/errors";
import { newId } from "../lib/ids";
import { log } from "../lib/log";
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

/**
 * The insert of one outbox event, written in the same batch as the change it reports (so the event exists exactly
 * when the change does); call `eventsWritten` after the batch. `accountId` is the account the event is about, for
 * the webhooks' account filter. With `dedupeKey`, a second event of the same key is not written; with `onlyIf`,
 * none is written unless that condition holds. It answers the written event's id (none when not written).
 */
export function eventInsert(
  rt: Runtime,
  userId: string,
  type: string,
  data: Record<string, unknown>,
  about: { accountId?: string; dedupeKey?: string; onlyIf?: SQL } = {},
) {
  const row = {
    id: newId("evt"),
    userId,
    type,
    accountId: about.accountId ?? null,
    data,
    createdAt: rt.clock.now(),
    dedupeKey: about.dedupeKey ?? null,
  };
  // `onlyIf`: written only when the batch's change it reports really happened (a guarded write before it).
  const insert = about.onlyIf ? insertIf(rt.db, events, row, about.onlyIf) : rt.db.insert(events).values(row);
  return insert.onConflictDoNothing({ target: events.dedupeKey }).returning({ id: events.id });
}

/** An outbox event to write, as `eventInsert` takes it. */
export interface NewEvent {
  userId: string;
  type: string;
  data: Record<string, unknown>;
  accountId?: string;
  dedupeKey?: string;
}

const insertEvents = rowsInsert(events, { doNothingOn: events.dedupeKey });

/**
 * The insert of many events in one statement, each as `eventInsert` writes it (in order; a second of a `dedupeKey`
 * not written), to join the batch of the changes they report; call `eventsWritten` after the batch.
 */
export const eventsInsert = (rt: Runtime, written: readonly NewEvent[]) =>
  insertEvents(
    rt.db,
    written.map((e) => ({
      id: newId("evt"),
      userId: e.userId,
      type: e.type,
      accountId: e.accountId ?? null,
      data: e.data,
      createdAt: rt.clock.now(),
      dedupeKey: e.dedupeKey ?? null,
    })),
  );

/**
 * Tells webhook delivery that the outbox grew, so it fans the new events out now. If this fails the
 * events are not lost: the minute sweep fans out from the same outbox.
 */
export async function eventsWritten(rt: Runtime): Promise<void> {
  try {
    await wakeFanout(rt);
  } catch (error) {
    log.error("events.fanout_not_woken", { error, next: "the minute sweep fans out" });
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
