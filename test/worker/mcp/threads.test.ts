import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { agentUser, mcpClient, ok, refused } from "../helpers/mcp";
import { FUTURE, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";

let user: Awaited<ReturnType<typeof agentUser>>;
let mcp: Awaited<ReturnType<typeof mcpClient>>;
let bluesky: string;
let instagram: string;

beforeAll(async () => {
  user = await agentUser("creator");
  await resetClock(user.key);
  bluesky = (await connect(user.key, "bluesky")).id;
  instagram = (await connect(user.key, "instagram")).id;
  mcp = await mcpClient({ key: user.key });
});

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM sandbox_faults").run();
  // Publishing moves the clock past FUTURE: each test schedules from now again.
  await resetClock(user.key);
});

const postCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(user.userId).first<{ n: number }>())!
    .n;

describe("agent tools: threads and first comments", () => {
  it("create_scheduled_post takes thread and firstComment; the chain goes out in order and get_scheduled_post shows each segment", async () => {
    const post = await ok(mcp, "create_scheduled_post", {
      text: "1/ Launch day",
      platforms: [{ platform: "bluesky", accountId: bluesky }],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
      thread: [{ text: "2/ What is new" }, { text: "3/ Try it" }],
      firstComment: { text: "Sign up: https://herald.example" },
    });
    expect(post.thread).toEqual([
      { text: "2/ What is new", media: [] },
      { text: "3/ Try it", media: [] },
    ]);
    expect(post.first_comment).toEqual({ text: "Sign up: https://herald.example" });

    await runDue(user.key);
    await settled(user.key, post.id);
    const read = await ok(mcp, "get_scheduled_post", { postId: post.id });
    const [target] = read.platforms;
    expect(target.status).toBe("published");
    const calls = (await publishedCalls(user.key)).filter((c) => c.account_id === bluesky);
    expect(calls.map((c) => [c.kind, c.text, c.parent_platform_post_id])).toEqual([
      ["publish", "1/ Launch day", null],
      ["publish", "2/ What is new", calls[0]!.platform_post_id],
      ["publish", "3/ Try it", calls[1]!.platform_post_id],
      ["comment", expect.stringContaining("Sign up:"), calls[0]!.platform_post_id],
    ]);
    expect(target.segments.map((s: { index: number; status: string; platform_post_id: string }) => s)).toEqual(
      [0, 1, 2].map((index) => ({
        index,
        status: "published",
        platform_post_id: calls[index]!.platform_post_id,
        url: expect.any(String),
        error: null,
      })),
    );
    expect(target.first_comment).toEqual({
      status: "published",
      platform_comment_id: calls[3]!.platform_post_id,
      error: null,
    });
  });

  it("update_scheduled_post replaces the thread and first comment, and removes them with [] and null", async () => {
    const post = await ok(mcp, "create_scheduled_post", {
      text: "1/ Draft of a thread",
      platforms: [{ platform: "bluesky", accountId: bluesky }],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
      thread: [{ text: "2/ old" }],
    });
    const changed = await ok(mcp, "update_scheduled_post", {
      postId: post.id,
      thread: [{ text: "2/ new" }, { text: "3/ newer" }],
      firstComment: { text: "More below" },
    });
    expect(changed.thread.map((s: { text: string }) => s.text)).toEqual(["2/ new", "3/ newer"]);
    expect(changed.platforms[0].segments).toHaveLength(3);
    expect(changed.first_comment).toEqual({ text: "More below" });
    // Fields not given are kept.
    const retitled = await ok(mcp, "update_scheduled_post", { postId: post.id, text: "1/ Final" });
    expect(retitled.thread).toHaveLength(2);
    const cleared = await ok(mcp, "update_scheduled_post", { postId: post.id, thread: [], firstComment: null });
    expect(cleared.thread).toEqual([]);
    expect(cleared.first_comment).toBeNull();
    expect(cleared.platforms[0].segments).toHaveLength(1);
    expect(cleared.platforms[0].first_comment).toBeUndefined();
  });

  it("refuses per target a thread or first comment the platform cannot take, and a segment over the limit, saving nothing", async () => {
    const threads = await connect(user.key, "threads");
    const before = await postCount();
    const refusal = await refused(mcp, "create_scheduled_post", {
      text: "A reel caption",
      platforms: [
        { platform: "instagram", accountId: instagram },
        { platform: "threads", accountId: threads.id },
      ],
      scheduleType: "scheduled",
      scheduledAt: FUTURE,
      thread: [{ text: "x".repeat(501) }],
      firstComment: { text: "first!" },
    });
    expect(refusal.code).toBe("validation_error");
    const targets = refusal.targets as { platform: string; code: string; message: string }[];
    expect(targets.map((t) => [t.platform, t.code])).toEqual([
      ["instagram", "thread_not_supported"],
      ["threads", "text_too_long"],
    ]);
    expect(targets[1]!.message).toContain("segment 1");
    expect(await postCount()).toBe(before);
    // The REST read agrees nothing was made.
    const list = await api("GET", "/api/v1/posts?limit=100", { key: user.key });
    expect(list.body.data.some((p: { text: string }) => p.text === "A reel caption")).toBe(false);
  });
});
