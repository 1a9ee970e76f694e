import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SandboxAdapter } from "../../src/platforms/sandbox";
import { firePlug, PLUG_ACTION_DEADLINE_MS } from "../../src/services/plugs/fire";
import { createRuntime } from "../../src/services/runtime";
import { api, connect, newUser } from "./helpers/api";
import { createPost, eventsOf, FUTURE, publishedCalls, resetClock, runDue, settled } from "./helpers/posts";
import { eventually } from "./helpers/wait";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  user = await newUser("creator");
  await resetClock(user.key);
});

const MIN = 60_000;
const advance = (ms: number) => api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: ms } });
const tick = async () =>
  (await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["plug-checks"] } })).body.data.results[
    "plug-checks"
  ];
const plugsOf = async (postId: string) =>
  (await api("GET", `/api/v1/posts/${postId}/plugs`, { key: user.key })).body.data;
const arm = (postId: string, body: Record<string, unknown>, key = user.key) =>
  api("POST", `/api/v1/posts/${postId}/plugs`, { key, body });
const metrics = (postId: string, accountId: string, counts: Record<string, number>) =>
  api("POST", "/api/v1/sandbox/metrics", {
    key: user.key,
    body: { post_id: postId, account_id: accountId, ...counts },
  });
const comment = (text = "Thanks for reading!") => ({ kind: "comment", text });

/** Waits until a plug has been checked after `since` (the queue consumer runs on its own). */
const checkedAfter = (postId: string, plugId: string, since: number) =>
  eventually(async () => {
    const plug = (await plugsOf(postId)).plugs.find((p: { id: string }) => p.id === plugId);
    return plug.state !== "armed" || (plug.last_checked_at && Date.parse(plug.last_checked_at) >= since)
      ? plug
      : undefined;
  }, "a plug check");

async function livePost(platforms: { platform: string; account_id: string }[]) {
  const post = await createPost(user.key, {
    text: "Live",
    platforms,
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
  });
  await runDue(user.key);
  await settled(user.key, post.id);
  return post;
}

