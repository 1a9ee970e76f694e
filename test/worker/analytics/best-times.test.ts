import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { publishAt } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

/**
 * History on the owner's clock (UTC), all in May 2030 (the clock stands at Saturday 2030-06-01): publish time and
 * likes + comments + reposts of its latest reading.
 */
const HISTORY: [string, number][] = [
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
const HAND_COMPUTED = [
  { weekday: 2, hour: 9, posts: 3, median_engagement: 40, score: 2.29 }, // 40 / 17.5
  { weekday: 4, hour: 18, posts: 3, median_engagement: 20, score: 1.14 }, // 20 / 17.5
  { weekday: 1, hour: 12, posts: 2, median_engagement: 10, score: 0.57 }, // 10 / 17.5
  { weekday: 3, hour: 10, posts: 3, median_engagement: 5, score: 0.29 }, // 5 / 17.5
];

/** Publishes a post at each time and plants its reading (likes, comments and reposts adding up to `engagement`). */
async function plant(accountId: string, platform: string, history: [string, number][]) {
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
  await resetClock(user.key);
}

const bestTimes = (query: string, key = user.key) => api("GET", `/api/v1/analytics/best-times?${query}`, { key });

describe("GET /api/v1/analytics/best-times", () => {
  it("ranks the account's own weekday and hour cells as computed by hand", async () => {
    const x = await connect(user.key, "twitter");
    await plant(x.id, "twitter", HISTORY);
    const res = await bestTimes(`account_id=${x.id}&days=90`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      account_id: x.id,
      basis: "account",
      zone: "UTC",
      days: 90,
      posts: 12,
      minimum_posts: 10,
      unit: "engagement",
      cells: HAND_COMPUTED,
    });

    // With the follower count known for every post, per 1,000 followers: the same ranking, half the medians.
    await env.DB.prepare(
      "INSERT INTO follower_snapshots (account_id, day, user_id, followers, read_at) VALUES (?, '2030-04-30', ?, 2000, 0)",
    )
      .bind(x.id, user.userId)
      .run();
    const normalized = await bestTimes(`account_id=${x.id}`);
    expect(normalized.body.data.unit).toBe("per_1000_followers");
    expect(normalized.body.data.cells).toEqual(
      HAND_COMPUTED.map((c) => ({ ...c, median_engagement: c.median_engagement / 2 })),
    );
    // A shorter window holds fewer posts than the minimum, and no sibling account stands in.
    const week = await bestTimes(`account_id=${x.id}&days=14`);
    expect(week.body.data).toMatchObject({ basis: "insufficient", posts: 1, cells: [] });
  });

  it("falls back to the workspace's accounts on the same platform, and says so; below the minimum, no answer", async () => {
    const x = await connect(user.key, "twitter");
    const young = await connect(user.key, "twitter");
    const sky = await connect(user.key, "bluesky");
    await plant(x.id, "twitter", HISTORY);
    await plant(young.id, "twitter", [["2030-05-20T08:00:00Z", 7]]);
    await plant(sky.id, "bluesky", HISTORY.slice(0, 4));

    const fallback = await bestTimes(`account_id=${young.id}`);
    expect(fallback.body.data).toMatchObject({ account_id: young.id, basis: "workspace", posts: 13 });
    expect(fallback.body.data.cells[0]).toMatchObject({ weekday: 2, hour: 9 });

    const none = await bestTimes(`account_id=${sky.id}`);
    expect(none.status).toBe(200);
    expect(none.body.data).toMatchObject({ basis: "insufficient", posts: 4, minimum_posts: 10, cells: [] });
    expect(none.body.data.message).toMatch(/^Not enough posts yet/);
  });

  it("refuses another user's account (404) and days out of range (400)", async () => {
    const x = await connect(user.key, "twitter");
    const other = await newUser("creator");
    expect((await bestTimes(`account_id=${x.id}`, other.key)).status).toBe(404);
    for (const q of [`account_id=${x.id}&days=3`, `account_id=${x.id}&days=400`, "days=90"]) {
      const res = await bestTimes(q);
      expect([res.status, res.body.error.code]).toEqual([400, "validation_error"]);
    }
  });
});

describe("POST /api/v1/posting-slots/from-best-times", () => {
  const fromBest = (body: unknown) => api("POST", "/api/v1/posting-slots/from-best-times", { key: user.key, body });
  const slots = async () => (await api("GET", "/api/v1/posting-slots", { key: user.key })).body.data;

  it("creates ordinary slots at the best cells, skipping cells it already has, all or none", async () => {
    const x = await connect(user.key, "twitter");
    await plant(x.id, "twitter", HISTORY);
    const first = await fromBest({ account_ids: [x.id], count: 2 });
    expect(first.status).toBe(201);
    expect(first.body.data.basis).toBe("account");
    expect(
      first.body.data.slots.map((s: { weekday: number; time: string; timezone: string; account_ids: string[] }) => [
        s.weekday,
        s.time,
        s.timezone,
        s.account_ids,
      ]),
    ).toEqual([
      [2, "09:00", "UTC", [x.id]],
      [4, "18:00", "UTC", [x.id]],
    ]);
    // Room for one more slot, two asked for: the slot limit refuses both.
    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { slots_per_user: 3 } });
    try {
      const full = await fromBest({ account_ids: [x.id], count: 2 });
      expect([full.status, full.body.error.code]).toEqual([400, "slot_limit"]);
      expect(await slots()).toHaveLength(2);
    } finally {
      await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { slots_per_user: 100 } });
    }
    const again = await fromBest({ account_ids: [x.id], count: 2 });
    expect(again.body.data.slots.map((s: { weekday: number; time: string }) => [s.weekday, s.time])).toEqual([
      [1, "12:00"],
      [3, "10:00"],
    ]);
    expect(await slots()).toHaveLength(4);
  });

  it("creates nothing without enough history, for accounts that are not the user's, or with bad input", async () => {
    const sky = await connect(user.key, "bluesky");
    await plant(sky.id, "bluesky", HISTORY.slice(0, 3));
    const thin = await fromBest({ account_ids: [sky.id], count: 1 });
    expect([thin.status, thin.body.error.code]).toEqual([409, "not_enough_history"]);
    expect(thin.body.error).toMatchObject({ posts: 3, minimum: 10 });
    const other = await newUser("creator");
    const theirs = await connect(other.key, "twitter");
    const foreign = await fromBest({ account_ids: [theirs.id], count: 1 });
    expect([foreign.status, foreign.body.error.code]).toEqual([400, "validation_error"]);
    for (const body of [
      { account_ids: [], count: 1 },
      { account_ids: [sky.id], count: 0 },
      { account_ids: [sky.id] },
    ]) {
      expect((await fromBest(body)).status).toBe(400);
    }
    expect(await slots()).toEqual([]);
  });
});
