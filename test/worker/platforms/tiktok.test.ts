import { describe, expect, it } from "vitest";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import {
  TikTokAdapter,
  type TikTokAnswer,
  type TikTokCreatorInfo,
  type TikTokPostInfo,
  type TikTokStatus,
  type TikTokUserInfo,
  type TikTokVideoInit,
  type TikTokVideoInitData,
  type TikTokVideos,
} from "../../../src/platforms/video/tiktok";
import { type Answer, type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { fakeTime, platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as TikTok's Content Posting API reference and Login Kit pages show them
// (developers.tiktok.com/doc/content-posting-api-reference-direct-post, …-get-video-status,
// oauth-user-access-token-management); nothing here was recorded from TikTok itself.

const API = "https://open.tiktokapis.com";
const ENV = { TIKTOK_CLIENT_KEY: "tt-client-key", TIKTOK_CLIENT_SECRET: "tt-secret-77" };
const CALLBACK = "https://herald.example/api/v1/connect/tiktok/callback";
const UPLOAD_URL = "https://open-upload.tiktokapis.com/video/?upload_id=67890&upload_token=Xza123";
const MB = 1024 * 1024;

const account: PlatformAccount = {
  id: "acct_tt",
  platform: "tiktok",
  platformUserId: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "act.1234", refreshToken: "rft.1234" },
};

function tiktok(script: Exchange[]) {
  const platform = scriptedPlatform(script, ENV);
  const time = fakeTime();
  const adapter = new TikTokAdapter({ ...platform.deps, ...time });
  return { adapter, platform, time };
}

/** A successful answer: one of the shapes Herald reads, in TikTok's envelope. */
const ok = (data: TikTokUserInfo | TikTokCreatorInfo | TikTokVideoInitData | TikTokStatus | TikTokVideos): Answer =>
  json(200, { data, error: { code: "ok", message: "", log_id: "20230626" } } satisfies TikTokAnswer<typeof data>);
const tiktokError = (status: number, code: string, message: string, headers: Record<string, string> = {}): Answer =>
  json(status, { error: { code, message, log_id: "202306260829" } } satisfies TikTokAnswer<never>, headers);
/** A video file as its host serves it, with its size. */
const video =
  (size: number): Answer =>
  () =>
    new Response(new Uint8Array(size).fill(7), {
      headers: { "content-type": "video/mp4", "content-length": String(size) },
    });

const creatorInfo = (options = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"]) => ({
  expect: `POST ${API}/v2/post/publish/creator_info/query/`,
  answer: ok({
    creator_avatar_url: "https://lf16-tt4d.tiktokcdn.com/obj/avatar.jpeg",
    creator_username: "tiktok",
    creator_nickname: "TikTok Official",
    privacy_level_options: options,
    comment_disabled: false,
    duet_disabled: true,
    stitch_disabled: false,
    max_video_post_duration_sec: 600,
  }),
});
const initAnswer = ok({ publish_id: "v_pub_file~v2-1.123456789", upload_url: UPLOAD_URL });
const chunk =
  (status: number): Answer =>
  () =>
    new Response(null, { status });
const status = (data: TikTokStatus): Exchange => ({
  expect: `POST ${API}/v2/post/publish/status/fetch/`,
  answer: ok(data),
});

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Funny #cat video on your @tiktok #fyp",
  media: [{ type: "video", url: "https://cdn.example.com/cat.mp4", coverTimeMs: 1500 }],
  options: {},
  ...overrides,
});

