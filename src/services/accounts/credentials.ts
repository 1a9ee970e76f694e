// Platform credentials: sealed for storage, opened for a call, refreshed before they expire.
import { and, asc, eq, isNull, lt, lte, or, type SQL } from "drizzle-orm";
import { insertIf } from "../../db/insert-if";
import { accountCredentials, accounts } from "../../db/schema";
import { realPlatform } from "../../platforms";
import type { PlatformKey } from "../../platforms/catalog";
import { type Platform, type PlatformAccount, type PlatformCredentials, PlatformError } from "../../platforms/types";
import type { Runtime } from "../runtime";
import { openSecret, sealSecret } from "../secrets";
import { markAccountLost } from "./account-loss";
import { type AccountRow, toPlatformAccount } from "./accounts";

const PURPOSE = "herald/platform-credentials/v1";
/** Tokens with less than this left are refreshed before they are used. */
const REFRESH_AHEAD_MS = 10 * 60_000;
/** The refresh job renews tokens expiring within this window; it runs hourly, so nothing lapses between runs. */
const REFRESH_WINDOW_MS = 75 * 60_000;
const REFRESH_LEASE_MS = 60_000;
const REFRESH_BATCH = 50;

type CredentialRow = typeof accountCredentials.$inferSelect;

type SealedCredentials = Omit<CredentialRow, "accountId">;

/** Encrypts an account's credentials for storage, bound to the account id. */
export async function sealCredentials(
  rt: Runtime,
  accountId: string,
  credentials: PlatformCredentials,
): Promise<SealedCredentials> {
  return {
    sealed: await sealSecret(rt, PURPOSE, accountId, JSON.stringify(credentials)),
    expiresAt: typeof credentials.expiresAt === "number" ? credentials.expiresAt : null,
    refreshLeaseUntil: null,
    updatedAt: rt.clock.now(),
  };
}

/**
 * The statement that stores (or replaces) an account's sealed credentials; it can join a batch, and with `condition`
 * it writes only while that holds (the guard of the account's own write beside it).
 */
export const credentialsUpsert = (rt: Runtime, accountId: string, sealed: SealedCredentials, condition?: SQL) =>
  (condition
    ? insertIf(rt.db, accountCredentials, { accountId, ...sealed }, condition)
    : rt.db.insert(accountCredentials).values({ accountId, ...sealed })
  ).onConflictDoUpdate({ target: accountCredentials.accountId, set: sealed });

/** The statement that deletes an account's credentials, answering what was stored (to revoke it). */
export const credentialsDelete = (rt: Runtime, accountId: string) =>
  rt.db
    .delete(accountCredentials)
    .where(eq(accountCredentials.accountId, accountId))
    .returning({ sealed: accountCredentials.sealed });

/** Credentials sealed for the account, whether or not they are still stored. */
export async function openCredentials(rt: Runtime, accountId: string, sealed: string): Promise<PlatformCredentials> {
  return JSON.parse(await openSecret(rt, PURPOSE, accountId, sealed));
}

const open = (rt: Runtime, row: CredentialRow) => openCredentials(rt, row.accountId, row.sealed);

/** The account's credentials as stored now, or null when it holds none. */
export async function storedCredentials(rt: Runtime, accountId: string): Promise<PlatformCredentials | null> {
  const [row] = await rt.db.select().from(accountCredentials).where(eq(accountCredentials.accountId, accountId));
  return row ? open(rt, row) : null;
}

const releaseLease = (rt: Runtime, accountId: string) =>
  rt.db.update(accountCredentials).set({ refreshLeaseUntil: null }).where(eq(accountCredentials.accountId, accountId));

interface Loaded {
  credentials: PlatformCredentials;
  /** `updatedAt` of the stored row these credentials came from. */
  version: number;
  expiresAt: number | null;
}

async function load(rt: Runtime, accountId: string): Promise<Loaded> {
  const [row] = await rt.db.select().from(accountCredentials).where(eq(accountCredentials.accountId, accountId));
  if (!row) throw new PlatformError("auth_expired", "Herald holds no credentials for this account; connect it again");
  return { credentials: await open(rt, row), version: row.updatedAt, expiresAt: row.expiresAt };
}

