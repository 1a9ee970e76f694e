// The metric samples table: each reading of a published target's metrics, its history.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
