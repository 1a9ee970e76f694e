import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  runDurableObjectAlarm,
} from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../../src/index";
import { dispatchDue } from "../../../src/services/posts/dispatch";
import { publishTargets } from "../../../src/services/posts/publish";
import { createRuntime } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import {
  createPost,
  eventsOf,
  FUTURE,
  fastRetries,
  publishedCalls,
  resetClock,
  runDue,
  settled,
} from "../helpers/posts";
import { eventually } from "../helpers/wait";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  // Faults are per platform, for everyone: one test's leftovers must not fail the next.
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  user = await newUser("creator");
  await resetClock(user.key);
  await fastRetries(user.key);
});

const scheduled = (platforms: { platform: string; account_id: string }[], extra: Record<string, unknown> = {}) => ({
  text: "Launch day",
  platforms,
  schedule_type: "scheduled",
  scheduled_at: FUTURE,
  ...extra,
});

const targetRow = (postId: string) =>
  env.DB.prepare("SELECT id, status, attempts FROM post_targets WHERE post_id = ?")
    .bind(postId)
    .first<{ id: string; status: string; attempts: number }>();

describe("publishing on time", () => {
  it("publishes a scheduled post to each account once it is due, with one post.published event each", async () => {
    const x = await connect(user.key, "twitter");
    const bluesky = await connect(user.key, "bluesky");
    const mastodon = await connect(user.key, "mastodon");
    const post = await createPost(
      user.key,
      scheduled([
        { platform: "twitter", account_id: x.id },
        { platform: "bluesky", account_id: bluesky.id },
        { platform: "mastodon", account_id: mastodon.id },
      ]),
    );
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } });
    expect((await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data.status).toBe("scheduled");
    expect(await publishedCalls(user.key)).toEqual([]);

    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.status).toBe("published");
    for (const target of done.platforms) {
      expect(target).toMatchObject({
        status: "published",
        platform_post_id: expect.any(String),
        url: expect.any(String),
        attempts: 1,
      });
    }
    const calls = await publishedCalls(user.key);
    expect(calls.map((c) => c.platform).sort()).toEqual(["bluesky", "mastodon", "twitter"]);
    expect(calls.every((c) => c.kind === "publish" && c.text === "Launch day")).toBe(true);

    const events = (await eventsOf(user.userId)).filter((e) => e.type === "post.published");
    expect(events).toHaveLength(3);
    const blueskyPostId = done.platforms.find((t: { platform: string }) => t.platform === "bluesky").platform_post_id;
    expect(events.map((e) => e.data).find((d) => d.platform === "bluesky")).toEqual({
      postId: post.id,
      platform: "bluesky",
      accountId: bluesky.id,
      platformPostId: blueskyPostId,
      segments: [blueskyPostId],
    });
  });

  it("publishes an immediate post without waiting for a tick", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, {
      text: "now",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "immediate",
    });
    expect((await settled(user.key, post.id)).status).toBe("published");
  });

  it("lets the scheduler's alarm publish a due post without the cron", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: "2030-06-01T09:00:01Z" } });
    const scheduler = env.SCHEDULER.get(env.SCHEDULER.idFromName("global"));
    await runDurableObjectAlarm(scheduler);
    expect((await settled(user.key, post.id)).status).toBe("published");
    const health = await api("GET", "/api/v1/health");
    expect(health.body.data.machinery.find((m: { name: string }) => m.name === "scheduler").last_run_at).not.toBeNull();
  });
});