describe("arming plugs", () => {
  it("is refused on the Free plan with 403 feature_disabled", async () => {
    const free = await newUser("free");
    const ig = await connect(free.key, "instagram");
    const post = await createPost(free.key, { text: "x", platforms: [{ platform: "instagram", account_id: ig.id }] });
    const res = await arm(
      post.id,
      { account_id: ig.id, trigger: { metric: "likes", threshold: 5 }, action: comment() },
      free.key,
    );
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("feature_disabled");
    expect((await api("GET", `/api/v1/posts/${post.id}/plugs`, { key: free.key })).status).toBe(403);
  });

  it("is refused on a draft", async () => {
    const ig = await connect(user.key, "instagram");
    const post = await createPost(user.key, { text: "x", platforms: [{ platform: "instagram", account_id: ig.id }] });
    const res = await arm(post.id, {
      account_id: ig.id,
      trigger: { metric: "likes", threshold: 5 },
      action: comment(),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("post_is_draft");
  });

  it("refuses platforms, metrics and actions the platform does not support, and a comment without text", async () => {
    const ig = await connect(user.key, "instagram");
    const twitch = await connect(user.key, "twitch");
    const person = await connect(user.key, "linkedin", { platform_user_id: "urn:li:person:1" });
    const post = await createPost(user.key, {
      text: "x",
      platforms: [
        { platform: "instagram", account_id: ig.id },
        { platform: "twitch", account_id: twitch.id },
        { platform: "linkedin", account_id: person.id },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const cases: [Record<string, unknown>, string][] = [
      // Twitch reads no counts and runs neither action: its adapter has neither, so no plug is offered.
      [
        { account_id: twitch.id, trigger: { metric: "likes", threshold: 1 }, action: comment() },
        "unsupported_platform",
      ],
      [
        { account_id: person.id, trigger: { metric: "likes", threshold: 1 }, action: comment() },
        "unsupported_platform",
      ],
      [{ account_id: ig.id, trigger: { metric: "reposts", threshold: 1 }, action: comment() }, "unsupported_metric"],
      [
        { account_id: ig.id, trigger: { metric: "likes", threshold: 1 }, action: { kind: "repost" } },
        "unsupported_action",
      ],
      [
        { account_id: ig.id, trigger: { metric: "likes", threshold: 1 }, action: { kind: "comment" } },
        "validation_error",
      ],
      [{ account_id: ig.id, trigger: { metric: "likes", threshold: 0 }, action: comment() }, "validation_error"],
      [{ account_id: "acct_other", trigger: { metric: "likes", threshold: 1 }, action: comment() }, "validation_error"],
    ];
    for (const [body, code] of cases) {
      const res = await arm(post.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe(code);
    }
    expect((await plugsOf(post.id)).plugs).toEqual([]);
  });

  it("lists only the accounts that can carry a plug, with their metrics and actions", async () => {
    const x = await connect(user.key, "twitter");
    const mastodon = await connect(user.key, "mastodon");
    const page = await connect(user.key, "linkedin", { platform_user_id: "urn:li:organization:9" });
    const post = await createPost(user.key, {
      text: "x",
      platforms: [
        { platform: "twitter", account_id: x.id },
        { platform: "mastodon", account_id: mastodon.id },
        { platform: "linkedin", account_id: page.id },
      ],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    expect((await plugsOf(post.id)).targets).toEqual([
      {
        account_id: x.id,
        platform: "twitter",
        metrics: ["likes", "comments", "reposts", "views"],
        actions: ["repost", "comment"],
      },
      {
        account_id: mastodon.id,
        platform: "mastodon",
        metrics: ["likes", "comments", "reposts"],
        actions: ["repost", "comment"],
      },
    ]);
    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { linkedin_company_pages_approved: true } });
    expect((await plugsOf(post.id)).targets.map((t: { platform: string }) => t.platform)).toEqual([
      "twitter",
      "mastodon",
      "linkedin",
    ]);
    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { linkedin_company_pages_approved: false } });
  });

  it("allows 3 plugs per account on a post and 10 watching per user", async () => {
    const x = await connect(user.key, "twitter");
    const posts = [];
    for (let i = 0; i < 4; i++) {
      posts.push(
        await createPost(user.key, {
          text: `p${i}`,
          platforms: [{ platform: "twitter", account_id: x.id }],
          schedule_type: "scheduled",
          scheduled_at: FUTURE,
        }),
      );
    }
    const plug = { account_id: x.id, trigger: { metric: "likes", threshold: 10 }, action: { kind: "repost" } };
    for (let i = 0; i < 3; i++) expect((await arm(posts[0].id, plug)).status).toBe(201);
    const fourth = await arm(posts[0].id, plug);
    expect(fourth.status).toBe(400);
    expect(fourth.body.error).toMatchObject({ code: "plug_limit", limit: "per_account_on_post" });
    for (const post of posts.slice(1)) {
      for (let i = 0; i < 3; i++) await arm(post.id, plug);
    }
    // 3 + 3 + 3 + 1 = 10 watching; the 11th is refused.
    const limits = (await plugsOf(posts[3].id)).limits;
    expect(limits.watching).toEqual({ limit: 10, used: 10 });
    const eleventh = await arm(posts[3].id, plug);
    expect(eleventh.body.error).toMatchObject({ code: "plug_limit", limit: "watching" });
  });
});

describe("plugs beyond SPEC's four platforms", () => {
  it("a Bluesky post reposts itself once its likes reach the threshold; a YouTube video takes a comment plug only", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const youtube = await connect(user.key, "youtube");
    const post = await livePost([{ platform: "bluesky", account_id: bluesky.id }]);
    expect((await plugsOf(post.id)).targets).toEqual([
      {
        account_id: bluesky.id,
        platform: "bluesky",
        metrics: ["likes", "comments", "reposts"],
        actions: ["repost", "comment"],
      },
    ]);
    const video = await createPost(user.key, {
      text: "Launch",
      platforms: [{ platform: "youtube", account_id: youtube.id }],
      media: [{ type: "video", url: "https://cdn.example.com/launch.mp4" }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    expect((await plugsOf(video.id)).targets).toEqual([
      { account_id: youtube.id, platform: "youtube", metrics: ["likes", "comments", "views"], actions: ["comment"] },
    ]);
    const refused = await arm(video.id, {
      account_id: youtube.id,
      trigger: { metric: "likes", threshold: 1 },
      action: { kind: "repost" },
    });
    expect(refused.body.error.code).toBe("unsupported_action");

    const armed = await arm(post.id, {
      account_id: bluesky.id,
      trigger: { metric: "likes", threshold: 3 },
      action: { kind: "repost" },
    });
    expect(armed.status).toBe(201);
    await metrics(post.id, bluesky.id, { likes: 4 });
    await advance(5 * MIN);
    await tick();
    const fired = await eventually(async () => {
      const p = (await plugsOf(post.id)).plugs[0];
      return p.state === "fired" ? p : undefined;
    }, "the Bluesky plug to fire");
    expect(fired).toMatchObject({ last_value: 4, error: null });
    const reposts = (await publishedCalls(user.key, bluesky.id)).filter((c) => c.kind === "repost");
    expect(reposts).toHaveLength(1);
  });
});

describe("a plug's life", () => {
  it("waits for go-live, checks on schedule, fires once, and sends post.plug_fired once", async () => {
    const ig = await connect(user.key, "instagram");
    const post = await createPost(user.key, {
      text: "Live",
      platforms: [{ platform: "instagram", account_id: ig.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const armed = await arm(post.id, {
      account_id: ig.id,
      trigger: { metric: "comments", threshold: 5 },
      action: comment(),
    });
    expect(armed.status).toBe(201);
    expect(armed.body.data).toMatchObject({ state: "armed", watching_since: null, plug_id: armed.body.data.id });
    const plugId = armed.body.data.id;

    await runDue(user.key);
    await settled(user.key, post.id);
    expect((await tick()).queued).toBe(0); // the window starts now; the first check is 5 minutes after go-live
    const waiting = (await plugsOf(post.id)).plugs[0];
    expect(waiting.watching_since).not.toBeNull();

    await metrics(post.id, ig.id, { comments: 3 });
    await advance(5 * MIN);
    const before = Date.parse((await api("GET", "/api/v1/health")).body.data.time);
    expect((await tick()).queued).toBe(1);
    expect(await checkedAfter(post.id, plugId, before - 1000)).toMatchObject({ state: "armed", last_value: 3 });

    await metrics(post.id, ig.id, { comments: 7 });
    await advance(5 * MIN);
    await tick();
    const fired = await eventually(async () => {
      const p = (await plugsOf(post.id)).plugs[0];
      return p.state === "fired" ? p : undefined;
    }, "the plug to fire");
    expect(fired).toMatchObject({ last_value: 7, fired_at: expect.any(String), error: null });

    await advance(5 * MIN);
    await tick();
    const comments = (await publishedCalls(user.key)).filter((c) => c.kind === "comment");
    expect(comments).toHaveLength(1);
    const target = (await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data.platforms[0];
    expect(comments[0]).toMatchObject({
      text: "Thanks for reading!",
      parent_platform_post_id: target.platform_post_id,
    });
    const events = (await eventsOf(user.userId)).filter((e) => e.type === "post.plug_fired");
    expect(events.map((e) => e.data)).toEqual([
      {
        plug_id: plugId,
        post_id: post.id,
        account_id: ig.id,
        platform: "instagram",
        metric: "comments",
        threshold: 5,
        value: 7,
        action: "comment",
      },
    ]);
  });

  it("fires once when two checks race on the same plug", async () => {
    const x = await connect(user.key, "twitter");
    const post = await livePost([{ platform: "twitter", account_id: x.id }]);
    const plugId = (
      await arm(post.id, { account_id: x.id, trigger: { metric: "likes", threshold: 1 }, action: { kind: "repost" } })
    ).body.data.id;
    const firer = env.PLUG_FIRER.get(env.PLUG_FIRER.idFromName(plugId));
    const results = await Promise.all([
      firer.fire(plugId, 5),
      firer.fire(plugId, 5),
      env.PLUG_FIRER.get(env.PLUG_FIRER.idFromName(plugId)).fire(plugId, 5),
    ]);
    expect(results.filter((r) => r === "fired")).toHaveLength(1);
    expect((await publishedCalls(user.key)).filter((c) => c.kind === "repost")).toHaveLength(1);
    expect((await eventsOf(user.userId)).filter((e) => e.type === "post.plug_fired")).toHaveLength(1);
  });

  it("never retries an action that got no answer: failed with AMBIGUOUS_MAY_HAVE_POSTED", async () => {
    const x = await connect(user.key, "twitter");
    const post = await livePost([{ platform: "twitter", account_id: x.id }]);
    const plugId = (
      await arm(post.id, { account_id: x.id, trigger: { metric: "likes", threshold: 1 }, action: { kind: "repost" } })
    ).body.data.id;
    const firer = env.PLUG_FIRER.get(env.PLUG_FIRER.idFromName(plugId));
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "twitter", mode: "timeout", count: 1 },
    });
    expect(await firer.fire(plugId, 2)).toBe("failed");
    const plug = (await plugsOf(post.id)).plugs[0];
    expect(plug).toMatchObject({ state: "failed", error: "AMBIGUOUS_MAY_HAVE_POSTED" });
    await advance(30 * MIN);
    await tick();
    expect(await firer.fire(plugId, 2)).toBe("skipped");
    expect((await publishedCalls(user.key)).filter((c) => c.kind === "repost")).toHaveLength(0);
  });

  it("expires NOT_REACHED at the end of its window", async () => {
    const ig = await connect(user.key, "instagram");
    const post = await livePost([{ platform: "instagram", account_id: ig.id }]);
    await arm(post.id, { account_id: ig.id, trigger: { metric: "likes", threshold: 100 }, action: comment() });
    await advance(49 * 60 * MIN);
    await tick();
    expect((await plugsOf(post.id)).plugs[0]).toMatchObject({ state: "expired", error: "NOT_REACHED" });
  });

  it("expires POST_DELETED when the post is deleted, and when unscheduled", async () => {
    const x = await connect(user.key, "twitter");
    const live = await livePost([{ platform: "twitter", account_id: x.id }]);
    await arm(live.id, { account_id: x.id, trigger: { metric: "likes", threshold: 100 }, action: { kind: "repost" } });
    await api("DELETE", `/api/v1/posts/${live.id}`, { key: user.key });
    const deleted = await env.DB.prepare("SELECT state, error FROM plugs WHERE post_id = ?").bind(live.id).first();
    expect(deleted).toEqual({ state: "expired", error: "POST_DELETED" });

    const later = await createPost(user.key, {
      text: "later",
      platforms: [{ platform: "twitter", account_id: x.id }],
      schedule_type: "scheduled",
      scheduled_at: "2030-06-02T09:00:00Z",
    });
    await arm(later.id, { account_id: x.id, trigger: { metric: "likes", threshold: 100 }, action: { kind: "repost" } });
    await api("POST", `/api/v1/posts/${later.id}/unschedule`, { key: user.key });
    expect((await plugsOf(later.id)).plugs[0]).toMatchObject({ state: "expired", error: "POST_UNSCHEDULED" });
  });

  it("can be removed in any state but while its action runs (409 firing)", async () => {
    const x = await connect(user.key, "twitter");
    const post = await livePost([{ platform: "twitter", account_id: x.id }]);
    const plug = { account_id: x.id, trigger: { metric: "likes", threshold: 100 }, action: { kind: "repost" } };
    const first = (await arm(post.id, plug)).body.data.id;
    const second = (await arm(post.id, plug)).body.data.id;
    await env.DB.prepare("UPDATE plugs SET fired_at = 1 WHERE id = ?").bind(second).run();
    const busy = await api("DELETE", `/api/v1/posts/${post.id}/plugs?plug_id=${second}`, { key: user.key });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe("firing");
    expect((await api("DELETE", `/api/v1/posts/${post.id}/plugs?plug_id=${first}`, { key: user.key })).status).toBe(
      200,
    );
    await env.DB.prepare("UPDATE plugs SET state = 'fired' WHERE id = ?").bind(second).run();
    expect((await api("DELETE", `/api/v1/posts/${post.id}/plugs?plug_id=${second}`, { key: user.key })).status).toBe(
      200,
    );
    expect((await api("DELETE", `/api/v1/posts/${post.id}/plugs?plug_id=${second}`, { key: user.key })).status).toBe(
      404,
    );
  });
});

describe("X check caps", () => {
  it("reads many X posts' metrics in one call, and holds plugs at the caps", async () => {
    const x = await connect(user.key, "twitter");
    const a = await livePost([{ platform: "twitter", account_id: x.id }]);
    const b = await createPost(user.key, {
      text: "b",
      platforms: [{ platform: "twitter", account_id: x.id }],
      schedule_type: "immediate",
    });
    await settled(user.key, b.id);
    const plug = { account_id: x.id, trigger: { metric: "likes", threshold: 100 }, action: { kind: "repost" } };
    await arm(a.id, plug);
    await arm(b.id, plug);
    const first = await tick();
    expect(first).toMatchObject({ queued: 2, messages: 1 });
    const checked = async (post: { id: string }) => (await plugsOf(post.id)).plugs[0].last_checked_at ?? undefined;
    await eventually(async () => ((await checked(a)) && (await checked(b))) || undefined, "both first checks");

    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { x_plug_checks_per_day: 3 } });
    await advance(31 * MIN);
    const second = await tick();
    expect(second).toMatchObject({ queued: 1, capped: 1 });
    const held = await eventually(async () => {
      const plugs = [...(await plugsOf(a.id)).plugs, ...(await plugsOf(b.id)).plugs];
      return plugs.find((p) => p.note) ?? undefined;
    }, "a held plug");
    expect(held).toMatchObject({ state: "armed", note: "Daily check limit reached" });

    // The next UTC day, still inside X's 24-hour window: the held plug resumes (one per minute now).
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: "2030-06-02T00:01:00Z" } });
    await api("PATCH", "/api/v1/sandbox/config", {
      key: user.key,
      body: { x_plug_checks_per_day: 2000, x_plug_checks_per_minute: 1 },
    });
    const nextDay = await tick();
    expect(nextDay).toMatchObject({ queued: 1, capped: 1 });
    await api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { x_plug_checks_per_minute: 60 } });
  });
});

describe("plugs never hang in firing", () => {
  it("an action that started and never recorded an outcome fails as ambiguous after the lease", async () => {
    const x = await connect(user.key, "twitter");
    const post = await livePost([{ platform: "twitter", account_id: x.id }]);
    const plug = { account_id: x.id, trigger: { metric: "likes", threshold: 100 }, action: { kind: "repost" } };
    const stuck = (await arm(post.id, plug)).body.data.id;
    const now = Date.parse((await advance(0)).body.data.now);
    await env.DB.prepare("UPDATE plugs SET fired_at = ? WHERE id = ?").bind(now, stuck).run();

    await advance(4 * MIN);
    await tick();
    expect((await plugsOf(post.id)).plugs[0]).toMatchObject({ id: stuck, state: "armed", firing: true });
    expect((await api("DELETE", `/api/v1/posts/${post.id}/plugs?plug_id=${stuck}`, { key: user.key })).status).toBe(
      409,
    );

    await advance(2 * MIN);
    expect((await tick()).abandoned).toBe(1);
    expect((await plugsOf(post.id)).plugs[0]).toMatchObject({
      id: stuck,
      state: "failed",
      error: "AMBIGUOUS_MAY_HAVE_POSTED",
      firing: false,
    });
    expect(await publishedCalls(user.key, x.id)).toHaveLength(1); // the post itself; nothing tried again
    expect((await api("DELETE", `/api/v1/posts/${post.id}/plugs?plug_id=${stuck}`, { key: user.key })).status).toBe(
      200,
    );
  });

  it("an action slower than its deadline fails as ambiguous, inside the Durable Object's time limit", async () => {
    const x = await connect(user.key, "twitter");
    const post = await livePost([{ platform: "twitter", account_id: x.id }]);
    const plugId = (
      await arm(post.id, { account_id: x.id, trigger: { metric: "likes", threshold: 1 }, action: { kind: "repost" } })
    ).body.data.id;
    vi.spyOn(SandboxAdapter.prototype, "repost").mockReturnValue(new Promise(() => {}));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const firing = firePlug(await createRuntime(env), plugId, 5);
      await vi.advanceTimersByTimeAsync(PLUG_ACTION_DEADLINE_MS);
      expect(PLUG_ACTION_DEADLINE_MS).toBeLessThan(30_000);
      expect(await firing).toBe("failed");
    } finally {
      vi.useRealTimers();
      vi.restoreAllMocks();
    }
    expect((await plugsOf(post.id)).plugs[0]).toMatchObject({ state: "failed", error: "AMBIGUOUS_MAY_HAVE_POSTED" });
  });
});
