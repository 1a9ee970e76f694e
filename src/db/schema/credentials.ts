import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { users } from "./users";

/** A connected account's platform tokens, encrypted (AES-GCM, bound to the account id); never returned by the API. */
export const accountCredentials = sqliteTable(
  "account_credentials",
  {
    accountId: text("account_id")
      .primaryKey()
      .references(() => accounts.id),
    /** `encryptSecret` of the JSON credentials. */
    sealed: text("sealed").notNull(),
    /** When the access token expires (ms), kept in the clear so the refresh job can find it; null: never. */
    expiresAt: integer("expires_at"),
    /** While set in the future, one worker is refreshing the tokens and others leave them alone. */
    refreshLeaseUntil: integer("refresh_lease_until"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("account_credentials_expiry").on(t.expiresAt)],
);

/** An OAuth connection under way: the state sent to the platform, bound to the user who started it. */
export const connectStates = sqliteTable("connect_states", {
  /** SHA-256 of the state: the state itself travels only through the browser. */
  stateHash: text("state_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id),
  platform: text("platform").notNull(),
  /** The PKCE verifier, encrypted and bound to the state hash. */
  sealedVerifier: text("sealed_verifier").notNull(),
  expiresAt: integer("expires_at").notNull(),
});
