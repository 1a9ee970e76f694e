import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { runBatch } from "../db/batch";
import { chunksFor } from "../db/limits";
import { accounts, connectStates, users } from "../db/schema";
import { iso } from "../lib/clock";
import { pkcePair, sha256Hex } from "../lib/crypto";
import { AppError, validationError, validationFailure } from "../lib/errors";
import { newId, randomToken } from "../lib/ids";
import { realPlatform } from "../platforms";
import { defaultTextLimit, type PlatformKey } from "../platforms/catalog";
import {
  type ConnectedAccount,
  type ConnectedIdentity,
  type OAuthApp,
  type OAuthConnection,
  PlatformError,
} from "../platforms/types";
import type { CallbackQueryInput } from "../schemas/connect";
import { type AccountRow, getOwnedAccount, mergeDestinations } from "./accounts";
import { credentialsDelete, credentialsUpsert, sealCredentials } from "./credentials";
import { appOnServer, serverOrigin, storedApp } from "./oauth-apps";
import { planOf } from "./plans";
import { queueRevocation } from "./revocations";
import type { Runtime } from "./runtime";
import { encryptionKey, openSecret, sealSecret } from "./secrets";

/** How long a started OAuth connection waits for the platform's redirect. */
const CONNECT_STATE_TTL_MS = 10 * 60_000;
const STATE_PURPOSE = "herald/connect-state/v1";

const callbackUrl = (rt: Runtime, platform: PlatformKey) =>
  `${rt.config.public_base_url}/api/v1/connect/${platform}/callback`;

function connectionOf(rt: Runtime, platform: PlatformKey) {
  const connection = realPlatform(rt, platform).connection;
  if (!connection) throw new AppError("platform_not_configured", `${platform} cannot be connected yet`);
  return connection;
}

/** A platform's failure while connecting, as the user should see it. */
function connectFailure(platform: PlatformKey, error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.failure === "refused" || error.failure === "auth_expired") {
    return new AppError("connect_refused", `${platform} refused the connection: ${error.message}`);
  }
  return new AppError("platform_unavailable", `${platform} could not be reached; try again: ${error.message}`);
}

/** Starts an OAuth connection (`GET /api/v1/connect/{platform}`). */
export async function startOAuthConnection(rt: Runtime, userId: string, platform: PlatformKey) {
  const connection = connectionOf(rt, platform);
  if (connection.kind !== "oauth") {
    throw new AppError("wrong_connect_method", `${platform} connects with POST /api/v1/connect/${platform}`);
  }
  if (connection.perServer) {
    const body = `{ ${connection.perServer.field} }`;
    throw new AppError("wrong_connect_method", `${platform} connects with POST /api/v1/connect/${platform} ${body}`);
  }
  return beginConsent(rt, userId, platform, connection);
}

/**
 * A state bound to the user (kept hashed, for 10 minutes, with the server on federated platforms) and a PKCE
 * verifier (kept encrypted), and the platform's authorization URL to send the user to.
 */
async function beginConsent(
  rt: Runtime,
  userId: string,
  platform: PlatformKey,
  connection: OAuthConnection,
  app?: OAuthApp,
) {
  encryptionKey(rt);
  const state = randomToken(43);
  const stateHash = await sha256Hex(state);
  const { verifier, challenge } = await pkcePair();
  const expiresAt = rt.clock.now() + CONNECT_STATE_TTL_MS;
  await rt.db.insert(connectStates).values({
    stateHash,
    userId,
    platform,
    sealedVerifier: await sealSecret(rt, STATE_PURPOSE, stateHash, verifier),
    serverUrl: app?.serverUrl ?? null,
    expiresAt,
  });
  const authorizationUrl = connection.authorizationUrl({
    state,
    codeChallenge: challenge,
    redirectUri: callbackUrl(rt, platform),
    app,
  });
  return { authorization_url: authorizationUrl, state, expires_at: iso(expiresAt) };
}

/**
 * Finishes an OAuth connection when the platform redirects back: the state is used up whatever
 * happens, then the code is exchanged, the profile read and the account created or refreshed.
 */
