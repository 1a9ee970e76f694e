// The events outbox table: every event a user's webhooks may receive.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The events outbox: every event a user's webhooks may receive, written by `eventInsert` in the batch of the change it reports. */
export const events = sqliteTable(
  "events",
  {
    /** Insertion order; the `after` cursor of the events list. */
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    id: text("id").notNull().unique(),
    userId: text("user_id").notNull(),
    type: text("type").notNull(),
    accountId: text("account_id"),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
    /** Set on events that must exist at most once (such as a target's outcome); a second insert is ignored. */
    dedupeKey: text("dedupe_key").unique(),
  },
  (t) => [index("events_user_seq").on(t.userId, t.seq), index("events_created").on(t.createdAt)],
);
