// The analytics report an agency hands its client: a period's totals against the one before, followers, posts,
// link clicks and best times, for some accounts or one client group.
import { and, asc, eq, inArray } from "drizzle-orm";
import { accounts, metricSamples, posts, postTargets, users } from "../../db/schema";
import { iso } from "../../lib/clock";
import { validationError } from "../../lib/errors";
import { getOwnedGroup } from "../accounts/account-groups";
import { requireOwnedAccounts } from "../accounts/accounts";
import type { Runtime } from "../runtime";
import { bestTimesFor } from "./best-times";
import { followerPoints, growthOf } from "./followers";
import { linkClicksIn } from "./links";
import { livePost, newestReading, publishedIn } from "./overview";
import { resolveWindow, type WindowInput } from "./window";

export interface ReportInput extends WindowInput {
  account_ids?: string[];
  group_id?: string;
}

const METRICS = ["likes", "comments", "reposts", "views"] as const;
type Totals = Record<(typeof METRICS)[number] | "posts_published" | "engagement" | "link_clicks", number>;
const TOTAL_KEYS = ["posts_published", "likes", "comments", "reposts", "views", "engagement", "link_clicks"] as const;

/** Whose report it is: the workspace's name, the group (when asked for one) and the accounts it covers. */
async function reportSubject(rt: Runtime, userId: string, input: ReportInput) {
  if (input.group_id && input.account_ids?.length) throw validationError("group_id", "send group_id or account_ids");
  const [owner] = await rt.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  const workspace = owner?.name ?? owner?.email.split("@")[0] ?? "Herald";
  if (input.group_id) {
    const group = await getOwnedGroup(rt, userId, input.group_id);
    const rows = await rt.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.groupId, group.id)))
      .orderBy(asc(accounts.createdAt), asc(accounts.id));
    return { workspace, group: { id: group.id, name: group.name }, accounts: rows };
  }
  if (input.account_ids?.length) {
    const byId = await requireOwnedAccounts(rt, userId, input.account_ids, "account_ids");
    return { workspace, group: null, accounts: input.account_ids.map((id) => byId.get(id)!) };
  }
  const rows = await rt.db
    .select()
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  return { workspace, group: null, accounts: rows };
}

/** The accounts' published targets in [from, to) with their latest reading (none: zeros, `read` false). */
async function publishedTargets(rt: Runtime, userId: string, accountIds: string[], from: number, to: number) {
  if (accountIds.length === 0) return [];
  return rt.db
    .select({
      postId: postTargets.postId,
      accountId: postTargets.accountId,
      platform: postTargets.platform,
      publishedAt: postTargets.publishedAt,
      url: postTargets.url,
      text: posts.text,
      likes: metricSamples.likes,
      comments: metricSamples.comments,
      reposts: metricSamples.reposts,
      views: metricSamples.views,
    })
    .from(postTargets)
    .innerJoin(posts, livePost)
    .leftJoin(metricSamples, newestReading(rt))
    .where(and(publishedIn(userId, from, to), inArray(postTargets.accountId, accountIds)));
}

type TargetReading = Awaited<ReturnType<typeof publishedTargets>>[number];

function totalsOf(targets: TargetReading[], linkClicks: number): Totals {
  const totals: Totals = {
    posts_published: targets.length,
    likes: 0,
    comments: 0,
    reposts: 0,
    views: 0,
    engagement: 0,
    link_clicks: linkClicks,
  };
  for (const t of targets) for (const key of METRICS) totals[key] += t[key] ?? 0;
  totals.engagement = totals.likes + totals.comments + totals.reposts;
  return totals;
}

const changeOf = (now: Totals, before: Totals) =>
  Object.fromEntries(
    TOTAL_KEYS.map((key) => [
      key,
      {
        value: now[key] - before[key],
        percent: before[key] > 0 ? Math.round(((now[key] - before[key]) / before[key]) * 1000) / 10 : null,
      },
    ]),
  ) as Record<(typeof TOTAL_KEYS)[number], { value: number; percent: number | null }>;

