import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "./helpers/api";
import { FUTURE, resetClock } from "./helpers/posts";

/**
 * Rule 8 of issue #14: D1 binds at most 100 parameters per statement, so every statement that binds a list is
 * chunked. Each route that takes a list is called here at its largest (100 where the API allows it), and must
 * answer as it does with one item, never 500 after saving.
 */

let user: Awaited<ReturnType<typeof newUser>>;
let ids: string[];

beforeAll(async () => {
  user = await newUser("agency");
  await resetClock(user.key);
  ids = [];
  for (let i = 0; i < 120; i += 20) {
    const made = await Promise.all(Array.from({ length: 20 }, () => connect(user.key, "bluesky")));
    ids.push(...made.map((a) => a.id));
  }
});

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("every statement that binds a list holds at its largest", () => {
  it("bulk: 100 immediate posts are saved and handed to the publisher, and a retry replays the answer", async () => {
    const rows = ids.slice(0, 100).map((id, i) => ({
      text: `now ${i}`,
      platforms: [{ platform: "bluesky", account_id: id }],
      schedule_type: "immediate",
    }));
    const headers = { "idempotency-key": "bulk-100" };
    const res = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows, headers });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(100);
    const saved = res.body.data.map((p: { id: string }) => p.id);
    expect(await count("SELECT COUNT(*) AS n FROM posts WHERE user_id = ? AND text LIKE 'now %'", user.userId)).toBe(
      100,
    );
    // Handed to the publisher now, not left for the minute sweep.
    expect(
      await count(
        "SELECT COUNT(*) AS n FROM post_targets WHERE user_id = ? AND status != 'scheduled' AND post_id IN (SELECT id FROM posts WHERE text LIKE 'now %')",
        user.userId,
      ),
    ).toBe(100);
    const again = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows, headers });
    expect(again.status).toBe(201);
    expect(again.body.data.map((p: { id: string }) => p.id)).toEqual(saved);
    expect(await count("SELECT COUNT(*) AS n FROM posts WHERE user_id = ? AND text LIKE 'now %'", user.userId)).toBe(
      100,
    );
  });

  it("bulk: 100 scheduled posts of 2 targets each", async () => {
    const rows = ids.slice(0, 100).map((id, i) => ({
      text: `later ${i}`,
      platforms: [
        { platform: "bluesky", account_id: id },
        { platform: "bluesky", account_id: ids[(i + 1) % 100] },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    }));
    const res = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows });
    expect(res.status).toBe(201);
    expect(res.body.data.flatMap((p: { platforms: unknown[] }) => p.platforms)).toHaveLength(200);
  });

  it("a post to 50 accounts, read back and listed", async () => {
    const platforms = ids.slice(0, 50).map((id) => ({ platform: "bluesky", account_id: id }));
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: { text: "everywhere", platforms, schedule_type: "scheduled", scheduled_at: FUTURE },
    });
    expect(res.status).toBe(201);
    const read = await api("GET", `/api/v1/posts/${res.body.data.id}`, { key: user.key });
    expect(read.body.data.platforms).toHaveLength(50);
    const listed = await api("GET", "/api/v1/posts?limit=100", { key: user.key });
    expect(listed.status).toBe(200);
  });

  it("webhooks: 100 account_ids on create and update", async () => {
    const body = {
      target_url: "https://hooks.example.com/h",
      events: ["post.published"],
      account_ids: ids.slice(0, 100),
    };
    const created = await api("POST", "/api/v1/webhooks", { key: user.key, body });
    expect(created.status).toBe(201);
    expect(created.body.data.account_ids).toHaveLength(100);
    const updated = await api("PATCH", `/api/v1/webhooks/${created.body.data.id}`, {
      key: user.key,
      body: { account_ids: ids.slice(20, 120) },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.account_ids).toHaveLength(100);
  });

  it("account groups: 120 accounts in one group, created, replaced and read", async () => {
    const created = await api("POST", "/api/v1/account-groups", {
      key: user.key,
      body: { name: "All", account_ids: ids },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data.account_ids).toHaveLength(120);
    const replaced = await api("PATCH", `/api/v1/account-groups/${created.body.data.id}`, {
      key: user.key,
      body: { account_ids: ids.slice(10) },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.account_ids).toHaveLength(110);
  });

  it("posting slots: 50 accounts on a slot, listing and find-slot (50 at most)", async () => {
    const slot = await api("POST", "/api/v1/posting-slots", {
      key: user.key,
      body: { account_ids: ids.slice(0, 50), weekday: 1, time: "09:00", timezone: "UTC" },
    });
    expect(slot.status).toBe(201);
    const list = await api("GET", `/api/v1/posting-slots?account_ids=${ids.slice(0, 50).join(",")}`, {
      key: user.key,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const found = await api("GET", `/api/v1/find-slot?account_ids=${ids.slice(0, 50).join(",")}`, { key: user.key });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
  });

  it("feeds: 50 accounts on a feed", async () => {
    const res = await api("POST", "/api/v1/rss-feeds", {
      key: user.key,
      body: { url: "https://feeds.example.com/rss.xml", account_ids: ids.slice(0, 50) },
    });
    expect(res.status).toBe(201);
  });

  it("the sandbox: what the platform received for 120 accounts", async () => {
    const res = await api("GET", "/api/v1/sandbox/published", { key: user.key });
    expect(res.status).toBe(200);
  });

  it("analytics: the overview of 120 accounts", async () => {
    const res = await api("GET", `/api/v1/analytics/overview?account_ids=${ids.join(",")}`, { key: user.key });
    expect(res.status).toBe(200);
  });
});
