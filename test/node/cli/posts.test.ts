import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, heraldAs, newUser, published } from "./helpers";

const image = (n: number) => ({ type: "image", url: `https://media.example/${n}.png` });
const video = { type: "video", url: "https://media.example/clip.mp4" };

describe("herald posts create|update|list", () => {
  let key: string;
  let instagram: string;
  let bluesky: string;

  beforeAll(async () => {
    key = await newUser();
    instagram = (await connect(key, "instagram")).id;
    bluesky = (await connect(key, "bluesky")).id;
  });

  it("publishes with alt text per image and a cover per video, in order, as the platform receives them", async () => {
    const run = await heraldAs(key, [
      "posts",
      "create",
      "--text",
      "Three things",
      "--platforms",
      JSON.stringify([{ platform: "instagram", account_id: instagram }]),
      "--schedule-type",
      "immediate",
      "--media",
      JSON.stringify([image(1), video, image(2)]),
      "--alt",
      "first image",
      "--alt",
      "second image",
      "--video-cover",
      "1500",
    ]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ id: expect.stringMatching(/^post_/), platforms: [{ platform: "instagram" }] });
    expect(run.json.media).toEqual([
      { ...image(1), alt_text: "first image" },
      { ...video, cover_time_ms: 1500 },
      { ...image(2), alt_text: "second image" },
    ]);

    const calls = await published(key, (c) => c.length > 0);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: "publish", account_id: instagram, text: "Three things" });
    expect(calls[0].media).toEqual([
      { ...image(1), altText: "first image" },
      { ...video, coverTimeMs: 1500 },
      { ...image(2), altText: "second image" },
    ]);
  });

  it("a cover given as a URL becomes cover_url", async () => {
    const run = await heraldAs(key, [
      "posts",
      "create",
      "--platforms",
      JSON.stringify([{ platform: "instagram", account_id: instagram }]),
      "--media",
      JSON.stringify([video]),
      "--video-cover",
      "https://media.example/cover.jpg",
      "--dry-run",
    ]);
    expect(run.code).toBe(0);
    expect(run.json).toMatchObject({ dry_run: true });
    // The dry run shows the media as the platform gets it.
    expect(run.json.platforms[0].media).toEqual([{ ...video, coverUrl: "https://media.example/cover.jpg" }]);
  });

  it("--detached keeps a platform's own text; update adds alt text to the post's images without resending them", async () => {
    const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await heraldAs(key, [
      "posts",
      "create",
      "--text",
      "Shared text",
      "--platforms",
      JSON.stringify([
        { platform: "instagram", account_id: instagram },
        { platform: "bluesky", account_id: bluesky },
      ]),
      "--schedule-type",
      "scheduled",
      "--scheduled-at",
      scheduledAt,
      "--media",
      JSON.stringify([image(3)]),
      "--detached",
      "bluesky",
    ]);
    expect(created.code).toBe(0);
    const id = created.json.id;
    expect(created.json.status).toBe("scheduled");
    expect(created.json.platform_overrides.bluesky).toMatchObject({ detached: true, text: "Shared text" });

    const updated = await heraldAs(key, [
      "posts",
      "update",
      id,
      "--alt",
      "a described image",
      "--detached",
      "instagram",
    ]);
    expect(updated.code).toBe(0);
    expect(updated.json.media).toEqual([{ ...image(3), alt_text: "a described image" }]);
    // Detaching instagram kept bluesky's override as it was.
    expect(updated.json.platform_overrides.bluesky).toMatchObject({ detached: true, text: "Shared text" });
    expect(updated.json.platform_overrides.instagram).toMatchObject({ detached: true });
    expect(await api("GET", `/api/v1/posts/${id}`, key)).toEqual(updated.json);

    const listed = await heraldAs(key, ["posts", "list", "--status", "scheduled", "--limit", "5"]);
    expect(listed.code).toBe(0);
    expect(listed.json.map((p: any) => p.id)).toEqual([id]);
  });

  it("posts list --limit pages; --all follows the cursor to the end", async () => {
    const all = await api("GET", "/api/v1/posts?limit=100", key);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const first = await heraldAs(key, ["posts", "list", "--limit", "1"]);
    expect(first.json).toEqual([all[0]]);
    const everything = await heraldAs(key, ["posts", "list", "--limit", "1", "--all"]);
    expect(everything.json.map((p: any) => p.id)).toEqual(all.map((p: any) => p.id));
  });

  it("refuses more --alt than images, naming the flag, and sends nothing", async () => {
    const other = await newUser();
    const account = (await connect(other, "bluesky")).id;
    const run = await heraldAs(other, [
      "posts",
      "create",
      "--platforms",
      JSON.stringify([{ platform: "bluesky", account_id: account }]),
      "--schedule-type",
      "immediate",
      "--media",
      JSON.stringify([image(1), video]),
      "--alt",
      "one",
      "--alt",
      "two",
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.error.error.code).toBe("usage_error");
    expect(run.error.error.message).toMatch(/^--alt: given 2 times but there is 1 image/);
    expect(await api("GET", "/api/v1/posts", other)).toEqual([]);
    expect(await api("GET", "/api/v1/sandbox/published", other)).toEqual([]);
  });

  it("refuses bad JSON in --platforms, naming the flag, and sends nothing", async () => {
    const other = await newUser();
    const run = await heraldAs(other, ["posts", "create", "--text", "hi", "--platforms", "[{platform: bluesky}]"]);
    expect(run.code).toBe(2);
    expect(run.error.error).toMatchObject({ code: "usage_error", message: expect.stringContaining("--platforms") });
    const notArray = await heraldAs(other, ["posts", "create", "--platforms", '{"platform":"bluesky"}']);
    expect(notArray.code).toBe(2);
    expect(notArray.error.error.message).toContain("--platforms");
    expect(await api("GET", "/api/v1/posts", other)).toEqual([]);
  });

  it("an API refusal is exit 1 with the API's error as JSON on stderr", async () => {
    const run = await heraldAs(key, [
      "posts",
      "create",
      "--text",
      "x".repeat(301),
      "--platforms",
      JSON.stringify([{ platform: "bluesky", account_id: bluesky }]),
      "--schedule-type",
      "immediate",
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.error).toMatchObject({ status: 400, error: { code: "validation_error" } });
    expect(run.error.error.targets[0]).toMatchObject({ platform: "bluesky", code: "text_too_long" });

    const missing = await heraldAs(key, ["posts", "get", "post_doesnotexist"]);
    expect(missing.code).toBe(1);
    expect(missing.error).toMatchObject({ status: 404, error: { code: "not_found" } });
  });

  it("unschedule and delete", async () => {
    const scheduledAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const post = await api("POST", "/api/v1/posts", key, {
      text: "later",
      platforms: [{ platform: "bluesky", account_id: bluesky }],
      schedule_type: "scheduled",
      scheduled_at: scheduledAt,
    });
    const unscheduled = await heraldAs(key, ["posts", "unschedule", post.id]);
    expect(unscheduled.json).toMatchObject({ id: post.id, status: "draft" });
    const deleted = await heraldAs(key, ["posts", "delete", post.id]);
    expect(deleted.json).toEqual({ id: post.id, deleted: true });
  });

  it("--repeat-every makes a post evergreen (with times, until and variations); --stop-repeat ends it", async () => {
    const platforms = JSON.stringify([{ platform: "bluesky", account_id: bluesky }]);
    const created = await heraldAs(key, [
      "posts",
      "create",
      "--text",
      "Evergreen guide",
      "--platforms",
      platforms,
      "--repeat-every",
      "30",
      "--repeat-times",
      "4",
      "--repeat-until",
      "2031-01-31",
      "--repeat-variation",
      "Our guide, still fresh",
      "--repeat-variation",
      "Read the guide",
    ]);
    expect(created.code).toBe(0);
    expect(created.json.repeat).toEqual({
      every_days: 30,
      times: 4,
      until: "2031-01-31",
      variations: ["Our guide, still fresh", "Read the guide"],
    });
    const stopped = await heraldAs(key, ["posts", "update", created.json.id, "--stop-repeat"]);
    expect(stopped.json.repeat).toBeNull();
    const alone = await heraldAs(key, ["posts", "create", "--platforms", platforms, "--repeat-times", "2"]);
    expect([alone.code, alone.stderr]).toEqual([2, expect.stringContaining("go with --repeat-every")]);
    const zero = await heraldAs(key, ["posts", "create", "--platforms", platforms, "--repeat-every", "0"]);
    expect(zero.code).toBe(2);
  });
});

