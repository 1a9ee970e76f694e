import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { dispatchDue } from "../../../src/services/posts/dispatch";
import { failAbandoned, publishTargets } from "../../../src/services/posts/publish";
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

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  // Faults are per platform, for everyone: one test's leftovers must not fail the next.
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  user = await newUser("creator");
  await resetClock(user.key);
  await fastRetries(user.key);
});

const texts = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}/${n} of the thread`);

/** A post to one account whose thread has `n` segments in all (the post itself and `n - 1` replies). */
const threadPost = (platform: string, accountId: string, n: number, extra: Record<string, unknown> = {}) => {
  const [first, ...rest] = texts(n);
  return {
    text: first,
    platforms: [{ platform, account_id: accountId }],
    schedule_type: "scheduled",
    scheduled_at: FUTURE,
    thread: rest.map((text) => ({ text })),
    ...extra,
  };
};

const fault = (platform: string, mode: string, count: number, after: number) =>
  api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform, mode, count, after } });

const publishes = async () => (await publishedCalls(user.key)).filter((c) => c.kind === "publish");

describe("a thread goes out in order, each segment a reply to the one before", () => {
  for (const platform of ["twitter", "bluesky", "threads", "mastodon"]) {
    it(`on ${platform}: the chain and its first comment, as the sandbox received them`, async () => {
      const account = await connect(user.key, platform);
      const post = await createPost(
        user.key,
        threadPost(platform, account.id, 3, { first_comment: { text: "Thanks for reading" } }),
      );
      await runDue(user.key);
      const done = await settled(user.key, post.id);
      const [target] = done.platforms;
      expect(target.status).toBe("published");

      const calls = await publishedCalls(user.key);
      expect(calls.map((c) => [c.kind, c.text])).toEqual([
        ["publish", texts(3)[0]],
        ["publish", texts(3)[1]],
        ["publish", texts(3)[2]],
        ["comment", "Thanks for reading"],
      ]);
      const [s0, s1, s2, comment] = calls;
      expect([s0!.parent_platform_post_id, s1!.parent_platform_post_id, s2!.parent_platform_post_id]).toEqual([
        null,
        s0!.platform_post_id,
        s1!.platform_post_id,
      ]);
      // The first comment goes under the post itself; the stored thread is not sent along with the first segment.
      expect(comment!.parent_platform_post_id).toBe(s0!.platform_post_id);
      expect(s0).not.toHaveProperty("thread");
      expect(s0).not.toHaveProperty("firstComment");

      expect(target.platform_post_id).toBe(s0!.platform_post_id);
      expect(target.segments).toEqual(
        [s0, s1, s2].map((call, index) => ({
          index,
          status: "published",
          platform_post_id: call!.platform_post_id,
          url: expect.stringContaining(call!.platform_post_id),
          error: null,
        })),
      );
      expect(target.first_comment).toEqual({
        status: "published",
        platform_comment_id: comment!.platform_post_id,
        error: null,
      });
      const published = (await eventsOf(user.userId)).filter((e) => e.type === "post.published");
      expect(published.map((e) => e.data)).toEqual([
        {
          postId: post.id,
          platform,
          accountId: account.id,
          platformPostId: s0!.platform_post_id,
          segments: [s0, s1, s2].map((c) => c!.platform_post_id),
          firstCommentId: comment!.platform_post_id,
        },
      ]);
    });
  }
});

describe("exactly once, segment by segment", () => {
  it("retries a transient fault on segment 3 of 5 from segment 3: segments 1–2 go out once", async () => {
    const x = await connect(user.key, "twitter");
    // Two calls go through (segments 1 and 2), the third answers 503 once.
    await fault("twitter", "error", 1, 2);
    const post = await createPost(user.key, threadPost("twitter", x.id, 5));
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0]).toMatchObject({ status: "published", attempts: 2, error: null });
    const calls = await publishes();
    expect(calls.map((c) => c.text)).toEqual(texts(5));
    expect(calls.slice(1).map((c) => c.parent_platform_post_id)).toEqual(
      calls.slice(0, -1).map((c) => c.platform_post_id),
    );
    expect(done.platforms[0].segments.map((s: { status: string }) => s.status)).toEqual(Array(5).fill("published"));
    const events = await eventsOf(user.userId);
    expect(events.filter((e) => e.type === "post.published")).toHaveLength(1);
    expect(events.filter((e) => e.type === "post.failed")).toHaveLength(0);
  });

  it("stops at a time-out on segment 2: failed, may have posted, publishedSegments 1, never resent", async () => {
    const bluesky = await connect(user.key, "bluesky");
    await fault("bluesky", "timeout", 1, 1);
    const post = await createPost(user.key, threadPost("bluesky", bluesky.id, 4));
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    const [target] = done.platforms;
    expect(target.status).toBe("failed");
    expect(target.error.code).toBe("AMBIGUOUS_MAY_HAVE_POSTED");
    expect(target.error.message).toMatch(/^Segment 1 got no answer and may have posted/);
    expect(target.segments.map((s: { status: string }) => s.status)).toEqual([
      "published",
      "failed",
      "pending",
      "pending",
    ]);
    expect(target.segments[1].error.code).toBe("AMBIGUOUS_MAY_HAVE_POSTED");
    // Sweeps and a redelivered message change nothing: the segment is never sent again.
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } });
    const rt = await createRuntime(env);
    const row = await env.DB.prepare("SELECT id FROM post_targets WHERE post_id = ?")
      .bind(post.id)
      .first<{ id: string }>();
    await publishTargets(rt, [row!.id]);
    expect((await publishes()).map((c) => c.text)).toEqual([texts(4)[0]]);

    const failed = (await eventsOf(user.userId)).filter((e) => e.type === "post.failed");
    expect(failed.map((e) => e.data)).toEqual([
      {
        postId: post.id,
        platform: "bluesky",
        accountId: bluesky.id,
        error: "AMBIGUOUS_MAY_HAVE_POSTED",
        publishedSegments: 1,
      },
    ]);
  });

  it("counts no published segments when the chain fails before any went out", async () => {
    const mastodon = await connect(user.key, "mastodon");
    await fault("mastodon", "reject", 1, 0);
    const post = await createPost(user.key, threadPost("mastodon", mastodon.id, 3));
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0]).toMatchObject({ status: "failed", error: { code: "PLATFORM_REFUSED" } });
    expect(done.platforms[0].segments.map((s: { status: string }) => s.status)).toEqual([
      "failed",
      "pending",
      "pending",
    ]);
    const failed = (await eventsOf(user.userId)).filter((e) => e.type === "post.failed");
    expect(failed.map((e) => e.data.publishedSegments)).toEqual([0]);
  });

  it("counts no published segments when the account was lost before the chain started", async () => {
    const threads = await connect(user.key, "threads");
    const post = await createPost(user.key, threadPost("threads", threads.id, 2));
    await env.DB.prepare("UPDATE accounts SET status = 'reauth_required' WHERE id = ?").bind(threads.id).run();
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0]).toMatchObject({ status: "failed", error: { code: "reauth_required" } });
    expect(done.platforms[0].segments[0]).toMatchObject({ status: "failed", error: { code: "reauth_required" } });
    const failed = (await eventsOf(user.userId)).filter((e) => e.type === "post.failed");
    expect(failed.map((e) => e.data.publishedSegments)).toEqual([0]);
    expect(await publishes()).toEqual([]);
  });

  it("names a refused segment and how many went out before it", async () => {
    const x = await connect(user.key, "twitter");
    await fault("twitter", "reject", 1, 2);
    const post = await createPost(user.key, threadPost("twitter", x.id, 4));
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0].error).toEqual({
      code: "PLATFORM_REFUSED",
      message: "Segment 2: twitter refused the request (sandbox fault)",
    });
    const failed = (await eventsOf(user.userId)).filter((e) => e.type === "post.failed");
    expect(failed.map((e) => e.data.publishedSegments)).toEqual([2]);
  });

  it("over many rounds of racing ticks, sweeps and redelivered messages, posts each segment once", {
    timeout: 60_000,
  }, async () => {
    const x = await connect(user.key, "twitter");
    const bluesky = await connect(user.key, "bluesky");
    const posts = [];
    for (let i = 0; i < 4; i++) {
      posts.push(
        await createPost(user.key, {
          ...threadPost("twitter", x.id, 4, { first_comment: { text: `comment ${i}` } }),
          text: `post ${i} 1/4`,
          thread: [2, 3, 4].map((n) => ({ text: `post ${i} ${n}/4` })),
          platforms: [
            { platform: "twitter", account_id: x.id },
            { platform: "bluesky", account_id: bluesky.id },
          ],
        }),
      );
    }
    // Transient failures on the way, so retries and racers meet mid-chain.
    await fault("twitter", "error", 3, 2);
    await fault("bluesky", "error", 2, 5);
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { set: "2030-06-01T09:00:01Z" } });
    const rt = await createRuntime(env);
    const targetIds = async () =>
      (
        await env.DB.prepare("SELECT id FROM post_targets WHERE user_id = ?").bind(user.userId).all<{ id: string }>()
      ).results.map((r) => r.id);
    const deliver = async (round: number) => {
      const ids = await targetIds();
      const batch = createMessageBatch(
        "herald-publish",
        ids.map((id, i) => ({ id: `r${round}-${i}`, timestamp: new Date(), attempts: 1, body: { targetIds: [id] } })),
      );
      await worker.queue(batch, env);
      await getQueueResult(batch, createExecutionContext());
    };
    for (let round = 0; round < 8; round++) {
      // Queued targets (due, or waiting to retry) are taken by every racer at once.
      await env.DB.prepare("UPDATE post_targets SET status = 'queued' WHERE user_id = ? AND status = 'queued'")
        .bind(user.userId)
        .run();
      await Promise.all([
        dispatchDue(rt),
        dispatchDue(rt),
        publishTargets(rt, await targetIds()),
        publishTargets(rt, await targetIds()),
        deliver(round),
        api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["publish-sweep"] } }),
      ]);
    }
    for (const post of posts) {
      const done = await settled(user.key, post.id);
      expect(done.platforms.map((t: { status: string }) => t.status)).toEqual(["published", "published"]);
    }
    const calls = await publishedCalls(user.key);
    const sent = calls.map((c) => `${c.platform} ${c.kind} ${c.text}`);
    expect(new Set(sent).size).toBe(sent.length);
    // 4 posts × 2 accounts × (4 segments + a first comment).
    expect(calls).toHaveLength(4 * 2 * 5);
    const events = await eventsOf(user.userId);
    expect(events.filter((e) => e.type === "post.published")).toHaveLength(8);
  });
});

describe("the first comment", () => {
  it("failing leaves the target published, with the platform's reason on the first comment", async () => {
    const instagram = await connect(user.key, "instagram");
    const post = await createPost(user.key, {
      text: "New drop",
      media: [{ type: "image", url: "https://cdn.example.com/drop.jpg" }],
      platforms: [{ platform: "instagram", account_id: instagram.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
      first_comment: { text: "#drop #new" },
    });
    await fault("instagram", "reject", 1, 1);
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.status).toBe("published");
    expect(done.platforms[0]).toMatchObject({
      status: "published",
      error: null,
      first_comment: {
        status: "failed",
        platform_comment_id: null,
        error: { code: "PLATFORM_REFUSED", message: "instagram refused the request (sandbox fault)" },
      },
    });
    const published = (await eventsOf(user.userId)).filter((e) => e.type === "post.published");
    expect(published).toHaveLength(1);
    expect(published[0]!.data).not.toHaveProperty("firstCommentId");
    expect((await eventsOf(user.userId)).filter((e) => e.type === "post.failed")).toHaveLength(0);
  });

  it("is retried once after a transient failure, without posting the post again", async () => {
    const linkedin = await connect(user.key, "linkedin");
    const post = await createPost(user.key, {
      text: "Hiring",
      platforms: [{ platform: "linkedin", account_id: linkedin.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
      first_comment: { text: "Apply: https://jobs.example.com" },
    });
    await fault("linkedin", "error", 1, 1);
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0].first_comment.status).toBe("published");
    const calls = await publishedCalls(user.key);
    expect(calls.map((c) => c.kind)).toEqual(["publish", "comment"]);
  });

  it("fails after its one retry when the platform keeps failing; the target stays published", async () => {
    const facebook = await connect(user.key, "facebook");
    const post = await createPost(user.key, {
      text: "Open today",
      platforms: [{ platform: "facebook", account_id: facebook.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
      first_comment: { text: "Map: https://maps.example.com" },
    });
    await fault("facebook", "error", 5, 1);
    await runDue(user.key);
    const done = await settled(user.key, post.id);
    expect(done.platforms[0]).toMatchObject({
      status: "published",
      first_comment: { status: "failed", error: { code: "TRANSIENT" } },
    });
    expect((await publishedCalls(user.key)).map((c) => c.kind)).toEqual(["publish"]);
  });
});

describe("a target abandoned mid-chain", () => {
  it("fails as may-have-posted with the segments that went out, its segment in flight failed with it", async () => {
    const x = await connect(user.key, "twitter");
    const post = await createPost(user.key, threadPost("twitter", x.id, 3));
    const target = (await env.DB.prepare("SELECT id FROM post_targets WHERE post_id = ?")
      .bind(post.id)
      .first<{ id: string }>())!;
    // As a consumer that died during segment 1's call leaves it: segment 0 confirmed, segment 1 claimed.
    await env.DB.batch([
      env.DB.prepare("UPDATE posts SET status = 'publishing' WHERE id = ?").bind(post.id),
      env.DB.prepare("UPDATE post_targets SET status = 'publishing', attempts = 1, updated_at = 0 WHERE id = ?").bind(
        target.id,
      ),
      env.DB.prepare(
        "INSERT INTO target_steps (target_id, position, kind, status, attempts, platform_post_id, updated_at) VALUES (?, 0, 'segment', 'published', 1, 'x-0', 0), (?, 1, 'segment', 'publishing', 1, NULL, 0)",
      ).bind(target.id, target.id),
    ]);
    expect(await failAbandoned(await createRuntime(env))).toBe(1);
    const done = (await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data;
    expect(done.platforms[0].status).toBe("failed");
    expect(done.platforms[0].segments.map((s: { status: string }) => s.status)).toEqual([
      "published",
      "failed",
      "pending",
    ]);
    const failed = (await eventsOf(user.userId)).filter((e) => e.type === "post.failed");
    expect(failed.map((e) => e.data.publishedSegments)).toEqual([1]);
  });
});
