// Follower counts: a daily snapshot per account from its platform's profile, and an account's growth in a window.
import { and, asc, eq, gte, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { accounts, followerSnapshots } from "../../db/schema";
import { dayOf } from "../../lib/clock";
import { getPlatform } from "../../platforms";
import { PLATFORMS, type PlatformKey } from "../../platforms/catalog";
import type { MetricsReadMessage } from "../../queues/metrics-reads";
import { type AccountRow, getOwnedAccount } from "../accounts/accounts";
import { withCredentials } from "../accounts/credentials";
import type { Runtime } from "../runtime";
import { resolveWindow, type WindowInput } from "./window";

/** Platforms whose profile read reports followers (`PLATFORMS[key].reportsFollowers`). */
export const FOLLOWER_PLATFORMS = (Object.keys(PLATFORMS) as PlatformKey[]).filter(
  (k) => PLATFORMS[k].reportsFollowers,
);

/**
 * The daily job's part: one profile read message for each active account of a platform that reports followers and
 * has no snapshot today yet (one call per account a day, on the metrics read queue beside the posts' reads).
 */
export async function followerReadMessages(rt: Runtime): Promise<MetricsReadMessage[]> {
  const today = dayOf(rt.clock.now());
  const rows = await rt.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.status, "active"),
        inArray(accounts.platform, FOLLOWER_PLATFORMS),
        sql`NOT EXISTS (SELECT 1 FROM ${followerSnapshots} WHERE ${followerSnapshots.accountId} = ${accounts.id} AND ${followerSnapshots.day} = ${today})`,
      ),
    );
  return rows.map((r) => ({ accountId: r.id, targetIds: [], followers: true }));
}

/**
 * Today's follower snapshot of the account: the day is claimed (a row with no count yet) before the platform is
 * called, so racing jobs and redelivered messages read the profile once a day. A read that fails or reports no
 * count gives the day back; the failure goes to the queue, which tries again later.
 */
export async function snapshotFollowers(rt: Runtime, account: AccountRow): Promise<number | null> {
  if (!PLATFORMS[account.platform as PlatformKey]?.reportsFollowers) return null;
  const claim = { accountId: account.id, day: dayOf(rt.clock.now()) };
  const [claimed] = await rt.db
    .insert(followerSnapshots)
    .values({ ...claim, userId: account.userId, followers: null, readAt: rt.clock.now() })
    .onConflictDoNothing()
    .returning({ day: followerSnapshots.day });
  if (!claimed) return null;
  const giveBack = () =>
    rt.db
      .delete(followerSnapshots)
      .where(and(eq(followerSnapshots.accountId, claim.accountId), eq(followerSnapshots.day, claim.day)));
  try {
    const adapter = getPlatform(rt, account.platform as PlatformKey);
    const readProfile = adapter.readProfile?.bind(adapter);
    const profile = readProfile ? await withCredentials(rt, account, adapter, readProfile) : undefined;
    if (profile?.followers === undefined) {
      await giveBack();
      return null;
    }
    await rt.db
      .update(followerSnapshots)
      .set({ followers: profile.followers, readAt: rt.clock.now() })
      .where(and(eq(followerSnapshots.accountId, claim.accountId), eq(followerSnapshots.day, claim.day)));
    return profile.followers;
  } catch (error) {
    await giveBack();
    throw error;
  }
}

export interface FollowerPoint {
  date: string;
  followers: number;
}

/** The change from the first to the last point, and as a percentage of the first (null without a base). */
export function growthOf(points: FollowerPoint[]) {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return { change: 0, change_percent: null };
  const change = last.followers - first.followers;
  return { change, change_percent: first.followers > 0 ? Math.round((change / first.followers) * 1000) / 10 : null };
}

/** The accounts' daily follower counts on the UTC days of [from, to), oldest first, per account. */
export async function followerPoints(rt: Runtime, accountIds: string[], from: number, to: number) {
  const byAccount = new Map<string, FollowerPoint[]>(accountIds.map((id) => [id, []]));
  if (accountIds.length === 0) return byAccount;
  const rows = await rt.db
    .select()
    .from(followerSnapshots)
    .where(
      and(
        inArray(followerSnapshots.accountId, accountIds),
        gte(followerSnapshots.day, dayOf(from)),
        lte(followerSnapshots.day, dayOf(to - 1)),
        isNotNull(followerSnapshots.followers),
      ),
    )
    .orderBy(asc(followerSnapshots.day));
  for (const row of rows) byAccount.get(row.accountId)?.push({ date: row.day, followers: row.followers! });
  return byAccount;
}

/** An account's follower counts in a window (default the last 30 days), with its change; another user's is 404. */
export async function getFollowerGrowth(rt: Runtime, userId: string, accountId: string, input: WindowInput) {
  const account = await getOwnedAccount(rt, userId, accountId);
  const { from, to } = resolveWindow(rt, input);
  const points = (await followerPoints(rt, [account.id], from, to)).get(account.id) ?? [];
  return {
    account_id: account.id,
    platform: account.platform,
    reports_followers: PLATFORMS[account.platform as PlatformKey]?.reportsFollowers ?? false,
    points,
    ...growthOf(points),
  };
}
