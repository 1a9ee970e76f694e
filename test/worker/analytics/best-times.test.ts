import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { HAND_COMPUTED, HISTORY, plantHistory } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const bestTimes = (query: string, key = user.key) => api("GET", `/api/v1/analytics/best-times?${query}`, { key });

describe("GET /api/v1/analytics/best-times", () => {
  it("ranks the account's own weekday and hour cells as computed by hand", async () => {
    const x = await connect(user.key, "twitter");
    await plantHistory(user, x.id, "twitter", HISTORY);
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
    await plantHistory(user, x.id, "twitter", HISTORY);
    await plantHistory(user, young.id, "twitter", [["2030-05-20T08:00:00Z", 7]]);
    await plantHistory(user, sky.id, "bluesky", HISTORY.slice(0, 4));

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
    await plantHistory(user, x.id, "twitter", HISTORY);
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
    await plantHistory(user, sky.id, "bluesky", HISTORY.slice(0, 3));
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
