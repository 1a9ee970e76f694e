// The sessions table: browsers signed in to Herald's own pages.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** A browser signed in to Herald's own pages (sign-in, consent, settings). */
export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the session cookie's value; the value itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The workspace the session acts in (the dashboard's switcher); the person's membership there must hold. */
    workspaceId: text("workspace_id").references(() => users.id),
    /** The token every form of this session must carry (CSRF). */
    csrfToken: text("csrf_token").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("sessions_user").on(t.userId), index("sessions_expiry").on(t.expiresAt)],
);
