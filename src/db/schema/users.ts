// The users (logins) and API keys tables, the plan names and the longest display name.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { UtmTemplate } from "./posts";

/** The plans a user may be on (their rules: `services/plans.ts`). */
export const PLAN_NAMES = ["free", "creator", "studio", "pro", "agency"] as const;
/** The longest display name kept. */
export const NAME_MAX = 100;

/** A login (a person), and the workspace of the same id that it founded (its `plan`: `schema/teams.ts`). */
export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  /** The display name clients see on invite pages; the email's local part stands in while unset. */
  name: text("name"),
  passwordHash: text("password_hash").notNull(),
  /** One of `PLAN_NAMES`. */
  plan: text("plan").notNull(),
  /** Admin accounts get features being rolled out to admins first (`export_collected_data`). */
  admin: integer("admin", { mode: "boolean" }).notNull().default(false),
  /** The workspace the person last chose in the dashboard's switcher; their next sign-in starts there. */
  lastWorkspaceId: text("last_workspace_id"),
  /** The zone the dashboard shows and takes times in (an IANA id); null follows the browser's zone. */
  timeZone: text("time_zone"),
  /** The UTM parameters every post's links get unless the post has its own (null: none). */
  utm: text("utm", { mode: "json" }).$type<UtmTemplate>(),
  createdAt: integer("created_at").notNull(),
});

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The person (a member of the workspace `user_id`) the key acts for: never more than their role allows. */
    personId: text("person_id").references(() => users.id),
    name: text("name").notNull(),
    /** The first characters of the key, shown in lists so a person can tell keys apart. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key; the key itself is never stored. */
    hash: text("hash").notNull().unique(),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("api_keys_user").on(t.userId)],
);
