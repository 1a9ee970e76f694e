import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { MIB, padded, pdf, png, stored, uploaded } from "../helpers/media";
import { tinyGif, tinyMp4 } from "../helpers/media-samples";
import { createPost, FUTURE, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

/** Schedules one post to an account of each platform with `media`; answers the status and each target's codes. */
async function schedule(platforms: string[], media: object[], overrides: object = {}) {
  const accounts = await Promise.all(platforms.map((p) => connect(user.key, p)));
  const res = await api("POST", "/api/v1/posts", {
    key: user.key,
    body: {
      text: "hello",
      platforms: accounts.map((a) => ({ platform: a.platform, account_id: a.id })),
      media,
      platform_overrides: overrides,
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    },
  });
  const codes = Object.fromEntries(
    platforms.map((p) => [
      p,
      res.status === 400
        ? (res.body.error.targets ?? [])
            .filter((t: { platform: string }) => t.platform === p)
            .map((t: { code: string }) => t.code)
        : [],
    ]),
  );
  return { status: res.status, body: res.body, codes, accounts };
}

describe("media_id in posts", () => {
  it("a library item is sent by its address, with its alt text and what Herald read from it", async () => {
    const media = await uploaded(user.key, await png(2, 2), { filename: "a.png", altText: "Two by two" });
    const { status, body } = await schedule(["bluesky"], [{ media_id: media.id }]);
    expect(status).toBe(201);
    expect(body.data.media).toEqual([{ media_id: media.id, type: "image", url: media.url }]);
    expect((await api("GET", `/api/v1/media/${media.id}`, { key: user.key })).body.data.used_by).toEqual([
      body.data.id,
    ]);
    await runDue(user.key);
    await settled(user.key, body.data.id);
    const [call] = await publishedCalls(user.key);
    expect(call!.media).toEqual([
      {
        type: "image",
        url: media.url,
        altText: "Two by two",
        mediaId: media.id,
        contentType: "image/png",
        size: media.size,
        width: 2,
        height: 2,
      },
    ]);
  });

  it("another user's media id is an unknown id, per target; exactly one of url and media_id", async () => {
    const other = await newUser("creator");
    const theirs = await uploaded(other.key, await png(), { filename: "a.png" });
    const { status, body, codes } = await schedule(["mastodon", "bluesky"], [{ media_id: theirs.id }]);
    expect(status).toBe(400);
    expect(codes).toEqual({ mastodon: ["unknown_media"], bluesky: ["unknown_media"] });
    expect(body.error.targets[0].message).toContain(theirs.id);
    const both = await schedule(["mastodon"], [{ media_id: theirs.id, url: "https://e.com/a.png", type: "image" }]);
    expect(both.status).toBe(400);
    expect(both.body.error.issues[0].path).toBe("media.0.media_id");
  });

  it("refuses per target at scheduling time with the platform's code and numbers, and saves nothing", async () => {
    const video = await uploaded(user.key, tinyMp4(), { filename: "v.mp4" });
    const tall = await uploaded(user.key, await png(1, 3), { filename: "tall.png" });
    const images = [];
    for (let i = 0; i < 5; i++)
      images.push(await uploaded(user.key, await png(i + 1, i + 1), { filename: `${i}.png` }));
    const gif = await uploaded(user.key, padded(tinyGif(), 6 * MIB), { filename: "big.gif" });
    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts").first<{ n: number }>())!.n;

    const mixed = await schedule(
      ["twitter", "bluesky", "threads"],
      [{ media_id: images[0].id }, { media_id: video.id }],
    );
    expect(mixed.codes).toEqual({
      twitter: ["media_mix_not_allowed"],
      bluesky: ["media_mix_not_allowed"],
      threads: [],
    });
    const many = await schedule(
      ["twitter", "linkedin"],
      images.map((m) => ({ media_id: m.id })),
    );
    expect(many.codes).toEqual({ twitter: ["too_many_media"], linkedin: [] });
    expect(many.body.error.targets[0].message).toBe("5 media items; twitter takes at most 4");
    const shape = await schedule(["instagram", "mastodon"], [{ media_id: tall.id }]);
    expect(shape.codes).toEqual({ instagram: ["aspect_ratio_not_allowed"], mastodon: [] });
    expect(shape.body.error.targets[0].message).toContain("1×3");
    const short = await schedule(["tiktok"], [{ media_id: video.id }]);
    expect(short.codes).toEqual({ tiktok: ["media_not_supported"] }); // TikTok takes 3 s and more
    const large = await schedule(["twitter"], [{ media_id: gif.id }]);
    expect(large.codes).toEqual({ twitter: ["media_too_large"] }); // an animated GIF is not shrunk
    expect(large.body.error.targets[0].message).toContain(`${6 * MIB} bytes`);
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM posts").first<{ n: number }>())!.n).toBe(before);
  });

  it("a video longer than the platform takes is refused with video_too_long", async () => {
    const video = await uploaded(user.key, tinyMp4(), { filename: "v.mp4" });
    await env.DB.prepare("UPDATE media SET duration_ms = 200000 WHERE id = ?").bind(video.id).run();
    const { codes, body } = await schedule(["twitter", "bluesky", "mastodon"], [{ media_id: video.id }]);
    expect(codes).toEqual({ twitter: ["video_too_long"], bluesky: ["video_too_long"], mastodon: [] });
    expect(body.error.targets[0].message).toContain("200 s");
  });

  it("Bluesky gets a JPEG copy under its 1 MB limit, kept beside the original and reused; Mastodon the original", async () => {
    const big = await png(700, 700, { noise: true });
    expect(big.byteLength).toBeGreaterThan(1_000_000);
    const media = await uploaded(user.key, big, { filename: "noise.png" });
    const { status, body, accounts } = await schedule(["bluesky", "mastodon"], [{ media_id: media.id }]);
    expect(status).toBe(201);
    await runDue(user.key);
    await settled(user.key, body.data.id);
    const sent = async (accountId: string) => (await publishedCalls(user.key, accountId))[0]!.media[0];
    const bluesky = await sent(accounts[0]!.id);
    expect(bluesky).toMatchObject({ mediaId: media.id, variantOf: media.id, contentType: "image/jpeg" });
    expect(bluesky.size).toBeLessThanOrEqual(1_000_000);
    expect(bluesky.url).not.toBe(media.url);
    const copy = await env.MEDIA.get(new URL(bluesky.url).pathname.split("/").pop()!);
    const bytes = new Uint8Array(await copy!.arrayBuffer());
    expect([bytes.byteLength, bytes[0], bytes[1]]).toEqual([bluesky.size, 0xff, 0xd8]);
    expect(await sent(accounts[1]!.id)).toMatchObject({
      url: media.url,
      size: big.byteLength,
      contentType: "image/png",
    });
    // A second post reuses the copy.
    const again = await schedule(["bluesky"], [{ media_id: media.id }]);
    expect(again.status).toBe(201);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM media_variants WHERE media_id = ?")
      .bind(media.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("a dry run that needs a copy for Bluesky makes none: nothing is written to R2 or the tables", async () => {
    const media = await uploaded(user.key, await png(700, 700, { noise: true }), { filename: "noise.png" });
    const [bluesky, mastodon] = await Promise.all([connect(user.key, "bluesky"), connect(user.key, "mastodon")]);
    const body = {
      text: "hello",
      platforms: [
        { platform: "bluesky", account_id: bluesky.id },
        { platform: "mastodon", account_id: mastodon.id },
      ],
      media: [{ media_id: media.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    };
    const before = await stored();
    const variants = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM media_variants WHERE media_id = ?")
        .bind(media.id)
        .first<{ n: number }>())!.n;
    const dry = await api("POST", "/api/v1/posts?dry_run=true", { key: user.key, body });
    expect(dry.status).toBe(200);
    expect(dry.body.data.platforms[0].media).toEqual([
      expect.objectContaining({
        url: null,
        variantOf: media.id,
        contentType: "image/jpeg",
        maxBytes: 1_000_000,
        size: null,
      }),
    ]);
    expect(dry.body.data.platforms[1].media).toEqual([
      expect.objectContaining({ url: media.url, contentType: "image/png", size: media.size }),
    ]);
    expect([await stored(), await variants()]).toEqual([before, 0]);
    // Saving the post makes the copy; a dry run after that shows it.
    expect((await api("POST", "/api/v1/posts", { key: user.key, body })).status).toBe(201);
    expect(await variants()).toBe(1);
    const again = await api("POST", "/api/v1/posts?dry_run=true", { key: user.key, body });
    const copy = again.body.data.platforms[0].media[0];
    expect(copy).toMatchObject({ variantOf: media.id, contentType: "image/jpeg" });
    expect(copy.url).toMatch(/\/media\/\w{32}\.jpg$/);
    expect(copy.size).toBeLessThanOrEqual(1_000_000);
  });

  it("a PDF goes to LinkedIn as a document post with a title, and is refused where no document is taken", async () => {
    const deck = await uploaded(user.key, await pdf(3), { filename: "deck.pdf" });
    const { status, body, codes, accounts } = await schedule(
      ["linkedin", "twitter"],
      [{ media_id: deck.id, title: "Q3 results" }],
    );
    expect([status, codes]).toEqual([400, { linkedin: [], twitter: ["media_not_supported"] }]);
    expect(body.error.targets[0].message).toBe("twitter takes no documents (PDF)");
    const ok = await createPost(user.key, {
      text: "Our quarter",
      platforms: [{ platform: "linkedin", account_id: accounts[0]!.id }],
      media: [{ media_id: deck.id, title: "Q3 results" }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    await runDue(user.key);
    await settled(user.key, ok.id);
    const [call] = await publishedCalls(user.key, accounts[0]!.id);
    expect(call!.media).toEqual([
      expect.objectContaining({ type: "document", title: "Q3 results", contentType: "application/pdf" }),
    ]);
  });
});

describe("deleting media that posts use", () => {
  it("is refused with media_in_use while a scheduled post uses it; a draft lets go of it", async () => {
    const media = await uploaded(user.key, await png(), { filename: "a.png" });
    const account = await connect(user.key, "mastodon");
    const post = await createPost(user.key, {
      text: "scheduled",
      platforms: [{ platform: "mastodon", account_id: account.id }],
      media: [{ media_id: media.id }],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const draft = await createPost(user.key, {
      text: "draft",
      platforms: [{ platform: "mastodon", account_id: account.id }],
      media: [{ media_id: media.id }, { type: "image", url: "https://e.com/b.png" }],
    });
    const refused = await api("DELETE", `/api/v1/media/${media.id}`, { key: user.key });
    expect([refused.status, refused.body.error.code, refused.body.error.used_by]).toEqual([
      409,
      "media_in_use",
      [post.id],
    ]);
    expect((await api("GET", `/api/v1/media/${media.id}`, { key: user.key })).body.data.used_by.sort()).toEqual(
      [post.id, draft.id].sort(),
    );
    await api("POST", `/api/v1/posts/${post.id}/unschedule`, { key: user.key });
    const deleted = await api("DELETE", `/api/v1/media/${media.id}`, { key: user.key });
    expect(deleted.status).toBe(200);
    expect((await api("GET", `/api/v1/media/${media.id}`, { key: user.key })).status).toBe(404);
    const after = (await api("GET", `/api/v1/posts/${draft.id}`, { key: user.key })).body.data;
    expect(after.media).toEqual([{ type: "image", url: "https://e.com/b.png" }]);
    expect(await env.MEDIA.head(new URL(media.url).pathname.split("/").pop()!)).toBeNull();
  });

  it("never deletes media a post is being scheduled with at the same time", async () => {
    const account = await connect(user.key, "mastodon");
    for (let round = 0; round < 3; round++) {
      const media = await uploaded(user.key, await png(), { filename: "a.png" });
      const [deleted, created] = await Promise.all([
        api("DELETE", `/api/v1/media/${media.id}`, { key: user.key }),
        api("POST", "/api/v1/posts", {
          key: user.key,
          body: {
            text: "race",
            platforms: [{ platform: "mastodon", account_id: account.id }],
            media: [{ media_id: media.id }],
            schedule_type: "scheduled",
            scheduled_at: FUTURE,
          },
        }),
      ]);
      // Either the delete won (and the post was refused as naming an unknown item) or the post holds the item.
      if (deleted.status === 200) expect(created.status === 400 || created.status === 201).toBe(true);
      else expect([deleted.status, created.status]).toEqual([409, 201]);
    }
  });
});
