// The plugs table (a follow-up fired when a post reaches a goal) and its per-account metric read counts.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { posts } from "./posts";

/** What a plug watches, and what it does when the metric reaches its goal. */
export const PLUG_METRICS = ["likes", "comments", "reposts", "views"] as const;
export const PLUG_ACTIONS = ["repost", "comment"] as const;

/** A one-time follow-up (repost or comment) that fires when a post's metric reaches a goal. */
export const plugs = sqliteTable(
  "plugs",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id),
    accountId: text("account_id").notNull(),
    platform: text("platform").notNull(),
    metric: text("metric", { enum: PLUG_METRICS }).notNull(),
    threshold: integer("threshold").notNull(),
    actionKind: text("action_kind", { enum: PLUG_ACTIONS }).notNull(),
    actionText: text("action_text"),
    state: text("state", { enum: ["armed", "fired", "expired", "failed"] }).notNull(),
    lastValue: integer("last_value"),
    lastCheckedAt: integer("last_checked_at"),
    /** Set when the action starts; while the state is still armed the action is running. */
    firedAt: integer("fired_at"),
    error: text("error"),
    /** A readable note while a cap holds the plug ("Daily check limit reached"). */
    note: text("note"),
    /** When the post went live on the account: the check window starts here. Null while it waits. */
    windowStartAt: integer("window_start_at"),
    /** When the next check is due; also leased forward while a check is on the queue. */
    nextCheckAt: integer("next_check_at"),
    actionPlatformPostId: text("action_platform_post_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("plugs_post").on(t.postId),
    index("plugs_user_state").on(t.userId, t.state),
    index("plugs_due").on(t.state, t.nextCheckAt),
    // The minute job's window starts (armed, no window yet) and expiries (armed, window started long ago) read
    // only those plugs, not every armed one.
    index("plugs_window").on(t.state, t.windowStartAt),
    // The lease sweep's firings that never recorded an outcome (armed, fired_at long ago).
    index("plugs_firing").on(t.state, t.firedAt),
  ],
);

/** Metric reads per account per period, for X's per-minute and per-day caps. */
export const plugCheckCounts = sqliteTable(
  "plug_check_counts",
  {
    /** `<accountId>:<period start ms>:<minute|day>` */
    bucket: text("bucket").primaryKey(),
    count: integer("count").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("plug_check_counts_expiry").on(t.expiresAt)],
);