describe("exactly once", () => {
  it("publishes once when the same queue message arrives twice", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: "2030-06-01T09:00:01Z" } });
    // Queue the target as the dispatcher would, then deliver its message twice in one batch and again alone.
    const target = (await targetRow(post.id))!;
    await env.DB.prepare("UPDATE post_targets SET status = 'queued' WHERE id = ?").bind(target.id).run();
    await env.DB.prepare("UPDATE posts SET status = 'publishing' WHERE id = ?").bind(post.id).run();
    const message = (id: string) => ({ id, timestamp: new Date(), attempts: 1, body: { targetId: target.id } });
    const batch = createMessageBatch("herald-publish", [message("m1"), message("m2")]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    const again = createMessageBatch("herald-publish", [message("m3")]);
    await worker.queue(again, env);
    expect((await publishedCalls(user.key)).filter((c) => c.kind === "publish")).toHaveLength(1);
    expect((await eventsOf(user.userId)).filter((e) => e.type === "post.published")).toHaveLength(1);
  });

  it("publishes once when the sweep and the alarm find the same due post", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: "2030-06-01T09:00:01Z" } });
    const rt = await createRuntime(env);
    const scheduler = env.SCHEDULER.get(env.SCHEDULER.idFromName("global"));
    const [a, b] = await Promise.all([dispatchDue(rt), dispatchDue(rt), runDurableObjectAlarm(scheduler)]);
    expect(a.queued + b.queued).toBeLessThanOrEqual(1);
    await settled(user.key, post.id);
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } });
    expect((await publishedCalls(user.key)).filter((c) => c.kind === "publish")).toHaveLength(1);
  });

  it("retries a transient platform error with the same target and publishes it once", async () => {
    const bluesky = await connect(user.key, "bluesky");
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "error", count: 2 },
    });
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.status).toBe("published");
    expect(done.platforms[0]).toMatchObject({ status: "published", attempts: 3, error: null });
    expect(await publishedCalls(user.key)).toHaveLength(1);
  });

  it("waits out a 429 until the platform's rate limit resets before trying again", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const armed = await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "rate_limited", count: 1 },
    });
    expect(armed.body.data).toEqual({ platform: "bluesky", mode: "rate_limited", count: 1, after: 0 });
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await runDue(user.key);
    const target = await eventually(async () => {
      const row = await env.DB.prepare(
        "SELECT status, error_code, dispatched_at, updated_at FROM post_targets WHERE post_id = ?",
      )
        .bind(post.id)
        .first<{ status: string; error_code: string | null; dispatched_at: number; updated_at: number }>();
      return row?.error_code ? row : undefined;
    }, "the 429 to be recorded");
    // fastRetries asks for no wait: the platform's reset (20 s on the sandbox) is what the retry waits for.
    expect(target).toMatchObject({ status: "queued", error_code: "PLATFORM_RATE_LIMITED" });
    expect(target.dispatched_at - target.updated_at).toBe(20_000);
    expect(await publishedCalls(user.key)).toHaveLength(0);
  });

  // Four tries through the real queue: over vitest's 5 s default when the whole suite runs at once.
  it("fails a target after the last retry with the platform's error recorded", { timeout: 30_000 }, async () => {
    const bluesky = await connect(user.key, "bluesky");
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "error", count: 10 },
    });
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.status).toBe("failed");
    expect(done.platforms[0]).toMatchObject({ status: "failed", attempts: 4, error: { code: "TRANSIENT" } });
    expect((await eventsOf(user.userId)).filter((e) => e.type === "post.failed")).toHaveLength(1);
  });

  it("never retries a call that got no answer: it fails as may-have-posted", async () => {
    const bluesky = await connect(user.key, "bluesky");
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "bluesky", mode: "timeout", count: 1 },
    });
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0]).toMatchObject({
      status: "failed",
      attempts: 1,
      error: { code: "AMBIGUOUS_MAY_HAVE_POSTED" },
    });
    const failed = (await eventsOf(user.userId)).filter((e) => e.type === "post.failed");
    expect(failed.map((e) => e.data)).toEqual([
      {
        postId: post.id,
        platform: "bluesky",
        accountId: bluesky.id,
        error: "AMBIGUOUS_MAY_HAVE_POSTED",
        publishedSegments: 0,
      },
    ]);
  });
});

