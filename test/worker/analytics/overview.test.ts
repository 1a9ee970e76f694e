import { env } from "cloudflare:test";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { overview, publishAt, readNow, rowOf, setMetrics } from "../helpers/analytics";
import { api, connect, newUser } from "../helpers/api";
import { primedFeed, rss2, runChecks, stubFeeds } from "../helpers/feeds";
import { BASE, createPost, resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, emit, setConfig, settledDelivery } from "../helpers/webhooks";

const DAY = 86_400_000;
const daysBefore = (days: number, from = BASE) => new Date(Date.parse(from) - days * DAY).toISOString();

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  await env.DB.prepare("DELETE FROM settings WHERE key = 'config'").run();
  user = await newUser("creator");
  await resetClock(user.key);
});

describe("the window", () => {
  it("defaults to the last 30 days: a post published 40 days ago is left out, one 10 days ago counted", async () => {
    const bluesky = await connect(user.key, "bluesky");
    await publishAt(user.key, daysBefore(40), [{ platform: "bluesky", account_id: bluesky.id }]);
    await publishAt(user.key, daysBefore(10), [{ platform: "bluesky", account_id: bluesky.id }]);
    await resetClock(user.key);

    const res = await overview(user.key);
    expect(res.status).toBe(200);
    const { from, to } = res.body.data;
    expect(Date.parse(to) - Date.parse(from)).toBe(30 * DAY);
    expect(Math.abs(Date.parse(to) - Date.parse(BASE))).toBeLessThan(60_000);
    expect((await rowOf(user.key, bluesky.id)).posts_published).toBe(1);
  });

  it("takes dates as whole UTC days (to is inclusive) and timestamps as they are", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const target = [{ platform: "bluesky", account_id: bluesky.id }];
    await publishAt(user.key, "2030-03-10T23:30:00Z", target);
    await publishAt(user.key, "2030-03-11T00:30:00Z", target);
    await resetClock(user.key);

    const byDate = await overview(user.key, "from=2030-03-10&to=2030-03-10");
    expect(byDate.body.data).toMatchObject({ from: "2030-03-10T00:00:00.000Z", to: "2030-03-11T00:00:00.000Z" });
    expect((await rowOf(user.key, bluesky.id, "from=2030-03-10&to=2030-03-10")).posts_published).toBe(1);
    expect((await rowOf(user.key, bluesky.id, "from=2030-03-10&to=2030-03-11")).posts_published).toBe(2);
    const stamps = "from=2030-03-11T00:00:00Z&to=2030-03-11T01:00:00%2B00:00";
    expect((await rowOf(user.key, bluesky.id, stamps)).posts_published).toBe(1);
    // `from` alone runs to now; `to` alone reaches back 30 days.
    expect((await rowOf(user.key, bluesky.id, "from=2030-03-01")).posts_published).toBe(2);
    const toOnly = await overview(user.key, "to=2030-03-11");
    expect(toOnly.body.data.from).toBe("2030-02-10T00:00:00.000Z");
    expect((await rowOf(user.key, bluesky.id, "to=2030-03-11")).posts_published).toBe(2);
  });

  it("refuses bad input with 400 naming the field, and reads nothing", async () => {
    for (const [query, field] of [
      ["from=yesterday", "from"],
      ["to=2030-13-45", "to"],
      ["from=2030-03-10T09:00:00", "from"],
      ["from=2030-03-11&to=2030-03-10", "to"],
      ["from=2030-03-10T10:00:00Z&to=2030-03-10T10:00:00Z", "to"],
    ] as const) {
      const res = await overview(user.key, query);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.issues[0].path, query).toBe(field);
      expect(res.body.error.message.startsWith(`${field}:`)).toBe(true);
    }
  });
});

