// The AI images table: one row per image made for an RSS item, counted against the monthly allowance.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * One AI image made for an RSS item. The image itself is the R2 object `key` in `MEDIA`, served at
 * `/media/<key>`; a user's rows of a month are what counts against the plan's monthly AI image allowance.
 * Rows stay when their feed is deleted: they were used that month and their posts still show them.
 */
export const aiImages = sqliteTable(
  "ai_images",
  {
    key: text("key").primaryKey(),
    userId: text("user_id").notNull(),
    /** The UTC calendar month (YYYY-MM) it counts in. */
    month: text("month").notNull(),
    /** The `rss_items.seq` it was made for: one image per item, shared by every post of the item. */
    itemSeq: integer("item_seq").notNull(),
    altText: text("alt_text").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("ai_images_item").on(t.itemSeq), index("ai_images_user_month").on(t.userId, t.month)],
);
