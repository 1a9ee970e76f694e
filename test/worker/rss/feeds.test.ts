import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { addFeed } from "../helpers/feeds";
import { resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
let account: { id: string };
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  account = await connect(user.key, "bluesky");
});

const post = (body: Record<string, unknown>, key = user.key) => api("POST", "/api/v1/rss-feeds", { key, body });
const feedCount = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM rss_feeds WHERE user_id = ?").bind(userId).first<{ n: number }>())!
    .n;

describe("creating feeds", () => {
  it("creates a feed with defaults and lists it with its status and counts", async () => {
    const res = await post({ url: "https://example.com/feed.xml", account_ids: [account.id] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      url: "https://example.com/feed.xml",
      mode: "draft",
      image: "none",
      daily_cap: 3,
      today_count: 0,
      status: "active",
      paused: false,
      last_checked_at: null,
      last_error: null,
      consecutive_failures: 0,
      template: null,
    });
    const list = await api("GET", "/api/v1/rss-feeds", { key: user.key });
    expect(list.status).toBe(200);
    expect(list.body.data.map((f: { id: string }) => f.id)).toEqual([res.body.data.id]);
  });

  it.each([
    ["url", { url: "ftp://example.com/feed" }],
    ["url", { url: "https://10.0.0.1/feed" }],
    ["url", { url: "https://169.254.169.254/latest" }],
    ["url", { url: "http://192.168.1.1/feed" }],
    ["url", { url: "https://localhost/feed" }],
    ["daily_cap", { url: "https://example.com/a", daily_cap: 0 }],
    ["daily_cap", { url: "https://example.com/a", daily_cap: 51 }],
    ["mode", { url: "https://example.com/a", mode: "auto" }],
    ["image", { url: "https://example.com/a", image: "gif" }],
  ])("refuses a bad %s with 400 naming it, writing nothing", async (field, body) => {
    const res = await post({ account_ids: [account.id], ...body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.issues[0].path).toBe(field);
    expect(await feedCount(user.userId)).toBe(0);
  });

  it("rule 15: refuses a feed URL with credentials with 400 naming url, writing nothing", async () => {
    for (const url of ["https://user:secret@example.com/feed.xml", "http://reader@example.org/rss"]) {
      const res = await post({ url, account_ids: [account.id] });
      expect([res.status, res.body.error.issues[0].path], url).toEqual([400, "url"]);
      expect(res.body.error.issues[0].message).toContain("credentials");
    }
    expect(await feedCount(user.userId)).toBe(0);
  });

  it("accepts loopback in sandbox mode and a public plain-http feed", async () => {
    expect((await post({ url: "http://127.0.0.1:9000/feed", account_ids: [account.id] })).status).toBe(201);
    expect((await post({ url: "http://example.org/rss", account_ids: [account.id] })).status).toBe(201);
  });

  it("needs platforms or account_ids, and only the user's own accounts", async () => {
    const none = await post({ url: "https://example.com/a" });
    expect(none.status).toBe(400);
    expect(none.body.error.issues[0].path).toBe("platforms");
    const other = await newUser("creator");
    const theirs = await connect(other.key, "bluesky");
    const foreign = await post({ url: "https://example.com/a", account_ids: [theirs.id] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.issues[0].path).toBe("account_ids");
    const noAccount = await post({ url: "https://example.com/a", platforms: ["mastodon"] });
    expect(noAccount.status).toBe(400);
    expect(await feedCount(user.userId)).toBe(0);
  });

  it("refuses a second feed with the same URL", async () => {
    await addFeed(user.key, { url: "https://example.com/same", platforms: ["bluesky"] });
    const dup = await post({ url: "https://example.com/same", account_ids: [account.id] });
    expect(dup.status).toBe(400);
    expect(dup.body.error.issues[0].path).toBe("url");
    expect(await feedCount(user.userId)).toBe(1);
  });

  it("refuses a sixth feed on an account, counting feeds by platform too", async () => {
    for (let i = 0; i < 3; i++) await addFeed(user.key, { url: `https://example.com/${i}`, account_ids: [account.id] });
    for (let i = 3; i < 5; i++) await addFeed(user.key, { url: `https://example.com/${i}`, platforms: ["bluesky"] });
    const sixth = await post({ url: "https://example.com/6", account_ids: [account.id] });
    expect(sixth.status).toBe(400);
    expect(sixth.body.error.issues[0].path).toBe("account_ids");
    expect(await feedCount(user.userId)).toBe(5);
    const other = await connect(user.key, "mastodon");
    expect((await post({ url: "https://example.com/6", account_ids: [other.id] })).status).toBe(201);
  });
});

describe("changing feeds", () => {
  it("patches fields, pauses and resumes, and deletes", async () => {
    const feed = await addFeed(user.key, { url: "https://example.com/p", account_ids: [account.id] });
    const patched = await api("PATCH", `/api/v1/rss-feeds/${feed.id}`, {
      key: user.key,
      body: { mode: "ai_draft", daily_cap: 7, template: { instructions: "Be brief", tone: "dry" }, image: "feed" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      mode: "ai_draft",
      daily_cap: 7,
      image: "feed",
      template: { tone: "dry" },
    });
    const cleared = await api("PATCH", `/api/v1/rss-feeds/${feed.id}`, { key: user.key, body: { template: null } });
    expect(cleared.body.data.template).toBeNull();
    const bad = await api("PATCH", `/api/v1/rss-feeds/${feed.id}`, { key: user.key, body: { daily_cap: 99 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("daily_cap");

    const paused = await api("POST", `/api/v1/rss-feeds/${feed.id}/pause`, { key: user.key, body: { paused: true } });
    expect(paused.body.data).toMatchObject({ status: "paused", paused: true });
    const resumed = await api("PATCH", `/api/v1/rss-feeds/${feed.id}`, { key: user.key, body: { paused: false } });
    expect(resumed.body.data).toMatchObject({ status: "active", paused: false });

    const removed = await api("DELETE", `/api/v1/rss-feeds/${feed.id}`, { key: user.key });
    expect(removed.body.data).toEqual({ id: feed.id, deleted: true });
    expect(await feedCount(user.userId)).toBe(0);
  });

  it("answers 404 for another user's feed and changes nothing", async () => {
    const feed = await addFeed(user.key, { url: "https://example.com/mine", account_ids: [account.id] });
    const other = await newUser("creator");
    for (const [method, path, body] of [
      ["PATCH", `/api/v1/rss-feeds/${feed.id}`, { paused: true }],
      ["POST", `/api/v1/rss-feeds/${feed.id}/pause`, { paused: true }],
      ["DELETE", `/api/v1/rss-feeds/${feed.id}`, undefined],
    ] as const) {
      expect((await api(method, path, { key: other.key, body })).status).toBe(404);
    }
    expect((await api("GET", "/api/v1/rss-feeds", { key: other.key })).body.data).toEqual([]);
    expect((await api("GET", "/api/v1/rss-feeds", { key: user.key })).body.data[0].status).toBe("active");
  });
});