describe("TikTok: connecting (Login Kit for Web)", () => {
  it("sends the creator to TikTok's consent page with the client key, scopes, callback and state", () => {
    const { adapter } = tiktok([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st-1", codeChallenge: "unused", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://www.tiktok.com/v2/auth/authorize/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_key: "tt-client-key",
      scope: "user.info.basic,video.publish,video.upload,video.list",
      response_type: "code",
      redirect_uri: CALLBACK,
      state: "st-1",
    });
  });

  it("exchanges the code as the app (key and secret in the form) and reads who the creator is", async () => {
    const { adapter, platform, time } = tiktok([
      {
        expect: `POST ${API}/v2/oauth/token/`,
        answer: json(200, {
          access_token: "act.example12345",
          expires_in: 86400,
          open_id: "afd97af1-b87b-48b9-ac98-410aghda5344",
          refresh_expires_in: 31536000,
          refresh_token: "rft.example12345",
          scope: "user.info.basic,video.publish",
          token_type: "Bearer",
        }),
      },
      {
        expect: `GET ${API}/v2/user/info/?fields=open_id,display_name`,
        answer: ok({ user: { open_id: "afd97af1-b87b-48b9-ac98-410aghda5344", display_name: "Tik Toker" } }),
      },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "c0de",
      codeVerifier: "v",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.body).toEqual({
      client_key: "tt-client-key",
      client_secret: "tt-secret-77",
      code: "c0de",
      grant_type: "authorization_code",
      redirect_uri: CALLBACK,
    });
    expect(credentials).toEqual({
      accessToken: "act.example12345",
      refreshToken: "rft.example12345",
      expiresAt: time.now() + 86_400_000,
    });
    expect(await adapter.connection.identify!(credentials)).toEqual({
      platformUserId: "afd97af1-b87b-48b9-ac98-410aghda5344",
      name: "Tik Toker",
      subscriptionTier: null,
    });
    expect(platform.sent[1]!.headers.authorization).toBe("Bearer act.example12345");
  });

  it("refreshes with the refresh token; a refused refresh, even one answered 200, means connecting again", async () => {
    const { adapter, platform } = tiktok([
      {
        expect: `POST ${API}/v2/oauth/token/`,
        answer: json(200, { access_token: "act.2", expires_in: 86400, refresh_token: "rft.2", open_id: "o" }),
      },
      {
        expect: `POST ${API}/v2/oauth/token/`,
        answer: json(400, { error: "invalid_grant", error_description: "Refresh token is invalid or expired." }),
      },
      {
        expect: `POST ${API}/v2/oauth/token/`,
        answer: json(200, { error: "invalid_request", error_description: "The refresh token is revoked." }),
      },
    ]);
    const fresh = await adapter.connection.refresh!({ accessToken: "act.1", refreshToken: "rft.1" });
    expect(platform.sent[0]!.body).toEqual({
      client_key: "tt-client-key",
      client_secret: "tt-secret-77",
      grant_type: "refresh_token",
      refresh_token: "rft.1",
    });
    expect([fresh.accessToken, fresh.refreshToken]).toEqual(["act.2", "rft.2"]);
    const refused = await platformFailure(adapter.connection.refresh!({ accessToken: "a", refreshToken: "old" }));
    expect([refused.failure, refused.message]).toEqual([
      "auth_expired",
      "TikTok refused to renew the tokens: TikTok refused: Refresh token is invalid or expired.; invalid_grant",
    ]);
    const inBody = await platformFailure(adapter.connection.refresh!({ accessToken: "a", refreshToken: "old" }));
    expect(inBody.failure).toBe("auth_expired");
    const none = await platformFailure(adapter.connection.refresh!({ accessToken: "a" }));
    expect(none.failure).toBe("auth_expired");
  });

  it("revokes the access token as the app", async () => {
    const { adapter, platform } = tiktok([{ expect: `POST ${API}/v2/oauth/revoke/`, answer: json(200, {}) }]);
    expect(await adapter.connection.revoke!({ accessToken: "act.9", refreshToken: "rft.9" })).toBe(true);
    expect(platform.sent[0]!.body).toEqual({
      client_key: "tt-client-key",
      client_secret: "tt-secret-77",
      token: "act.9",
    });
  });
});

describe("TikTok: posting a video", () => {
  it("asks for the creator's settings, posts directly in chunks, and follows the post until TikTok names it", async () => {
    const size = 25 * MB;
    const { adapter, platform, time } = tiktok([
      creatorInfo(),
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(size) },
      { expect: `POST ${API}/v2/post/publish/video/init/`, answer: initAnswer },
      { expect: `PUT ${UPLOAD_URL}`, answer: chunk(206) },
      { expect: `PUT ${UPLOAD_URL}`, answer: chunk(201) },
      status({ status: "PROCESSING_UPLOAD", uploaded_bytes: size }),
      status({ status: "PUBLISH_COMPLETE", publicaly_available_post_id: [7_345_678_901_234_567_890n.toString()] }),
    ]);
    const result = await adapter.publish(account, request({ options: { disable_comment: true } }));
    expect(result).toEqual({
      platformPostId: "7345678901234567890",
      url: "https://www.tiktok.com/@tiktok/video/7345678901234567890",
    });
    const [info, , init, first, last] = platform.sent;
    expect(info!.headers.authorization).toBe("Bearer act.1234");
    expect(init!.body).toEqual({
      post_info: {
        title: "Funny #cat video on your @tiktok #fyp",
        privacy_level: "PUBLIC_TO_EVERYONE",
        disable_comment: true,
        disable_duet: true,
        disable_stitch: false,
        video_cover_timestamp_ms: 1500,
        brand_content_toggle: false,
        brand_organic_toggle: false,
      },
      source_info: { source: "FILE_UPLOAD", video_size: size, chunk_size: 10 * MB, total_chunk_count: 2 },
    });
    // The last chunk carries the trailing bytes (TikTok's chunk rules).
    expect(first!.headers["content-range"]).toBe(`bytes 0-${10 * MB - 1}/${size}`);
    expect(first!.body).toEqual({ bytes: 10 * MB, type: "video/mp4" });
    expect(last!.headers["content-range"]).toBe(`bytes ${10 * MB}-${size - 1}/${size}`);
    expect(last!.body).toEqual({ bytes: 15 * MB, type: "video/mp4" });
    expect(time.sleeps).toEqual([10_000]);
    expect(platform.remaining).toEqual([]);
  });

  it("sends the creator's choices of duets, stitches and TikTok's disclosure labels in post_info", async () => {
    const size = 3 * MB;
    const { adapter, platform } = tiktok([
      creatorInfo(),
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(size) },
      { expect: `POST ${API}/v2/post/publish/video/init/`, answer: initAnswer },
      { expect: `PUT ${UPLOAD_URL}`, answer: chunk(201) },
      status({ status: "PUBLISH_COMPLETE", publicaly_available_post_id: ["7345678901234567891"] }),
    ]);
    const options = {
      privacy_level: "MUTUAL_FOLLOW_FRIENDS",
      disable_stitch: true,
      brand_content_toggle: true,
      brand_organic_toggle: true,
      is_aigc: true,
    };
    await adapter.publish(account, request({ options }));
    const init = platform.sent[2]!.body as TikTokVideoInit;
    expect(init.post_info).toEqual({
      title: "Funny #cat video on your @tiktok #fyp",
      privacy_level: "MUTUAL_FOLLOW_FRIENDS",
      disable_comment: false,
      disable_duet: true,
      disable_stitch: true,
      video_cover_timestamp_ms: 1500,
      brand_content_toggle: true,
      brand_organic_toggle: true,
      is_aigc: true,
    } satisfies TikTokPostInfo);
  });

  it("sends a reminder post to the creator's inbox instead: a small video whole, no post settings", async () => {
    const { adapter, platform } = tiktok([
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(3 * MB) },
      {
        expect: `POST ${API}/v2/post/publish/inbox/video/init/`,
        answer: ok({ publish_id: "v_inbox_file~v2.123", upload_url: UPLOAD_URL }),
      },
      { expect: `PUT ${UPLOAD_URL}`, answer: chunk(201) },
      status({ status: "SEND_TO_USER_INBOX" }),
    ]);
    const result = await adapter.publish(account, request({ options: { reminder: true } }));
    expect(result).toEqual({ platformPostId: "v_inbox_file~v2.123" });
    expect(platform.sent[1]!.body).toEqual({
      source_info: { source: "FILE_UPLOAD", video_size: 3 * MB, chunk_size: 3 * MB, total_chunk_count: 1 },
    });
  });

  it("refuses before uploading a privacy level the creator is not offered, and anything but one video", async () => {
    const { adapter, platform } = tiktok([creatorInfo(["SELF_ONLY"])]);
    const privacy = await platformFailure(adapter.publish(account, request()));
    expect([privacy.failure, privacy.code]).toEqual(["refused", "PRIVACY_LEVEL_UNAVAILABLE"]);
    expect(privacy.message).toContain("SELF_ONLY");
    expect(platform.sent).toHaveLength(1);

    const images = await platformFailure(
      adapter.publish(account, request({ media: [{ type: "image", url: "https://cdn.example.com/a.png" }] })),
    );
    expect([images.failure, images.code]).toEqual(["refused", "MEDIA_NOT_SUPPORTED"]);
    expect(platform.sent).toHaveLength(1);
  });

  it("a post TikTok fails is refused with its reason; one still in moderation keeps its publish_id and is not retried", async () => {
    const failing = tiktok([
      creatorInfo(),
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(MB) },
      { expect: `POST ${API}/v2/post/publish/video/init/`, answer: initAnswer },
      { expect: `PUT ${UPLOAD_URL}`, answer: chunk(201) },
      status({ status: "FAILED", fail_reason: "duration_check_failed" }),
    ]);
    const failed = await platformFailure(failing.adapter.publish(account, request()));
    expect([failed.failure, failed.code, failed.message]).toEqual([
      "refused",
      "MEDIA_REJECTED",
      "TikTok could not post the video: duration_check_failed",
    ]);

    const slow = tiktok([
      creatorInfo(),
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(MB) },
      { expect: `POST ${API}/v2/post/publish/video/init/`, answer: initAnswer },
      { expect: `PUT ${UPLOAD_URL}`, answer: chunk(201) },
      ...Array.from({ length: 12 }, () => status({ status: "PUBLISH_COMPLETE", publicaly_available_post_id: [] })),
      { expect: `POST ${API}/v2/post/publish/status/fetch/`, answer: "network-error" },
    ]);
    expect(await slow.adapter.publish(account, request())).toEqual({ platformPostId: "v_pub_file~v2-1.123456789" });
  });
});

