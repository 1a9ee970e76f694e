// The accounts table: connected platform accounts, and the statuses a connection can be in.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** What an account's connection is: usable, needing its owner to connect again, or cut off. */
export const ACCOUNT_STATUSES = ["active", "reauth_required", "disconnected"] as const;

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    platform: text("platform").notNull(),
    name: text("name").notNull(),
    platformUserId: text("platform_user_id").notNull(),
    textLimit: integer("text_limit").notNull(),
    groupId: text("group_id"),
    /** One of `ACCOUNT_STATUSES`. */
    status: text("status").notNull(),
    subscriptionTier: text("subscription_tier"),
    /** JSON array of `{ id, label }`: the channels, communities or lists the account can post to. */
    destinations: text("destinations", { mode: "json" }).$type<{ id: string; label: string }[]>().notNull(),
    /** When `destinations` was last read from the platform: the destinations call answers from the row until it is 5 minutes old. */
    destinationsReadAt: integer("destinations_read_at"),
    createdAt: integer("created_at").notNull(),
    /**
     * The platform's business account the identity belongs to, where its webhooks name that instead: a WhatsApp
     * phone number's WhatsApp Business Account (WABA) id, to which template status changes are sent.
     */
    businessAccountId: text("business_account_id"),
  },
  (t) => [
    index("accounts_user").on(t.userId),
    index("accounts_business_account").on(t.platform, t.businessAccountId),
    // One platform identity belongs to one Herald user; connecting it elsewhere is refused, never moved.
    uniqueIndex("accounts_platform_identity").on(t.platform, t.platformUserId),
  ],
);
