import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import type { MetricsReadMessage } from "../../../src/queues/metrics-reads";
import { dispatchDailyReads } from "../../../src/services/analytics/samples";
import { createRuntime } from "../../../src/services/runtime";
import { publishAt, readNow, setMetrics } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { BASE, createPost, resetClock } from "../helpers/posts";
import { eventually } from "../helpers/wait";

const DAY = 86_400_000;
const daysBefore = (days: number) => new Date(Date.parse(BASE) - days * DAY).toISOString();

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const history = async (postId: string, key = user.key) => api("GET", `/api/v1/analytics/posts/${postId}`, { key });
const targetIdOf = async (postId: string, accountId: string) =>
  (await env.DB.prepare("SELECT id FROM post_targets WHERE post_id = ? AND account_id = ?")
    .bind(postId, accountId)
    .first<{ id: string }>())!.id;

/** The daily job's messages, caught instead of queued. */
async function dispatchCaught() {
  const rt = await createRuntime(env);
  const sent: MetricsReadMessage[] = [];
  const queue = {
    sendBatch: async (messages: { body: MetricsReadMessage }[]) => {
      sent.push(...messages.map((m) => m.body));
    },
  };
  const result = await dispatchDailyReads({ ...rt, env: { ...env, METRICS_QUEUE: queue as unknown as Queue } });
  // The posts' reads: the accounts' follower reads are followers.test.ts's.
  return { result, sent: sent.filter((m) => !m.followers) };
}

