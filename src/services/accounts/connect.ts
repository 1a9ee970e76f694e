// Connecting accounts: starting and finishing an OAuth consent, credentials given, the plan's room, disconnect.
import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import type { z } from "@hono/zod-openapi";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { insertIf } from "../../db/insert-if";
import { chunksFor } from "../../db/limits";
import { accounts, users } from "../../db/schema";
import { iso } from "../../lib/clock";
import { AppError, validationFailure } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { defaultTextLimit, PLATFORM_KEYS, type PlatformKey } from "../../platforms/catalog";
import type { ConnectedAccount, ConnectedIdentity, OAuthApp } from "../../platforms/types";
import { eventsWritten } from "../events";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import { encryptionKey } from "../secrets";
import { accountLossStatements } from "./account-loss";
import { type AccountRow, getOwnedAccount, mergeDestinations } from "./accounts";
import {
  beginConsent,
  type CallbackQuery,
  type ConsentState,
  callbackUrl,
  connectFailure,
  connectionIfSetUp,
  connectionOf,
  consentStartUrl,
  exchangeConsent,
  oauthConnectionOf,
  requireGranted,
  sandboxStandsIn,
} from "./consent";
import { credentialsDelete, credentialsUpsert, sealCredentials } from "./credentials";
import { appOnServer, serverOrigin } from "./oauth-apps";
import { queueRevocation } from "./revocations";

/** How an API-started consent is answered: Herald's start link, which the user opens in their browser. */
const startedThroughApi = (rt: Runtime, begun: Awaited<ReturnType<typeof beginConsent>>) => ({
  authorization_url: consentStartUrl(rt, begun.state),
  state: begun.state,
  expires_at: iso(begun.expiresAt),
});

/** One field of a platform's credentials, as a form asks for it. */
export interface CredentialField {
  name: string;
  label: string;
  hint?: string;
  example?: string;
  optional: boolean;
  /** A password or token: typed hidden, never shown again. */
  secret: boolean;
}

const SECRET_FIELD = /password|token|secret|api_key/;
const WORDS: Record<string, string> = { url: "URL", api: "API", totp: "TOTP", "2fa": "2FA", id: "ID", waba: "WABA" };

/**
 * The platforms connected with credentials the user gives (`POST /api/v1/connect/{platform}`: a bot token, an app
 * password, a pasted token) and the fields each takes, from the platform's own input schema.
 */
export function credentialForms(rt: Runtime): { platform: PlatformKey; fields: CredentialField[] }[] {
  return PLATFORM_KEYS.flatMap((platform) => {
    const connection = connectionIfSetUp(rt, platform);
    if (!connection) return [];
    const pasted = connection.kind === "credentials" ? connection : connection.pasted;
    if (!pasted) return [];
    const fields = Object.entries(pasted.input.shape).map(([name, schema]): CredentialField => {
      const meta = getOpenApiMetadata(schema as z.ZodType);
      const words = name.split("_").map((word) => WORDS[word] ?? word);
      return {
        name,
        label: words.join(" ").replace(/^./, (first) => first.toUpperCase()),
        ...(meta.description ? { hint: meta.description } : {}),
        ...(typeof meta.example === "string" ? { example: meta.example } : {}),
        optional: (schema as z.ZodType).safeParse(undefined).success,
        secret: SECRET_FIELD.test(name),
      };
    });
    return [{ platform, fields }];
  });
}

/** Starts an OAuth connection (`GET /api/v1/connect/{platform}`). */
export async function startOAuthConnection(rt: Runtime, userId: string, platform: PlatformKey) {
  const connection = sandboxStandsIn(rt, platform) ? oauthConnectionOf(rt, platform) : connectionOf(rt, platform);
  if (connection.kind !== "oauth") {
    throw new AppError("wrong_connect_method", `${platform} connects with POST /api/v1/connect/${platform}`);
  }
  if (connection.perServer) {
    const body = `{ ${connection.perServer.field} }`;
    throw new AppError("wrong_connect_method", `${platform} connects with POST /api/v1/connect/${platform} ${body}`);
  }
  return startedThroughApi(rt, await beginConsent(rt, { userId, platform, connection }));
}

/**
 * Finishes the owner's own consent once the callback claimed its state: the code is exchanged, the profile read
 * and the account created or refreshed.
 */
export async function completeOAuthConnection(rt: Runtime, pending: ConsentState, query: CallbackQuery) {
  const platform = pending.platform as PlatformKey;
  const connection = oauthConnectionOf(rt, platform, { onServer: !!pending.serverUrl });
  const code = requireGranted(platform, query);
  const found = await exchangeConsent(rt, pending, connection, code);
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
): Promise<{ account: AccountRow; created: boolean } | { consent: ReturnType<typeof startedThroughApi> }> {
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
      return { consent: startedThroughApi(rt, await beginConsent(rt, { userId, platform, connection, app })) };
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
  const prepared = await prepareConnection(rt, userId, platform, listed);
  const { statements } = await connectionWrites(rt, prepared);
  // One batch: the accounts and their credentials exist together or not at all.
  const results = await runBatch(rt.db, statements);
  return { accounts: await writtenAccounts(rt, prepared, results), created: prepared.fresh.length > 0 };
}

export type PreparedConnection = Awaited<ReturnType<typeof prepareConnection>>;

/**
 * The accounts a consent brings, checked before anything is written: an identity another user holds refuses the
 * whole connection (409 `account_taken`, never moved), and the identities new to Herald, or coming back after a
 * disconnect, must fit in the user's plan (403 `feature_disabled`). `existing` are the user's own accounts of these identities, refreshed on write.
 */
