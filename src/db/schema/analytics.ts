// The analytics tables: each reading of a published target's metrics, and accounts' daily follower counts.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * One reading of a published target's metrics: written each time Herald reads them from the platform (a plug
 * check, or the daily analytics read). The newest row of a target is its latest metrics; all of them, its history.
 */
export const metricSamples = sqliteTable(
  "metric_samples",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    targetId: text("target_id").notNull(),
    postId: text("post_id").notNull(),
    userId: text("user_id").notNull(),
    accountId: text("account_id").notNull(),
    likes: integer("likes").notNull(),
    comments: integer("comments").notNull(),
    reposts: integer("reposts").notNull(),
    views: integer("views").notNull(),
    /** What read them: `plug_check` or `daily`. */
    source: text("source", { enum: ["plug_check", "daily"] }).notNull(),
    readAt: integer("read_at").notNull(),
  },
  (t) => [index("metric_samples_target").on(t.targetId, t.readAt)],
);

/**
 * An account's follower count on one UTC day, read from its platform's profile by the daily analytics job. The row
 * is claimed (followers null) before the platform is called, so racing jobs read the profile once a day.
 */
export const followerSnapshots = sqliteTable(
  "follower_snapshots",
  {
    accountId: text("account_id").notNull(),
    /** The UTC day, "YYYY-MM-DD". */
    day: text("day").notNull(),
    userId: text("user_id").notNull(),
    /** Null while the read that claimed the day is under way. */
    followers: integer("followers"),
    readAt: integer("read_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
