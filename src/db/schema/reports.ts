// The report links table: a client group's analytics report shared read-only by an unguessable link.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** A link that shows one group's report read-only, without a Herald account, until it expires or is revoked. */
export const reportLinks = sqliteTable(
  "report_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    groupId: text("group_id").notNull(),
    /** SHA-256 of the link's token (32 random bytes); the token itself is shown once and never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** How many days back from the day it is opened the report covers. */
    days: integer("days").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("report_links_group").on(t.groupId, t.createdAt)],
);
