import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, FUTURE, resetClock } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const postCount = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

const scheduled = (
  platforms: { platform: string; account_id: string; metadata?: object }[],
  extra: Record<string, unknown> = {},
) => ({
  text: "1/ Launch day",
  platforms,
  schedule_type: "scheduled",
  scheduled_at: FUTURE,
  ...extra,
});

/** Creates and expects a 400 with nothing saved; answers the per-target problems as `platform:code`. */
async function refused(body: Record<string, unknown>) {
  const before = await postCount(user.userId);
  const res = await api("POST", "/api/v1/posts", { key: user.key, body });
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe("validation_error");
  expect(await postCount(user.userId)).toBe(before);
  return res.body.error as { message: string; targets: { platform: string; code: string; message: string }[] };
}

describe("a post's thread and first comment", () => {
  it("keeps the thread and first comment, and shows each target's segments and first comment pending", async () => {
    const x = await connect(user.key, "twitter");
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(
      user.key,
      scheduled(
        [
          { platform: "twitter", account_id: x.id },
          { platform: "bluesky", account_id: bluesky.id },
        ],
        { thread: [{ text: "2/ more" }, { text: "3/ the end" }], first_comment: { text: "Sign up: herald.example" } },
      ),
    );
    expect(post.thread).toEqual([
      { text: "2/ more", media: [] },
      { text: "3/ the end", media: [] },
    ]);
    expect(post.first_comment).toEqual({ text: "Sign up: herald.example" });
    for (const target of post.platforms) {
      expect(target.segments.map((s: { index: number; status: string }) => [s.index, s.status])).toEqual([
        [0, "pending"],
        [1, "pending"],
        [2, "pending"],
      ]);
      expect(target.first_comment).toEqual({ status: "pending", platform_comment_id: null, error: null });
    }
    const read = await api("GET", `/api/v1/posts/${post.id}`, { key: user.key });
    expect(read.body.data.platforms[0].segments).toHaveLength(3);
  });

  it("shows a post without a thread as one segment and no first comment", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const post = await createPost(user.key, scheduled([{ platform: "bluesky", account_id: bluesky.id }]));
    expect(post.thread).toEqual([]);
    expect(post.first_comment).toBeNull();
    expect(post.platforms[0].segments).toEqual([
      { index: 0, status: "pending", platform_post_id: null, url: null, error: null },
    ]);
    expect(post.platforms[0]).not.toHaveProperty("first_comment");
  });

  it("refuses a thread on a platform without reply chains, per target, saving nothing", async () => {
    const x = await connect(user.key, "twitter");
    const instagram = await connect(user.key, "instagram");
    const linkedin = await connect(user.key, "linkedin");
    const error = await refused(
      scheduled(
        [
          { platform: "twitter", account_id: x.id },
          { platform: "instagram", account_id: instagram.id },
          { platform: "linkedin", account_id: linkedin.id },
        ],
        { media: [{ type: "image", url: "https://cdn.example.com/a.png" }], thread: [{ text: "2/ more" }] },
      ),
    );
    expect(error.targets.map((t) => `${t.platform}:${t.code}`)).toEqual([
      "instagram:thread_not_supported",
      "linkedin:thread_not_supported",
    ]);
  });

  it("lets a detached platform with its own text out of the shared thread, and `[]` opt out", async () => {
    const x = await connect(user.key, "twitter");
    const linkedin = await connect(user.key, "linkedin");
    const discord = await connect(user.key, "discord", { destinations: [{ id: "ch1", label: "general" }] });
    const post = await createPost(
      user.key,
      scheduled(
        [
          { platform: "twitter", account_id: x.id },
          { platform: "linkedin", account_id: linkedin.id },
          { platform: "discord", account_id: discord.id, metadata: { destination_id: "ch1" } },
        ],
        {
          thread: [{ text: "2/ more" }],
          platform_overrides: { linkedin: { detached: true, text: "One long LinkedIn post" }, discord: { thread: [] } },
        },
      ),
    );
    const segments = (platform: string) =>
      post.platforms.find((t: { platform: string }) => t.platform === platform).segments.length;
    expect([segments("twitter"), segments("linkedin"), segments("discord")]).toEqual([2, 1, 1]);
  });

  it("gives a detached platform its own chain, refused where it is not detached", async () => {
    const x = await connect(user.key, "twitter");
    const mastodon = await connect(user.key, "mastodon");
    const post = await createPost(
      user.key,
      scheduled(
        [
          { platform: "twitter", account_id: x.id },
          { platform: "mastodon", account_id: mastodon.id },
        ],
        {
          thread: [{ text: "2/ shared" }],
          platform_overrides: {
            mastodon: { detached: true, text: "toot 1", thread: [{ text: "toot 2" }, { text: "toot 3" }] },
          },
        },
      ),
    );
    const mastodonTarget = post.platforms.find((t: { platform: string }) => t.platform === "mastodon");
    expect(mastodonTarget.segments).toHaveLength(3);
    expect(post.platform_overrides.mastodon.thread).toEqual([
      { text: "toot 2", media: [] },
      { text: "toot 3", media: [] },
    ]);

    const before = await postCount(user.userId);
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: scheduled([{ platform: "mastodon", account_id: mastodon.id }], {
        platform_overrides: { mastodon: { thread: [{ text: "own" }] } },
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("platform_overrides.mastodon.thread");
    expect(await postCount(user.userId)).toBe(before);
  });

  it("checks every segment against the account's text limit, naming the segment (X counts a URL as 23)", async () => {
    const x = await connect(user.key, "twitter");
    const url = `https://example.com/${"a".repeat(200)}`;
    // 256 + a URL counted as 23 = 279: within X's 280, though the URL itself is far longer.
    const fits = `${"b".repeat(255)} ${url}`;
    const post = await createPost(
      user.key,
      scheduled([{ platform: "twitter", account_id: x.id }], { thread: [{ text: fits }] }),
    );
    expect(post.platforms[0].segments).toHaveLength(2);

    const error = await refused(
      scheduled([{ platform: "twitter", account_id: x.id }], {
        thread: [{ text: "2/ fine" }, { text: "c".repeat(281) }],
      }),
    );
    expect(error.targets).toEqual([
      expect.objectContaining({
        platform: "twitter",
        code: "text_too_long",
        message: `segment 2 (thread.1): 281 characters; account ${x.id} allows 280`,
      }),
    ]);
  });

  it("holds each segment to the platform's media rules, naming the segment", async () => {
    const x = await connect(user.key, "twitter");
    const image = (n: number) => ({ type: "image", url: `https://cdn.example.com/${n}.png` });
    const error = await refused(
      scheduled([{ platform: "twitter", account_id: x.id }], {
        thread: [
          { text: "2/ five images", media: [1, 2, 3, 4, 5].map(image) },
          {
            text: "3/ mixed",
            media: [image(6), { type: "video", url: "https://cdn.example.com/v.mp4" }],
          },
          { text: "", media: [] },
        ],
      }),
    );
    expect(error.targets.map((t) => [t.code, t.message.split(":")[0]])).toEqual([
      ["too_many_media", "segment 1 (thread.0)"],
      ["media_mix_not_allowed", "segment 2 (thread.1)"],
      ["empty_segment", "segment 3 (thread.2)"],
    ]);
  });

  it("refuses more than 25 segments", async () => {
    const x = await connect(user.key, "twitter");
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: scheduled([{ platform: "twitter", account_id: x.id }], {
        thread: Array.from({ length: 26 }, (_, i) => ({ text: `${i + 2}/` })),
      }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("thread");
    expect(await postCount(user.userId)).toBe(0);
  });

  it("refuses a first comment where the platform takes none, unless its override says null", async () => {
    const instagram = await connect(user.key, "instagram");
    const discord = await connect(user.key, "discord", { destinations: [{ id: "ch1", label: "general" }] });
    const tiktok = await connect(user.key, "tiktok");
    const platforms = [
      { platform: "instagram", account_id: instagram.id },
      { platform: "discord", account_id: discord.id, metadata: { destination_id: "ch1" } },
      { platform: "tiktok", account_id: tiktok.id },
    ];
    const media = [{ type: "video", url: "https://cdn.example.com/v.mp4" }];
    const error = await refused(scheduled(platforms, { media, first_comment: { text: "Link in bio" } }));
    expect(error.targets.map((t) => `${t.platform}:${t.code}`)).toEqual([
      "discord:first_comment_not_supported",
      "tiktok:first_comment_not_supported",
    ]);

    const post = await createPost(
      user.key,
      scheduled(platforms, {
        media,
        first_comment: { text: "Link in bio" },
        platform_overrides: { discord: { first_comment: null }, tiktok: { first_comment: null } },
      }),
    );
    const byPlatform = Object.fromEntries(post.platforms.map((t: { platform: string }) => [t.platform, t]));
    expect(byPlatform.instagram.first_comment.status).toBe("pending");
    expect(byPlatform.discord).not.toHaveProperty("first_comment");
  });

  it("holds a first comment to the platform's comment limit", async () => {
    const linkedin = await connect(user.key, "linkedin");
    const bluesky = await connect(user.key, "bluesky");
    const error = await refused(
      scheduled(
        [
          { platform: "linkedin", account_id: linkedin.id },
          { platform: "bluesky", account_id: bluesky.id },
        ],
        { first_comment: { text: "d".repeat(1251) } },
      ),
    );
    expect(error.targets).toEqual([
      expect.objectContaining({
        platform: "linkedin",
        code: "text_too_long",
        message: "first_comment: 1251 characters; a linkedin comment allows 1250",
      }),
      expect.objectContaining({
        platform: "bluesky",
        code: "text_too_long",
        message: "first_comment: 1251 characters; a bluesky comment allows 300",
      }),
    ]);
  });

  it("lets a draft's segments run long, as a draft's text may", async () => {
    const x = await connect(user.key, "twitter");
    const post = await createPost(user.key, {
      text: "draft",
      platforms: [{ platform: "twitter", account_id: x.id }],
      thread: [{ text: "e".repeat(400) }],
    });
    expect(post.status).toBe("draft");
  });

  it("shows in a dry run each segment's length against the limit, in the order they go out", async () => {
    const x = await connect(user.key, "twitter");
    const res = await api("POST", "/api/v1/posts?dry_run=true", {
      key: user.key,
      body: scheduled([{ platform: "twitter", account_id: x.id }], {
        thread: [{ text: "2/ https://example.com/very/long/path/indeed" }, { text: "3/ end" }],
        first_comment: { text: "thanks" },
      }),
    });
    expect(res.status).toBe(200);
    const [target] = res.body.data.platforms;
    expect(target.segments).toEqual([
      { index: 0, text: "1/ Launch day", text_length: 13, text_limit: 280, media: [] },
      { index: 1, text: "2/ https://example.com/very/long/path/indeed", text_length: 26, text_limit: 280, media: [] },
      { index: 2, text: "3/ end", text_length: 6, text_limit: 280, media: [] },
    ]);
    expect(target.first_comment).toEqual({ text: "thanks", text_length: 6, text_limit: 280 });
    expect(await postCount(user.userId)).toBe(0);
  });
});

describe("editing a scheduled post's thread", () => {
  it("replaces the thread and first comment, removes them with [] and null, and refuses a bad segment unchanged", async () => {
    const x = await connect(user.key, "twitter");
    const post = await createPost(
      user.key,
      scheduled([{ platform: "twitter", account_id: x.id }], { thread: [{ text: "2/ old" }] }),
    );
    const patch = (body: Record<string, unknown>) => api("PATCH", `/api/v1/posts/${post.id}`, { key: user.key, body });

    const edited = await patch({ thread: [{ text: "2/ new" }, { text: "3/ added" }], first_comment: { text: "hi" } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.thread.map((s: { text: string }) => s.text)).toEqual(["2/ new", "3/ added"]);
    expect(edited.body.data.platforms[0].segments).toHaveLength(3);
    const request = await env.DB.prepare("SELECT request FROM post_targets WHERE post_id = ?")
      .bind(post.id)
      .first<{ request: string }>();
    expect(JSON.parse(request!.request)).toMatchObject({
      thread: [
        { text: "2/ new", media: [] },
        { text: "3/ added", media: [] },
      ],
      firstComment: "hi",
    });

    const bad = await patch({ thread: [{ text: "f".repeat(300) }] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.targets[0].message).toMatch(/^segment 1 \(thread\.0\)/);
    const unchanged = await api("GET", `/api/v1/posts/${post.id}`, { key: user.key });
    expect(unchanged.body.data.thread).toHaveLength(2);

    const cleared = await patch({ thread: [], first_comment: null });
    expect(cleared.body.data).toMatchObject({ thread: [], first_comment: null });
    expect(cleared.body.data.platforms[0].segments).toHaveLength(1);
    expect(cleared.body.data.platforms[0]).not.toHaveProperty("first_comment");
  });
});

describe("bulk create", () => {
  it("carries each row's thread and first comment, and refuses a row's bad segment with nothing saved", async () => {
    const x = await connect(user.key, "twitter");
    const instagram = await connect(user.key, "instagram");
    const rows = [
      scheduled([{ platform: "twitter", account_id: x.id }], {
        thread: [{ text: "2/ more" }],
        first_comment: { text: "Link below" },
      }),
      scheduled([{ platform: "instagram", account_id: instagram.id }], { first_comment: { text: "#launch" } }),
    ];
    const before = await postCount(user.userId);
    const bad = await api("POST", "/api/v1/posts/bulk", {
      key: user.key,
      body: [...rows, scheduled([{ platform: "instagram", account_id: instagram.id }], { thread: [{ text: "no" }] })],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.rows.map((r: { index: number }) => r.index)).toEqual([2]);
    expect(bad.body.error.rows[0].error.targets[0].code).toBe("thread_not_supported");
    expect(await postCount(user.userId)).toBe(before);

    const ok = await api("POST", "/api/v1/posts/bulk", { key: user.key, body: rows });
    expect(ok.status).toBe(201);
    const [withThread, withComment] = ok.body.data;
    expect(withThread).toMatchObject({
      thread: [{ text: "2/ more", media: [] }],
      first_comment: { text: "Link below" },
    });
    expect(withThread.platforms[0].segments).toHaveLength(2);
    expect(withComment.platforms[0]).toMatchObject({
      segments: [{ index: 0, status: "pending" }],
      first_comment: { status: "pending", platform_comment_id: null, error: null },
    });
  });
});
