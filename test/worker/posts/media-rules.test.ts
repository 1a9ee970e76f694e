import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { createPost, FUTURE, publishedCalls, resetClock, settled } from "../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
});

const postCount = async (userId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

/** The destination the post's one target was stored to publish to. */
async function destinationOf(postId: string) {
  const row = await env.DB.prepare("SELECT request FROM post_targets WHERE post_id = ?").bind(postId).first<{
    request: string;
  }>();
  return (JSON.parse(row!.request) as { destinationId?: string }).destinationId;
}

const BOARD = "549755885175";
const boardsOf = async (accountId: string) =>
  (await api("GET", `/api/v1/composer-platform-parts/destinations/${accountId}`, { key: user.key })).body.data
    .destinations as { id: string; label: string }[];
const image = (n = 0, extra: object = {}) => ({ type: "image", url: `https://e.com/${n}.png`, ...extra });
const video = (extra: object = {}) => ({ type: "video", url: "https://e.com/v.mp4", ...extra });

/** Schedules a post to one account of `platform` with `media`; answers the status and the target codes. */
async function schedule(platform: string, media: object[], text = "hello") {
  const account = await connect(
    user.key,
    platform,
    platform === "pinterest" ? { destinations: [{ id: BOARD, label: "B" }] } : {},
  );
  const metadata = platform === "pinterest" ? { destination_id: BOARD } : {};
  const res = await api("POST", "/api/v1/posts", {
    key: user.key,
    body: {
      text,
      platforms: [{ platform, account_id: account.id, metadata }],
      media,
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    },
  });
  const codes = res.status === 400 ? res.body.error.targets.map((t: { code: string }) => t.code) : [];
  return { status: res.status, codes, body: res.body, account };
}

describe("media each platform takes, answered when the post is scheduled", () => {
  it("TikTok and YouTube take exactly one video; nothing is saved when refused", async () => {
    for (const platform of ["tiktok", "youtube"]) {
      expect(await schedule(platform, [image()])).toMatchObject({ status: 400, codes: ["media_not_supported"] });
      expect((await schedule(platform, [video(), video()])).codes).toEqual(["media_not_supported"]);
      expect((await schedule(platform, [])).codes).toEqual(["media_not_supported"]);
    }
    expect(await postCount(user.userId)).toBe(0);
    expect((await schedule("tiktok", [video({ cover_time_ms: 1500 })])).status).toBe(201);
    expect((await schedule("youtube", [video({ cover_url: "https://e.com/c.png" })])).status).toBe(201);
  });

  it("a video the post shows to be longer than the platform takes is refused, with the rule in the message", async () => {
    const long = await schedule("tiktok", [video({ cover_time_ms: 11 * 60_000 })]);
    expect(long).toMatchObject({ status: 400, codes: ["video_too_long"] });
    expect(long.body.error.message).toBe(
      "media.0: a cover at 660000 ms means a video longer than tiktok takes (600 s)",
    );
    expect((await schedule("tiktok", [video({ cover_time_ms: 10 * 60_000 })])).status).toBe(201);
    expect(
      (await schedule("pinterest", [video({ cover_url: "https://e.com/c.png", cover_time_ms: 16 * 60_000 })])).codes,
    ).toEqual(["video_too_long"]);
  });

  it("Pinterest takes 1–5 images or one video with a cover; alt text up to 500 characters", async () => {
    const five = [0, 1, 2, 3, 4].map((n) => image(n));
    expect((await schedule("pinterest", five)).status).toBe(201);
    expect((await schedule("pinterest", [...five, image(5)])).codes).toEqual(["media_not_supported"]);
    expect((await schedule("pinterest", [image(0), video({ cover_url: "https://e.com/c.png" })])).codes).toEqual([
      "media_not_supported",
    ]);
    expect((await schedule("pinterest", [video()])).codes).toEqual(["cover_required"]);
    expect((await schedule("pinterest", [image(0, { alt_text: "a".repeat(501) })])).codes).toEqual([
      "alt_text_too_long",
    ]);
    expect((await schedule("pinterest", [image(0, { alt_text: "a".repeat(500) })])).status).toBe(201);
    expect((await schedule("pinterest", [])).codes).toEqual(["media_not_supported"]);
  });

  it("Pinterest pins on the board named, or on the account's first board", async () => {
    const OTHER = "549755885176";
    const boards = [
      { id: BOARD, label: "B" },
      { id: OTHER, label: "Other" },
    ];
    const account = await connect(user.key, "pinterest", { destinations: boards });
    const pin = (metadata?: Record<string, string>) =>
      api("POST", "/api/v1/posts", {
        key: user.key,
        body: {
          text: "pin",
          platforms: [{ platform: "pinterest", account_id: account.id, ...(metadata ? { metadata } : {}) }],
          media: [image()],
          schedule_type: "scheduled",
          scheduled_at: "2031-01-01T09:00:00Z",
        },
      });
    const named = await pin({ destination_id: OTHER });
    expect(named.status).toBe(201);
    expect(await destinationOf(named.body.data.id)).toBe(OTHER);
    const defaulted = await pin();
    expect(defaulted.status).toBe(201);
    expect(await destinationOf(defaulted.body.data.id)).toBe(BOARD);
    expect((await pin({ destination_id: "123" })).body.error.targets.map((t: { code: string }) => t.code)).toEqual([
      "unknown_destination",
    ]);
    const listed = await api("GET", `/api/v1/composer-platform-parts/destinations/${account.id}`, { key: user.key });
    expect(listed.body.data).toEqual({ mode: "list", destinations: boards });
  });

  it("a sandbox Pinterest account is made with one board, named after it, and a Pin without a board goes there", async () => {
    const account = await connect(user.key, "pinterest", { name: "Acme Pins" });
    const [board] = await boardsOf(account.id);
    expect(board).toEqual({ id: expect.any(String), label: "Acme Pins" });
    const post = await createPost(user.key, {
      text: "pin",
      platforms: [{ platform: "pinterest", account_id: account.id }],
      media: [image()],
      schedule_type: "immediate",
    });
    expect((await settled(user.key, post.id)).platforms[0].status).toBe("published");
    expect((await publishedCalls(user.key, account.id))[0]).toMatchObject({ destinationId: board!.id });
  });

  it("an account with no board does not block a post: its first Pin makes one named after it, which later Pins reuse", async () => {
    const boardless = await connect(user.key, "pinterest", { name: "Bare Pins", destinations: [] });
    const x = await connect(user.key, "bluesky");
    const send = () =>
      createPost(user.key, {
        text: "pin",
        platforms: [
          { platform: "pinterest", account_id: boardless.id },
          { platform: "bluesky", account_id: x.id },
        ],
        media: [image()],
        schedule_type: "immediate",
      });
    const first = await send();
    expect((await settled(user.key, first.id)).platforms.map((t: { status: string }) => t.status)).toEqual([
      "published",
      "published",
    ]);
    const destinations = await boardsOf(boardless.id);
    expect(destinations).toEqual([{ id: expect.any(String), label: "Bare Pins" }]);
    const second = await send();
    await settled(user.key, second.id);
    const pins = await publishedCalls(user.key, boardless.id);
    expect(pins.map((c) => c.destinationId)).toEqual([destinations[0]!.id, destinations[0]!.id]);
  });

  it("first Pins published at once to an account with no board make one board between them, every round", async () => {
    for (let round = 0; round < 3; round++) {
      const boardless = await connect(user.key, "pinterest", { name: `Race ${round}`, destinations: [] });
      const posts = await Promise.all(
        Array.from({ length: 4 }, () =>
          createPost(user.key, {
            text: "pin",
            platforms: [{ platform: "pinterest", account_id: boardless.id }],
            media: [image()],
            schedule_type: "immediate",
          }),
        ),
      );
      await Promise.all(posts.map((p) => settled(user.key, p.id)));
      const boards = await boardsOf(boardless.id);
      expect(boards).toEqual([{ id: expect.any(String), label: `Race ${round}` }]);
      const pins = await publishedCalls(user.key, boardless.id);
      expect(pins.map((c) => c.destinationId)).toEqual(Array(4).fill(boards[0]!.id));
    }
  });

  it("Dribbble takes exactly one image; Twitch and Kick take text only", async () => {
    expect((await schedule("dribbble", [image()])).status).toBe(201);
    expect((await schedule("dribbble", [video()])).codes).toEqual(["media_not_supported"]);
    expect((await schedule("dribbble", [image(0), image(1)])).codes).toEqual(["media_not_supported"]);
    for (const platform of ["twitch", "kick"]) {
      expect((await schedule(platform, [])).status).toBe(201);
      const refused = await schedule(platform, [image()]);
      expect(refused).toMatchObject({ status: 400, codes: ["media_not_supported"] });
      expect(refused.body.error.message).toMatch(/takes no media/);
    }
  });

  it("drafts are not checked until they are scheduled; an edit is checked like a new post", async () => {
    const account = await connect(user.key, "tiktok");
    const platforms = [{ platform: "tiktok", account_id: account.id }];
    const draft = await createPost(user.key, { text: "later", platforms, media: [image()] });
    expect(draft.status).toBe("draft");
    const scheduled = await api("PATCH", `/api/v1/posts/${draft.id}`, {
      key: user.key,
      body: { schedule_type: "scheduled", scheduled_at: FUTURE },
    });
    expect([scheduled.status, scheduled.body.error.targets[0].code]).toEqual([400, "media_not_supported"]);

    const post = await createPost(user.key, {
      text: "now",
      platforms,
      media: [video()],
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
    });
    const edited = await api("PATCH", `/api/v1/posts/${post.id}`, { key: user.key, body: { media: [image()] } });
    expect([edited.status, edited.body.error.targets[0].code]).toEqual([400, "media_not_supported"]);
    const kept = await api("GET", `/api/v1/posts/${post.id}`, { key: user.key });
    expect(kept.body.data.media).toEqual([video()]);
  });

  it("checks the new platforms' options like the others: Dribbble title and tags, Twitch colour, TikTok privacy and labels, YouTube playlist", async () => {
    const optionCode = async (platform: string, metadata: object, media: object[] = []) => {
      const account = await connect(user.key, platform);
      const res = await api("POST", "/api/v1/posts", {
        key: user.key,
        body: {
          text: "x",
          platforms: [{ platform, account_id: account.id, metadata }],
          media,
          schedule_type: "scheduled",
          scheduled_at: FUTURE,
        },
      });
      return res.status === 201 ? 201 : res.body.error.targets.map((t: { code: string }) => t.code);
    };
    const tags = Array.from({ length: 13 }, (_, i) => `t${i}`);
    expect(await optionCode("dribbble", { title: "Shot", tags: tags.slice(0, 12) }, [image()])).toBe(201);
    expect(await optionCode("dribbble", { tags }, [image()])).toEqual(["invalid_option"]);
    expect(await optionCode("twitch", { color: "purple" })).toBe(201);
    expect(await optionCode("twitch", { color: "red" })).toEqual(["invalid_option"]);
    expect(await optionCode("kick", { color: "purple" })).toEqual(["invalid_option"]);
    expect(await optionCode("tiktok", { privacy_level: "FOLLOWER_OF_CREATOR" }, [video()])).toBe(201);
    const labels = { disable_duet: true, disable_stitch: true, brand_organic_toggle: true, is_aigc: true };
    expect(await optionCode("tiktok", labels, [video()])).toBe(201);
    expect(await optionCode("tiktok", { brand_content_toggle: "yes" }, [video()])).toEqual(["invalid_option"]);
    expect(await optionCode("youtube", { playlist_id: "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf" }, [video()])).toBe(201);
    expect(await optionCode("youtube", { playlist_id: "my playlist" }, [video()])).toEqual(["invalid_option"]);
  });

  it("refuses branded TikTok content posted privately (TikTok's rule), naming the option, and writes nothing", async () => {
    const tiktok = await connect(user.key, "tiktok");
    const before = await api("GET", "/api/v1/posts", { key: user.key });
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "sponsored",
        platforms: [
          {
            platform: "tiktok",
            account_id: tiktok.id,
            metadata: { brand_content_toggle: true, privacy_level: "SELF_ONLY" },
          },
        ],
        media: [video()],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.targets[0]).toMatchObject({
      account_id: tiktok.id,
      code: "invalid_option",
      message:
        "metadata.brand_content_toggle: branded content (brand_content_toggle) cannot be posted with privacy_level SELF_ONLY",
    });
    expect((await api("GET", "/api/v1/posts", { key: user.key })).body.data).toEqual(before.body.data);
  });
});
