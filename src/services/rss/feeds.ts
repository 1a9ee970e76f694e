// RSS feeds: listed with today's AI posts, created, changed, paused and deleted.
import { and, eq, sql } from "drizzle-orm";
import { accounts, rssFeeds, rssItems } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import { notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { assertPublicUrl } from "../../lib/ssrf";
import type { RssFeedCreateInput, RssFeedUpdateInput } from "../../schemas/rss";
import type { Runtime } from "../runtime";
import { type AiImageUsage, aiImageUsage } from "./ai-images";

export type FeedRow = typeof rssFeeds.$inferSelect;

const FEEDS_PER_ACCOUNT = 5;

/** The UTC day of `ms`: caps reset at 00:00 UTC. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const feedStatus = (feed: FeedRow): "active" | "paused" | "stopped" =>
  feed.stoppedAt !== null ? "stopped" : feed.paused ? "paused" : "active";

const present = (feed: FeedRow, todayCount: number, aiImages: AiImageUsage) => ({
  id: feed.id,
  url: feed.url,
  platforms: feed.platforms,
  account_ids: feed.accountIds,
  mode: feed.mode,
  template: feed.template ?? null,
  image: feed.image,
  daily_cap: feed.dailyCap,
  today_count: todayCount,
  ai_images: aiImages,
  paused: feed.paused,
  status: feedStatus(feed),
  last_checked_at: isoOrNull(feed.lastCheckedAt),
  last_error: feed.lastError,
  consecutive_failures: feed.consecutiveFailures,
  created_at: iso(feed.createdAt),
});

/** AI posts made today (UTC) per feed of the user. */
async function todayCounts(rt: Runtime, userId: string) {
  const rows = await rt.db
    .select({ feedId: rssItems.feedId, n: sql<number>`count(*)` })
    .from(rssItems)
    .where(and(eq(rssItems.userId, userId), eq(rssItems.aiDay, dayOf(rt.clock.now()))))
    .groupBy(rssItems.feedId);
  return new Map(rows.map((r) => [r.feedId, r.n]));
}

export async function listFeeds(rt: Runtime, userId: string) {
  const feeds = await rt.db.select().from(rssFeeds).where(eq(rssFeeds.userId, userId)).orderBy(rssFeeds.createdAt);
  const [counts, images] = await Promise.all([todayCounts(rt, userId), aiImageUsage(rt, userId)]);
  return feeds.map((f) => present(f, counts.get(f.id) ?? 0, images));
}

export async function getFeed(rt: Runtime, userId: string, id: string) {
  const feed = await ownedFeed(rt, userId, id);
  const [counts, images] = await Promise.all([todayCounts(rt, userId), aiImageUsage(rt, userId)]);
  return present(feed, counts.get(id) ?? 0, images);
}

async function ownedFeed(rt: Runtime, userId: string, id: string): Promise<FeedRow> {
  const [feed] = await rt.db
    .select()
    .from(rssFeeds)
    .where(and(eq(rssFeeds.id, id), eq(rssFeeds.userId, userId)));
  if (!feed) throw notFound("RSS feed");
  return feed;
}

/** The accounts a feed posts to: its `account_ids` and every account of its `platforms`. */
export function feedAccounts<T extends { id: string; platform: string }>(
  feed: Pick<FeedRow, "platforms" | "accountIds">,
  userAccounts: T[],
): T[] {
  return userAccounts.filter((a) => feed.accountIds.includes(a.id) || feed.platforms.includes(a.platform));
}

/** Checks the targets (owned accounts, at least one) and the five-feeds-per-account limit. */
async function checkTargets(
  rt: Runtime,
  userId: string,
  target: Pick<FeedRow, "platforms" | "accountIds">,
  selfId?: string,
) {
  if (target.platforms.length === 0 && target.accountIds.length === 0) {
    throw validationError("platforms", "give platforms or account_ids");
  }
  const owned = await rt.db
    .select({ id: accounts.id, platform: accounts.platform })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const unknown = target.accountIds.filter((id) => !owned.some((a) => a.id === id));
  if (unknown.length > 0) throw validationError("account_ids", `not your accounts: ${unknown.join(", ")}`);
  const mine = feedAccounts(target, owned);
  if (mine.length === 0) throw validationError("platforms", "no connected account on these platforms");
  const others = (await rt.db.select().from(rssFeeds).where(eq(rssFeeds.userId, userId))).filter(
    (f) => f.id !== selfId,
  );
  for (const account of mine) {
    const used = others.filter((f) => feedAccounts(f, [account]).length > 0).length;
    if (used >= FEEDS_PER_ACCOUNT) {
      throw validationError(
        target.accountIds.includes(account.id) ? "account_ids" : "platforms",
        `account ${account.id} already has ${FEEDS_PER_ACCOUNT} feeds`,
      );
    }
  }
}

/**
 * A feed URL: http or https, to a public host (the SSRF guard; plain http is checked as its https twin,
 * since many feeds are still served over http).
 */
export function feedUrl(rt: Runtime, raw: string): URL {
  if (!/^https?:/i.test(raw)) throw validationError("url", "must be an http(s) URL");
  return assertPublicUrl(raw, { sandbox: rt.sandbox, field: "url", allowHttp: true });
}

export async function createFeed(rt: Runtime, userId: string, input: RssFeedCreateInput) {
  const url = feedUrl(rt, input.url);
  const [dup] = await rt.db
    .select({ id: rssFeeds.id })
    .from(rssFeeds)
    .where(and(eq(rssFeeds.userId, userId), eq(rssFeeds.url, url.href)));
  if (dup) throw validationError("url", "you already have a feed with this URL");
  const target = { platforms: input.platforms ?? [], accountIds: input.account_ids ?? [] };
  await checkTargets(rt, userId, target);
  const now = rt.clock.now();
  const row: FeedRow = {
    id: newId("rss"),
    userId,
    url: url.href,
    ...target,
    mode: input.mode,
    template: input.template,
    image: input.image,
    dailyCap: input.daily_cap,
    paused: false,
    stoppedAt: null,
    consecutiveFailures: 0,
    primed: false,
    etag: null,
    lastModified: null,
    lastCheckedAt: null,
    lastError: null,
    nextCheckAt: now,
    createdAt: now,
    updatedAt: now,
  };
  const [saved] = await rt.db.insert(rssFeeds).values(row).onConflictDoNothing().returning();
  if (!saved) throw validationError("url", "you already have a feed with this URL");
  return present(saved, 0, await aiImageUsage(rt, userId));
}

export async function updateFeed(rt: Runtime, userId: string, id: string, patch: RssFeedUpdateInput) {
  const feed = await ownedFeed(rt, userId, id);
  const target = { platforms: patch.platforms ?? feed.platforms, accountIds: patch.account_ids ?? feed.accountIds };
  if (patch.platforms !== undefined || patch.account_ids !== undefined) await checkTargets(rt, userId, target, id);
  const now = rt.clock.now();
  const set: Partial<FeedRow> = { ...target, updatedAt: now };
  if (patch.mode !== undefined) set.mode = patch.mode;
  if (patch.template !== undefined) set.template = patch.template;
  if (patch.image !== undefined) set.image = patch.image;
  if (patch.daily_cap !== undefined) set.dailyCap = patch.daily_cap;
  if (patch.paused === true) set.paused = true;
  // A resume checks the feed again now, with the failure count at zero (also when it had stopped).
  if (patch.paused === false)
    Object.assign(set, { paused: false, stoppedAt: null, consecutiveFailures: 0, nextCheckAt: now });
  const [saved] = await rt.db.update(rssFeeds).set(set).where(eq(rssFeeds.id, id)).returning();
  const [counts, images] = await Promise.all([todayCounts(rt, userId), aiImageUsage(rt, userId)]);
  return present(saved!, counts.get(id) ?? 0, images);
}

export async function deleteFeed(rt: Runtime, userId: string, id: string) {
  await ownedFeed(rt, userId, id);
  await rt.db.batch([
    rt.db.delete(rssItems).where(eq(rssItems.feedId, id)),
    rt.db.delete(rssFeeds).where(eq(rssFeeds.id, id)),
  ]);
  return { id, deleted: true as const };
}
