// Teams: workspaces, the people in them (members, with a role) and invitations to join, with their roles' names.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** A member's role, highest first (what each may do: `ROLE_SCOPES` in `services/roles.ts`). */
export const ROLES = ["owner", "admin", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];
/** `invited`: the invitation is out; `active`: the person accepted it (or founded the workspace). */
export const MEMBER_STATUSES = ["invited", "active"] as const;
/** The longest workspace name kept. */
export const WORKSPACE_NAME_MAX = 100;

/**
 * A workspace: what one login used to own (plan, accounts, groups, posts, flows, webhooks, keys). Its id is the id of
 * the login that founded it, so every `user_id` column of Herald's tables is the id of a workspace, and its plan is
 * that `users` row's `plan` (docs/decisions/teams.md).
 */
export const workspaces = sqliteTable("workspaces", {
  id: text("id")
    .primaryKey()
    .references(() => users.id),
  name: text("name").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * A person's place in a workspace, with their role; while `invited`, the invitation (its link's hash, until when it
 * holds) and no person yet. One row per email a workspace has let in or invited; a removed member's row is deleted.
 */
export const members = sqliteTable(
  "members",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id),
    /** The login, once the invitation is accepted. */
    personId: text("person_id").references(() => users.id),
    /** Lower-cased: an invitation is accepted only by the login with this email. */
    email: text("email").notNull(),
    /** One of `ROLES`. */
    role: text("role", { enum: ROLES }).notNull(),
    /** One of `MEMBER_STATUSES`. */
    status: text("status", { enum: MEMBER_STATUSES }).notNull(),
    /** SHA-256 of the invitation link's token, while the invitation is out; the token itself is never stored. */
    inviteHash: text("invite_hash").unique(),
    /** Until when the invitation may be accepted (ms). */
    expiresAt: integer("expires_at"),
    /** The member who sent the invitation. */
    invitedBy: text("invited_by"),
    createdAt: integer("created_at").notNull(),
    joinedAt: integer("joined_at"),
    /** The member's last request in this workspace, to the minute. */
    lastActiveAt: integer("last_active_at"),
  },
  (t) => [uniqueIndex("members_workspace_email").on(t.workspaceId, t.email), index("members_person").on(t.personId)],
);