/** Each post of the period once (all its targets summed), most engagement first (views, then time, break ties). */
function postsOf(targets: TargetReading[]) {
  const byPost = new Map<
    string,
    { post_id: string; text: string; platforms: string[]; published_at: string } & Omit<
      Totals,
      "posts_published" | "link_clicks"
    >
  >();
  for (const t of targets) {
    const post = byPost.get(t.postId) ?? {
      post_id: t.postId,
      text: t.text,
      platforms: [],
      published_at: iso(t.publishedAt!),
      likes: 0,
      comments: 0,
      reposts: 0,
      views: 0,
      engagement: 0,
    };
    if (!post.platforms.includes(t.platform)) post.platforms.push(t.platform);
    if (iso(t.publishedAt!) < post.published_at) post.published_at = iso(t.publishedAt!);
    for (const key of METRICS) post[key] += t[key] ?? 0;
    post.engagement = post.likes + post.comments + post.reposts;
    byPost.set(t.postId, post);
  }
  return [...byPost.values()].sort(
    (a, b) =>
      b.engagement - a.engagement ||
      b.views - a.views ||
      a.published_at.localeCompare(b.published_at) ||
      a.post_id.localeCompare(b.post_id),
  );
}

/** Days of history the report's best times read. */
export const BEST_TIMES_DAYS = 90;

/**
 * The report of a window (default the last 30 days) for the accounts named, one group's accounts, or every account:
 * totals with their change against the window just before (of the same length), each account's follower growth,
 * every post published with its engagement (best first), link clicks and each account's best times.
 */
export async function buildReport(rt: Runtime, userId: string, input: ReportInput) {
  const { from, to } = resolveWindow(rt, input);
  const subject = await reportSubject(rt, userId, input);
  const ids = subject.accounts.map((a) => a.id);
  const previous = { from: from - (to - from), to: from };
  const [now, before, links, beforeLinks, followers] = await Promise.all([
    publishedTargets(rt, userId, ids, from, to),
    publishedTargets(rt, userId, ids, previous.from, previous.to),
    ids.length ? linkClicksIn(rt, userId, { from, to, accountIds: ids }) : [],
    ids.length ? linkClicksIn(rt, userId, { ...previous, accountIds: ids }) : [],
    followerPoints(rt, ids, from, to),
  ]);
  const totals = totalsOf(
    now,
    links.reduce((n, l) => n + l.clicks, 0),
  );
  const previousTotals = totalsOf(
    before,
    beforeLinks.reduce((n, l) => n + l.clicks, 0),
  );
  const bestTimes = [];
  for (const account of subject.accounts) {
    const { grid, ...answer } = await bestTimesFor(rt, userId, [account.id], BEST_TIMES_DAYS);
    bestTimes.push({ account_id: account.id, platform: account.platform, name: account.name, ...answer, grid });
  }
  return {
    workspace: subject.workspace,
    group: subject.group,
    from: iso(from),
    to: iso(to),
    previous: { from: iso(previous.from), to: iso(previous.to) },
    accounts: subject.accounts.map((a) => ({ account_id: a.id, platform: a.platform, name: a.name })),
    totals,
    previous_totals: previousTotals,
    change: changeOf(totals, previousTotals),
    followers: subject.accounts.map((a) => {
      const points = followers.get(a.id) ?? [];
      return {
        account_id: a.id,
        platform: a.platform,
        name: a.name,
        start: points[0]?.followers ?? null,
        end: points.at(-1)?.followers ?? null,
        ...growthOf(points),
        points,
      };
    }),
    posts: postsOf(now),
    links: links.map(({ days: _, ...link }) => link),
    best_times: bestTimes,
  };
}

export type Report = Awaited<ReturnType<typeof buildReport>>;

/** The report as the API answers it in JSON: the heat map's full grid stays with the dashboard and the PDF. */
export const reportJson = (report: Report) => ({
  ...report,
  best_times: report.best_times.map(({ grid: _, ...answer }) => answer),
});
