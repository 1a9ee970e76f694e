// RSS checks: due feeds queued by the cron, then each one checked, stopping after repeated failures.
import { and, eq, isNull, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { chunksFor, paramsPerRow } from "../../db/limits";
import { rssFeeds, rssItems } from "../../db/schema";
import { RSS_FEED_STOPPED } from "../../db/schema/notifications";
import { log } from "../../lib/log";
import { type FeedCheckMessage, feedCheckQueue } from "../../queues/feed-checks";
import type { Received, Verdict } from "../../queues/queue";
import { notificationInsert } from "../notifications";
import type { Runtime } from "../runtime";
import type { FeedRow } from "./feeds";
import { fetchFeed } from "./fetch";
import { processPending } from "./items";
import { parseItems } from "./parse";

const STOP_AFTER_FAILURES = 5;
/** Feeds queued per cron run; the rest wait for the next run. */
const DUE_PER_RUN = 1000;

/**
 * The cron half: feeds that are active and due get their next check time moved on (so no later run
 * queues them again while this check is pending) and one queue message each.
 */
export async function dispatchFeedChecks(rt: Runtime): Promise<{ queued: number }> {
  const now = rt.clock.now();
  const due = await rt.db
    .update(rssFeeds)
    .set({ nextCheckAt: now + rt.config.rss_check_interval_s * 1000 })
    .where(
      sql`${rssFeeds.id} IN (SELECT id FROM rss_feeds WHERE next_check_at <= ${now} AND paused = 0 AND stopped_at IS NULL ORDER BY next_check_at LIMIT ${DUE_PER_RUN})`,
    )
    .returning({ id: rssFeeds.id });
  await feedCheckQueue.send(
    rt,
    due.map((f) => ({ feedId: f.id })),
  );
  return { queued: due.length };
}

/**
 * The feed-check queue's handler: one check per message. The check writes its own outcome (success or failure), so
 * the message is acknowledged either way; an unexpected error is logged and the feed's next due time brings it back.
 */
export async function checkQueuedFeed(rt: Runtime, { body }: Received<FeedCheckMessage>): Promise<Verdict> {
  try {
    await checkFeed(rt, body.feedId);
  } catch (error) {
    log.error("rss.check_failed", { feed_id: body.feedId, error });
  }
  return "ack";
}

type CheckOutcome = "skipped" | "not_modified" | "checked" | "failed" | "stopped";

/**
 * The queue half: one check of one feed. New items are recorded through the unique (feed, key) pair;
 * on the first check they are only recorded (`seen`), afterwards they wait as `pending` and are made
 * into posts in order, within the caps.
 */
async function checkFeed(rt: Runtime, feedId: string): Promise<CheckOutcome> {
  const [feed] = await rt.db.select().from(rssFeeds).where(eq(rssFeeds.id, feedId));
  if (!feed || feed.paused || feed.stoppedAt !== null) return "skipped";
  const now = rt.clock.now();
  let outcome: CheckOutcome;
  try {
    const result = await fetchFeed(rt, feed);
    if (result.notModified) {
      outcome = "not_modified";
    } else {
      const items = await parseItems(result.body);
      await recordItems(rt, feed, items, now);
      outcome = "checked";
    }
    await rt.db
      .update(rssFeeds)
      .set({
        lastCheckedAt: now,
        lastError: null,
        consecutiveFailures: 0,
        primed: true,
        ...(result.notModified ? {} : { etag: result.etag, lastModified: result.lastModified }),
        updatedAt: now,
      })
      .where(eq(rssFeeds.id, feed.id));
  } catch (error) {
    return recordFailure(rt, feed, error instanceof Error ? error.message : String(error), now);
  }
  await processPending(rt, { ...feed, primed: true });
  return outcome;
}

async function recordItems(rt: Runtime, feed: FeedRow, items: Awaited<ReturnType<typeof parseItems>>, now: number) {
  const unique = [...new Map(items.map((i) => [i.key, i])).values()];
  const rows = unique.map((item) => ({
    feedId: feed.id,
    userId: feed.userId,
    itemKey: item.key,
    title: item.title,
    link: item.link,
    summary: item.summary,
    imageUrl: item.imageUrl,
    // The first check only records what is already there: a feed with 500 old items posts none of them.
    status: feed.primed ? ("pending" as const) : ("seen" as const),
    aiDay: null,
    postIds: [],
    error: null,
    createdAt: now,
  }));
  if (rows.length === 0) return;
  await runBatch(
    rt.db,
    chunksFor(rows, paramsPerRow(rows[0]!)).map((chunk) => rt.db.insert(rssItems).values(chunk).onConflictDoNothing()),
  );
}

async function recordFailure(rt: Runtime, feed: FeedRow, message: string, now: number): Promise<CheckOutcome> {
  const [after] = await rt.db
    .update(rssFeeds)
    .set({
      lastCheckedAt: now,
      lastError: message.slice(0, 500),
      consecutiveFailures: sql`${rssFeeds.consecutiveFailures} + 1`,
      stoppedAt: sql`CASE WHEN ${rssFeeds.consecutiveFailures} + 1 >= ${STOP_AFTER_FAILURES} THEN ${now} ELSE NULL END`,
      updatedAt: now,
    })
    .where(and(eq(rssFeeds.id, feed.id), isNull(rssFeeds.stoppedAt)))
    .returning();
  if (!after || after.stoppedAt === null) return "failed";
  await notificationInsert(
    rt,
    {
      userId: feed.userId,
      kind: RSS_FEED_STOPPED,
      message: `Feed ${feed.url} was stopped: ${STOP_AFTER_FAILURES} checks in a row failed (last: ${after.lastError}). Fix it, then resume the feed.`,
      data: { feed_id: feed.id, url: feed.url, last_error: after.lastError },
    },
    { dedupeKey: `${RSS_FEED_STOPPED}:${feed.id}:${now}`, at: now },
  );
  return "stopped";
}