export async function completeOAuthConnection(rt: Runtime, platform: PlatformKey, query: CallbackQueryInput) {
  const connection = connectionOf(rt, platform);
  if (connection.kind !== "oauth") throw new AppError("wrong_connect_method", `${platform} has no OAuth callback`);
  const stateHash = await sha256Hex(query.state);
  const [pending] = await rt.db
    .delete(connectStates)
    .where(and(eq(connectStates.stateHash, stateHash), eq(connectStates.platform, platform)))
    .returning();
  if (!pending || pending.expiresAt <= rt.clock.now()) {
    throw new AppError("invalid_state", "This connection is unknown, already used or expired; start it again");
  }
  if (query.error) {
    throw new AppError("connect_denied", `${platform} did not grant access: ${query.error_description ?? query.error}`);
  }
  if (!query.code) throw validationError("code", "Required");
  const codeVerifier = await openSecret(rt, STATE_PURPOSE, stateHash, pending.sealedVerifier);
  const app = connection.perServer && pending.serverUrl ? await storedApp(rt, platform, pending.serverUrl) : undefined;
  if (connection.perServer && !app) {
    throw new AppError("invalid_state", "This connection names no server Herald knows; start it again");
  }
  let found: ConnectedAccount[];
  try {
    const credentials = await connection.exchangeCode({
      code: query.code,
      codeVerifier,
      redirectUri: callbackUrl(rt, platform),
      app: app?.app,
    });
    found = connection.accounts
      ? await connection.accounts(credentials)
      : [{ identity: await connection.identify(credentials), credentials }];
  } catch (error) {
    throw connectFailure(platform, error);
  }
  return saveConnection(rt, pending.userId, platform, found);
}

/**
 * `POST /api/v1/connect/{platform}`. Credentials the user gives (a bot token, an app password, a pasted access
 * token) are checked against the platform and connect at once. On a federated OAuth platform a body that names
 * only the user's server starts OAuth there instead, through Herald's app on that server (registered once).
 */
export async function connectWithBody(
  rt: Runtime,
  userId: string,
  platform: PlatformKey,
  body: Record<string, unknown>,
): Promise<{ account: AccountRow; created: boolean } | { consent: Awaited<ReturnType<typeof beginConsent>> }> {
  const connection = connectionOf(rt, platform);
  let given = body;
  if (connection.kind === "oauth" && connection.perServer) {
    const { field } = connection.perServer;
    const serverUrl = serverOrigin(rt, field, body[field]);
    if (Object.keys(body).every((key) => key === field)) {
      encryptionKey(rt);
      let app: OAuthApp;
      try {
        app = await appOnServer(rt, platform, connection.perServer, serverUrl, callbackUrl(rt, platform));
      } catch (error) {
        throw connectFailure(platform, error);
      }
      return { consent: await beginConsent(rt, userId, platform, connection, app) };
    }
    given = { ...body, [field]: serverUrl };
  }
  const pasted = connection.kind === "credentials" ? connection : connection.pasted;
  if (!pasted) {
    throw new AppError("wrong_connect_method", `${platform} connects through GET /api/v1/connect/${platform}`);
  }
  const input = pasted.input.safeParse(given);
  if (!input.success) throw validationFailure(input.error.issues);
  encryptionKey(rt);
  try {
    const {
      accounts: [account],
      created,
    } = await saveConnection(rt, userId, platform, [await pasted.verify(input.data)]);
    return { account: account!, created };
  } catch (error) {
    throw connectFailure(platform, error);
  }
}

/**
 * Creates the accounts one consent brought, or refreshes those this user already has for the same platform
 * identities (new tokens, name, tier, limit and destinations; active again). All or nothing: an identity
 * another user holds refuses the whole connection (never moved), and the new accounts must all fit in the
 * plan's account limit. Answers the accounts in the order the platform gave them.
 */
async function saveConnection(
  rt: Runtime,
  userId: string,
  platform: PlatformKey,
  found: ConnectedAccount[],
): Promise<{ accounts: AccountRow[]; created: boolean }> {
  try {
    return await writeConnection(rt, userId, platform, found);
  } catch (error) {
    // Connected at the same moment elsewhere: the unique identity index refused an insert. Look again.
    if (error instanceof AppError) throw error;
    return writeConnection(rt, userId, platform, found);
  }
}