describe("herald posts --thread / --first-comment", () => {
  it("posts the thread in order, each a reply to the one before, then the first comment under the post", async () => {
    const key = await newUser();
    const account = (await connect(key, "mastodon")).id;
    const run = await heraldAs(key, [
      "posts",
      "create",
      "--text",
      "1/ Launch",
      "--platforms",
      JSON.stringify([{ platform: "mastodon", account_id: account }]),
      "--schedule-type",
      "immediate",
      "--thread",
      "2/ Details",
      "--thread",
      "3/ Try it",
      "--first-comment",
      "Questions welcome",
    ]);
    expect(run.code).toBe(0);
    expect(run.json.thread.map((s: any) => s.text)).toEqual(["2/ Details", "3/ Try it"]);
    expect(run.json.first_comment).toEqual({ text: "Questions welcome" });
    const calls = await published(key, (c) => c.length === 4);
    expect(calls.map((c) => [c.kind, c.text, c.parent_platform_post_id])).toEqual([
      ["publish", "1/ Launch", null],
      ["publish", "2/ Details", calls[0].platform_post_id],
      ["publish", "3/ Try it", calls[1].platform_post_id],
      ["comment", "Questions welcome", calls[0].platform_post_id],
    ]);
  });

  it("update --thread replaces a scheduled post's thread; other flags leave it as it was", async () => {
    const key = await newUser();
    const account = (await connect(key, "bluesky")).id;
    const scheduledAt = new Date(Date.now() + 86_400_000).toISOString();
    const created = await heraldAs(key, [
      "posts",
      "create",
      "--text",
      "1/ Soon",
      "--platforms",
      JSON.stringify([{ platform: "bluesky", account_id: account }]),
      "--schedule-type",
      "scheduled",
      "--scheduled-at",
      scheduledAt,
      "--thread",
      "2/ old",
    ]);
    expect(created.code).toBe(0);
    const id = created.json.id;
    const updated = await heraldAs(key, ["posts", "update", id, "--thread", "2/ new", "--thread", "3/ newer"]);
    expect(updated.json.thread.map((s: any) => s.text)).toEqual(["2/ new", "3/ newer"]);
    const retexted = await heraldAs(key, ["posts", "update", id, "--text", "1/ Sooner", "--first-comment", "PS"]);
    expect(retexted.json.thread.map((s: any) => s.text)).toEqual(["2/ new", "3/ newer"]);
    expect(retexted.json.first_comment).toEqual({ text: "PS" });
    expect(retexted.json.platforms[0].segments.map((s: any) => s.status)).toEqual(["pending", "pending", "pending"]);
  });

  it("a thread on a platform without reply chains is refused per target, and nothing is saved", async () => {
    const key = await newUser();
    const account = (await connect(key, "linkedin")).id;
    const run = await heraldAs(key, [
      "posts",
      "create",
      "--text",
      "Hello",
      "--platforms",
      JSON.stringify([{ platform: "linkedin", account_id: account }]),
      "--schedule-type",
      "immediate",
      "--thread",
      "more",
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("thread");
    expect(await api("GET", "/api/v1/posts?limit=10", key)).toEqual([]);
  });
});
