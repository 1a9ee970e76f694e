/** How long each table that grows with traffic keeps its rows, and the pruning housekeeping runs. */
import { and, eq, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import {
  aiCreditUses,
  connectStates,
  deadLetters,
  deliveryAttempts,
  events,
  flowExecutions,
  idempotencyKeys,
  inboundEvents,
  mediaItems,
  mediaVariants,
  notifications,
  outboxCursors,
  posts,
  sessions,
  webhookDeliveries,
} from "../db/schema";
import { monthOf } from "../lib/clock";
import { IDEMPOTENCY_WINDOW_MS } from "./idempotency";
import type { Runtime } from "./runtime";

const DAY_MS = 86_400_000;

/** One table that grows with traffic, and which of its rows are past keeping at `now` (docs/storage.md). */
interface Retention {
  table: SQLiteTable;
  expired: (now: number) => SQL | undefined;
}

/** The UTC month before the one `now` is in, as `YYYY-MM`. */
const previousMonth = (now: number) => {
  const date = new Date(now);
  return monthOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1));
};

/** The retention of each table that grows with traffic, by table name: the one list. Each number is in docs/storage.md. */
export const RETENTION = {
  /** An unfinished consent is useless once expired (10 minutes): its callback is refused as unknown. */
  connect_states: { table: connectStates, expired: (now) => lt(connectStates.expiresAt, now) },
  /** A signed-out or lapsed browser (14 days). */
  sessions: { table: sessions, expired: (now) => lt(sessions.expiresAt, now) },
  /** An `Idempotency-Key` answers the same for 24 hours. */
  idempotency_keys: {
    table: idempotencyKeys,
    expired: (now) => lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_WINDOW_MS),
  },
  /** The dedupe horizon: platforms redeliver an event within hours, never after 7 days. */
  inbound_events: { table: inboundEvents, expired: (now) => lt(inboundEvents.receivedAt, now - 7 * DAY_MS) },
  /** In-app notifications, read or not, for 90 days. */
  notifications: { table: notifications, expired: (now) => lt(notifications.createdAt, now - 90 * DAY_MS) },
  /** Messages a queue gave up on, kept 30 days for people to look at. */
  dead_letters: { table: deadLetters, expired: (now) => lt(deadLetters.createdAt, now - 30 * DAY_MS) },
  /** The outbox: 30 days (as Stripe keeps events), once every reader of it has passed the event. */
  events: {
    table: events,
    expired: (now) =>
      and(lt(events.createdAt, now - 30 * DAY_MS), lte(events.seq, sql`(SELECT min(seq) FROM ${outboxCursors})`)),
  },
  /** A delivery that ended (delivered, given up, cancelled), 30 days after it ended, as its event. */
  webhook_deliveries: {
    table: webhookDeliveries,
    expired: (now) =>
      and(
        inArray(webhookDeliveries.status, ["succeeded", "failed", "cancelled"]),
        lt(webhookDeliveries.updatedAt, now - 30 * DAY_MS),
      ),
  },
  /** Every request made to an endpoint, 30 days. */
  delivery_attempts: { table: deliveryAttempts, expired: (now) => lt(deliveryAttempts.createdAt, now - 30 * DAY_MS) },
  /** A flow run that ended, 90 days after it ended (the stats of older windows count what is left). */
  flow_executions: {
    table: flowExecutions,
    expired: (now) => and(isNotNull(flowExecutions.endedAt), lt(flowExecutions.endedAt, now - 90 * DAY_MS)),
  },
  /** AI credit charges count in their UTC month; kept through the next one, so last month's use can be read. */
  ai_credit_uses: { table: aiCreditUses, expired: (now) => lt(aiCreditUses.month, previousMonth(now)) },
} satisfies Record<string, Retention>;

/** Rows deleted per statement, and statements per table per run: a large backlog is worked off over several runs. */
const CHUNK = 500;
const MOST_CHUNKS = 20;

/** Deletes `where`'s rows of `table` in bounded chunks (by rowid, through the condition's index); answers how many. */
async function deleteInChunks(rt: Runtime, table: SQLiteTable, where: SQL | undefined): Promise<number> {
  let removed = 0;
  for (let chunk = 0; chunk < MOST_CHUNKS; chunk++) {
    const some = rt.db.select({ rowid: sql`rowid` }).from(table).where(where).limit(CHUNK);
    const result = await rt.db.delete(table).where(sql`rowid IN ${some}`);
    const changed = result.meta.changes;
    removed += changed;
    if (changed < CHUNK) break;
  }
  return removed;
}

/** Removes every row past its table's retention (at most `CHUNK * MOST_CHUNKS` a table a run): the count per table. */
export async function pruneExpired(rt: Runtime): Promise<Record<keyof typeof RETENTION, number>> {
  const now = rt.clock.now();
  const removed = {} as Record<keyof typeof RETENTION, number>;
  for (const [name, rule] of Object.entries(RETENTION) as [keyof typeof RETENTION, Retention][]) {
    removed[name] = await deleteInChunks(rt, rule.table, rule.expired(now));
  }
  return removed;
}

/** Library media used by no post (drafts included, until they are deleted) is kept this long after its upload. */
export const UNUSED_MEDIA_MS = 30 * DAY_MS;
/** Media items removed per housekeeping run: a backlog is worked off over several runs. */
const MEDIA_PER_RUN = 100;

/** No post of the media's user that is not deleted names it. */
const unused = sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${and(
  sql`${posts.userId} = ${mediaItems.userId}`,
  isNull(posts.deletedAt),
  sql`${posts.mediaIds} <> '[]'`,
  sql`EXISTS (SELECT 1 FROM json_each(${posts.mediaIds}) WHERE value = ${mediaItems.id})`,
)})`;

/**
 * Removes library media older than 30 days that no post uses (docs/storage.md): each row goes only while still
 * unused (a post saved meanwhile keeps it), then its object and its variants' objects. Answers how many went.
 */
export async function pruneUnusedMedia(rt: Runtime): Promise<number> {
  const candidates = await rt.db
    .select({ id: mediaItems.id, key: mediaItems.key })
    .from(mediaItems)
    .where(and(lt(mediaItems.createdAt, rt.clock.now() - UNUSED_MEDIA_MS), unused))
    .limit(MEDIA_PER_RUN);
  let removed = 0;
  for (const { id, key } of candidates) {
    const variants = await rt.db
      .select({ key: mediaVariants.key })
      .from(mediaVariants)
      .where(eq(mediaVariants.mediaId, id));
    const [deleted] = await rt.db.batch([
      rt.db
        .delete(mediaItems)
        .where(and(eq(mediaItems.id, id), unused))
        .returning({ id: mediaItems.id }),
      rt.db
        .delete(mediaVariants)
        .where(
          and(
            eq(mediaVariants.mediaId, id),
            sql`NOT EXISTS (SELECT 1 FROM ${mediaItems} WHERE ${mediaItems.id} = ${id})`,
          ),
        ),
    ]);
    if (deleted.length === 0) continue;
    await rt.env.MEDIA.delete([key, ...variants.map((v) => v.key)]);
    removed++;
  }
  return removed;
}
