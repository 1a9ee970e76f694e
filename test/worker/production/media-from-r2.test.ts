import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adapterDeps } from "../../../src/platforms";
import { BlueskyAdapter } from "../../../src/platforms/bluesky";
import { MastodonAdapter } from "../../../src/platforms/fediverse/mastodon";
import { LinkedInAdapter } from "../../../src/platforms/linkedin/linkedin";
import type { PlatformAccount } from "../../../src/platforms/types";
import { TikTokAdapter } from "../../../src/platforms/video/tiktok";
import { YouTubeAdapter } from "../../../src/platforms/video/youtube";
import { XAdapter } from "../../../src/platforms/x";
import { MEDIA_CACHE_CONTROL, mediaUrl, newMediaKey } from "../../../src/services/media/objects";
import { createRuntime } from "../../../src/services/runtime";
import { blueskyAccount, DID, PDS } from "../helpers/answers/bluesky";
import { json, scriptedPlatform } from "../helpers/platform";

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "video/mp4": "mp4" };

/**
 * A file in Herald's bucket and its public address. Each adapter below is built as the Worker builds it, with the
 * platform's side scripted: a request for that address would be one the script does not expect, and fail the test.
 */
async function withStored(contentType: string, size: number) {
  const rt = await createRuntime(env);
  const key = newMediaKey(EXTENSIONS[contentType]!);
  await rt.env.MEDIA.put(key, new Uint8Array(size).fill(7), {
    httpMetadata: { contentType, cacheControl: MEDIA_CACHE_CONTROL },
  });
  return { rt, url: mediaUrl(rt, key) };
}

const account = (platform: string, credentials: Record<string, unknown>): PlatformAccount => ({
  id: `acct_${platform}`,
  platform: platform as PlatformAccount["platform"],
  platformUserId: "1",
  subscriptionTier: null,
  destinations: [],
  credentials,
});