describe("TikTok: failures in Herald's terms", () => {
  const uploadThen = (answer: Exchange["answer"]) =>
    tiktok([
      creatorInfo(),
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(12 * MB) },
      { expect: `POST ${API}/v2/post/publish/video/init/`, answer: initAnswer },
      { expect: `PUT ${UPLOAD_URL}`, answer },
    ]);

  it("the last chunk sent without an answer may have posted; no answer before it is transient", async () => {
    expect((await platformFailure(uploadThen("network-error").adapter.publish(account, request()))).failure).toBe(
      "no_answer",
    );
    expect((await platformFailure(uploadThen("timeout").adapter.publish(account, request()))).failure).toBe(
      "no_answer",
    );
    const early = tiktok([
      creatorInfo(),
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(12 * MB) },
      { expect: `POST ${API}/v2/post/publish/video/init/`, answer: "timeout" },
    ]);
    expect((await platformFailure(early.adapter.publish(account, request()))).failure).toBe("transient");
  });

  it("429 waits as TikTok says; an invalid token is auth_expired; other refusals keep TikTok's message", async () => {
    const askCreator = (answer: Answer) =>
      tiktok([{ expect: `POST ${API}/v2/post/publish/creator_info/query/`, answer }]).adapter.publish(
        account,
        request(),
      );
    const slow = await platformFailure(
      askCreator(tiktokError(429, "rate_limit_exceeded", "Too many requests", { "retry-after": "30" })),
    );
    expect([slow.failure, slow.retryAfterMs]).toEqual(["rate_limited", 30_000]);
    const invalid = tiktokError(
      401,
      "access_token_invalid",
      "The access token is invalid or not found in the request.",
    );
    expect((await platformFailure(askCreator(invalid))).failure).toBe("auth_expired");

    const spam = tiktok([
      creatorInfo(),
      { expect: "GET https://cdn.example.com/cat.mp4", answer: video(MB) },
      {
        expect: `POST ${API}/v2/post/publish/video/init/`,
        answer: tiktokError(403, "spam_risk_too_many_posts", "The daily user cap for posts has been reached."),
      },
    ]);
    const refused = await platformFailure(spam.adapter.publish(account, request()));
    expect([refused.failure, refused.code, refused.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      "TikTok refused: The daily user cap for posts has been reached.",
    ]);
  });
});

