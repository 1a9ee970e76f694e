import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { readDailyMetrics } from "../../../src/services/analytics/samples";
import { createRuntime } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import { BASE, resetClock } from "../helpers/posts";
import { eventually } from "../helpers/wait";

const DAY = 86_400_000;

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const tick = () => api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["analytics-reads"] } });
const growth = (accountId: string, query = "", key = user.key) =>
  api("GET", `/api/v1/analytics/accounts/${accountId}/followers${query ? `?${query}` : ""}`, { key });

const snapshots = async (accountId: string) =>
  (
    await env.DB.prepare("SELECT day, followers FROM follower_snapshots WHERE account_id = ? ORDER BY day")
      .bind(accountId)
      .all<{ day: string; followers: number | null }>()
  ).results;
const profileReads = async (accountId: string) =>
  (
    await env.DB.prepare("SELECT reads FROM sandbox_followers WHERE account_id = ?")
      .bind(accountId)
      .first<{ reads: number }>()
  )?.reads ?? 0;

/** Waits until the account has a counted snapshot for each of `days` days. */
const snapshotted = (accountId: string, days: number) =>
  eventually(async () => {
    const rows = await snapshots(accountId);
    return rows.length >= days && rows.every((r) => r.followers !== null) ? rows : undefined;
  }, `${days} follower snapshots`);

async function plant(accountId: string, points: [string, number][]) {
  for (const [day, followers] of points) {
    await env.DB.prepare(
      "INSERT INTO follower_snapshots (account_id, day, user_id, followers, read_at) VALUES (?, ?, ?, ?, 0)",
    )
      .bind(accountId, day, user.userId, followers)
      .run();
  }
}

describe("daily follower snapshots", () => {
  it("reads each account's profile once a day, however many daily jobs race", async () => {
    const x = await connect(user.key, "twitter", { platform_followers: 1200 });
    const results = await Promise.all([tick(), tick(), tick()]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await snapshotted(x.id, 1)).toEqual([{ day: BASE.slice(0, 10), followers: 1200 }]);
    // Redelivered and racing messages for the same day: one read between them.
    const rt = await createRuntime(env);
    await Promise.all(
      [1, 2, 3, 4].map(() => readDailyMetrics(rt, { accountId: x.id, targetIds: [], followers: true })),
    );
    expect(await profileReads(x.id)).toBe(1);

    // The next day: a new count, one more read.
    await api("PATCH", `/api/v1/sandbox/accounts/${x.id}`, { key: user.key, body: { platform_followers: 1500 } });
    await api("POST", "/api/v1/sandbox/clock", {
      key: user.key,
      body: { set: new Date(Date.parse(BASE) + DAY).toISOString() },
    });
    await tick();
    const rows = await snapshotted(x.id, 2);
    expect(rows.map((r) => r.followers)).toEqual([1200, 1500]);
    expect(await profileReads(x.id)).toBe(2);

    const res = await growth(x.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      account_id: x.id,
      platform: "twitter",
      reports_followers: true,
      change: 300,
      change_percent: 25,
    });
    expect(res.body.data.points).toEqual(rows.map((r) => ({ date: r.day, followers: r.followers })));
  });

  it("reads no profile of a platform that reports no followers, nor of an account that is not active", async () => {
    const linkedin = await connect(user.key, "linkedin", { platform_followers: 50 });
    const lost = await connect(user.key, "twitter", { platform_followers: 9, status: "reauth_required" });
    const x = await connect(user.key, "twitter", { platform_followers: 10 });
    await tick();
    await snapshotted(x.id, 1);
    expect(await snapshots(linkedin.id)).toEqual([]);
    expect(await snapshots(lost.id)).toEqual([]);
    expect(await profileReads(linkedin.id)).toBe(0);
    const res = await growth(linkedin.id);
    expect(res.body.data).toEqual({
      account_id: linkedin.id,
      platform: "linkedin",
      reports_followers: false,
      points: [],
      change: 0,
      change_percent: null,
    });
  });
});

describe("GET /api/v1/analytics/accounts/{accountId}/followers", () => {
  it("answers the planted days of the window, oldest first, with the change and its percentage", async () => {
    const x = await connect(user.key, "twitter");
    await plant(x.id, [
      ["2026-10-31", 700],
      ["2026-11-01", 800],
      ["2026-11-05", 830],
      ["2026-11-30", 1000],
      ["2026-12-01", 5000],
    ]);
    const res = await growth(x.id, "from=2026-11-01&to=2026-11-30");
    expect(res.status).toBe(200);
    expect(res.body.data.points).toEqual([
      { date: "2026-11-01", followers: 800 },
      { date: "2026-11-05", followers: 830 },
      { date: "2026-11-30", followers: 1000 },
    ]);
    expect(res.body.data.change).toBe(200);
    expect(res.body.data.change_percent).toBe(25);
    // A loss, to one decimal: 830 → 800 is −3.6 %.
    const down = await growth(x.id, "from=2026-11-05T00:00:00Z&to=2026-11-06T00:00:00Z");
    expect(down.body.data.points).toEqual([{ date: "2026-11-05", followers: 830 }]);
    await plant(x.id, [["2026-11-06", 800]]);
    const loss = await growth(x.id, "from=2026-11-05&to=2026-11-06");
    expect([loss.body.data.change, loss.body.data.change_percent]).toEqual([-30, -3.6]);
  });

  it("refuses another user's account (404) and a window that ends before it starts (400)", async () => {
    const x = await connect(user.key, "twitter");
    const other = await newUser("creator");
    expect((await growth(x.id, "", other.key)).body.error.code).toBe("not_found");
    expect((await growth(x.id, "", other.key)).status).toBe(404);
    const bad = await growth(x.id, "from=2026-11-30&to=2026-11-01");
    expect([bad.status, bad.body.error.code]).toEqual([400, "validation_error"]);
    expect((await api("GET", `/api/v1/analytics/accounts/${x.id}/followers`)).status).toBe(401);
  });
});