export async function prepareConnection(
  rt: Runtime,
  userId: string,
  platform: PlatformKey,
  listed: ConnectedAccount[],
) {
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
  // A disconnected account coming back takes a place like a new one; an active one refreshed takes none.
  const returning = found.filter((f) => existing.get(f.identity.platformUserId)?.status === "disconnected");
  const adding = fresh.length + returning.length;
  // Checked here to refuse early, and again inside every write (`fitsPlan`), where concurrent connections meet.
  const limit = adding > 0 ? await requireRoomForAccounts(rt, userId, adding) : null;
  return { userId, platform, found, existing, fresh, adding, limit };
}

/**
 * True while the user's other accounts and every account of this connection fit the plan's `limit`: the condition of
 * each write of a connection that adds accounts, so connections finishing at once never take more places than there
 * are. The connection's own accounts are left out of the count (a JSON list: one parameter however many), so the
 * condition holds or fails alike for every statement of its batch: all of it is written, or none.
 */
const fitsPlan = (userId: string, accountIds: string[], limit: number) =>
  sql`(SELECT count(*) FROM ${accounts} WHERE ${accounts.userId} = ${userId} AND ${accounts.status} != 'disconnected' AND ${accounts.id} NOT IN (SELECT value FROM json_each(${JSON.stringify(accountIds)}))) + ${accountIds.length} <= ${limit}`;

/**
 * Two statements per account, in the order the platform gave them: the account's insert or refresh (returning
 * its row), then its sealed credentials; and the accounts' ids in that order. With `groupId` every account is put
 * in that group. A connection that adds accounts writes each only while they all fit the plan (`fits`, for the
 * caller's own statements in the same batch too).
 */
export async function connectionWrites(rt: Runtime, prepared: PreparedConnection, options: { groupId?: string } = {}) {
  const { userId, platform, found, existing } = prepared;
  const accountIds = found.map(({ identity }) => existing.get(identity.platformUserId)?.id ?? newId("acct"));
  const fits = prepared.limit === null ? sql`1` : fitsPlan(userId, accountIds, prepared.limit);
  const statements = [];
  for (const [i, { identity, credentials }] of found.entries()) {
    const held = existing.get(identity.platformUserId);
    const id = accountIds[i]!;
    const facts = {
      ...connectionFacts(platform, identity, held),
      ...(options.groupId ? { groupId: options.groupId } : {}),
    };
    const row = {
      groupId: null,
      ...facts,
      id,
      userId,
      platform,
      platformUserId: identity.platformUserId,
      createdAt: rt.clock.now(),
    };
    statements.push(
      held
        ? rt.db
            .update(accounts)
            .set(facts)
            .where(and(eq(accounts.id, id), fits))
            .returning()
        : insertIf(rt.db, accounts, row, fits).returning(),
      credentialsUpsert(rt, id, await sealCredentials(rt, id, credentials), fits),
    );
  }
  return { statements, accountIds, fits };
}

/**
 * The account rows out of the answers of a batch that begins with `connectionWrites`; 403 `feature_disabled` when
 * none was written because the plan had no room left by then (a connection finished at the same moment took it).
 */
export async function writtenAccounts(rt: Runtime, prepared: PreparedConnection, results: unknown[]) {
  const rows = results
    .slice(0, prepared.found.length * 2)
    .filter((_, i) => i % 2 === 0)
    .map((r) => (r as AccountRow[])[0]);
  if (rows.every((row): row is AccountRow => row !== undefined)) return rows;
  const { plan, room } = await roomOf(rt, prepared.userId);
  throw noRoom(prepared.adding, room, plan);
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
  businessAccountId: identity.businessAccountId ?? existing?.businessAccountId ?? null,
  status: "active",
});

/** The user's plan, its account limit, and the places left under it now. */
async function roomOf(rt: Runtime, userId: string) {
  const [user] = await rt.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  const plan = user?.plan ?? "free";
  const limit = planOf(plan).accounts;
  const [held] = await rt.db
    .select({ n: sql<number>`count(*)` })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ne(accounts.status, "disconnected")));
  return { plan, limit, room: Math.max(0, limit - (held?.n ?? 0)) };
}

/** 403 `feature_disabled`: the plan has no room for the accounts a connection brings. */
function noRoom(adding: number, room: number, plan: string) {
  const what = adding === 1 ? "" : `; this connection brings ${adding} new accounts and there is room for ${room}`;
  return new AppError(
    "feature_disabled",
    `Connected accounts: the ${plan} plan holds at most ${planOf(plan).accounts}${what}`,
  );
}

/** Refuses (403 `feature_disabled`) unless the user's plan has room for `adding` more accounts now; answers its limit. */
export async function requireRoomForAccounts(rt: Runtime, userId: string, adding: number): Promise<number> {
  const { plan, limit, room } = await roomOf(rt, userId);
  if (adding > room) throw noRoom(adding, room, plan);
  return limit;
}

/**
 * Disconnects the user's account: its credentials are deleted and it stays as `disconnected`, so its
 * posts keep their history and scheduled posts to it fail clearly at publish time; `account.disconnected` (reason
 * `owner`) is sent, once. The platform is then asked, through a queue, to revoke the deleted tokens; that never
 * holds up or fails the disconnect.
 */
export async function disconnectAccount(rt: Runtime, userId: string, accountId: string): Promise<AccountRow> {
  const account = await getOwnedAccount(rt, userId, accountId);
  const [, moved, [stored]] = await rt.db.batch([
    ...accountLossStatements(rt, account, "owner"),
    credentialsDelete(rt, account.id),
  ]);
  if (moved.length > 0) await eventsWritten(rt);
  if (stored) {
    const platform = account.platform as PlatformKey;
    await queueRevocation(rt, { accountId: account.id, platform, sealed: stored.sealed });
  }
  return { ...account, status: "disconnected" };
}
