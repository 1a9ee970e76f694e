import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import {
  addFeed,
  atom,
  type FeedItemSpec,
  feedOf,
  postsOf,
  primedFeed as primeFeed,
  rss1,
  rss2,
  runChecks,
  stubFeeds,
} from "../helpers/feeds";
import { resetClock } from "../helpers/posts";
import { createSlot } from "../helpers/slots";

let user: Awaited<ReturnType<typeof newUser>>;
let bluesky: { id: string; text_limit: number };
let net: ReturnType<typeof stubFeeds>;
let n = 0;
/** A fresh loopback feed URL (sandbox mode accepts loopback). */
const nextUrl = () => `http://localhost:9000/feed-${++n}.xml`;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM settings WHERE key = 'config'").run();
  user = await newUser("creator");
  await resetClock(user.key);
  bluesky = await connect(user.key, "bluesky");
  net = stubFeeds();
});
afterEach(() => net.restore());

const items = (...names: string[]): FeedItemSpec[] =>
  names.map((name) => ({ title: `Post ${name}`, link: `https://example.com/${name}`, guid: `guid-${name}` }));
const DAY = 86_400_000;
const advance = (ms: number) => api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: ms } });
const itemRows = async (feedId: string) =>
  (
    await env.DB.prepare("SELECT item_key, status, ai_day, post_ids FROM rss_items WHERE feed_id = ? ORDER BY seq")
      .bind(feedId)
      .all<{
        item_key: string;
        status: string;
        ai_day: string | null;
        post_ids: string;
      }>()
  ).results;
const notificationsOf = async (kind: string) =>
  ((await api("GET", "/api/v1/notifications", { key: user.key })).body.data as { kind: string; data: any }[]).filter(
    (x) => x.kind === kind,
  );

const primedFeed = (body: Record<string, unknown>, first: string) =>
  primeFeed(net, user.key, { account_ids: [bluesky.id], ...body }, first);