/**
 * Replaces the account's tokens with fresh ones from the platform. One worker refreshes at a time (a
 * lease in the row): platforms such as X rotate refresh tokens, so two refreshes would spend the same
 * one twice. A refresh the platform refuses marks the account `reauth_required` (`account.disconnected`).
 */
async function refresh(rt: Runtime, account: AccountRow, platform: Platform, used: Loaded, force: boolean) {
  const renew = platform.connection?.refresh;
  if (!renew) return used;
  const now = rt.clock.now();
  const [claimed] = await rt.db
    .update(accountCredentials)
    .set({ refreshLeaseUntil: now + REFRESH_LEASE_MS })
    .where(
      and(
        eq(accountCredentials.accountId, account.id),
        or(isNull(accountCredentials.refreshLeaseUntil), lt(accountCredentials.refreshLeaseUntil, now)),
      ),
    )
    .returning();
  if (!claimed) {
    // Another worker is refreshing: the current tokens do until they expire.
    if (!force && (used.expiresAt === null || used.expiresAt > now)) return used;
    throw new PlatformError("transient", "The account's tokens are being refreshed; trying again shortly");
  }
  if (claimed.updatedAt !== used.version) {
    // Someone refreshed between our read and our claim: theirs are the tokens to use.
    await releaseLease(rt, account.id);
    return { credentials: await open(rt, claimed), version: claimed.updatedAt, expiresAt: claimed.expiresAt };
  }
  let fresh: PlatformCredentials;
  try {
    fresh = await renew(used.credentials);
  } catch (error) {
    await releaseLease(rt, account.id);
    if (error instanceof PlatformError && error.failure === "auth_expired") {
      await markAccountLost(rt, account, "reauth_required");
    }
    throw error;
  }
  const sealed = await sealCredentials(rt, account.id, fresh);
  await credentialsUpsert(rt, account.id, sealed);
  return { credentials: fresh, version: sealed.updatedAt, expiresAt: sealed.expiresAt };
}

const dueForRefresh = (rt: Runtime, loaded: Loaded, aheadMs: number) =>
  loaded.expiresAt !== null && loaded.expiresAt - rt.clock.now() < aheadMs;

/**
 * Calls the platform for the account with its stored credentials, refreshed first when they are about
 * to expire. When the platform answers that they no longer work, they are refreshed once and the call
 * tried again (an answer of 401 means nothing was done). Sandbox accounts have no credentials.
 */
export async function withCredentials<T>(
  rt: Runtime,
  account: AccountRow,
  platform: Platform,
  call: (account: PlatformAccount) => Promise<T>,
): Promise<T> {
  if (!platform.connection) return call(toPlatformAccount(account));
  let loaded = await load(rt, account.id);
  if (dueForRefresh(rt, loaded, REFRESH_AHEAD_MS)) loaded = await refresh(rt, account, platform, loaded, false);
  try {
    return await call(toPlatformAccount(account, loaded.credentials));
  } catch (error) {
    if (!(error instanceof PlatformError && error.failure === "auth_expired" && platform.connection.refresh))
      throw error;
    const fresh = await refresh(rt, account, platform, loaded, true);
    return call(toPlatformAccount(account, fresh.credentials));
  }
}

/**
 * The hourly refresh: renews the tokens of active accounts that expire within the window, so tokens
 * stay alive between posts. Also forgets OAuth connections that were started and never finished.
 */
export async function refreshExpiringCredentials(rt: Runtime) {
  const now = rt.clock.now();
  const due = await rt.db
    .select({ account: accounts })
    .from(accountCredentials)
    .innerJoin(accounts, eq(accounts.id, accountCredentials.accountId))
    .where(and(eq(accounts.status, "active"), lte(accountCredentials.expiresAt, now + REFRESH_WINDOW_MS)))
    .orderBy(asc(accountCredentials.expiresAt))
    .limit(REFRESH_BATCH);
  const counts = { refreshed: 0, reauth_required: 0, failed: 0 };
  for (const { account } of due) {
    try {
      const platform = realPlatform(rt, account.platform as PlatformKey);
      await refresh(rt, account, platform, await load(rt, account.id), false);
      counts.refreshed++;
    } catch (error) {
      if (error instanceof PlatformError && error.failure === "auth_expired") counts.reauth_required++;
      else counts.failed++;
    }
  }
  return counts;
}