describe("accounts and platforms", () => {
  it("has a row per account naming its platform, and totals per platform", async () => {
    const a = await connect(user.key, "bluesky");
    const b = await connect(user.key, "bluesky");
    const m = await connect(user.key, "mastodon");
    const post = await publishAt(user.key, daysBefore(1), [
      { platform: "bluesky", account_id: a.id },
      { platform: "bluesky", account_id: b.id },
      { platform: "mastodon", account_id: m.id },
    ]);
    await publishAt(user.key, daysBefore(1), [{ platform: "bluesky", account_id: a.id }]);
    await resetClock(user.key);
    // Metrics read for two of the targets (the latest reading counts; an older one does not).
    await setMetrics(user.key, post.id, a.id, { likes: 1, views: 10 });
    await readNow(user, 4);
    await setMetrics(user.key, post.id, a.id, { likes: 5, comments: 2, views: 100 });
    await setMetrics(user.key, post.id, m.id, { likes: 7, reposts: 3 });
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: DAY } });
    await readNow(user, 4);

    const data = (await overview(user.key)).body.data;
    expect(data.accounts.map((r: { account_id: string }) => r.account_id)).toEqual([a.id, b.id, m.id]);
    const rowA = data.accounts[0];
    expect(rowA).toMatchObject({
      platform: "bluesky",
      posts_published: 2,
      posts_failed: 0,
      metrics: { likes: 5, comments: 2, reposts: 0, views: 100 },
      metrics_read: 2,
    });
    const platforms = Object.fromEntries(data.platforms.map((p: { platform: string }) => [p.platform, p]));
    expect(Object.keys(platforms)).toEqual(["bluesky", "mastodon"]);
    expect(platforms.bluesky).toMatchObject({
      accounts: 2,
      posts_published: 3,
      metrics: { likes: 5, comments: 2, reposts: 0, views: 100 },
    });
    expect(platforms.mastodon).toMatchObject({ accounts: 1, posts_published: 1, metrics: { likes: 7, reposts: 3 } });
  });

  it("narrows to account_ids, and answers 404 for an account of someone else or none", async () => {
    const a = await connect(user.key, "bluesky");
    const m = await connect(user.key, "mastodon");
    await publishAt(user.key, daysBefore(1), [
      { platform: "bluesky", account_id: a.id },
      { platform: "mastodon", account_id: m.id },
    ]);
    await resetClock(user.key);

    const only = (await overview(user.key, `account_ids=${m.id}`)).body.data;
    expect(only.accounts.map((r: { account_id: string }) => r.account_id)).toEqual([m.id]);
    expect(only.platforms).toEqual([expect.objectContaining({ platform: "mastodon", posts_published: 1 })]);

    const other = await newUser("creator");
    const theirs = await connect(other.key, "bluesky");
    for (const ids of [`${a.id},${theirs.id}`, "acct_nobody"]) {
      const res = await overview(user.key, `account_ids=${ids}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe("not_found");
    }
    // The other user sees their own account and nothing of ours.
    const theirView = (await overview(other.key)).body.data;
    expect(theirView.accounts.map((r: { account_id: string }) => r.account_id)).toEqual([theirs.id]);
  });

  it("counts failed posts in the window", async () => {
    const a = await connect(user.key, "bluesky");
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "reject", count: 1 },
    });
    const post = await publishAt(user.key, daysBefore(2), [{ platform: "bluesky", account_id: a.id }]);
    expect(post.status).toBe("failed");
    await publishAt(user.key, daysBefore(2), [{ platform: "bluesky", account_id: a.id }]);
    await resetClock(user.key);
    expect(await rowOf(user.key, a.id)).toMatchObject({ posts_published: 1, posts_failed: 1 });
    expect((await rowOf(user.key, a.id, "to=2030-05-01")).posts_failed).toBe(0);
  });

  it("counts plug firings on the plug's account", async () => {
    const ig = await connect(user.key, "instagram");
    const post = await publishAt(user.key, BASE, [{ platform: "instagram", account_id: ig.id }]);
    const arm = await api("POST", `/api/v1/posts/${post.id}/plugs`, {
      key: user.key,
      body: { account_id: ig.id, trigger: { metric: "likes", threshold: 3 }, action: { kind: "comment", text: "Hi" } },
    });
    expect(arm.status).toBe(201);
    await setMetrics(user.key, post.id, ig.id, { likes: 4 });
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["plug-checks"] } });
    await eventually(async () => {
      const plugs = (await api("GET", `/api/v1/posts/${post.id}/plugs`, { key: user.key })).body.data.plugs;
      return plugs[0].state === "fired" ? plugs : undefined;
    }, "the plug to fire");
    // The plug check read the metrics: they count as the post's latest reading.
    expect(await rowOf(user.key, ig.id)).toMatchObject({ plug_firings: 1, metrics: { likes: 4 }, metrics_read: 1 });
  });
});

describe("posts made from feed items", () => {
  let net: ReturnType<typeof stubFeeds>;
  beforeEach(() => {
    net = stubFeeds();
  });
  afterEach(() => net.restore());

  it("counts each post a feed item became, on each of its accounts", async () => {
    const a = await connect(user.key, "bluesky");
    const m = await connect(user.key, "mastodon");
    const feed = await primedFeed(net, user.key, { account_ids: [a.id, m.id], mode: "draft" });
    feed.set(rss2([{ title: "News", link: "https://example.com/news", guid: "news-1" }]));
    await runChecks(feed.feed.id);
    // A post written by hand is not from a feed.
    await createPost(user.key, { text: "By hand", platforms: [{ platform: "bluesky", account_id: a.id }] });

    const data = (await overview(user.key)).body.data;
    const rows = Object.fromEntries(data.accounts.map((r: { account_id: string }) => [r.account_id, r]));
    expect(rows[a.id].feed_items_posted).toBe(1);
    expect(rows[m.id].feed_items_posted).toBe(1);
    expect((await rowOf(user.key, a.id, "to=2030-05-31")).feed_items_posted).toBe(0);
  });
});

describe("webhook deliveries", () => {
  let net: ReturnType<typeof stubNetwork>;
  beforeAll(() => {
    net = stubNetwork();
  });
  afterAll(() => net.restore());

  it("counts deliveries that ended ok or failed, per account the event names, and all of them", async () => {
    const a = await connect(user.key, "bluesky");
    const m = await connect(user.key, "mastodon");
    await setConfig(user.key, { webhook_retry_delays_s: [0, 0, 0, 0] });
    net.serve("ok.example.com", 200);
    net.serve("down.example.com", 500);
    const good = await addWebhook(user.key, { target_url: "https://ok.example.com/h", events: ["post.published"] });
    const bad = await addWebhook(user.key, { target_url: "https://down.example.com/h", events: ["flow.error"] });

    const [aboutA] = await emit(user.key, "post.published", { postId: "post_x" }, { account_id: a.id });
    const [aboutM] = await emit(user.key, "post.published", { postId: "post_y" }, { account_id: m.id });
    const [noAccount] = await emit(user.key, "flow.error", { flowId: "flow_1" });
    for (const [hook, event] of [
      [good.id, aboutA],
      [good.id, aboutM],
      [bad.id, noAccount],
    ] as const) {
      await settledDelivery(hook, event!);
    }

    const data = (await overview(user.key)).body.data;
    const rows = Object.fromEntries(data.accounts.map((r: { account_id: string }) => [r.account_id, r]));
    expect(rows[a.id].webhook_deliveries).toEqual({ ok: 1, failed: 0 });
    expect(rows[m.id].webhook_deliveries).toEqual({ ok: 1, failed: 0 });
    expect(data.webhook_deliveries).toEqual({ ok: 2, failed: 1 });
    const onlyA = (await overview(user.key, `account_ids=${a.id}`)).body.data;
    expect(onlyA.webhook_deliveries).toEqual({ ok: 1, failed: 0 });
  }, 60_000);
});
