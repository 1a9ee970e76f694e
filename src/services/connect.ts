import { and, eq, ne, sql } from "drizzle-orm";
import { accounts, connectStates, users } from "../db/schema";
import { iso } from "../lib/clock";
import { pkcePair, sha256Hex } from "../lib/crypto";
import { AppError, featureDisabled, validationError, validationFailure } from "../lib/errors";
import { newId, randomToken } from "../lib/ids";
import { realPlatform } from "../platforms";
import { defaultTextLimit, type PlatformKey } from "../platforms/catalog";
import {
  type ConnectedIdentity,
  type OAuthApp,
  type OAuthConnection,
  type PlatformCredentials,
  PlatformError,
} from "../platforms/types";
import { type AccountRow, getOwnedAccount, mergeDestinations } from "./accounts";
import { credentialsDelete, credentialsUpsert, sealCredentials } from "./credentials";
import { appOnServer, serverOrigin, storedApp } from "./oauth-apps";
import { planOf } from "./plans";
import { queueRevocation } from "./revocations";
import type { Runtime } from "./runtime";
import { encryptionKey, openSecret, sealSecret } from "./secrets";

/** How long a started OAuth connection waits for the platform's redirect. */
export const CONNECT_STATE_TTL_MS = 10 * 60_000;
const STATE_PURPOSE = "herald/connect-state/v1";

export const callbackUrl = (rt: Runtime, platform: PlatformKey) =>
  `${rt.config.public_base_url}/api/v1/connect/${platform}/callback`;

function connectionOf(rt: Runtime, platform: PlatformKey) {
  const connection = realPlatform(rt, platform).connection;
  if (!connection) throw new AppError(503, "platform_not_configured", `${platform} cannot be connected yet`);
  return connection;
}

/** A platform's failure while connecting, as the user should see it. */
function connectFailure(platform: PlatformKey, error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.failure === "refused" || error.failure === "auth_expired") {
    return new AppError(400, "connect_refused", `${platform} refused the connection: ${error.message}`);
  }
  return new AppError(502, "platform_unavailable", `${platform} could not be reached; try again: ${error.message}`);
}

/** Starts an OAuth connection (`GET /api/v1/connect/{platform}`). */
export async function startOAuthConnection(rt: Runtime, userId: string, platform: PlatformKey) {
  const connection = connectionOf(rt, platform);
  if (connection.kind !== "oauth") {
    throw new AppError(400, "wrong_connect_method", `${platform} connects with POST /api/v1/connect/${platform}`);
  }
  if (connection.perServer) {
    const body = `{ ${connection.perServer.field} }`;
    throw new AppError(
      400,
      "wrong_connect_method",
      `${platform} connects with POST /api/v1/connect/${platform} ${body}`,
    );
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

export interface CallbackQuery {
  state: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/**
 * Finishes an OAuth connection when the platform redirects back: the state is used up whatever
 * happens, then the code is exchanged, the profile read and the account created or refreshed.
 */
export async function completeOAuthConnection(rt: Runtime, platform: PlatformKey, query: CallbackQuery) {
  const connection = connectionOf(rt, platform);
  if (connection.kind !== "oauth") throw new AppError(400, "wrong_connect_method", `${platform} has no OAuth callback`);
  const stateHash = await sha256Hex(query.state);
  const [pending] = await rt.db
    .delete(connectStates)
    .where(and(eq(connectStates.stateHash, stateHash), eq(connectStates.platform, platform)))
    .returning();
  if (!pending || pending.expiresAt <= rt.clock.now()) {
    throw new AppError(400, "invalid_state", "This connection is unknown, already used or expired; start it again");
  }
  if (query.error) {
    throw new AppError(
      400,
      "connect_denied",
      `${platform} did not grant access: ${query.error_description ?? query.error}`,
    );
  }
  if (!query.code) throw validationError("code", "Required");
  const codeVerifier = await openSecret(rt, STATE_PURPOSE, stateHash, pending.sealedVerifier);
  const app = connection.perServer && pending.serverUrl ? await storedApp(rt, platform, pending.serverUrl) : undefined;
  if (connection.perServer && !app) {
    throw new AppError(400, "invalid_state", "This connection names no server Herald knows; start it again");
  }
  let credentials: PlatformCredentials;
  let identity: ConnectedIdentity;
  try {
    credentials = await connection.exchangeCode({
      code: query.code,
      codeVerifier,
      redirectUri: callbackUrl(rt, platform),
      app: app?.app,
    });
    identity = await connection.identify(credentials);
  } catch (error) {
    throw connectFailure(platform, error);
  }
  return saveConnection(rt, pending.userId, platform, identity, credentials);
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
    throw new AppError(400, "wrong_connect_method", `${platform} connects through GET /api/v1/connect/${platform}`);
  }
  const input = pasted.input.safeParse(given);
  if (!input.success) throw validationFailure(input.error.issues);
  encryptionKey(rt);
  try {
    const { credentials, identity } = await pasted.verify(input.data);
    return await saveConnection(rt, userId, platform, identity, credentials);
  } catch (error) {
    throw connectFailure(platform, error);
  }
}

/**
 * Creates the account, or refreshes the one this user already has for the same platform identity
 * (new tokens, name, tier, limit and destinations; active again). An identity another user holds is
 * refused, never moved. A new account counts against the plan's account limit.
 */
async function saveConnection(
  rt: Runtime,
  userId: string,
  platform: PlatformKey,
  identity: ConnectedIdentity,
  credentials: PlatformCredentials,
): Promise<{ account: AccountRow; created: boolean }> {
  const find = () =>
    rt.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.platform, platform), eq(accounts.platformUserId, identity.platformUserId)));
  const taken = () =>
    new AppError(409, "account_taken", `This ${platform} account is already connected to another Herald user`);
  const facts = (existing?: AccountRow) => ({
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

  let [existing] = await find();
  if (existing && existing.userId !== userId) throw taken();
  if (!existing) {
    await requireRoomForAccount(rt, userId);
    const id = newId("acct");
    const sealed = await sealCredentials(rt, id, credentials);
    const row = {
      id,
      userId,
      platform,
      platformUserId: identity.platformUserId,
      groupId: null,
      createdAt: rt.clock.now(),
    };
    try {
      // One batch: the account and its credentials exist together or not at all.
      const [[created]] = await rt.db.batch([
        rt.db
          .insert(accounts)
          .values({ ...row, ...facts() })
          .returning(),
        credentialsUpsert(rt, id, sealed),
      ]);
      return { account: created!, created: true };
    } catch (error) {
      // Connected at the same moment elsewhere: the unique identity index refused our insert.
      [existing] = await find();
      if (!existing) throw error;
      if (existing.userId !== userId) throw taken();
    }
  }
  const sealed = await sealCredentials(rt, existing.id, credentials);
  const [[updated]] = await rt.db.batch([
    rt.db.update(accounts).set(facts(existing)).where(eq(accounts.id, existing.id)).returning(),
    credentialsUpsert(rt, existing.id, sealed),
  ]);
  return { account: updated!, created: false };
}

async function requireRoomForAccount(rt: Runtime, userId: string) {
  const [user] = await rt.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  const limit = planOf(user?.plan ?? "free").accounts;
  const [held] = await rt.db
    .select({ n: sql<number>`count(*)` })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ne(accounts.status, "disconnected")));
  if ((held?.n ?? 0) >= limit) {
    throw featureDisabled(`Connected accounts: the ${user?.plan ?? "free"} plan holds at most ${limit}`);
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