describe("formats and the first check", () => {
  it.each([
    ["RSS 2.0", rss2],
    ["Atom", atom],
    ["RSS 1.0", rss1],
  ])("%s: the first check records existing items without posting; a later item becomes one draft", async (_, make) => {
    const { feed, set } = await primedFeed({}, make(items("b", "a")));
    expect((await itemRows(feed.id)).map((r) => r.status)).toEqual(["seen", "seen"]);
    expect(await postsOf(user.userId)).toEqual([]);
    expect(await feedOf(user.key, feed.id)).toMatchObject({ status: "active", last_error: null });

    set(make(items("c", "b", "a")));
    await runChecks(feed.id);
    const posts = await postsOf(user.userId);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      status: "draft",
      text: "Post c\n\nhttps://example.com/c",
      account_id: bluesky.id,
    });
  });

  it("keys items without guid by link, and items without either by a content hash, never twice", async () => {
    const noGuid = [
      { title: "Linked", link: "https://example.com/linked" },
      { title: "Bare", description: "Just text" },
    ];
    const { feed, set } = await primedFeed({}, rss2([]));
    set(rss2(noGuid));
    await runChecks(feed.id);
    await runChecks(feed.id);
    const keys = (await itemRows(feed.id)).map((r) => r.item_key);
    expect(keys).toHaveLength(2);
    expect(keys).toContain("https://example.com/linked");
    expect(keys.find((k) => k.startsWith("sha256:"))).toBeDefined();
    expect(await postsOf(user.userId)).toHaveLength(2);
  });

  it.each([
    ["malformed", "<rss><channel><item><title>broken</ti", /not a feed/],
    ["not a feed", "<html><body>hello</body></html>", /not a feed/],
    [
      "a DOCTYPE entity bomb",
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><rss version="2.0"><channel><title>&lol3;</title><item><title>&lol3;</title><guid>x</guid></item></channel></rss>`,
      /entities/,
    ],
    [
      "huge",
      `<rss version="2.0"><channel>${"<item><title>x</title></item>".repeat(100_000)}</channel></rss>`,
      /larger than/,
    ],
  ])("a %s document fails the check safely and records nothing", async (_, body, error) => {
    const url = nextUrl();
    net.serve(url, body);
    const feed = await addFeed(user.key, { url, account_ids: [bluesky.id] });
    await runChecks(feed.id);
    const shown = await feedOf(user.key, feed.id);
    expect(shown.last_error).toMatch(error);
    expect(shown.consecutive_failures).toBe(1);
    expect(shown.status).toBe("active");
    expect(await itemRows(feed.id)).toEqual([]);
  });

  it("fetches without following redirects and fails on one", async () => {
    const url = nextUrl();
    net.serve(url, () => new Response(null, { status: 301, headers: { location: "http://169.254.169.254/" } }));
    const feed = await addFeed(user.key, { url, account_ids: [bluesky.id] });
    await runChecks(feed.id);
    expect(net.requests(url)[0]!.redirect).toBe("manual");
    expect(net.requests("http://169.254.169.254/")).toEqual([]);
    expect((await feedOf(user.key, feed.id)).last_error).toMatch(/redirect/);
  });
});

describe("conditional GET", () => {
  it("sends the last ETag and Last-Modified; a 304 is a success that reads nothing", async () => {
    const url = nextUrl();
    const modified = "Sat, 01 Jun 2030 07:00:00 GMT";
    net.serve(url, (req) =>
      req.headers["if-none-match"] === '"v1"'
        ? new Response(null, { status: 304 })
        : new Response(rss2(items("a")), { headers: { etag: '"v1"', "last-modified": modified } }),
    );
    const feed = await addFeed(user.key, { url, account_ids: [bluesky.id] });
    await runChecks(feed.id);
    await advance(60_000);
    await runChecks(feed.id);
    const [first, second] = net.requests(url);
    expect(first!.headers["if-none-match"]).toBeUndefined();
    expect(second!.headers).toMatchObject({ "if-none-match": '"v1"', "if-modified-since": modified });
    const shown = await feedOf(user.key, feed.id);
    expect(shown).toMatchObject({ last_error: null, consecutive_failures: 0 });
    expect(Date.parse(shown.last_checked_at)).toBeGreaterThanOrEqual(Date.parse("2030-06-01T08:01:00.000Z"));
  });
});

describe("failures, pause and resume", () => {
  it("stops after 5 failed checks in a row with one notification; resume checks it again from zero", async () => {
    const url = nextUrl();
    let status = 500;
    net.serve(url, () => (status === 200 ? new Response(rss2(items("a"))) : new Response("down", { status })));
    const feed = await addFeed(user.key, { url, account_ids: [bluesky.id] });
    for (let i = 0; i < 4; i++) await runChecks(feed.id);
    expect(await feedOf(user.key, feed.id)).toMatchObject({
      status: "active",
      consecutive_failures: 4,
      last_error: "HTTP 500",
    });
    await runChecks(feed.id);
    expect(await feedOf(user.key, feed.id)).toMatchObject({ status: "stopped", consecutive_failures: 5 });
    expect(await notificationsOf("rss_feed_stopped")).toHaveLength(1);

    await runChecks(feed.id);
    expect(net.requests(url)).toHaveLength(5);

    status = 200;
    const resumed = await api("POST", `/api/v1/rss-feeds/${feed.id}/pause`, { key: user.key, body: { paused: false } });
    expect(resumed.body.data).toMatchObject({ status: "active", consecutive_failures: 0 });
    await runChecks(feed.id);
    expect(net.requests(url)).toHaveLength(6);
    expect(await feedOf(user.key, feed.id)).toMatchObject({ status: "active", last_error: null });
    expect(await notificationsOf("rss_feed_stopped")).toHaveLength(1);
  });

  it("a success between failures resets the count", async () => {
    const url = nextUrl();
    let ok = false;
    net.serve(url, () => (ok ? new Response(rss2([])) : new Response("", { status: 503 })));
    const feed = await addFeed(user.key, { url, account_ids: [bluesky.id] });
    for (let i = 0; i < 4; i++) await runChecks(feed.id);
    ok = true;
    await runChecks(feed.id);
    ok = false;
    for (let i = 0; i < 4; i++) await runChecks(feed.id);
    expect(await feedOf(user.key, feed.id)).toMatchObject({ status: "active", consecutive_failures: 4 });
  });
});

describe("modes and caps", () => {
  it("draft: one draft post to every account of the feed, with the feed image only when public https", async () => {
    const mastodon = await connect(user.key, "mastodon");
    const { feed, set } = await primedFeed({ platforms: ["mastodon"], image: "feed" }, rss2([]));
    set(
      rss2([
        { title: "Private image", link: "https://example.com/p", guid: "p", image: "http://10.0.0.1/x.jpg" },
        { title: "Public image", link: "https://example.com/i", guid: "i", image: "https://cdn.example.com/i.jpg" },
      ]),
    );
    await runChecks(feed.id);
    const posts = await postsOf(user.userId);
    expect(posts.map((p) => [p.text.split("\n")[0], p.account_id])).toEqual([
      ["Public image", bluesky.id],
      ["Public image", mastodon.id],
      ["Private image", bluesky.id],
      ["Private image", mastodon.id],
    ]);
    expect(JSON.parse(posts[0]!.media)).toEqual([{ type: "image", url: "https://cdn.example.com/i.jpg" }]);
    expect(JSON.parse(posts[2]!.media)).toEqual([]);
  });

  it("ai_draft: one draft per platform, each within that account's text limit", async () => {
    const x = await connect(user.key, "twitter");
    const long = "A very long title ".repeat(30);
    const { feed, set } = await primedFeed({ account_ids: [bluesky.id, x.id], mode: "ai_draft" }, rss2([]));
    set(rss2([{ title: long, link: "https://example.com/long", guid: "long" }]));
    await runChecks(feed.id);
    const posts = await postsOf(user.userId);
    expect(posts.map((p) => p.platform).sort()).toEqual(["bluesky", "twitter"]);
    expect(new Set(posts.map((p) => p.id)).size).toBe(2);
    for (const p of posts) {
      expect(p.status).toBe("draft");
      expect(p.text.length).toBeLessThanOrEqual(p.platform === "twitter" ? x.text_limit : bluesky.text_limit);
      expect(p.text).toContain("https://example.com/long");
    }
    expect((await feedOf(user.key, feed.id)).today_count).toBe(1);
  });

  it("daily_cap: items over the cap wait, in order, for the next day", async () => {
    const { feed, set } = await primedFeed({ mode: "ai_draft", daily_cap: 2 }, rss2([]));
    set(rss2(items("4", "3", "2", "1")));
    await runChecks(feed.id);
    await runChecks(feed.id);
    expect((await postsOf(user.userId)).map((p) => p.text.split("\n")[0])).toEqual(["Post 1", "Post 2"]);
    expect((await feedOf(user.key, feed.id)).today_count).toBe(2);
    expect((await itemRows(feed.id)).map((r) => r.status)).toEqual(["done", "done", "pending", "pending"]);

    await advance(DAY);
    await runChecks(feed.id);
    expect((await postsOf(user.userId)).map((p) => p.text.split("\n")[0])).toEqual([
      "Post 1",
      "Post 2",
      "Post 3",
      "Post 4",
    ]);
    expect((await feedOf(user.key, feed.id)).today_count).toBe(2);
  });

  it("at most 10 AI posts a day per user across feeds; the rest wait", async () => {
    const a = await primedFeed({ mode: "ai_draft", daily_cap: 50 }, rss2([]));
    const b = await primedFeed({ mode: "ai_draft", daily_cap: 50 }, rss2([]));
    a.set(rss2(items(...Array.from({ length: 8 }, (_, i) => `a${8 - i}`))));
    b.set(rss2(items(...Array.from({ length: 4 }, (_, i) => `b${4 - i}`))));
    await runChecks(a.feed.id, b.feed.id);
    expect(await postsOf(user.userId)).toHaveLength(10);
    expect((await itemRows(b.feed.id)).filter((r) => r.status === "pending")).toHaveLength(2);
    await advance(DAY);
    await runChecks(a.feed.id, b.feed.id);
    expect(await postsOf(user.userId)).toHaveLength(12);
  });

  it("draft mode has no daily cap", async () => {
    const { feed, set } = await primedFeed({ daily_cap: 1 }, rss2([]));
    set(rss2(items("3", "2", "1")));
    await runChecks(feed.id);
    expect(await postsOf(user.userId)).toHaveLength(3);
  });

  it("ai_schedule: the next free posting slot; none free within 14 days leaves a draft and one notification", async () => {
    // 2030-06-01 is a Saturday; Monday 09:00 UTC occurs on 06-03 and 06-10 within 14 days, then 06-17.
    await createSlot(user.key, { account_ids: [bluesky.id], weekday: 1, time: "09:00", timezone: "UTC" });
    const { feed, set } = await primedFeed({ mode: "ai_schedule" }, rss2([]));
    set(rss2(items("1")));
    await runChecks(feed.id);
    let posts = await postsOf(user.userId);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ status: "scheduled", scheduled_at: Date.parse("2030-06-03T09:00:00Z") });

    set(rss2(items("2", "1")));
    await runChecks(feed.id);
    posts = await postsOf(user.userId);
    expect(posts[1]).toMatchObject({ status: "scheduled", scheduled_at: Date.parse("2030-06-10T09:00:00Z") });

    set(rss2(items("3", "2", "1")));
    await runChecks(feed.id);
    posts = await postsOf(user.userId);
    expect(posts).toHaveLength(3);
    expect(posts[2]).toMatchObject({ status: "draft", scheduled_at: null });
    const notices = await notificationsOf("rss_no_free_slot");
    expect(notices).toHaveLength(1);
    expect(notices[0]!.data.post_id).toBe(posts[2]!.id);
  });
});

describe("never twice", () => {
  it("two overlapping checks of the same new item make one post", async () => {
    const { feed, set } = await primedFeed({ mode: "ai_draft" }, rss2([]));
    set(rss2(items("x")));
    await Promise.all([runChecks(feed.id), runChecks(feed.id), runChecks(feed.id, feed.id)]);
    expect(await postsOf(user.userId)).toHaveLength(1);
    expect((await feedOf(user.key, feed.id)).today_count).toBe(1);
  });

  it("an item left claimed by a crash is taken again after the lease, making only the posts it lacks", async () => {
    const mastodon = await connect(user.key, "mastodon");
    const { feed, set } = await primedFeed({ mode: "ai_draft", account_ids: [bluesky.id, mastodon.id] }, rss2([]));
    set(rss2(items("1")));
    await runChecks(feed.id);
    const [made] = (await postsOf(user.userId)).filter((p) => p.account_id === mastodon.id);
    // As if the check crashed after saving the first account's post: the second's is gone, the item claimed.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM post_targets WHERE post_id = ?").bind(made!.id),
      env.DB.prepare("DELETE FROM posts WHERE id = ?").bind(made!.id),
    ]);
    const kept = (await postsOf(user.userId)).filter((p) => p.account_id === bluesky.id).map((p) => p.id);
    await env.DB.prepare("UPDATE rss_items SET status = 'claimed', claimed_at = ?, post_ids = ? WHERE feed_id = ?")
      .bind(Date.parse("2030-06-01T08:00:00Z"), JSON.stringify(kept), feed.id)
      .run();

    await advance(5 * 60_000);
    await runChecks(feed.id);
    expect((await itemRows(feed.id)).map((i) => i.status)).toEqual(["claimed"]); // still within its lease

    await advance(6 * 60_000);
    await runChecks(feed.id);
    const after = await postsOf(user.userId);
    expect(after.map((p) => p.account_id).sort()).toEqual([bluesky.id, mastodon.id].sort());
    expect(after.filter((p) => p.account_id === bluesky.id).map((p) => p.id)).toEqual(kept);
    expect((await itemRows(feed.id)).map((i) => i.status)).toEqual(["done"]);
  });
});
