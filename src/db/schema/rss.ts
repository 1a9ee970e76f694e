// The RSS feeds and RSS items tables: feeds whose new items become posts, and each item seen.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** An RSS, RSS 1.0 or Atom feed whose new items become posts. One per URL per user. */
export const rssFeeds = sqliteTable(
  "rss_feeds",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The URL as the SSRF guard parsed it (`URL.href`). */
    url: text("url").notNull(),
    platforms: text("platforms", { mode: "json" }).$type<string[]>().notNull(),
    accountIds: text("account_ids", { mode: "json" }).$type<string[]>().notNull(),
    mode: text("mode", { enum: ["draft", "ai_draft", "ai_schedule"] }).notNull(),
    template: text("template", { mode: "json" }).$type<{ instructions: string; tone: string } | null>(),
    image: text("image", { enum: ["none", "feed", "ai"] }).notNull(),
    dailyCap: integer("daily_cap").notNull(),
    paused: integer("paused", { mode: "boolean" }).notNull(),
    /** Set when 5 checks in a row failed; a resume clears it. */
    stoppedAt: integer("stopped_at"),
    consecutiveFailures: integer("consecutive_failures").notNull(),
    /** False until the first successful check has recorded the items already in the feed. */
    primed: integer("primed", { mode: "boolean" }).notNull(),
    etag: text("etag"),
    lastModified: text("last_modified"),
    lastCheckedAt: integer("last_checked_at"),
    lastError: text("last_error"),
    /** When the cron queues the next check (moved forward when it is queued, so a feed is queued once). */
    nextCheckAt: integer("next_check_at").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("rss_feeds_user_url").on(t.userId, t.url), index("rss_feeds_due").on(t.nextCheckAt)],
);

/**
 * One item seen in a feed. The unique (feed, key) pair is the claim: only the check whose insert wrote
 * the row may turn it into posts. `seen`: there at the first check, never posted; `pending`: waiting
 * (for a cap or its turn); `claimed`: being made into posts; `done`.
 */
export const rssItems = sqliteTable(
  "rss_items",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    feedId: text("feed_id").notNull(),
    userId: text("user_id").notNull(),
    /** The guid (Atom id), else the link, else a hash of title and content. */
    itemKey: text("item_key").notNull(),
    title: text("title").notNull(),
    link: text("link"),
    summary: text("summary").notNull(),
    imageUrl: text("image_url"),
    status: text("status", { enum: ["seen", "pending", "claimed", "done"] }).notNull(),
    /** The UTC day (YYYY-MM-DD) an AI-written item counted against the caps. */
    aiDay: text("ai_day"),
    /** The posts made so far, each written in the same batch as its post: a resumed item skips their accounts. */
    postIds: text("post_ids", { mode: "json" }).$type<string[]>().notNull(),
    /** When a check claimed it; a claim older than the lease was left by a crash and is taken again. */
    claimedAt: integer("claimed_at"),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("rss_items_feed_key").on(t.feedId, t.itemKey),
    index("rss_items_feed_status").on(t.feedId, t.status, t.seq),
    index("rss_items_user_day").on(t.userId, t.aiDay),
  ],
);
