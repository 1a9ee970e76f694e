import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { FUTURE, publishedCalls, resetClock, runDue, settled } from "../helpers/posts";

// Instagram's collaborators, people tags, place and share_to_feed, and YouTube's made_for_kids and category: refused
// per target when wrong, recorded by the sandbox when right.

let user: { userId: string; key: string };
let instagram: string;
let youtube: string;
let facebook: string;
let threads: string;
const IMAGE = { type: "image", url: "https://cdn.example/p.png" };
const VIDEO = { type: "video", url: "https://cdn.example/v.mp4" };

const postCount = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM posts WHERE user_id = ?").bind(user.userId).first<{ n: number }>())!
    .n;

const accountOf = (platform: string) => ({ instagram, youtube, facebook, threads })[platform]!;

async function refused(media: unknown[], metadata: Record<string, unknown>, platform = "instagram") {
  const before = await postCount();
  const res = await api("POST", "/api/v1/posts", {
    key: user.key,
    body: {
      text: "Hi",
      media,
      schedule_type: "scheduled",
      scheduled_at: FUTURE,
      platforms: [{ platform, account_id: accountOf(platform), metadata }],
    },
  });
  expect(res.status).toBe(400);
  expect(await postCount()).toBe(before);
  return res.body.error.targets.map((t: { code: string; message: string }) => `${t.code}: ${t.message}`);
}

beforeAll(async () => {
  user = await newUser();
  await resetClock(user.key);
  instagram = (await connect(user.key, "instagram")).id;
  youtube = (await connect(user.key, "youtube")).id;
  facebook = (await connect(user.key, "facebook")).id;
  threads = (await connect(user.key, "threads")).id;
});

describe("platform options, refused per target when wrong", () => {
  it("Instagram: at most 3 collaborators, usernames only, tags inside the image on an image, none on a story", async () => {
    expect(await refused([IMAGE], { collaborators: ["a", "b", "c", "d"] })).toEqual([
      "invalid_option: metadata.collaborators: Too big: expected array to have <=3 items",
    ]);
    expect(await refused([IMAGE], { collaborators: ["not a name"] })).toEqual([
      "invalid_option: metadata.collaborators.0: an Instagram username",
    ]);
    expect(await refused([IMAGE], { user_tags: [{ username: "mira_k", x: 1.5, y: 0 }] })).toEqual([
      "invalid_option: metadata.user_tags.0.x: Too big: expected number to be <=1",
    ]);
    expect(await refused([IMAGE, VIDEO], { user_tags: [{ username: "mira_k", x: 0.5, y: 0.5, image: 1 }] })).toEqual([
      "invalid_option: metadata.user_tags: media item 1 is not an image",
    ]);
    expect(await refused([IMAGE], { post_type: "story", location_id: "1", collaborators: ["mira_k"] })).toEqual([
      "invalid_option: An Instagram story takes no metadata.collaborators, metadata.location_id",
    ]);
    expect(await refused([IMAGE], { share_to_feed: false })).toEqual([
      "invalid_option: metadata.share_to_feed is for reels",
    ]);
  });

  it("YouTube: made_for_kids is a boolean and category_id a numeric id", async () => {
    expect(await refused([VIDEO], { made_for_kids: "yes" }, "youtube")).toEqual([
      "invalid_option: metadata.made_for_kids: Invalid input: expected boolean, received string",
    ]);
    expect(await refused([VIDEO], { category_id: "music" }, "youtube")).toEqual([
      "invalid_option: metadata.category_id: a numeric category id",
    ]);
  });

  it("Facebook: place is a numeric Page id and not on a video; Threads: one topic without periods or ampersands", async () => {
    expect(await refused([IMAGE], { place: "Berlin" }, "facebook")).toEqual([
      "invalid_option: metadata.place: a numeric place id",
    ]);
    expect(await refused([VIDEO], { place: "110843418940484" }, "facebook")).toEqual([
      "invalid_option: metadata.place is not taken on a Facebook video",
    ]);
    expect(await refused([], { topic_tag: "food & drink" }, "threads")).toEqual([
      "invalid_option: metadata.topic_tag: no periods or ampersands",
    ]);
    expect(await refused([], { topic_tag: "x".repeat(51) }, "threads")).toEqual([
      "invalid_option: metadata.topic_tag: Too big: expected string to have <=50 characters",
    ]);
  });

  it("publishes a Facebook photo with its place and a Threads post with its topic, as recorded", async () => {
    const fb = { place: "110843418940484" };
    const th = { topic_tag: "Baking", reply_control: "accounts_you_follow" };
    const post = (text: string, media: unknown[], platform: string, metadata: Record<string, unknown>) =>
      api("POST", "/api/v1/posts", {
        key: user.key,
        body: {
          text,
          media,
          schedule_type: "scheduled",
          scheduled_at: FUTURE,
          platforms: [{ platform, account_id: accountOf(platform), metadata }],
        },
      });
    const photo = await post("At the market", [IMAGE], "facebook", fb);
    const topic = await post("Sourdough, day 3", [], "threads", th);
    expect([photo.status, topic.status]).toEqual([201, 201]);
    await runDue(user.key);
    expect((await settled(user.key, photo.body.data.id)).platforms[0].status).toBe("published");
    expect((await settled(user.key, topic.body.data.id)).platforms[0].status).toBe("published");
    expect((await publishedCalls(user.key, facebook))[0]).toMatchObject({ options: fb });
    expect((await publishedCalls(user.key, threads))[0]).toMatchObject({ options: th });
  });

  it("publishes an Instagram post with collaborators and tags, and a YouTube video for children into a playlist, as recorded", async () => {
    const ig = {
      collaborators: ["mira_k"],
      location_id: "110843418940484",
      user_tags: [{ username: "mira_k", x: 0.2, y: 0.3 }],
    };
    const yt = { made_for_kids: true, category_id: "27", playlist_id: "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf" };
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Made together",
        media: [IMAGE],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: [{ platform: "instagram", account_id: instagram, metadata: ig }],
      },
    });
    const video = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Counting to ten",
        media: [VIDEO],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: [{ platform: "youtube", account_id: youtube, metadata: yt }],
      },
    });
    expect([res.status, video.status]).toEqual([201, 201]);
    await runDue(user.key);
    expect((await settled(user.key, res.body.data.id)).platforms[0].status).toBe("published");
    expect((await settled(user.key, video.body.data.id)).platforms[0].status).toBe("published");
    expect((await publishedCalls(user.key, instagram))[0]).toMatchObject({ options: ig });
    expect((await publishedCalls(user.key, youtube))[0]).toMatchObject({ options: yt });
  });

  it("publishes a TikTok video with its duet, stitch and disclosure choices, as recorded", async () => {
    const tiktok = (await connect(user.key, "tiktok")).id;
    const metadata = {
      privacy_level: "FOLLOWER_OF_CREATOR",
      disable_duet: true,
      disable_stitch: true,
      brand_content_toggle: true,
      brand_organic_toggle: false,
      is_aigc: true,
    };
    const res = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Sponsored, made with AI",
        media: [VIDEO],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
        platforms: [{ platform: "tiktok", account_id: tiktok, metadata }],
      },
    });
    expect(res.status).toBe(201);
    await runDue(user.key);
    expect((await settled(user.key, res.body.data.id)).platforms[0].status).toBe("published");
    expect((await publishedCalls(user.key, tiktok))[0]).toMatchObject({ options: metadata });
  });
});