describe("TikTok: reading", () => {
  it("reads counts 20 videos a call, looks up posts still known by publish_id, and a video gone is null", async () => {
    const ids = Array.from({ length: 21 }, (_, i) => String(7_000_000_000_000_000_000n + BigInt(i)));
    const fields = "fields=id,like_count,comment_count,share_count,view_count";
    const { adapter, platform } = tiktok([
      status({ status: "PUBLISH_COMPLETE", publicaly_available_post_id: [ids[20]!] }),
      status({ status: "PROCESSING_DOWNLOAD" }),
      {
        expect: `POST ${API}/v2/video/query/?${fields}`,
        answer: ok({
          videos: [{ id: ids[0]!, like_count: 5, comment_count: 2, share_count: 1, view_count: 100 }],
        }),
      },
      {
        expect: `POST ${API}/v2/video/query/?${fields}`,
        answer: ok({ videos: [{ id: ids[20]!, like_count: 1, comment_count: 0, share_count: 0, view_count: 9 }] }),
      },
    ]);
    const metrics = await adapter.readMetrics(account, [...ids.slice(0, 20), "v_pub_file~a", "v_pub_file~b"]);
    expect(metrics.get(ids[0]!)).toEqual({ likes: 5, comments: 2, reposts: 1, views: 100 });
    expect(metrics.get(ids[1]!)).toBeNull();
    expect(metrics.get("v_pub_file~a")).toEqual({ likes: 1, comments: 0, reposts: 0, views: 9 });
    expect(metrics.get("v_pub_file~b")).toEqual({ likes: 0, comments: 0, reposts: 0, views: 0 });
    expect((platform.sent[2]!.body as any).filters.video_ids).toHaveLength(20);
  });

  it("has no comments or reposts", async () => {
    const { adapter } = tiktok([]);
    expect("comment" in adapter).toBe(false);
    expect("repost" in adapter).toBe(false);
  });
});
