// A feed's new items made into posts (drafts or scheduled in a free slot), each claimed once.
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { accounts, postTargets, rssItems, users } from "../../db/schema";
import { RSS_NO_FREE_SLOT } from "../../db/schema/notifications";
import { AppError } from "../../lib/errors";
import { assertPublicUrl } from "../../lib/ssrf";
import type { PlatformKey } from "../../platforms/catalog";
import type { PostCreateInput } from "../../schemas/posts";
import { type Principal, SCOPES } from "../auth/auth";
import { notificationInsert } from "../notifications";
import { saveInNextSlot } from "../posts/next-slot";
import { type PreparedPost, preparePost } from "../posts/prepare";
import { savePosts } from "../posts/write";
import type { Runtime } from "../runtime";
import { aiImageMedia } from "./ai-images";
import { dayOf, type FeedRow, feedAccounts } from "./feeds";
import { type Illustrator, illustratorFor } from "./illustrator";
import { localWriter, type Writer, writerFor } from "./writer";

const AI_POSTS_PER_USER_PER_DAY = 10;
/** `ai_schedule` looks this far ahead for a free posting slot; beyond it the post stays a draft. */
const SLOT_SEARCH_DAYS = 14;
/** Pending items handled per check; the rest wait for the next check. */
const ITEMS_PER_CHECK = 50;
/** A claim older than this was left by a check that crashed: the item is taken again, resuming where it stopped. */
export const ITEM_CLAIM_LEASE_MS = 10 * 60_000;

type ItemRow = typeof rssItems.$inferSelect;
type AccountRow = Pick<typeof accounts.$inferSelect, "id" | "platform" | "textLimit" | "status">;

/** What makes a post out of an item: its text, and its image for `image: ai`. */
interface PostMakers {
  writer: Writer;
  illustrator: Illustrator;
}

/**
 * Makes posts from the feed's pending items, oldest first. Each item is claimed by a guarded update
 * before any post is written, so overlapping checks make its posts once. AI modes claim within the
 * caps (the feed's `daily_cap` and 10 a day per user, counted by UTC day in the same statement); the
 * first item over a cap stops the run, and it and the items after it wait for the next day in order.
 * Each post is recorded on its item in the batch that saves it, so an item left claimed by a crash (taken again
 * after the lease) resumes with the accounts it has no post for yet: at most one post per account, and no item lost.
 */
export async function processPending(
  rt: Runtime,
  feed: FeedRow,
  { writer = writerFor(rt), illustrator = illustratorFor(rt) }: Partial<PostMakers> = {},
): Promise<number> {
  const pending = await rt.db
    .select()
    .from(rssItems)
    .where(and(eq(rssItems.feedId, feed.id), claimable(rt)))
    .orderBy(asc(rssItems.seq))
    .limit(ITEMS_PER_CHECK);
  if (pending.length === 0) return 0;
  const [owner] = await rt.db.select({ plan: users.plan }).from(users).where(eq(users.id, feed.userId));
  if (!owner) return 0;
  const principal: Principal = {
    userId: feed.userId,
    plan: owner.plan,
    scopes: SCOPES,
    rateKey: `rss:${feed.id}`,
    via: "system",
  };
  const userAccounts = await rt.db
    .select({ id: accounts.id, platform: accounts.platform, textLimit: accounts.textLimit, status: accounts.status })
    .from(accounts)
    .where(eq(accounts.userId, feed.userId));
  const targets = feedAccounts(feed, userAccounts).filter((a) => a.status === "active");
  let made = 0;
  for (const item of pending) {
    const claim = await claimItem(rt, feed, item);
    if (claim === "taken") continue;
    if (claim === "capped") break;
    try {
      await makePosts(rt, principal, feed, item, targets, { writer, illustrator });
      await finish(rt, item, null);
      made++;
    } catch (error) {
      await finish(rt, item, error instanceof Error ? error.message.slice(0, 500) : "failed");
    }
  }
  return made;
}

/** The item is done: its posts are already recorded on it (each with its own save), whatever the outcome. */
const finish = (rt: Runtime, item: ItemRow, error: string | null) =>
  rt.db.update(rssItems).set({ status: "done", error, claimedAt: null }).where(eq(rssItems.seq, item.seq));

/** Pending items, and claimed ones whose claim outlived the lease (the check that took them crashed). */
const claimable = (rt: Runtime) =>
  or(
    eq(rssItems.status, "pending"),
    and(
      eq(rssItems.status, "claimed"),
      or(isNull(rssItems.claimedAt), lt(rssItems.claimedAt, rt.clock.now() - ITEM_CLAIM_LEASE_MS)),
    ),
  );