describe("outcomes", () => {
  it("shows partial success per target; the post is failed only when every target failed", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const mastodon = await connect(user.key, "mastodon");
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "mastodon", mode: "reject", count: 5 },
    });
    const mixed = await createPost(
      user.key,
      scheduled([
        { platform: "bluesky", account_id: bluesky.id },
        { platform: "mastodon", account_id: mastodon.id },
      ]),
    );
    const allFail = await createPost(user.key, scheduled([{ platform: "mastodon", account_id: mastodon.id }]));
    await runDue(user.key);
    const done = await settled(user.key, mixed.id);
    expect(done.status).toBe("published");
    expect(done.platforms.map((t: { status: string }) => t.status)).toEqual(["published", "failed"]);
    expect(done.platforms[1].error.code).toBe("PLATFORM_REFUSED");
    expect((await settled(user.key, allFail.id)).status).toBe("failed");
  });

  it("fails a target whose account must be reconnected, without calling the platform", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    await api("PATCH", `/api/v1/sandbox/accounts/${bluesky.id}`, {
      key: user.key,
      body: { status: "reauth_required" },
    });
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0].error.code).toBe("reauth_required");
    expect(await publishedCalls(user.key)).toEqual([]);
  });

  it("marks X_LONG_POST_REFUSED and reads the account's tier and limit again", async () => {
    const x = await connect(user.key, "twitter", { subscription_tier: "premium", platform_subscription_tier: null });
    expect(x.text_limit).toBe(4000);
    const post = await createPost(
      user.key,
      scheduled([{ platform: "twitter", account_id: x.id }], { text: "a".repeat(500) }),
    );
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0].error.code).toBe("X_LONG_POST_REFUSED");
    // The tier is read again after the outcome is written: wait for it rather than race it.
    const account = await eventually(async () => {
      const res = await api("GET", `/api/v1/connected-accounts/${x.id}`, { key: user.key });
      return res.body.data.text_limit === 280 ? res.body.data : undefined;
    }, "the tier to be read again");
    expect(account).toMatchObject({ subscription_tier: null, text_limit: 280 });
  });
});

describe("the platform's say on stale accounts", () => {
  /** Publishes the post's one target through the queue consumer and waits for all of it, re-reads included. */
  async function publishThroughQueue(postId: string) {
    const target = (await targetRow(postId))!;
    await env.DB.prepare("UPDATE post_targets SET status = 'queued' WHERE id = ?").bind(target.id).run();
    await env.DB.prepare("UPDATE posts SET status = 'publishing' WHERE id = ?").bind(postId).run();
    const batch = createMessageBatch("herald-publish", [
      { id: `stale-${postId}`, timestamp: new Date(), attempts: 1, body: { targetId: target.id } },
    ]);
    await worker.queue(batch, env);
    return (await api("GET", `/api/v1/posts/${postId}`, { key: user.key })).body.data;
  }

  it("reads the profile again only after a refusal the platform names (X: a long post), not after any refusal", async () => {
    const x = await connect(user.key, "twitter", { subscription_tier: "premium", platform_subscription_tier: null });
    const refused = await createPost(
      user.key,
      scheduled([{ platform: "twitter", account_id: x.id }], { text: "short" }),
    );
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "twitter", mode: "reject", count: 1 },
    });
    expect((await publishThroughQueue(refused.id)).platforms[0].error.code).toBe("PLATFORM_REFUSED");
    const kept = await api("GET", `/api/v1/connected-accounts/${x.id}`, { key: user.key });
    expect(kept.body.data).toMatchObject({ subscription_tier: "premium", text_limit: 4000 });

    const long = await createPost(
      user.key,
      scheduled([{ platform: "twitter", account_id: x.id }], { text: "a".repeat(500) }),
    );
    expect((await publishThroughQueue(long.id)).platforms[0].error.code).toBe("X_LONG_POST_REFUSED");
    const reread = await api("GET", `/api/v1/connected-accounts/${x.id}`, { key: user.key });
    expect(reread.body.data).toMatchObject({ subscription_tier: null, text_limit: 280 });
  });
});

