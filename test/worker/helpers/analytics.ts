import { env } from "cloudflare:test";
import { api } from "./api";
import { BASE, createPost, settled } from "./posts";
import { eventually } from "./wait";

export type Target = { platform: string; account_id: string };

/** Moves the sandbox clock to `at` and publishes a post there at once; returns the settled post. */
export async function publishAt(key: string, at: string, platforms: Target[], text = "Analytics") {
  await api("POST", "/api/v1/sandbox/clock", { key, body: { set: at } });
  const post = await createPost(key, { text, platforms, schedule_type: "immediate" });
  return settled(key, post.id);
}

export async function overview(key: string, query = "") {
  return api("GET", `/api/v1/analytics/overview${query ? `?${query}` : ""}`, { key });
}

/** The overview's row of one account (fails the test when the answer is not a 200). */
export async function rowOf(key: string, accountId: string, query = "") {
  const res = await overview(key, query);
  if (res.status !== 200) throw new Error(`overview: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.accounts.find((a: { account_id: string }) => a.account_id === accountId);
}

export const setMetrics = (key: string, postId: string, accountId: string, counts: Record<string, number>) =>
  api("POST", "/api/v1/sandbox/metrics", { key, body: { post_id: postId, account_id: accountId, ...counts } });

const samplesOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM metric_samples WHERE user_id = ?")
    .bind(userId)
    .first<{ n: number }>())!.n;

/** Runs the daily metrics read now, as the cron would, and waits until the queue recorded `expected` more samples. */
export async function readNow(user: { key: string; userId: string }, expected: number) {
  const before = await samplesOf(user.userId);
  const res = await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["analytics-reads"] } });
  if (res.status !== 200) throw new Error(`tick: ${res.status} ${JSON.stringify(res.body)}`);
  await eventually(
    async () => ((await samplesOf(user.userId)) >= before + expected ? true : undefined),
    `${expected} metric samples`,
  );
}

/**
 * History on the owner's clock (UTC), all in May 2030 (the clock stands at Saturday 2030-06-01): publish time and
 * likes + comments + reposts of its latest reading.
 */
export const HISTORY: [string, number][] = [
  // Tuesday 09:00: 30, 40, 50 → median 40
  ["2030-05-07T09:10:00Z", 30],
  ["2030-05-14T09:20:00Z", 40],
  ["2030-05-21T09:59:00Z", 50],
  // Thursday 18:00: 10, 20, 90 → median 20
  ["2030-05-02T18:00:00Z", 10],
  ["2030-05-09T18:30:00Z", 20],
  ["2030-05-16T18:45:00Z", 90],
  // Monday 12:00: 5, 15 → median 10
  ["2030-05-06T12:05:00Z", 5],
  ["2030-05-13T12:15:00Z", 15],
  // Saturday 07:00: one post, not ranked alone
  ["2030-05-04T07:00:00Z", 100],
  // Wednesday 10:00: 0, 5, 10 → median 5
  ["2030-05-01T10:00:00Z", 0],
  ["2030-05-08T10:00:00Z", 5],
  ["2030-05-15T10:00:00Z", 10],
];
// Every post's value sorted: 0 5 5 10 10 15 | 20 30 40 50 90 100 → the sample's median is (15 + 20) / 2 = 17.5.
export const HAND_COMPUTED = [
  { weekday: 2, hour: 9, posts: 3, median_engagement: 40, score: 2.29 }, // 40 / 17.5
  { weekday: 4, hour: 18, posts: 3, median_engagement: 20, score: 1.14 }, // 20 / 17.5
  { weekday: 1, hour: 12, posts: 2, median_engagement: 10, score: 0.57 }, // 10 / 17.5
  { weekday: 3, hour: 10, posts: 3, median_engagement: 5, score: 0.29 }, // 5 / 17.5
];

/** Publishes a post at each time and plants its reading (likes, comments and reposts adding up to `engagement`). */
export async function plantHistory(
  user: { key: string; userId: string },
  accountId: string,
  platform: string,
  history: [string, number][],
) {
  for (const [at, engagement] of history) {
    const post = await publishAt(user.key, at, [{ platform, account_id: accountId }], `post at ${at}`);
    const target = await env.DB.prepare("SELECT id FROM post_targets WHERE post_id = ?")
      .bind(post.id)
      .first<{ id: string }>();
    const likes = Math.ceil(engagement / 2);
    const comments = Math.floor(engagement / 4);
    await env.DB.prepare(
      "INSERT INTO metric_samples (target_id, post_id, user_id, account_id, likes, comments, reposts, views, source, read_at) VALUES (?, ?, ?, ?, ?, ?, ?, 999, 'daily', ?)",
    )
      .bind(
        target!.id,
        post.id,
        user.userId,
        accountId,
        likes,
        comments,
        engagement - likes - comments,
        Date.parse(at) + 3_600_000,
      )
      .run();
  }
  await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: BASE } });
}
