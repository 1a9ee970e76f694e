// The posting slots table: weekly posting times in a zone, for some of a user's accounts.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** A weekly posting time: a weekday and wall-clock time in a zone, for some of the user's accounts. */
export const postingSlots = sqliteTable(
  "posting_slots",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** JSON array of account ids the slot posts for (at most 100 slots per user, so filtered in code). */
    accountIds: text("account_ids", { mode: "json" }).$type<string[]>().notNull(),
    /** 0 Sunday … 6 Saturday. */
    weekday: integer("weekday").notNull(),
    /** Minutes after midnight, wall-clock in `timezone`. */
    minutes: integer("minutes").notNull(),
    timezone: text("timezone").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("posting_slots_user").on(t.userId)],
);