describe("what each platform is sent", () => {
  it("sends alt text, cover url and cover time only where the platform takes them", async () => {
    const platforms = ["instagram", "twitter", "facebook", "mastodon", "threads"];
    const accounts = await Promise.all(platforms.map((p) => connect(user.key, p)));
    const targetsOn = (names: string[]) =>
      accounts.filter((a) => names.includes(a.platform)).map((a) => ({ platform: a.platform, account_id: a.id }));
    const imageIn = { type: "image", url: "https://e.com/a.png", alt_text: "alt" };
    const videosIn = [
      { type: "video", url: "https://e.com/v.mp4", cover_url: "https://e.com/c.png", cover_time_ms: 1500 },
      { type: "video", url: "https://e.com/w.mp4", cover_time_ms: 2500 },
    ];
    // Carousels mix images and videos; X, Facebook and Mastodon take one kind a post (checked at scheduling).
    const posts = await Promise.all([
      createPost(user.key, {
        text: "media",
        platforms: targetsOn(["instagram", "threads"]),
        media: [imageIn, ...videosIn],
        schedule_type: "immediate",
      }),
      createPost(user.key, {
        text: "an image",
        platforms: targetsOn(["twitter", "facebook", "mastodon"]),
        media: [imageIn],
        schedule_type: "immediate",
      }),
      createPost(user.key, {
        text: "a video",
        platforms: targetsOn(["twitter", "facebook", "mastodon"]),
        media: [videosIn[0]!],
        schedule_type: "immediate",
      }),
    ]);
    for (const post of posts) await settled(user.key, post.id);
    const calls = await publishedCalls(user.key);
    const sent = (platform: string, text: string) =>
      calls.find((c) => c.platform === platform && c.text === text)?.media;
    const image = { type: "image", url: "https://e.com/a.png" };
    const video = { type: "video", url: "https://e.com/v.mp4" };
    const video2 = { type: "video", url: "https://e.com/w.mp4" };
    const withAlt = { ...image, altText: "alt" };
    expect(sent("instagram", "media")).toEqual([
      withAlt,
      { ...video, coverUrl: "https://e.com/c.png" },
      { ...video2, coverTimeMs: 2500 },
    ]);
    expect(sent("threads", "media")).toEqual([withAlt, video, video2]);
    for (const platform of ["twitter", "facebook"]) {
      expect(sent(platform, "an image")).toEqual([withAlt]);
      expect(sent(platform, "a video")).toEqual([video]);
    }
    expect(sent("mastodon", "an image")).toEqual([image]);
    expect(sent("mastodon", "a video")).toEqual([video]);

    // The video platforms take one video each (checked when the post is scheduled), a Pin goes on a board.
    const [tiktok, youtube] = await Promise.all(["tiktok", "youtube"].map((p) => connect(user.key, p)));
    const board = { destinations: [{ id: "549755885175", label: "Recipes" }] };
    const pinterest = await connect(user.key, "pinterest", board);
    const onePerPlatform = await createPost(user.key, {
      text: "one video",
      platforms: [tiktok, youtube].map((a) => ({ platform: a!.platform, account_id: a!.id })),
      media: [{ type: "video", url: "https://e.com/v.mp4", cover_url: "https://e.com/c.png", cover_time_ms: 1500 }],
      schedule_type: "immediate",
    });
    const pins = await Promise.all(
      [
        { type: "image", url: "https://e.com/a.png", alt_text: "alt" },
        { type: "video", url: "https://e.com/v.mp4", cover_url: "https://e.com/c.png", cover_time_ms: 1500 },
      ].map((item) =>
        createPost(user.key, {
          text: "pin",
          platforms: [
            { platform: "pinterest", account_id: pinterest.id, metadata: { destination_id: "549755885175" } },
          ],
          media: [item],
          schedule_type: "immediate",
        }),
      ),
    );
    for (const id of [onePerPlatform.id, ...pins.map((p) => p.id)]) await settled(user.key, id);
    const byAccount = async (id: string) => (await publishedCalls(user.key, id)).map((c) => c.media);
    expect(await byAccount(tiktok!.id)).toEqual([[{ ...video, coverTimeMs: 1500 }]]);
    expect(await byAccount(youtube!.id)).toEqual([[{ ...video, coverUrl: "https://e.com/c.png" }]]);
    expect(new Set((await byAccount(pinterest.id)).map((m) => JSON.stringify(m)))).toEqual(
      new Set([JSON.stringify([withAlt]), JSON.stringify([{ ...video, coverUrl: "https://e.com/c.png" }])]),
    );
  });

  it("sends destinations, options and articles to the platforms that use them", async () => {
    const telegram = await connect(user.key, "telegram", { destinations: [{ id: "@news", label: "News" }] });
    const devto = await connect(user.key, "devto");
    const post = await createPost(user.key, {
      text: "read this",
      platforms: [
        {
          platform: "telegram",
          account_id: telegram.id,
          metadata: { destination_id: "@news", disable_notification: true },
        },
        { platform: "devto", account_id: devto.id },
      ],
      platform_overrides: { devto: { title: "Herald", body: "# Hello\n\nMarkdown", tags: ["launch"] } },
      schedule_type: "immediate",
    });
    await settled(user.key, post.id);
    const calls = await publishedCalls(user.key);
    expect(calls.find((c) => c.platform === "telegram")).toMatchObject({
      destinationId: "@news",
      options: { disable_notification: true },
    });
    expect(calls.find((c) => c.platform === "devto")?.article).toEqual({
      title: "Herald",
      body: "# Hello\n\nMarkdown",
      tags: ["launch"],
    });
  });
});