async function claimItem(rt: Runtime, feed: FeedRow, item: ItemRow): Promise<"claimed" | "taken" | "capped"> {
  const now = rt.clock.now();
  // The claim it was read under must still hold: a pending item, or the same stale claim.
  const guard = and(
    eq(rssItems.seq, item.seq),
    item.status === "pending"
      ? eq(rssItems.status, "pending")
      : and(
          eq(rssItems.status, "claimed"),
          item.claimedAt === null ? isNull(rssItems.claimedAt) : eq(rssItems.claimedAt, item.claimedAt),
        ),
  );
  // Drafts, and an AI item that already counted against today's caps (resumed after a crash), claim plainly.
  if (feed.mode === "draft" || item.aiDay !== null) {
    const rows = await rt.db
      .update(rssItems)
      .set({ status: "claimed", claimedAt: now })
      .where(guard)
      .returning({ seq: rssItems.seq });
    return rows.length > 0 ? "claimed" : "taken";
  }
  const day = dayOf(now);
  const rows = await rt.db
    .update(rssItems)
    .set({ status: "claimed", claimedAt: now, aiDay: day })
    .where(
      and(
        guard,
        sql`(SELECT count(*) FROM rss_items WHERE feed_id = ${feed.id} AND ai_day = ${day}) < ${feed.dailyCap}`,
        sql`(SELECT count(*) FROM rss_items WHERE user_id = ${feed.userId} AND ai_day = ${day}) < ${AI_POSTS_PER_USER_PER_DAY}`,
      ),
    )
    .returning({ seq: rssItems.seq });
  if (rows.length > 0) return "claimed";
  const [current] = await rt.db.select({ status: rssItems.status }).from(rssItems).where(eq(rssItems.seq, item.seq));
  return current?.status === "pending" ? "capped" : "taken";
}

/** The posts' media: the item's own image (`feed`), one AI image for all of the item's posts (`ai`), or none. */
function itemMedia(rt: Runtime, feed: FeedRow, item: ItemRow, illustrator: Illustrator) {
  return feed.image === "ai" ? aiImageMedia(rt, item, illustrator) : feedImage(feed, item);
}

/** The item's image for `image: feed`, only when it is a public https URL. */
function feedImage(feed: FeedRow, item: ItemRow): PostCreateInput["media"] {
  if (feed.image !== "feed" || !item.imageUrl) return [];
  try {
    const url = assertPublicUrl(item.imageUrl, { sandbox: false, field: "image" });
    return [{ type: "image", url: url.href }];
  } catch {
    return [];
  }
}

async function makePosts(
  rt: Runtime,
  principal: Principal,
  feed: FeedRow,
  item: ItemRow,
  targets: AccountRow[],
  { writer, illustrator }: PostMakers,
): Promise<string[]> {
  if (targets.length === 0) throw new Error("the feed has no active account to post to");
  const media = await itemMedia(rt, feed, item, illustrator);
  const request = (account: AccountRow) => ({
    item: { title: item.title, link: item.link, summary: item.summary },
    platform: account.platform,
    textLimit: account.textLimit,
    template: feed.template ?? null,
  });
  const input = (text: string, to: AccountRow[], nextSlot: boolean): PostCreateInput => ({
    text,
    platforms: to.map((a) => ({ platform: a.platform as PlatformKey, account_id: a.id, metadata: {} })),
    media,
    platform_overrides: {},
    thread: [],
    ...(nextSlot ? { next_slot: true } : {}),
  });

  // Each post is saved together with its record on the item: a resumed item never makes it twice.
  const ids = [...item.postIds];
  const save = async (prepared: PreparedPost, inNextSlot: boolean) => {
    const record = [recordPost(rt, item, prepared.post.id)];
    if (inNextSlot) await saveInNextSlot(rt, prepared, { days: SLOT_SEARCH_DAYS, alongside: record });
    else await savePosts(rt, [prepared], record);
    ids.push(prepared.post.id);
  };

  if (feed.mode === "draft") {
    if (ids.length > 0) return ids;
    const limit = Math.min(...targets.map((a) => a.textLimit));
    const text = await localWriter.write({ ...request(targets[0]!), textLimit: limit });
    await save(await preparePost(rt, principal, input(text, targets, false)), false);
    return ids;
  }
  // AI modes: one post per account, written for its platform and limit; accounts it already has a post for are done.
  const done = await accountsPostedTo(rt, ids);
  for (const account of targets.filter((a) => !done.has(a.id))) {
    const text = await writer.write(request(account));
    if (feed.mode === "ai_draft") {
      await save(await preparePost(rt, principal, input(text, [account], false)), false);
      continue;
    }
    try {
      await save(await preparePost(rt, principal, input(text, [account], true)), true);
    } catch (error) {
      if (!(error instanceof AppError && (error.code === "no_free_slot" || error.code === "no_slots"))) throw error;
      const prepared = await preparePost(rt, principal, input(text, [account], false));
      await save(prepared, false);
      await noSlotNotice(rt, feed, item, prepared.post.id);
    }
  }
  return ids;
}

/** Adds a post to the item's record, renewing its claim; written in the batch that saves the post. */
const recordPost = (rt: Runtime, item: ItemRow, postId: string) =>
  rt.db
    .update(rssItems)
    .set({ postIds: sql`json_insert(${rssItems.postIds}, '$[#]', ${postId})`, claimedAt: rt.clock.now() })
    .where(eq(rssItems.seq, item.seq));

/** The accounts the item's posts so far go to (an item has at most one post per account of its feed). */
async function accountsPostedTo(rt: Runtime, postIds: string[]): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await rt.db
    .select({ accountId: postTargets.accountId })
    .from(postTargets)
    .where(inArray(postTargets.postId, postIds));
  return new Set(rows.map((r) => r.accountId));
}

const noSlotNotice = (rt: Runtime, feed: FeedRow, item: ItemRow, postId: string) =>
  notificationInsert(
    rt,
    {
      userId: feed.userId,
      kind: RSS_NO_FREE_SLOT,
      message: `No posting slot is free in the next ${SLOT_SEARCH_DAYS} days for "${item.title}" from ${feed.url}; it was saved as a draft.`,
      data: { feed_id: feed.id, post_id: postId, item_link: item.link },
    },
    { dedupeKey: `${RSS_NO_FREE_SLOT}:${feed.id}:${item.seq}` },
  );
