// Best times to post: the weekday and hour cells whose posts did best, from the accounts' own published history.
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { Temporal } from "temporal-polyfill";
import { accounts, followerSnapshots, metricSamples, posts, postTargets } from "../../db/schema";
import { dayOf } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import { getOwnedAccount, requireOwnedAccounts } from "../accounts/accounts";
import type { Runtime } from "../runtime";
import { timeZoneOf } from "../users";
import { livePost, newestReading } from "./overview";

const DAY = 86_400_000;
/** Below this many published posts with a metrics reading, no answer is given (`basis: "insufficient"`). */
export const MIN_POSTS = 10;
/** A cell needs this many posts to be ranked: one lucky post is not a best time. */
export const MIN_CELL_POSTS = 2;
/** Cells in the answer. */
export const TOP_CELLS = 10;

export type Basis = "account" | "workspace" | "insufficient";

export interface Cell {
  /** 0 Sunday … 6 Saturday, as posting slots count. */
  weekday: number;
  hour: number;
  posts: number;
  median_engagement: number;
  /** The cell's median against the median of every post in the sample: 1 is a typical post. */
  score: number;
}

interface Sample {
  publishedAt: number;
  accountId: string;
  engagement: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The published targets of `accountIds` in [from, to) that have a metrics reading, with their engagement. */
async function samplesOf(rt: Runtime, userId: string, accountIds: string[], from: number, to: number) {
  if (accountIds.length === 0) return [];
  return rt.db
    .select({
      publishedAt: postTargets.publishedAt,
      accountId: postTargets.accountId,
      likes: metricSamples.likes,
      comments: metricSamples.comments,
      reposts: metricSamples.reposts,
    })
    .from(postTargets)
    .innerJoin(posts, livePost)
    .innerJoin(metricSamples, newestReading(rt))
    .where(
      and(
        eq(postTargets.userId, userId),
        eq(postTargets.status, "published"),
        inArray(postTargets.accountId, accountIds),
        gte(postTargets.publishedAt, from),
        lt(postTargets.publishedAt, to),
      ),
    )
    .then((rows) =>
      rows.map(
        (r): Sample => ({
          publishedAt: r.publishedAt!,
          accountId: r.accountId,
          engagement: r.likes + r.comments + r.reposts,
        }),
      ),
    );
}

/** Each post's followers when it went out: the account's snapshot of that day or the nearest before, else after. */
async function followersAtPublish(rt: Runtime, samples: Sample[]): Promise<(number | null)[]> {
  const ids = [...new Set(samples.map((s) => s.accountId))];
  if (ids.length === 0) return [];
  const rows = await rt.db
    .select({ accountId: followerSnapshots.accountId, day: followerSnapshots.day, n: followerSnapshots.followers })
    .from(followerSnapshots)
    .where(inArray(followerSnapshots.accountId, ids))
    .orderBy(asc(followerSnapshots.day));
  return samples.map((s) => {
    const day = dayOf(s.publishedAt);
    const own = rows.filter((r) => r.accountId === s.accountId && r.n !== null && r.n > 0);
    const before = own.filter((r) => r.day <= day).at(-1);
    return (before ?? own.find((r) => r.day > day))?.n ?? null;
  });
}

/**
 * The cells of a sample, best first: each post's engagement (likes + comments + reposts at its latest reading), per
 * 1,000 followers when every post's follower count is known, grouped by the weekday and hour it went out in `zone`.
 */
async function rankCells(rt: Runtime, samples: Sample[], zone: string) {
  const followers = await followersAtPublish(rt, samples);
  const normalized = followers.length > 0 && followers.every((n) => n !== null);
  const values = samples.map((s, i) => (normalized ? (s.engagement / followers[i]!) * 1000 : s.engagement));
  const base = median(values) || values.reduce((a, b) => a + b, 0) / values.length || 1;
  const byCell = new Map<number, number[]>();
  samples.forEach((s, i) => {
    const at = Temporal.Instant.fromEpochMilliseconds(s.publishedAt).toZonedDateTimeISO(zone);
    const key = (at.dayOfWeek % 7) * 24 + at.hour;
    byCell.set(key, [...(byCell.get(key) ?? []), values[i]!]);
  });
  const cells: Cell[] = [...byCell].map(([key, cellValues]) => {
    const middle = median(cellValues);
    return {
      weekday: Math.floor(key / 24),
      hour: key % 24,
      posts: cellValues.length,
      median_engagement: round(middle, 2),
      score: round(middle / base, 2),
    };
  });
  cells.sort((a, b) => b.score - a.score || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour);
  return { cells, unit: normalized ? ("per_1000_followers" as const) : ("engagement" as const) };
}

export interface BestTimes {
  basis: Basis;
  zone: string;
  days: number;
  /** Posts in the sample the answer rests on (of the accounts, or of the workspace's on their platforms). */
  posts: number;
  minimum_posts: number;
  unit: "per_1000_followers" | "engagement";
  /** The ranked cells (each with at least `MIN_CELL_POSTS` posts), best first, at most `TOP_CELLS`. */
  cells: Cell[];
  /** Every cell that had a post, ranked: what the dashboard's heat map draws. */
  grid: Cell[];
  message: string;
}

/**
 * Best times for some of the user's accounts over the last `days` days, in the owner's zone: from the accounts' own
 * posts when they have at least `MIN_POSTS` with a reading; else from every account of the workspace on the same
 * platforms (`basis: "workspace"`); else none (`basis: "insufficient"`), never an invented answer.
 */
export async function bestTimesFor(rt: Runtime, userId: string, accountIds: string[], days: number) {
  const byId = await requireOwnedAccounts(rt, userId, accountIds, "account_ids");
  const to = rt.clock.now();
  const from = to - days * DAY;
  const zone = await timeZoneOf(rt, userId);
  let basis: Basis = "account";
  let samples = await samplesOf(rt, userId, accountIds, from, to);
  if (samples.length < MIN_POSTS) {
    const platforms = [...new Set([...byId.values()].map((a) => a.platform))];
    const siblings = await rt.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), inArray(accounts.platform, platforms)));
    const workspace = await samplesOf(
      rt,
      userId,
      siblings.map((a) => a.id),
      from,
      to,
    );
    basis = workspace.length >= MIN_POSTS ? "workspace" : "insufficient";
    if (workspace.length > samples.length) samples = workspace;
  }
  const answer = { zone, days, posts: samples.length, minimum_posts: MIN_POSTS };
  if (basis === "insufficient") {
    return {
      ...answer,
      basis,
      unit: "engagement",
      cells: [],
      grid: [],
      message: `Not enough posts yet: ${samples.length} published post(s) with metrics in the last ${days} days, ${MIN_POSTS} needed.`,
    } satisfies BestTimes;
  }
  const { cells, unit } = await rankCells(rt, samples, zone);
  const ranked = cells.filter((c) => c.posts >= MIN_CELL_POSTS).slice(0, TOP_CELLS);
  const from_ = basis === "account" ? "the account's own posts" : "the workspace's accounts on the same platform";
  return {
    ...answer,
    basis,
    unit,
    cells: ranked,
    grid: cells,
    message: ranked.length
      ? `From ${samples.length} of ${from_} in the last ${days} days.`
      : `Not enough posts at any one time yet: no weekday and hour has ${MIN_CELL_POSTS} posts.`,
  } satisfies BestTimes;
}

/** `GET /analytics/best-times`: one account's best times (another user's account is 404), without the grid. */
export async function getBestTimes(rt: Runtime, userId: string, input: { account_id: string; days: number }) {
  await getOwnedAccount(rt, userId, input.account_id);
  const { grid: _, ...answer } = await bestTimesFor(rt, userId, [input.account_id], input.days);
  return { account_id: input.account_id, ...answer };
}

/** Thrown where an action needs best times and there are none (nothing is created). */
export const notEnoughHistory = (answer: BestTimes) =>
  new AppError("not_enough_history", answer.message, { posts: answer.posts, minimum: answer.minimum_posts });
