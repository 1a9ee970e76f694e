// An account's destinations: read from the platform (cached a while), and one the user typed, checked.
import { and, eq, sql } from "drizzle-orm";
import { accounts } from "../../db/schema";
import { AppError, validationError } from "../../lib/errors";
import { getPlatform } from "../../platforms";
import { PLATFORMS, type PlatformKey } from "../../platforms/catalog";
import { type Destination, type Platform, type PlatformAccount, PlatformError } from "../../platforms/types";
import type { Principal } from "../auth/auth";
import type { Runtime } from "../runtime";
import { markAccountLost } from "./account-loss";
import { type AccountRow, getOwnedAccount, mergeDestinations } from "./accounts";
import { withCredentials } from "./credentials";

/** How long a destinations answer is reused (SPEC, Limits); `fresh` asks the platform again. */
const DESTINATIONS_CACHE_MS = 5 * 60_000;
const CHANGE_TRIES = 3;

interface DestinationsAnswer {
  mode: "list" | "manual";
  destinations: Destination[];
}

const modeOf = (account: AccountRow) => PLATFORMS[account.platform as PlatformKey].destinationMode;

/** The user's account, if it can speak to its platform: 404 for another user's, 409 `reauth_required` when it must be reconnected. */
export async function usableAccount(rt: Runtime, userId: string, accountId: string): Promise<AccountRow> {
  const account = await getOwnedAccount(rt, userId, accountId);
  if (account.status !== "active") {
    throw new AppError("reauth_required", `The account is ${account.status}: connect it again`);
  }
  return account;
}

/**
 * Calls the platform for the account. "These credentials no longer work" marks the account `reauth_required` (as
 * publishing does, sending `account.disconnected`) and answers 409; a refusal of what the user typed is a 400 on
 * `refusedField`; anything else is the platform's failure (502).
 */
export async function askPlatform<T>(
  rt: Runtime,
  account: AccountRow,
  call: (platform: Platform, account: PlatformAccount) => Promise<T>,
  refusedField?: string,
): Promise<T> {
  const platform = getPlatform(rt, account.platform as PlatformKey);
  try {
    return await withCredentials(rt, account, platform, (acct) => call(platform, acct));
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.failure === "auth_expired") {
      await markAccountLost(rt, account, "platform_revoked");
      throw new AppError("reauth_required", `${account.platform} no longer accepts the account: ${error.message}`);
    }
    if (error.failure === "refused" && refusedField) throw validationError(refusedField, error.message);
    if (error.failure === "refused") throw new AppError("platform_read_refused", error.message);
    const message = `${account.platform} could not be reached; try again: ${error.message}`;
    throw new AppError("platform_unreachable", message, { retryable: true });
  }
}

/**
 * Replaces the account's destinations only if they are still `before`, so a listing or a check running at the
 * same time as another never drops what the other added. Answers whether it did.
 */
async function replaceDestinations(
  rt: Runtime,
  accountId: string,
  before: Destination[],
  after: Destination[],
  also: { destinationsReadAt?: number } = {},
): Promise<boolean> {
  const changed = await rt.db
    .update(accounts)
    .set({ destinations: after, ...also })
    .where(and(eq(accounts.id, accountId), sql`${accounts.destinations} = ${JSON.stringify(before)}`))
    .returning({ id: accounts.id });
  return changed.length > 0;
}

/**
 * Where the account can post. The answer is the account's own list while it was read from the platform less
 * than 5 minutes ago (reconnecting forgets that read); otherwise, or with `fresh`, the platform is asked and
 * its answer becomes the account's destinations, the ones posts may target (unless `store` is false: then it is
 * only answered).
 */
export async function listDestinations(
  rt: Runtime,
  userId: string,
  accountId: string,
  options: { fresh?: boolean; store?: boolean } = {},
): Promise<DestinationsAnswer> {
  const account = await usableAccount(rt, userId, accountId);
  const mode = modeOf(account);
  const readAt = account.destinationsReadAt;
  if (!options.fresh && readAt !== null && rt.clock.now() - readAt < DESTINATIONS_CACHE_MS) {
    return { mode, destinations: account.destinations };
  }
  // A platform that lists no destinations (its account posts to itself, or the user types one) has none to list.
  const listed = await askPlatform(
    rt,
    account,
    async (platform, acct) => (await platform.listDestinations?.(acct)) ?? [],
  );
  if (options.store !== false) {
    await replaceDestinations(rt, account.id, account.destinations, listed, { destinationsReadAt: rt.clock.now() });
  }
  return { mode, destinations: listed };
}

/** Adds a destination to the account's, trying again when another change got there first. */
async function keepDestination(rt: Runtime, userId: string, account: AccountRow, destination: Destination) {
  let current = account.destinations;
  for (let tries = 0; tries < CHANGE_TRIES; tries++) {
    if (await replaceDestinations(rt, account.id, current, mergeDestinations(current, [destination]))) return;
    current = (await getOwnedAccount(rt, userId, account.id)).destinations;
  }
  throw new AppError("busy", "The account's destinations are being changed; retry", { retryable: true });
}

const sameName = (destination: Destination, input: string) => {
  const name = input.replace(/^#/, "").toLowerCase();
  return destination.id === input || destination.label.replace(/^#/, "").toLowerCase() === name;
};

/**
 * Whether the account can post to `input`, answered as `{ mode, destinations: [the one] }`. On a `manual`
 * platform the platform checks it and the destination is kept on the account (so posts may target it); on a `list`
 * platform it must be one of the listed destinations, by id or name. 400 naming `input` otherwise. A caller that
 * may not write posts (a read-only grant) gets the same answer and stores nothing, not even the listing.
 */
export async function checkDestination(
  rt: Runtime,
  principal: Principal,
  accountId: string,
  input: string,
): Promise<DestinationsAnswer> {
  const userId = principal.userId;
  const store = principal.scopes.includes("posts:write");
  const account = await usableAccount(rt, userId, accountId);
  const platform = account.platform as PlatformKey;
  if (!PLATFORMS[platform].usesDestinations) throw validationError("input", `${platform} posts take no destination`);
  if (modeOf(account) === "list") {
    const { destinations } = await listDestinations(rt, userId, accountId, { store });
    const found = destinations.find((d) => sameName(d, input));
    if (!found) throw validationError("input", `${input} is not one of the account's destinations`);
    return { mode: "list", destinations: [found] };
  }
  const checked = await askPlatform(
    rt,
    account,
    (adapter, acct) => {
      if (!adapter.checkDestination) {
        throw new AppError("platform_not_configured", `${platform} cannot check destinations`);
      }
      return adapter.checkDestination(acct, input);
    },
    "input",
  );
  if (store) await keepDestination(rt, userId, account, checked);
  return { mode: "manual", destinations: [checked] };
}
