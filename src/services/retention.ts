// How long each table that grows with traffic keeps its rows, and the pruning housekeeping runs until drained.
import { and, count, eq, inArray, isNotNull, isNull, lt, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Read } from "../db/batch";
import {
  aiCreditUses,
  collectedItems,
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
  settings,
  webhookDeliveries,
} from "../db/schema";
import { isoOrNull, monthOf } from "../lib/clock";
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
  /** Answers people gave a flow, a year after they came (the user deletes them sooner, or with the flow). */
  collected_items: { table: collectedItems, expired: (now) => lt(collectedItems.collectedAt, now - 365 * DAY_MS) },
  /** AI credit charges count in their UTC month; kept through the next one, so last month's use can be read. */
  ai_credit_uses: { table: aiCreditUses, expired: (now) => lt(aiCreditUses.month, previousMonth(now)) },
} satisfies Record<string, Retention>;

/** Rows deleted per statement. */
const CHUNK = 1_000;
/** Statements one run may send: D1 answers at most 1,000 queries per Worker invocation, and the job has other reads. */
const MOST_STATEMENTS = 900;
/** Expired rows counted at most per table when a run stops early: the backlog health shows. */
const BACKLOG_COUNTED = 1_000_000;
/** The `settings` row that keeps the last run's outcome for /api/v1/health. */
const RETENTION_KEY = "retention";

type TableName = keyof typeof RETENTION;
const RULES = Object.entries(RETENTION) as [TableName, Retention][];

/** Deletes at most `CHUNK` of `where`'s rows of `table` (by rowid, through the condition's index); answers how many. */
async function deleteChunk(rt: Runtime, table: SQLiteTable, where: SQL | undefined): Promise<number> {
  const some = rt.db.select({ rowid: sql`rowid` }).from(table).where(where).limit(CHUNK);
  return (await rt.db.delete(table).where(sql`rowid IN ${some}`)).meta.changes;
}

/** The expired rows of `table` left (counted up to `BACKLOG_COUNTED`). */
async function expiredLeft(rt: Runtime, table: SQLiteTable, where: SQL | undefined): Promise<number> {
  const expired = rt.db.select({ one: sql`1` }).from(table).where(where).limit(BACKLOG_COUNTED).as("expired");
  const [row] = await rt.db.select({ rows: count() }).from(expired);
  return row?.rows ?? 0;
}

/** A table still holding rows past its retention after a run, and how many (at most `BACKLOG_COUNTED`). */
export interface Backlog {
  table: TableName;
  rows: number;
}

/**
 * Removes every row past its table's retention: a chunk of each table in turn, round after round, until every table
 * is drained or the run has spent `retention_budget_s` (or its share of D1's queries), so one table's backlog never
 * starves the others. What is left is counted, kept for /api/v1/health and answered beside the counts removed.
 */
export async function pruneExpired(rt: Runtime): Promise<{ pruned: Record<TableName, number>; backlog: Backlog[] }> {
  const now = rt.clock.now();
  const pruned = Object.fromEntries(RULES.map(([name]) => [name, 0])) as Record<TableName, number>;
  let pending = RULES;
  let statements = 0;
  while (pending.length > 0) {
    const more: typeof RULES = [];
    for (const [name, rule] of pending) {
      const removed = await deleteChunk(rt, rule.table, rule.expired(now));
      statements += 1;
      pruned[name] += removed;
      if (removed === CHUNK) more.push([name, rule]);
    }
    pending = more;
    const spent = rt.clock.now() - now >= rt.config.retention_budget_s * 1000;
    if (spent || statements + pending.length > MOST_STATEMENTS) break;
  }
  const backlog: Backlog[] = [];
  for (const [name, rule] of pending) {
    const rows = await expiredLeft(rt, rule.table, rule.expired(now));
    if (rows > 0) backlog.push({ table: name, rows });
  }
  const state = { ranAt: now, backlog };
  await rt.db
    .insert(settings)
    .values({ key: RETENTION_KEY, value: state })
    .onConflictDoUpdate({ target: settings.key, set: { value: state } });
  return { pruned, backlog };
}

/**
 * How far behind retention is, as /api/v1/health shows it: the last run, whether it drained, what it left. A read
 * that shares the health check's one round trip.
 */
export const retentionStatusRead = (rt: Runtime): Read<RetentionStatus> => ({
  statements: [rt.db.select().from(settings).where(eq(settings.key, RETENTION_KEY))],
  answer: ([rows]) => {
    const state = (rows as { value: unknown }[])[0]?.value as { ranAt: number; backlog: Backlog[] } | undefined;
    return {
      last_run_at: isoOrNull(state?.ranAt),
      drained: state ? state.backlog.length === 0 : null,
      backlog: state?.backlog ?? [],
    };
  },
});

export interface RetentionStatus {
  last_run_at: string | null;
  drained: boolean | null;
  backlog: Backlog[];
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
