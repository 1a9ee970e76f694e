// Account groups and client invites: the tables for a client's accounts and the links that connect them.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** A named set of one user's accounts (a client's, a brand's); an account sits in at most one (`accounts.group_id`). */
export const accountGroups = sqliteTable(
  "account_groups",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("account_groups_user_name").on(t.userId, t.name)],
);

/**
 * A link a client opens to connect their own accounts into the owner's group, without a Herald account.
 * The group may be deleted later: its invites are revoked then, and keep naming it.
 */
export const clientInvites = sqliteTable(
  "client_invites",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    groupId: text("group_id").notNull(),
    /** SHA-256 of the link's token; the token is shown once, in the creation answer's `url`. */
    tokenHash: text("token_hash").notNull().unique(),
    /** JSON array of the platforms the client may connect. */
    platforms: text("platforms", { mode: "json" }).$type<string[]>().notNull(),
    maxAccounts: integer("max_accounts").notNull(),
    /**
     * Places taken: by accounts the link added, and by a returning client's connection while it is being made.
     * Taken by a guarded update (never above `max_accounts`), given back when that connection fails.
     */
    placesTaken: integer("places_taken").notNull(),
    /** Accounts the link added (the rows of `client_invite_accounts`): at `max_accounts` the invite is used up. */
    accountsAdded: integer("accounts_added").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
  },
  (t) => [index("client_invites_user").on(t.userId, t.createdAt), index("client_invites_group").on(t.groupId)],
);

/** An account a client connected through an invite. */
export const clientInviteAccounts = sqliteTable(
  "client_invite_accounts",
  {
    inviteId: text("invite_id")
      .notNull()
      .references(() => clientInvites.id),
    accountId: text("account_id").notNull(),
    connectedAt: integer("connected_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.inviteId, t.accountId] })],
);
