// A consent on a platform's page, from start to callback, bound to the browser that started it.
import { and, eq } from "drizzle-orm";
import { connectStates } from "../../db/schema";
import { constantTimeEqual, pkceChallenge, pkcePair, sha256Hex } from "../../lib/crypto";
import { AppError, validationError } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import { realPlatform } from "../../platforms";
import { PLATFORM_KEYS, type PlatformKey } from "../../platforms/catalog";
import { sandboxConsentConnection } from "../../platforms/sandbox-consent";
import { type ConnectedAccount, type OAuthApp, type OAuthConnection, PlatformError } from "../../platforms/types";
import type { Runtime } from "../runtime";
import { encryptionKey, openSecret, sealSecret } from "../secrets";
import { storedApp } from "./oauth-apps";

/**
 * A consent on a platform's page, from start to callback, for every platform and both ways in (the owner's
 * own connection and a client's through an invite). The rule kept here: only the browser that started a
 * consent may finish it (see "Consent bound to the browser" in docs/decisions/oauth-and-keys.md).
 */

/** How long a started OAuth connection waits for the platform's redirect. */
export const CONNECT_STATE_TTL_MS = 10 * 60_000;
const STATE_PURPOSE = "herald/connect-state/v1";
const INVITE_TOKEN_PURPOSE = "herald/connect-state-invite/v1";

export type ConsentState = typeof connectStates.$inferSelect;

export const callbackUrl = (rt: Runtime, platform: PlatformKey) =>
  `${rt.config.public_base_url}/api/v1/connect/${platform}/callback`;

/** The Herald page an API-started consent is opened at: it binds the browser, then sends it to the platform. */
export const consentStartUrl = (rt: Runtime, state: string) => `${rt.config.public_base_url}/connect/start/${state}`;

/** What the browser finishing a consent shows of itself. */
export interface BrowserProof {
  /** The nonce of its `herald_consent` cookie. */
  nonce?: string;
  /** The Herald user it is signed in as. */
  sessionUserId?: string;
}

/** The real platform's way of connecting, refusing clearly when this deployment cannot connect it. */
export function connectionOf(rt: Runtime, platform: PlatformKey) {
  const connection = realPlatform(rt, platform).connection;
  if (!connection) throw new AppError("platform_not_configured", `${platform} cannot be connected yet`);
  return connection;
}

