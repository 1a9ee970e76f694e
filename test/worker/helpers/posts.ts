import { env } from "cloudflare:test";
import { api } from "./api";
import { eventually } from "./wait";

/** Tests set the clock here first, and schedule at FUTURE, an hour later. */
export const BASE = "2030-06-01T08:00:00.000Z";
export const FUTURE = "2030-06-01T09:00:00.000Z";

export async function resetClock(key: string) {
  await api("POST", "/api/v1/sandbox/clock", { key, body: { set: BASE } });
}

/** Creates a post and returns it; fails the test on anything but 201. */
export async function createPost(key: string, body: Record<string, unknown>) {
  const res = await api("POST", "/api/v1/posts", { key, body });
  if (res.status !== 201) throw new Error(`create post: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Waits until the post leaves scheduled/publishing, then returns it. */
export async function settled(key: string, postId: string) {
  return eventually(async () => {
    const res = await api("GET", `/api/v1/posts/${postId}`, { key });
    return ["published", "failed"].includes(res.body.data.status) ? res.body.data : undefined;
  }, `post ${postId} to settle`);
}

/** Moves the clock past the post's time and runs the sweep, as the minute cron would. */
export async function runDue(key: string, at = FUTURE) {
  await api("POST", "/api/v1/sandbox/clock", { key, body: { set: at } });
  await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 1000 } });
  await api("POST", "/api/v1/sandbox/tick", { key, body: { jobs: ["publish-sweep"] } });
}

export async function publishedCalls(key: string, accountId?: string) {
  const res = await api("GET", `/api/v1/sandbox/published${accountId ? `?account_id=${accountId}` : ""}`, { key });
  return res.body.data as Record<string, any>[];
}

/** The outbox events of a user, oldest first. */
export async function eventsOf(userId: string) {
  const { results } = await env.DB.prepare("SELECT type, data FROM events WHERE user_id = ? ORDER BY seq")
    .bind(userId)
    .all<{ type: string; data: string }>();
  return results.map((r) => ({ type: r.type, data: JSON.parse(r.data) }));
}

export async function fastRetries(key: string) {
  await api("PATCH", "/api/v1/sandbox/config", { key, body: { publish_retry_delays_s: [0, 0, 0] } });
}