describe("short links", () => {
  it("turns links into /l/<code> at publish time, and a visit redirects and counts", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(
      user.key,
      scheduled([{ platform: "bluesky", account_id: bluesky.id }], { text: "Read https://example.com/launch?ref=1." }),
    );
    expect(post.text).toBe("Read https://example.com/launch?ref=1.");
    await runDue(user.key);
    await settled(user.key, post.id);
    const [call] = await publishedCalls(user.key);
    const match = /^Read http:\/\/localhost:8787\/l\/([0-9A-Za-z]{8})\.$/.exec(call!.text);
    expect(match).not.toBeNull();
    const code = match![1]!;
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" };
    const visit = await exports.default.fetch(new Request(`http://herald.test/l/${code}`, { headers: browser }), {
      redirect: "manual",
    });
    expect(visit.status).toBe(302);
    expect(visit.headers.get("location")).toBe("https://example.com/launch?ref=1");
    await exports.default.fetch(new Request(`http://herald.test/l/${code}`, { headers: browser }), {
      redirect: "manual",
    });
    const row = await env.DB.prepare("SELECT sum(clicks) AS clicks FROM link_clicks WHERE code = ?")
      .bind(code)
      .first<{ clicks: number }>();
    expect(row?.clicks).toBe(2);
    expect((await api("GET", "/l/nonsense")).status).toBe(404);
  });
});

describe("a successful platform call is never turned into a failure", () => {
  it("each target's outcome is written on its own: a write that fails leaves only that target in flight", async () => {
    const accounts = await Promise.all([1, 2, 3].map(() => connect(user.key, "bluesky")));
    const post = await createPost(user.key, {
      text: "three ways",
      platforms: accounts.map((a) => ({ platform: "bluesky", account_id: a.id })),
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await env.DB.batch([
      env.DB.prepare("UPDATE posts SET status = 'publishing' WHERE id = ?").bind(post.id),
      env.DB.prepare("UPDATE post_targets SET status = 'queued' WHERE post_id = ?").bind(post.id),
    ]);
    const targets = (
      await env.DB.prepare("SELECT id, account_id FROM post_targets WHERE post_id = ? ORDER BY position")
        .bind(post.id)
        .all<{ id: string; account_id: string }>()
    ).results;
    const doomed = targets[1]!.id;
    const rt = await createRuntime(env);
    const batch = rt.db.batch.bind(rt.db);
    vi.spyOn(rt.db, "batch").mockImplementation(async (statements) => {
      const touches = statements.some((s) =>
        (s as { toSQL?: () => { params: unknown[] } }).toSQL?.().params.includes(doomed),
      );
      if (touches) throw new Error("D1 write failed");
      return batch(statements);
    });
    try {
      await publishTargets(
        rt,
        targets.map((t) => t.id),
      );
    } finally {
      vi.restoreAllMocks();
    }
    const rows = (
      await env.DB.prepare("SELECT id, status, platform_post_id FROM post_targets WHERE post_id = ? ORDER BY position")
        .bind(post.id)
        .all<{ id: string; status: string; platform_post_id: string | null }>()
    ).results;
    expect(rows.map((r) => [r.status, r.platform_post_id !== null])).toEqual([
      ["published", true],
      ["publishing", false],
      ["published", true],
    ]);
    expect(await publishedCalls(user.key)).toHaveLength(3);

    // The sweep settles the one in flight as may-have-posted; the others stay published.
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 16 * 60_000 } });
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } });
    const after = (await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data;
    expect(
      after.platforms.map((t: { status: string; error: { code: string } | null }) => [t.status, t.error?.code ?? null]),
    ).toEqual([
      ["published", null],
      ["failed", "AMBIGUOUS_MAY_HAVE_POSTED"],
      ["published", null],
    ]);
  });
});