async function writeConnection(rt: Runtime, userId: string, platform: PlatformKey, listed: ConnectedAccount[]) {
  const found = [...new Map(listed.map((f) => [f.identity.platformUserId, f])).values()];
  if (found.length === 0) throw new AppError("connect_refused", `${platform} granted no account to connect`);
  const existing = await accountsOfIdentities(
    rt,
    platform,
    found.map((f) => f.identity.platformUserId),
  );
  const taken = found.find((f) => (existing.get(f.identity.platformUserId)?.userId ?? userId) !== userId);
  if (taken) {
    throw new AppError(
      "account_taken",
      `This ${platform} account (${taken.identity.name}) is already connected to another Herald user`,
    );
  }
  const fresh = found.filter((f) => !existing.has(f.identity.platformUserId));
  if (fresh.length > 0) await requireRoomForAccounts(rt, userId, fresh.length);

  const statements = [];
  for (const { identity, credentials } of found) {
    const held = existing.get(identity.platformUserId);
    const id = held?.id ?? newId("acct");
    const facts = connectionFacts(platform, identity, held);
    statements.push(
      held
        ? rt.db.update(accounts).set(facts).where(eq(accounts.id, id)).returning()
        : rt.db
            .insert(accounts)
            .values({
              ...facts,
              id,
              userId,
              platform,
              platformUserId: identity.platformUserId,
              groupId: null,
              createdAt: rt.clock.now(),
            })
            .returning(),
      credentialsUpsert(rt, id, await sealCredentials(rt, id, credentials)),
    );
  }
  // One batch: the accounts and their credentials exist together or not at all.
  const results = await runBatch(rt.db, statements);
  const rows = results.filter((_, i) => i % 2 === 0).map((r) => (r as AccountRow[])[0]!);
  return { accounts: rows, created: fresh.length > 0 };
}

/** The accounts, of anyone, that already hold these platform identities. */
async function accountsOfIdentities(rt: Runtime, platform: PlatformKey, platformUserIds: string[]) {
  const rows = await Promise.all(
    chunksFor(platformUserIds, 1, 1).map((ids) =>
      rt.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.platform, platform), inArray(accounts.platformUserId, ids))),
    ),
  );
  return new Map(rows.flat().map((row) => [row.platformUserId, row]));
}

/** What a connection says about an account: the identity's facts, destinations merged where it adds them. */
const connectionFacts = (platform: PlatformKey, identity: ConnectedIdentity, existing?: AccountRow) => ({
  name: identity.name,
  subscriptionTier: identity.subscriptionTier,
  textLimit: identity.textLimit ?? defaultTextLimit(platform, identity.subscriptionTier),
  destinations:
    existing && identity.addsDestinations
      ? mergeDestinations(existing.destinations, identity.destinations ?? [])
      : (identity.destinations ?? existing?.destinations ?? []),
  // A reconnected account's destinations are read from the platform again on the next ask.
  destinationsReadAt: null,
  status: "active",
});

async function requireRoomForAccounts(rt: Runtime, userId: string, adding: number) {
  const [user] = await rt.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  const limit = planOf(user?.plan ?? "free").accounts;
  const [held] = await rt.db
    .select({ n: sql<number>`count(*)` })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ne(accounts.status, "disconnected")));
  const room = Math.max(0, limit - (held?.n ?? 0));
  if (adding > room) {
    const what = adding === 1 ? "" : `; this connection brings ${adding} new accounts and there is room for ${room}`;
    throw new AppError(
      "feature_disabled",
      `Connected accounts: the ${user?.plan ?? "free"} plan holds at most ${limit}${what}`,
    );
  }
}

/**
 * Disconnects the user's account: its credentials are deleted and it stays as `disconnected`, so its
 * posts keep their history and scheduled posts to it fail clearly at publish time. The platform is then
 * asked, through a queue, to revoke the deleted tokens; that never holds up or fails the disconnect.
 */
export async function disconnectAccount(rt: Runtime, userId: string, accountId: string): Promise<AccountRow> {
  const account = await getOwnedAccount(rt, userId, accountId);
  const [[updated], [stored]] = await rt.db.batch([
    rt.db.update(accounts).set({ status: "disconnected" }).where(eq(accounts.id, account.id)).returning(),
    credentialsDelete(rt, account.id),
  ]);
  if (stored) {
    const platform = account.platform as PlatformKey;
    await queueRevocation(rt, { accountId: account.id, platform, sealed: stored.sealed });
  }
  return updated!;
}
