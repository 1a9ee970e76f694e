import { env } from "cloudflare:test";
import { api } from "./api";
import { createPost, settled } from "./posts";
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