/** The platform's connection on this deployment, or undefined where it is not set up (no adapter, no app). */
export function connectionIfSetUp(rt: Runtime, platform: PlatformKey) {
  try {
    return connectionOf(rt, platform);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/**
 * Whether the platform's own consent page is set up here: OAuth with its app configured, the same for every user
 * or, for a consent begun on a user's server (Mastodon), on that server.
 */
function hasOwnConsent(rt: Runtime, platform: PlatformKey, onServer = false) {
  const connection = connectionIfSetUp(rt, platform);
  return connection?.kind === "oauth" && (!connection.perServer || onServer);
}

/** Whose consent it is: a client's through an invite, or one begun on the user's own server. */
interface ConsentOptions {
  invite?: boolean;
  onServer?: boolean;
}

/**
 * In sandbox mode the sandbox consent page stands in for a platform: for a client's invite always (it goes where
 * publishing goes), for the owner where the platform's own consent page is not set up (so a newcomer connects every
 * platform from the dashboard; one whose app is configured speaks to the real platform).
 */
export const sandboxStandsIn = (rt: Runtime, platform: PlatformKey, options: ConsentOptions = {}) =>
  rt.sandbox && (options.invite === true || !hasOwnConsent(rt, platform, options.onServer));

/** The platforms the owner connects through a consent page (`GET /api/v1/connect/{platform}`, the dashboard). */
export const consentPlatforms = (rt: Runtime): PlatformKey[] =>
  PLATFORM_KEYS.filter((platform) => hasOwnConsent(rt, platform) || sandboxStandsIn(rt, platform));

/** The platform's consent (OAuth) connection, or the sandbox's where it stands in. */
export function oauthConnectionOf(rt: Runtime, platform: PlatformKey, options: ConsentOptions = {}): OAuthConnection {
  if (sandboxStandsIn(rt, platform, options)) return sandboxConsentConnection(rt, platform);
  const connection = connectionOf(rt, platform);
  if (connection.kind !== "oauth") {
    throw new AppError("wrong_connect_method", `${platform} has no consent page; connect it with its credentials`);
  }
  return connection;
}

/** A platform's failure while connecting, as the user should see it. */
export function connectFailure(platform: PlatformKey, error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.failure === "refused" || error.failure === "auth_expired") {
    return new AppError("connect_refused", `${platform} refused the connection: ${error.message}`);
  }
  return new AppError("platform_unreachable", `${platform} could not be reached; try again: ${error.message}`);
}

/**
 * Starts a consent: a state bound to the user (kept hashed, for 10 minutes, with the server on federated
 * platforms, and the invite it came from), a PKCE verifier (kept encrypted), and the platform's authorization
 * URL. `browserNonce` binds it to the browser at once; without one, the browser binds when it opens
 * `consentStartUrl`.
 */
export async function beginConsent(
  rt: Runtime,
  request: {
    userId: string;
    platform: PlatformKey;
    connection: OAuthConnection;
    app?: OAuthApp;
    invite?: { id: string; token: string };
    browserNonce?: string;
  },
) {
  encryptionKey(rt);
  const state = randomToken(43);
  const stateHash = await sha256Hex(state);
  const { verifier, challenge } = await pkcePair();
  const expiresAt = rt.clock.now() + CONNECT_STATE_TTL_MS;
  const { invite, browserNonce, platform } = request;
  await rt.db.insert(connectStates).values({
    stateHash,
    userId: request.userId,
    platform,
    sealedVerifier: await sealSecret(rt, STATE_PURPOSE, stateHash, verifier),
    serverUrl: request.app?.serverUrl ?? null,
    browserHash: browserNonce ? await sha256Hex(browserNonce) : null,
    inviteId: invite?.id ?? null,
    sealedInviteToken: invite ? await sealSecret(rt, INVITE_TOKEN_PURPOSE, stateHash, invite.token) : null,
    expiresAt,
  });
  const redirectUri = callbackUrl(rt, platform);
  const authorizationUrl = request.connection.authorizationUrl({
    state,
    codeChallenge: challenge,
    redirectUri,
    app: request.app,
  });
  return { state, authorizationUrl, expiresAt };
}

const unknownState = () =>
  new AppError("invalid_state", "This connection is unknown, already used or expired; start it again");

/**
 * `GET /connect/start/<state>`: the browser signed in as the user who started the consent through the API takes
 * it (its nonce is stored with the state) and is sent on to the platform. Answers the platform's URL.
 */
export async function bindConsentToBrowser(rt: Runtime, state: string, browser: { userId: string; nonce: string }) {
  const stateHash = await sha256Hex(state);
  const [pending] = await rt.db.select().from(connectStates).where(eq(connectStates.stateHash, stateHash));
  if (!pending || pending.inviteId || pending.expiresAt <= rt.clock.now()) throw unknownState();
  if (pending.userId !== browser.userId) {
    throw new AppError(
      "other_user_signed_in",
      "This connection was started by another Herald user than the one signed in here; nothing was connected",
    );
  }
  await rt.db
    .update(connectStates)
    .set({ browserHash: await sha256Hex(browser.nonce) })
    .where(eq(connectStates.stateHash, stateHash));
  const platform = pending.platform as PlatformKey;
  const connection = oauthConnectionOf(rt, platform, { onServer: !!pending.serverUrl });
  const verifier = await openSecret(rt, STATE_PURPOSE, stateHash, pending.sealedVerifier);
  const app = pending.serverUrl ? (await storedApp(rt, platform, pending.serverUrl))?.app : undefined;
  return connection.authorizationUrl({
    state,
    codeChallenge: await pkceChallenge(verifier),
    redirectUri: callbackUrl(rt, platform),
    app,
  });
}

/**
 * The one rule of the round trip: the consent's own browser (its cookie nonce matches the one stored), or, for the
 * owner's own connections, a browser signed in as that owner.
 */
async function startedHere(pending: ConsentState, browser: BrowserProof) {
  if (pending.browserHash && browser.nonce && constantTimeEqual(await sha256Hex(browser.nonce), pending.browserHash)) {
    return true;
  }
  return !pending.inviteId && browser.sessionUserId === pending.userId;
}

/**
 * The callback's first step: the state is used up whatever happens next, then it must be known, in time, and
 * arriving in the browser that started it. Anything else is refused before the platform is asked anything.
 */
export async function claimConsentState(rt: Runtime, platform: PlatformKey, state: string, browser: BrowserProof) {
  const stateHash = await sha256Hex(state);
  const [pending] = await rt.db
    .delete(connectStates)
    .where(and(eq(connectStates.stateHash, stateHash), eq(connectStates.platform, platform)))
    .returning();
  if (!pending || pending.expiresAt <= rt.clock.now()) throw unknownState();
  if (!(await startedHere(pending, browser))) {
    throw new AppError(
      "wrong_browser",
      "This connection was started in another browser, so nothing was connected. Start it again from the page you were given.",
    );
  }
  return pending;
}

/** The invite link's token a consent came from, for the page after it. */
export const inviteTokenOf = (rt: Runtime, pending: ConsentState) =>
  pending.sealedInviteToken ? openSecret(rt, INVITE_TOKEN_PURPOSE, pending.stateHash, pending.sealedInviteToken) : null;

export interface CallbackQuery {
  state: string;
  code?: string;
  error?: string;
  error_description?: string;
}

/** Refuses a callback that says the user declined (`connect_denied`) or brings no code. */
export function requireGranted(platform: PlatformKey, query: CallbackQuery): string {
  if (query.error) {
    throw new AppError("connect_denied", `${platform} did not grant access: ${query.error_description ?? query.error}`);
  }
  if (!query.code) throw validationError("code", "Required");
  return query.code;
}

/** Exchanges the code for credentials and reads whom they speak for: one account, or each the consent granted. */
export async function exchangeConsent(
  rt: Runtime,
  pending: ConsentState,
  connection: OAuthConnection,
  code: string,
): Promise<ConnectedAccount[]> {
  const platform = pending.platform as PlatformKey;
  const codeVerifier = await openSecret(rt, STATE_PURPOSE, pending.stateHash, pending.sealedVerifier);
  const app = connection.perServer && pending.serverUrl ? await storedApp(rt, platform, pending.serverUrl) : undefined;
  if (connection.perServer && !app) {
    throw new AppError("invalid_state", "This connection names no server Herald knows; start it again");
  }
  try {
    const credentials = await connection.exchangeCode({
      code,
      codeVerifier,
      redirectUri: callbackUrl(rt, platform),
      app: app?.app,
    });
    return connection.accounts
      ? await connection.accounts(credentials)
      : [{ identity: await connection.identify(credentials), credentials }];
  } catch (error) {
    throw connectFailure(platform, error);
  }
}
