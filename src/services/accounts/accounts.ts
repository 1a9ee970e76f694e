// Connected accounts: the owner's rows, as the API shows them and as adapters take them, and connecting one.
import { and, asc, eq, inArray } from "drizzle-orm";
import { type Read, readTogether } from "../../db/batch";
import { fixedSelect, placeholder } from "../../db/fixed-statement";
import { chunksFor } from "../../db/limits";
import { type ACCOUNT_STATUSES, accounts } from "../../db/schema";
import { iso } from "../../lib/clock";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { defaultTextLimit, type PlatformKey } from "../../platforms/catalog";
import type { Destination, PlatformAccount, PlatformCredentials } from "../../platforms/types";
import type { AccountFacts } from "../../schemas/sandbox";
import type { Runtime } from "../runtime";
import { rememberAccounts } from "./remembered-accounts";

type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export type AccountRow = typeof accounts.$inferSelect;

export const presentAccount = (row: AccountRow) => ({
  id: row.id,
  platform: row.platform as PlatformKey,
  name: row.name,
  platform_user_id: row.platformUserId,
  text_limit: row.textLimit,
  group_id: row.groupId,
  status: row.status as AccountStatus,
  subscription_tier: row.subscriptionTier,
  created_at: iso(row.createdAt),
});

export const toPlatformAccount = (row: AccountRow, credentials?: PlatformCredentials): PlatformAccount => ({
  id: row.id,
  platform: row.platform as PlatformKey,
  platformUserId: row.platformUserId,
  subscriptionTier: row.subscriptionTier,
  destinations: row.destinations,
  ...(credentials ? { credentials } : {}),
});

/** `found` added to `old`, replacing any with the same id (a new label). */
export const mergeDestinations = (old: Destination[], found: Destination[]) => [
  ...old.filter((d) => !found.some((f) => f.id === d.id)),
  ...found,
];

const accountsOfUser = fixedSelect<typeof accounts, "userId">(accounts, (db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, placeholder("userId")))
    .orderBy(asc(accounts.createdAt), asc(accounts.id)),
);

const accountsOfUserOn = fixedSelect<typeof accounts, "userId" | "platform">(accounts, (db) =>
  db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, placeholder("userId")), eq(accounts.platform, placeholder("platform"))))
    .orderBy(asc(accounts.createdAt), asc(accounts.id)),
);

/** The user's accounts (on one platform, if given), oldest first: the connected-accounts list. */
export function listAccounts(rt: Runtime, userId: string, platform?: string): Promise<AccountRow[]> {
  return platform ? accountsOfUserOn(rt.db, { userId, platform }) : accountsOfUser(rt.db, { userId });
}

/** The user's account, or 404: another user's account id is indistinguishable from an unknown one. */
export async function getOwnedAccount(rt: Runtime, userId: string, accountId: string): Promise<AccountRow> {
  const [row] = await rt.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, accountId), eq(accounts.userId, userId)));
  if (!row) throw notFound("Account");
  return row;
}

/**
 * Which of `accountIds` are the user's: those found (by id) and those missing, in the order given. Another user's
 * account is missing, indistinguishable from an unknown id. The one check of "these accounts belong to this user",
 * read in chunks so any number of ids fits D1's 100 bound parameters.
 */
export async function ownedAccounts(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
): Promise<{ byId: Map<string, AccountRow>; missing: string[] }> {
  const [owned] = await readTogether(rt.db, [ownedAccountsRead(rt, userId, accountIds)]);
  return owned;
}

/** `ownedAccounts` as a read that can share a round trip with others (`readTogether`). */
export function ownedAccountsRead(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
): Read<{ byId: Map<string, AccountRow>; missing: string[] }> {
  const unique = [...new Set(accountIds)];
  return {
    statements: chunksFor(unique, 1, 1).map((ids) =>
      rt.db
        .select()
        .from(accounts)
        .where(and(eq(accounts.userId, userId), inArray(accounts.id, ids))),
    ),
    answer: (results) => {
      const byId = new Map((results as AccountRow[][]).flat().map((row) => [row.id, row]));
      rememberAccounts(byId.values());
      return { byId, missing: unique.filter((id) => !byId.has(id)) };
    },
  };
}

/** The user's accounts among `accountIds`, or 400 `validation_error` naming the first one that is not (`<path>.<i>`). */
export async function requireOwnedAccounts(rt: Runtime, userId: string, accountIds: readonly string[], path: string) {
  const { byId, missing } = await ownedAccounts(rt, userId, accountIds);
  const [first] = missing;
  if (first !== undefined) throw validationError(`${path}.${accountIds.indexOf(first)}`, `account ${first} not found`);
  return byId;
}

export async function connectAccount(
  rt: Runtime,
  userId: string,
  platform: PlatformKey,
  facts: AccountFacts,
): Promise<AccountRow> {
  const id = newId("acct");
  const tier = facts.subscription_tier ?? null;
  const row: AccountRow = {
    id,
    userId,
    platform,
    name: facts.name ?? `${platform} account`,
    platformUserId: facts.platform_user_id ?? id,
    textLimit: facts.text_limit ?? defaultTextLimit(platform, tier),
    groupId: facts.group_id ?? null,
    status: facts.status ?? "active",
    subscriptionTier: tier,
    destinations: facts.destinations ?? [],
    destinationsReadAt: null,
    createdAt: rt.clock.now(),
    businessAccountId: null,
  };
  const [created] = await rt.db.insert(accounts).values(row).onConflictDoNothing().returning();
  if (!created) {
    throw new AppError("account_taken", `This ${platform} account is already connected to a Herald user`);
  }
  return created;
}

export async function updateAccountFacts(
  rt: Runtime,
  userId: string,
  accountId: string,
  facts: AccountFacts,
): Promise<AccountRow> {
  const current = await getOwnedAccount(rt, userId, accountId);
  const tier = facts.subscription_tier === undefined ? current.subscriptionTier : facts.subscription_tier;
  const tierChanged = tier !== current.subscriptionTier;
  const [row] = await rt.db
    .update(accounts)
    .set({
      name: facts.name ?? current.name,
      platformUserId: facts.platform_user_id ?? current.platformUserId,
      subscriptionTier: tier,
      // A new tier brings its own limit unless a limit is given too.
      textLimit:
        facts.text_limit ?? (tierChanged ? defaultTextLimit(current.platform as PlatformKey, tier) : current.textLimit),
      status: facts.status ?? current.status,
      destinations: facts.destinations ?? current.destinations,
      groupId: facts.group_id === undefined ? current.groupId : facts.group_id,
    })
    .where(eq(accounts.id, accountId))
    .returning();
  if (!row) throw notFound("Account");
  return row;
}
