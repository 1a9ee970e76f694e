import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** In-app notifications (a switched-off webhook, and later client connections and feed drafts). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
    /** When the owner marked it read in the dashboard; null while unread. */
    readAt: integer("read_at"),
    /** Set on notifications that must be sent at most once; a second insert is ignored. */
    dedupeKey: text("dedupe_key").unique(),
  },
  (t) => [index("notifications_user").on(t.userId, t.createdAt)],
);
