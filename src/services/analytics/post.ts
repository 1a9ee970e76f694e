// One post's analytics: each target with every metrics reading, oldest first.
import { asc, inArray } from "drizzle-orm";
import { metricSamples } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import { loadOwned } from "../posts/store";
import type { Runtime } from "../runtime";

type SampleRow = typeof metricSamples.$inferSelect;

const presentSample = (s: SampleRow) => ({
  read_at: iso(s.readAt),
  likes: s.likes,
  comments: s.comments,
  reposts: s.reposts,
  views: s.views,
  source: s.source,
});

/** Each target of the user's post with every metrics reading, oldest first; another user's post is 404. */
export async function getPostAnalytics(rt: Runtime, userId: string, postId: string) {
  const { post, targets } = await loadOwned(rt, userId, postId);
  targets.sort((a, b) => a.position - b.position);
  const samples = targets.length
    ? await rt.db
        .select()
        .from(metricSamples)
        .where(
          inArray(
            metricSamples.targetId,
            targets.map((t) => t.id),
          ),
        )
        .orderBy(asc(metricSamples.readAt), asc(metricSamples.seq))
    : [];
  return {
    post_id: post.id,
    status: post.status,
    targets: targets.map((t) => {
      const history = samples.filter((s) => s.targetId === t.id).map(presentSample);
      return {
        account_id: t.accountId,
        platform: t.platform,
        status: t.status,
        platform_post_id: t.platformPostId,
        published_at: isoOrNull(t.publishedAt),
        latest: history.at(-1) ?? null,
        history,
      };
    }),
  };
}

export type PostAnalytics = Awaited<ReturnType<typeof getPostAnalytics>>;
