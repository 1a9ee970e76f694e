// Tables of connection secrets: accounts' encrypted tokens, OAuth states under way, federated OAuth apps.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
export const connectStates = sqliteTable(
  "connect_states",
  {
    /** SHA-256 of the state: the state itself travels only through the browser. */
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    platform: text("platform").notNull(),
    /** The PKCE verifier, encrypted and bound to the state hash. */
    sealedVerifier: text("sealed_verifier").notNull(),
    /** The server the user named, on platforms where each server has its own app (a Mastodon instance's origin). */
    serverUrl: text("server_url"),
    /**
     * SHA-256 of the nonce in the `herald_consent` cookie of the browser that started the consent: only that browser
     * may finish it. Null until the browser opens the start link (a connection started through the API).
     */
    browserHash: text("browser_hash"),
    /** The client invite the consent was started from; its accounts land in the invite's group. */
    inviteId: text("invite_id"),
    /** The invite link's token, encrypted and bound to the state hash, so the page after consent can link back to it. */
    sealedInviteToken: text("sealed_invite_token"),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("connect_states_expiry").on(t.expiresAt)],
);

/**
 * Herald's OAuth client on one server of a federated platform (a Mastodon instance), registered there
 * the first time someone connects an account of that server, and reused afterwards.
 */
export const oauthApps = sqliteTable(
  "oauth_apps",
  {
    platform: text("platform").notNull(),
    /** The server's origin, as the SSRF guard normalized it. */
    serverUrl: text("server_url").notNull(),
    clientId: text("client_id").notNull(),
    /** The client secret, encrypted and bound to `<platform> <server_url>`. */
    sealedSecret: text("sealed_secret").notNull(),
    /** The callback the app was registered with; a deployment that moves registers again. */
    redirectUri: text("redirect_uri").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.serverUrl] })],
);