describe("adapters that upload bytes read Herald's own media from R2, never from its public address", () => {
  it("Mastodon uploads the stored file with its type and size", async () => {
    const { rt, url } = await withStored("image/png", 3000);
    const INSTANCE = "https://mastodon.example";
    const platform = scriptedPlatform([
      { expect: `POST ${INSTANCE}/api/v2/media`, answer: json(200, { id: "1", type: "image", url: `${INSTANCE}/1` }) },
      { expect: `POST ${INSTANCE}/api/v1/statuses`, answer: json(200, { id: "9", url: `${INSTANCE}/@a/9` }) },
    ]);
    const account: PlatformAccount = {
      id: "acct_m",
      platform: "mastodon",
      platformUserId: "1@mastodon.example",
      subscriptionTier: null,
      destinations: [],
      credentials: { instanceUrl: INSTANCE, accessToken: "t" },
    };
    await new MastodonAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch }).publish(account, {
      text: "From the library",
      media: [{ type: "image", url }],
      options: {},
    });
    expect(platform.sent.map((s) => `${s.method} ${s.url}`)).not.toContain(`GET ${url}`);
    expect(platform.sent[0]!.body).toMatchObject({ file: { type: "image/png", size: 3000 } });
  });

  it("X uploads the stored image", async () => {
    const { rt, url } = await withStored("image/jpeg", 2048);
    const platform = scriptedPlatform([
      { expect: "POST https://api.x.com/2/media/upload", answer: json(200, { data: { id: "7", media_key: "3_7" } }) },
      { expect: "POST https://api.x.com/2/tweets", answer: json(201, { data: { id: "8", text: "hi" } }) },
    ]);
    const account: PlatformAccount = {
      id: "acct_x",
      platform: "twitter",
      platformUserId: "1",
      subscriptionTier: null,
      destinations: [],
      credentials: { accessToken: "x-access-token" },
    };
    await new XAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch }).publish(account, {
      text: "hi",
      media: [{ type: "image", url }],
      options: {},
    });
    expect(platform.sent).toHaveLength(2);
    expect(platform.sent[0]!.url).toBe("https://api.x.com/2/media/upload");
  });

  it("Bluesky uploads the stored image as a blob", async () => {
    const { rt, url } = await withStored("image/jpeg", 4000);
    const blob = { $type: "blob", ref: { $link: "bafkrei1" }, mimeType: "image/jpeg", size: 4000 };
    const platform = scriptedPlatform([
      { expect: `POST ${PDS}/com.atproto.repo.uploadBlob`, answer: json(200, { blob }) },
      {
        expect: `POST ${PDS}/com.atproto.repo.createRecord`,
        answer: json(200, { uri: `at://${DID}/app.bsky.feed.post/3l6`, cid: "bafyrei" }),
      },
    ]);
    await new BlueskyAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch }).publish(blueskyAccount, {
      text: "From the library",
      media: [{ type: "image", url }],
      options: {},
    });
    expect(platform.sent[0]!.body).toEqual({ bytes: 4000, type: "image/jpeg" });
    expect(platform.remaining).toEqual([]);
  });

  it("LinkedIn sends the stored image to its upload URL", async () => {
    const { rt, url } = await withStored("image/png", 5000);
    const API = "https://api.linkedin.com";
    const image = "urn:li:image:C4E10AQFoyyAjHPMQuQ";
    const uploadUrl = "https://www.linkedin.com/dms-uploads/sp/image1";
    const platform = scriptedPlatform([
      {
        expect: `POST ${API}/rest/images?action=initializeUpload`,
        answer: json(200, { value: { uploadUrl, image, uploadUrlExpiresAt: 1_650_567_510_704 } }),
      },
      { expect: `PUT ${uploadUrl}`, answer: json(201, {}) },
      {
        expect: `POST ${API}/rest/posts`,
        answer: () => new Response(null, { status: 201, headers: { "x-restli-id": "urn:li:share:1" } }),
      },
    ]);
    await new LinkedInAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch }).publish(
      account("linkedin", { accessToken: "li-token" }),
      { text: "From the library", media: [{ type: "image", url }], options: {} },
    );
    expect(platform.sent[1]!.body).toMatchObject({ bytes: 5000 });
    expect(platform.remaining).toEqual([]);
  });

  it("YouTube streams the stored video into its resumable session, with the size R2 gives", async () => {
    const { rt, url } = await withStored("video/mp4", 3000);
    const UPLOAD = "https://www.googleapis.com/upload/youtube/v3";
    const session = `${UPLOAD}/videos?uploadType=resumable&part=snippet,status&upload_id=xa298sd_f`;
    const platform = scriptedPlatform([
      {
        expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`,
        answer: () => new Response(null, { status: 200, headers: { location: session } }),
      },
      { expect: `PUT ${session}`, answer: json(200, { kind: "youtube#video", id: "Ks-_Mh1QhMc" }) },
    ]);
    await new YouTubeAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch }).publish(
      account("youtube", { accessToken: "ya29.token", refreshToken: "1//refresh" }),
      { text: "Launch day", media: [{ type: "video", url }], options: {} },
    );
    expect(platform.sent[0]!.headers).toMatchObject({
      "x-upload-content-length": "3000",
      "x-upload-content-type": "video/mp4",
    });
    expect(platform.sent[1]!.body).toEqual({ bytes: 3000, type: "video/mp4" });
  });

  it("TikTok uploads the stored video in one chunk of its size", async () => {
    const { rt, url } = await withStored("video/mp4", 3000);
    const API = "https://open.tiktokapis.com";
    const uploadUrl = "https://open-upload.tiktokapis.com/video/?upload_id=67890&upload_token=Xza123";
    const ok = (data: object) => json(200, { data, error: { code: "ok", message: "", log_id: "1" } });
    const platform = scriptedPlatform([
      {
        expect: `POST ${API}/v2/post/publish/creator_info/query/`,
        answer: ok({
          creator_username: "tiktok",
          privacy_level_options: ["PUBLIC_TO_EVERYONE"],
          comment_disabled: false,
          duet_disabled: false,
          stitch_disabled: false,
          max_video_post_duration_sec: 600,
        }),
      },
      {
        expect: `POST ${API}/v2/post/publish/video/init/`,
        answer: ok({ publish_id: "v_pub_file~v2-1.1", upload_url: uploadUrl }),
      },
      { expect: `PUT ${uploadUrl}`, answer: () => new Response(null, { status: 201 }) },
      {
        expect: `POST ${API}/v2/post/publish/status/fetch/`,
        answer: ok({ status: "PUBLISH_COMPLETE", publicaly_available_post_id: ["7345678901234567890"] }),
      },
    ]);
    await new TikTokAdapter({ ...adapterDeps(rt), fetch: platform.deps.fetch, sleep: async () => {} }).publish(
      account("tiktok", { accessToken: "act.1234", refreshToken: "rft.1234" }),
      { text: "From the library", media: [{ type: "video", url }], options: {} },
    );
    expect(platform.sent[1]!.body).toMatchObject({
      source_info: { source: "FILE_UPLOAD", video_size: 3000, total_chunk_count: 1 },
    });
    expect(platform.sent[2]!.body).toEqual({ bytes: 3000, type: "video/mp4" });
  });
});
