// The analytics overview: a period's totals per platform from each published target's newest reading.
import type { z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { alias, type SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  accounts,
  events,
  metricSamples,
  plugs,
  posts,
  postTargets,
  rssItems,
  webhookDeliveries,
  webhooks,
} from "../../db/schema";
import { iso } from "../../lib/clock";
import { notFound } from "../../lib/errors";
import type { AnalyticsOverviewQuery } from "../../schemas/analytics";
import type { TargetRow } from "../posts/present";
import type { Runtime } from "../runtime";
import { resolveWindow } from "./window";

export type OverviewInput = z.infer<typeof AnalyticsOverviewQuery>;

interface Counts {
  posts_published: number;
  posts_failed: number;
  metrics: { likes: number; comments: number; reposts: number; views: number };
  metrics_read: number;
  plug_firings: number;
  feed_items_posted: number;
  webhook_deliveries: { ok: number; failed: number };
}

const zero = (): Counts => ({
  posts_published: 0,
  posts_failed: 0,
  metrics: { likes: 0, comments: 0, reposts: 0, views: 0 },
  metrics_read: 0,
  plug_firings: 0,
  feed_items_posted: 0,
  webhook_deliveries: { ok: 0, failed: 0 },
});

function add(into: Counts, from: Counts) {
  into.posts_published += from.posts_published;
  into.posts_failed += from.posts_failed;
  for (const key of ["likes", "comments", "reposts", "views"] as const) into.metrics[key] += from.metrics[key];
  into.metrics_read += from.metrics_read;
  into.plug_firings += from.plug_firings;
  into.feed_items_posted += from.feed_items_posted;
  into.webhook_deliveries.ok += from.webhook_deliveries.ok;
  into.webhook_deliveries.failed += from.webhook_deliveries.failed;
}

const sum = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`;

const inWindow = (at: SQLiteColumn, from: number, to: number) => and(gte(at, from), lt(at, to));

/** A target's post, while it is not deleted (the join from `post_targets`). */
export const livePost = and(eq(posts.id, postTargets.postId), isNull(posts.deletedAt));

/** The target's newest metrics reading (the join from `post_targets`; none leaves its columns null): a post's numbers. */
export function newestReading(rt: Runtime) {
  const latest = alias(metricSamples, "latest");
  const newestSample = rt.db
    .select({ seq: latest.seq })
    .from(latest)
    .where(eq(latest.targetId, postTargets.id))
    .orderBy(desc(latest.readAt), desc(latest.seq))
    .limit(1);
  return eq(metricSamples.seq, sql`(${newestSample})`);
}

/** The user's targets published in [from, to). */
export const publishedIn = (userId: string, from: number, to: number) =>
  and(eq(postTargets.userId, userId), eq(postTargets.status, "published"), inWindow(postTargets.publishedAt, from, to));

/** Each query of the overview, grouped by account, over the window [from, to). */
function overviewQueries(rt: Runtime, userId: string, from: number, to: number) {
  const targets = (status: TargetRow["status"], at: SQLiteColumn) =>
    and(eq(postTargets.userId, userId), eq(postTargets.status, status), inWindow(at, from, to));

  const published = rt.db
    .select({
      accountId: postTargets.accountId,
      posts: count(),
      read: count(metricSamples.seq),
      likes: sum(metricSamples.likes),
      comments: sum(metricSamples.comments),
      reposts: sum(metricSamples.reposts),
      views: sum(metricSamples.views),
    })
    .from(postTargets)
    .innerJoin(posts, livePost)
    .leftJoin(metricSamples, newestReading(rt))
    .where(publishedIn(userId, from, to))
    .groupBy(postTargets.accountId);

  // A failed target is not touched again, so the time of its last change is when it failed.
  const failed = rt.db
    .select({ accountId: postTargets.accountId, n: count() })
    .from(postTargets)
    .innerJoin(posts, livePost)
    .where(targets("failed", postTargets.updatedAt))
    .groupBy(postTargets.accountId);

  const fired = rt.db
    .select({ accountId: plugs.accountId, n: count() })
    .from(plugs)
    .where(and(eq(plugs.userId, userId), eq(plugs.state, "fired"), inWindow(plugs.firedAt, from, to)))
    .groupBy(plugs.accountId);

  // Each post a feed item became, on each of its accounts, counted when the post was made.
  const madePosts = sql`json_each(${rssItems.postIds})`;
  const fromFeeds = rt.db
    .select({ accountId: postTargets.accountId, n: count() })
    .from(rssItems)
    .innerJoin(madePosts, sql`1`)
    .innerJoin(posts, and(eq(posts.id, sql`json_each.value`), isNull(posts.deletedAt)))
    .innerJoin(postTargets, eq(postTargets.postId, posts.id))
    .where(and(eq(rssItems.userId, userId), inWindow(posts.createdAt, from, to)))
    .groupBy(postTargets.accountId);

  const deliveries = rt.db
    .select({
      accountId: events.accountId,
      ok: sum(sql`${webhookDeliveries.status} = 'succeeded'`),
      failed: sum(sql`${webhookDeliveries.status} = 'failed'`),
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhooks.userId, userId),
        inArray(webhookDeliveries.status, ["succeeded", "failed"]),
        inWindow(webhookDeliveries.updatedAt, from, to),
      ),
    )
    .groupBy(events.accountId);

  const userAccounts = rt.db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));

  return [userAccounts, published, failed, fired, fromFeeds, deliveries] as const;
}

/**
 * What happened on the user's accounts in a window (default the last 30 days): per account and per platform,
 * posts published and failed, the latest metrics of the posts published, plug firings, posts made from feed
 * items and webhook deliveries. Another user's account in `account_ids` is 404, as an unknown one.
 */
export async function getAnalyticsOverview(rt: Runtime, userId: string, input: OverviewInput) {
  const { from, to } = resolveWindow(rt, input);
  const [userAccounts, published, failed, fired, fromFeeds, deliveries] = await rt.db.batch(
    overviewQueries(rt, userId, from, to),
  );

  const wanted = input.account_ids?.length ? new Set(input.account_ids) : null;
  for (const id of wanted ?? []) {
    if (!userAccounts.some((a) => a.id === id)) throw notFound(`Account ${id}`);
  }
  const shown = wanted ? userAccounts.filter((a) => wanted.has(a.id)) : userAccounts;
  const byAccount = new Map(shown.map((a) => [a.id, zero()]));
  const at = (accountId: string | null) => (accountId === null ? undefined : byAccount.get(accountId));

  for (const row of published) {
    const counts = at(row.accountId);
    if (!counts) continue;
    counts.posts_published = row.posts;
    counts.metrics_read = row.read;
    counts.metrics = { likes: row.likes, comments: row.comments, reposts: row.reposts, views: row.views };
  }
  for (const row of failed) {
    const counts = at(row.accountId);
    if (counts) counts.posts_failed = row.n;
  }
  for (const row of fired) {
    const counts = at(row.accountId);
    if (counts) counts.plug_firings = row.n;
  }
  for (const row of fromFeeds) {
    const counts = at(row.accountId);
    if (counts) counts.feed_items_posted = row.n;
  }
  const allDeliveries = { ok: 0, failed: 0 };
  for (const row of deliveries) {
    const counts = at(row.accountId);
    if (counts) counts.webhook_deliveries = { ok: row.ok, failed: row.failed };
    if (counts || !wanted) {
      allDeliveries.ok += row.ok;
      allDeliveries.failed += row.failed;
    }
  }

  const rows = shown.map((a) => ({
    account_id: a.id,
    platform: a.platform,
    name: a.name,
    status: a.status,
    ...byAccount.get(a.id)!,
  }));
  const platforms = new Map<string, Counts & { platform: string; accounts: number }>();
  for (const row of rows) {
    const total = platforms.get(row.platform) ?? { platform: row.platform, accounts: 0, ...zero() };
    total.accounts += 1;
    add(total, row);
    platforms.set(row.platform, total);
  }
  return {
    from: iso(from),
    to: iso(to),
    accounts: rows,
    platforms: [...platforms.values()].sort((a, b) => a.platform.localeCompare(b.platform)),
    webhook_deliveries: allDeliveries,
  };
}

export type AnalyticsOverview = Awaited<ReturnType<typeof getAnalyticsOverview>>;
