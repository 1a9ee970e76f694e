// The analytics per day and the top posts of a period, on the owner's calendar days.
import { metricSamples, posts, postTargets } from "../../db/schema";
import { addDaysTo, dateIn } from "../../lib/time";
import type { Runtime } from "../runtime";
import { livePost, newestReading, publishedIn } from "./overview";

/** Posts ranked in the top list. */
export const TOP_POSTS = 5;

const METRICS = ["views", "likes", "comments", "reposts"] as const;
type Metrics = Record<(typeof METRICS)[number], number>;

const none = (): Metrics => ({ views: 0, likes: 0, comments: 0, reposts: 0 });

function addInto(into: Metrics, from: Partial<Record<keyof Metrics, number | null>>) {
  for (const key of METRICS) into[key] += from[key] ?? 0;
}

export interface SeriesInput {
  /** The first and last calendar day shown ("YYYY-MM-DD"), on the clocks of `zone`. */
  firstDay: string;
  lastDay: string;
  zone: string;
  /** The window [from, to) those days make, in ms. */
  from: number;
  to: number;
  /** Only these accounts (checked as the user's by the caller). */
  accountIds?: string[];
}

/**
 * The posts published in a window, per day and ranked: each day's published targets with their latest metrics (as
 * the overview sums them, so the days add up to its totals), on the owner's calendar days; and the posts with the
 * most engagement (likes, comments and reposts of all their targets; views break ties).
 */
export async function getAnalyticsSeries(rt: Runtime, userId: string, input: SeriesInput) {
  const rows = await rt.db
    .select({
      postId: postTargets.postId,
      platform: postTargets.platform,
      accountId: postTargets.accountId,
      publishedAt: postTargets.publishedAt,
      text: posts.text,
      views: metricSamples.views,
      likes: metricSamples.likes,
      comments: metricSamples.comments,
      reposts: metricSamples.reposts,
    })
    .from(postTargets)
    .innerJoin(posts, livePost)
    .leftJoin(metricSamples, newestReading(rt))
    .where(publishedIn(userId, input.from, input.to))
    .then((all) => (input.accountIds ? all.filter((r) => input.accountIds!.includes(r.accountId)) : all));

  const days = new Map<string, Metrics & { date: string; published: number }>();
  for (let date = input.firstDay; date <= input.lastDay; date = addDaysTo(date, 1)) {
    days.set(date, { date, published: 0, ...none() });
  }
  const byPost = new Map<string, Metrics & { post_id: string; text: string; platforms: string[] }>();
  for (const row of rows) {
    const day = days.get(dateIn(row.publishedAt!, input.zone));
    if (day) {
      day.published += 1;
      addInto(day, row);
    }
    const post = byPost.get(row.postId) ?? { post_id: row.postId, text: row.text, platforms: [], ...none() };
    if (!post.platforms.includes(row.platform)) post.platforms.push(row.platform);
    addInto(post, row);
    byPost.set(row.postId, post);
  }
  const engagement = (m: Metrics) => m.likes + m.comments + m.reposts;
  const top = [...byPost.values()]
    .filter((p) => engagement(p) + p.views > 0)
    .sort((a, b) => engagement(b) - engagement(a) || b.views - a.views || a.post_id.localeCompare(b.post_id))
    .slice(0, TOP_POSTS);
  return { days: [...days.values()], top_posts: top };
}

export type AnalyticsSeries = Awaited<ReturnType<typeof getAnalyticsSeries>>;