let seq = 0;
/** Runs the consumer on the messages as the queue would deliver them; answers what it acked and retried. */
async function consume(messages: MetricsReadMessage[]) {
  const batch = createMessageBatch(
    "herald-metrics-reads",
    messages.map((body) => ({ id: `m${++seq}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("the daily metrics read", () => {
  it("reads only posts younger than 30 days, one message per account with all its posts", async () => {
    const a = await connect(user.key, "bluesky");
    const b = await connect(user.key, "mastodon");
    const old = await publishAt(user.key, daysBefore(31), [{ platform: "bluesky", account_id: a.id }]);
    const both = await publishAt(user.key, daysBefore(29), [
      { platform: "bluesky", account_id: a.id },
      { platform: "mastodon", account_id: b.id },
    ]);
    const recent = await publishAt(user.key, daysBefore(1), [{ platform: "bluesky", account_id: a.id }]);
    const draft = await createPost(user.key, { text: "draft", platforms: [{ platform: "bluesky", account_id: a.id }] });
    await resetClock(user.key);

    const { sent } = await dispatchCaught();
    const mine = sent.filter((m) => [a.id, b.id].includes(m.accountId));
    expect(mine.map((m) => m.accountId).sort()).toEqual([a.id, b.id].sort());
    const ofA = mine.find((m) => m.accountId === a.id)!;
    expect(ofA.targetIds.sort()).toEqual([await targetIdOf(both.id, a.id), await targetIdOf(recent.id, a.id)].sort());
    expect(ofA.targetIds).not.toContain(await targetIdOf(old.id, a.id));
    expect(ofA.targetIds).not.toContain(await targetIdOf(draft.id, a.id));
    expect(mine.find((m) => m.accountId === b.id)!.targetIds).toEqual([await targetIdOf(both.id, b.id)]);

    // The consumer reads each account's posts in one go and keeps one sample per post.
    await setMetrics(user.key, recent.id, a.id, { likes: 3, comments: 1, reposts: 2, views: 40 });
    await consume(mine);
    const read = (await history(recent.id)).body.data.targets[0];
    expect(read.history).toEqual([
      { read_at: expect.any(String), likes: 3, comments: 1, reposts: 2, views: 40, source: "daily" },
    ]);
    expect(read.latest).toEqual(read.history[0]);
    expect((await history(old.id)).body.data.targets[0].history).toEqual([]);
  });

  it("leaves out posts read in the last 20 hours, deleted posts and disconnected accounts", async () => {
    const a = await connect(user.key, "bluesky");
    const gone = await connect(user.key, "mastodon");
    const post = await publishAt(user.key, daysBefore(2), [{ platform: "bluesky", account_id: a.id }]);
    const deleted = await publishAt(user.key, daysBefore(2), [{ platform: "bluesky", account_id: a.id }]);
    await publishAt(user.key, daysBefore(2), [{ platform: "mastodon", account_id: gone.id }]);
    await resetClock(user.key);
    expect((await api("DELETE", `/api/v1/posts/${deleted.id}`, { key: user.key })).status).toBe(200);
    expect((await api("DELETE", `/api/v1/connected-accounts/${gone.id}`, { key: user.key })).status).toBe(200);

    await readNow(user, 1);
    const { sent } = await dispatchCaught();
    expect(sent.filter((m) => [a.id, gone.id].includes(m.accountId))).toEqual([]);

    // A day later the post is due again.
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: DAY } });
    const later = await dispatchCaught();
    expect(later.sent.filter((m) => m.accountId === a.id)).toEqual([
      { accountId: a.id, targetIds: [await targetIdOf(post.id, a.id)] },
    ]);
  });

  it("a platform that fails the read gets the message retried later, with no sample; a second try records it", async () => {
    const a = await connect(user.key, "bluesky");
    const post = await publishAt(user.key, daysBefore(1), [{ platform: "bluesky", account_id: a.id }]);
    await resetClock(user.key);
    const message = { accountId: a.id, targetIds: [await targetIdOf(post.id, a.id)] };
    for (const mode of ["error", "timeout"]) {
      await api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform: "bluesky", mode, count: 1 } });
      const failed = await consume([message]);
      expect(failed.retryMessages.map((m) => m.msgId)).toEqual([`m${seq}`]);
      expect(failed.explicitAcks).toEqual([]);
      expect((await history(post.id)).body.data.targets[0].history).toEqual([]);
    }
    const retried = await consume([message]);
    expect(retried.explicitAcks).toEqual([`m${seq}`]);
    expect((await history(post.id)).body.data.targets[0].history).toHaveLength(1);
  });

  it("drops a malformed message and ignores posts of another account", async () => {
    const a = await connect(user.key, "bluesky");
    const b = await connect(user.key, "bluesky");
    const post = await publishAt(user.key, daysBefore(1), [{ platform: "bluesky", account_id: a.id }]);
    await resetClock(user.key);
    const result = await consume([
      { accountId: "", targetIds: [] },
      { accountId: b.id, targetIds: [await targetIdOf(post.id, a.id)] },
    ]);
    expect(result.explicitAcks).toHaveLength(2);
    expect((await history(post.id)).body.data.targets[0].history).toEqual([]);
  });

  it("runs from the daily cron expression", async () => {
    const health = await api("GET", "/api/v1/health");
    expect(health.body.data.jobs).toContainEqual(
      expect.objectContaining({ name: "analytics-reads", schedule: "30 3 * * *" }),
    );
  });
});

describe("a post's metrics history", () => {
  it("has a sample from each plug check and each daily read, oldest first, per target", async () => {
    const ig = await connect(user.key, "instagram");
    const bsky = await connect(user.key, "bluesky");
    const post = await publishAt(user.key, BASE, [
      { platform: "instagram", account_id: ig.id },
      { platform: "bluesky", account_id: bsky.id },
    ]);
    const arm = await api("POST", `/api/v1/posts/${post.id}/plugs`, {
      key: user.key,
      body: {
        account_id: ig.id,
        trigger: { metric: "likes", threshold: 1000 },
        action: { kind: "comment", text: "Hi" },
      },
    });
    expect(arm.status).toBe(201);
    await setMetrics(user.key, post.id, ig.id, { likes: 4, views: 10 });
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["plug-checks"] } });
    await eventually(async () => {
      const { targets } = (await history(post.id)).body.data;
      return targets[0].history.length === 1 ? true : undefined;
    }, "the plug check's sample");

    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: DAY } });
    await setMetrics(user.key, post.id, ig.id, { likes: 9, views: 30 });
    await readNow(user, 2);

    const res = await history(post.id);
    expect(res.status).toBe(200);
    const [onIg, onBsky] = res.body.data.targets;
    expect(onIg).toMatchObject({ account_id: ig.id, platform: "instagram", status: "published" });
    expect(onIg.history.map((s: { source: string; likes: number }) => [s.source, s.likes])).toEqual([
      ["plug_check", 4],
      ["daily", 9],
    ]);
    expect(Date.parse(onIg.history[1].read_at) - Date.parse(onIg.history[0].read_at)).toBeGreaterThanOrEqual(DAY);
    expect(onIg.latest).toEqual(onIg.history[1]);
    expect(onBsky.history.map((s: { source: string }) => s.source)).toEqual(["daily"]);
  });

  it("is 404 for someone else's post or no post, and 401 without a key", async () => {
    const a = await connect(user.key, "bluesky");
    const post = await publishAt(user.key, BASE, [{ platform: "bluesky", account_id: a.id }]);
    const other = await newUser("creator");
    for (const [id, key] of [
      [post.id, other.key],
      ["post_nothing", user.key],
    ] as const) {
      const res = await history(id, key);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    expect((await api("GET", `/api/v1/analytics/posts/${post.id}`)).status).toBe(401);
  });
});
