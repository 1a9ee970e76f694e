import type { youtube_v3 } from "@googleapis/youtube";
import { describe, expect, it, vi } from "vitest";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type GoogleErrorAnswer, YouTubeAdapter } from "../../../src/platforms/video/youtube";
import { type Answer, bytes, type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as the YouTube Data API v3 reference (videos.insert, the resumable upload guide,
// thumbnails.set, videos.list, commentThreads.insert) and Google's OAuth 2.0 web-server guide show them;
// nothing here was recorded from Google itself.

const API = "https://www.googleapis.com/youtube/v3";
const UPLOAD = "https://www.googleapis.com/upload/youtube/v3";
const TOKEN_URL = "https://oauth2.googleapis.com/token";
const ENV = { YOUTUBE_CLIENT_ID: "yt-client.apps.googleusercontent.com", YOUTUBE_CLIENT_SECRET: "yt-secret-31" };
const CALLBACK = "https://herald.example/api/v1/connect/youtube/callback";
const SESSION = `${UPLOAD}/videos?uploadType=resumable&part=snippet,status&upload_id=xa298sd_f`;
const CHUNK = 8 * 1024 * 1024;

const account: PlatformAccount = {
  id: "acct_yt",
  platform: "youtube",
  platformUserId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "ya29.token", refreshToken: "1//refresh" },
};

function youtube(script: Exchange[], now?: number) {
  const platform = scriptedPlatform(script, ENV, now);
  return { adapter: new YouTubeAdapter(platform.deps), platform };
}

const video =
  (size: number): Answer =>
  () =>
    new Response(new Uint8Array(size).fill(3), {
      headers: { "content-type": "video/mp4", "content-length": String(size) },
    });
const session: Answer = () => new Response(null, { status: 200, headers: { location: SESSION } });
const kept =
  (last: number): Answer =>
  () =>
    new Response(null, { status: 308, headers: { range: `bytes=0-${last}` } });
const created = (id = "Ks-_Mh1QhMc") =>
  json(200, { kind: "youtube#video", id, snippet: { title: "Launch" } } satisfies youtube_v3.Schema$Video);
const googleError = (status: number, reason: string, message: string, headers: Record<string, string> = {}) =>
  json(
    status,
    {
      error: { code: status, message, errors: [{ message, domain: "youtube.quota", reason }] },
    } satisfies GoogleErrorAnswer,
    headers,
  );

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Launch day\nEverything we shipped this week.",
  media: [{ type: "video", url: "https://cdn.example.com/launch.mp4" }],
  options: {},
  ...overrides,
});

describe("YouTube: connecting (Google OAuth 2.0 for web servers, with PKCE)", () => {
  it("asks for offline access with consent, the YouTube scopes, state and an S256 challenge", () => {
    const { adapter } = youtube([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st-2", codeChallenge: "chal-lenge", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "yt-client.apps.googleusercontent.com",
      redirect_uri: CALLBACK,
      response_type: "code",
      scope:
        "https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly https://www.googleapis.com/auth/youtube.force-ssl",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: "st-2",
      code_challenge: "chal-lenge",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code with the verifier and the secret, then reads the channel", async () => {
    const { adapter, platform } = youtube([
      {
        expect: `POST ${TOKEN_URL}`,
        answer: json(200, {
          access_token: "ya29.new",
          expires_in: 3599,
          refresh_token: "1//new-refresh",
          scope: "https://www.googleapis.com/auth/youtube.upload",
          token_type: "Bearer",
        }),
      },
      {
        expect: `GET ${API}/channels?part=snippet&mine=true`,
        answer: json(200, {
          kind: "youtube#channelListResponse",
          items: [
            { kind: "youtube#channel", id: "UC_x5XG1OV2P6uZZ5FSM9Ttw", snippet: { title: "Google for Developers" } },
          ],
        } satisfies youtube_v3.Schema$ChannelListResponse),
      },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "4/0Ad",
      codeVerifier: "verifier-43",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.body).toEqual({
      client_id: "yt-client.apps.googleusercontent.com",
      client_secret: "yt-secret-31",
      code: "4/0Ad",
      code_verifier: "verifier-43",
      grant_type: "authorization_code",
      redirect_uri: CALLBACK,
    });
    expect(credentials).toMatchObject({ accessToken: "ya29.new", refreshToken: "1//new-refresh" });
    expect(await adapter.connection.identify!(credentials)).toEqual({
      platformUserId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
      name: "Google for Developers",
      subscriptionTier: null,
    });
  });

  it("refuses a Google account without a channel", async () => {
    const { adapter } = youtube([
      {
        expect: `GET ${API}/channels?part=snippet&mine=true`,
        answer: json(200, {
          kind: "youtube#channelListResponse",
          items: [],
        } satisfies youtube_v3.Schema$ChannelListResponse),
      },
    ]);
    const error = await platformFailure(adapter.connection.identify!({ accessToken: "a" }));
    expect([error.failure, error.code]).toEqual(["refused", "NO_CHANNEL"]);
  });

  it("refreshes keeping the refresh token Google does not resend; invalid_grant means connecting again", async () => {
    const { adapter } = youtube([
      { expect: `POST ${TOKEN_URL}`, answer: json(200, { access_token: "ya29.2", expires_in: 3599 }) },
      {
        expect: `POST ${TOKEN_URL}`,
        answer: json(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." }),
      },
    ]);
    const fresh = await adapter.connection.refresh!({ accessToken: "ya29.1", refreshToken: "1//keep" });
    expect([fresh.accessToken, fresh.refreshToken]).toEqual(["ya29.2", "1//keep"]);
    const refused = await platformFailure(adapter.connection.refresh!({ accessToken: "a", refreshToken: "1//gone" }));
    expect(refused.failure).toBe("auth_expired");
    expect(refused.message).toContain("Token has been expired or revoked.");
  });

  it("revokes the grant through its refresh token", async () => {
    const { adapter, platform } = youtube([
      { expect: "POST https://oauth2.googleapis.com/revoke", answer: json(200, {}) },
    ]);
    expect(await adapter.connection.revoke!({ accessToken: "ya29", refreshToken: "1//r" })).toBe(true);
    expect(platform.sent[0]!.body).toEqual({ token: "1//r" });
  });
});

describe("YouTube: uploading", () => {
  it("opens a resumable session with the metadata, sends the video in 8 MiB chunks, then sets the thumbnail", async () => {
    const size = CHUNK + 1000;
    const { adapter, platform } = youtube([
      { expect: "GET https://cdn.example.com/cover.png", answer: bytes(4096, "image/png") },
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(size) },
      { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: session },
      { expect: `PUT ${SESSION}`, answer: kept(CHUNK - 1) },
      { expect: `PUT ${SESSION}`, answer: created() },
      {
        expect: `POST ${UPLOAD}/thumbnails/set?videoId=Ks-_Mh1QhMc&uploadType=media`,
        answer: json(200, {
          kind: "youtube#thumbnailSetResponse",
          items: [],
        } satisfies youtube_v3.Schema$ThumbnailSetResponse),
      },
    ]);
    const result = await adapter.publish(
      account,
      request({
        media: [
          { type: "video", url: "https://cdn.example.com/launch.mp4", coverUrl: "https://cdn.example.com/cover.png" },
        ],
        options: { privacy_status: "unlisted" },
      }),
    );
    expect(result).toEqual({ platformPostId: "Ks-_Mh1QhMc", url: "https://www.youtube.com/watch?v=Ks-_Mh1QhMc" });
    const [, , start, first, last, thumbnail] = platform.sent;
    expect(start!.headers).toMatchObject({
      authorization: "Bearer ya29.token",
      "x-upload-content-length": String(size),
      "x-upload-content-type": "video/mp4",
    });
    expect(start!.body).toEqual({
      snippet: { title: "Launch day", description: "Launch day\nEverything we shipped this week.", categoryId: "22" },
      status: { privacyStatus: "unlisted" },
    });
    expect(first!.headers["content-range"]).toBe(`bytes 0-${CHUNK - 1}/${size}`);
    expect(last!.headers["content-range"]).toBe(`bytes ${CHUNK}-${size - 1}/${size}`);
    expect(last!.body).toEqual({ bytes: 1000, type: "video/mp4" });
    expect(thumbnail!.body).toEqual({ bytes: 4096, type: "image/png" });
  });

  it("sends made_for_kids as selfDeclaredMadeForKids and the category the target names", async () => {
    const { adapter, platform } = youtube([
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(10) },
      { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: session },
      { expect: `PUT ${SESSION}`, answer: created() },
    ]);
    await adapter.publish(
      account,
      request({
        media: [{ type: "video", url: "https://cdn.example.com/launch.mp4" }],
        options: { made_for_kids: true, category_id: "27" },
      }),
    );
    const sent = platform.sent[1]!.body as youtube_v3.Schema$Video;
    expect([sent.snippet?.categoryId, sent.status?.selfDeclaredMadeForKids]).toEqual(["27", true]);
  });

  it("takes the title from the option, else the first line; refuses a cover that is not JPEG or PNG before uploading", async () => {
    const { adapter, platform } = youtube([
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(10) },
      { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: session },
      { expect: `PUT ${SESSION}`, answer: created() },
      { expect: "GET https://cdn.example.com/cover.gif", answer: bytes(10, "image/gif") },
    ]);
    await adapter.publish(account, request({ options: { title: "Our <launch>" } }));
    expect((platform.sent[1]!.body as any).snippet.title).toBe("Our launch");
    expect((platform.sent[1]!.body as any).status.privacyStatus).toBe("public");

    const gif = await platformFailure(
      adapter.publish(
        account,
        request({
          media: [
            { type: "video", url: "https://cdn.example.com/launch.mp4", coverUrl: "https://cdn.example.com/cover.gif" },
          ],
        }),
      ),
    );
    expect([gif.failure, gif.code]).toEqual(["refused", "MEDIA_NOT_SUPPORTED"]);
    expect(platform.sent).toHaveLength(4);
  });

  it("a thumbnail YouTube refuses leaves the video published", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { adapter } = youtube([
      { expect: "GET https://cdn.example.com/cover.jpg", answer: bytes(10, "image/jpeg") },
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(10) },
      { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: session },
      { expect: `PUT ${SESSION}`, answer: created() },
      {
        expect: `POST ${UPLOAD}/thumbnails/set?videoId=Ks-_Mh1QhMc&uploadType=media`,
        answer: googleError(
          403,
          "forbidden",
          "The authenticated user doesnt have permissions to upload and set custom video thumbnails.",
        ),
      },
    ]);
    const media = [
      {
        type: "video" as const,
        url: "https://cdn.example.com/launch.mp4",
        coverUrl: "https://cdn.example.com/cover.jpg",
      },
    ];
    expect((await adapter.publish(account, request({ media }))).platformPostId).toBe("Ks-_Mh1QhMc");
    expect(warn.mock.calls[0]![0]).toContain("thumbnail_not_set");
    warn.mockRestore();
  });

  it("adds the uploaded video to metadata.playlist_id; a playlist YouTube refuses leaves the video published", async () => {
    const upload = (playlistAnswer: Answer) =>
      youtube([
        { expect: "GET https://cdn.example.com/launch.mp4", answer: video(10) },
        { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: session },
        { expect: `PUT ${SESSION}`, answer: created() },
        { expect: `POST ${API}/playlistItems?part=snippet`, answer: playlistAnswer },
      ]);
    const options = { playlist_id: "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf" };
    const added = upload(json(200, { id: "UExyQVh0bUVy", kind: "youtube#playlistItem" }));
    expect((await added.adapter.publish(account, request({ options }))).platformPostId).toBe("Ks-_Mh1QhMc");
    expect(added.platform.sent[3]!.body).toEqual({
      snippet: {
        playlistId: "PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf",
        resourceId: { kind: "youtube#video", videoId: "Ks-_Mh1QhMc" },
      },
    } satisfies youtube_v3.Schema$PlaylistItem);
    expect(added.platform.remaining).toEqual([]);

    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const gone = upload(
      googleError(
        404,
        "playlistNotFound",
        "The playlist identified with the request's playlistId parameter cannot be found.",
      ),
    );
    expect((await gone.adapter.publish(account, request({ options }))).platformPostId).toBe("Ks-_Mh1QhMc");
    expect(warn.mock.calls[0]![0]).toContain("playlist_not_added");
    warn.mockRestore();
  });

  it("the last chunk without an answer: the session says whether the video exists", async () => {
    const lastChunkLost = (statusAnswer: Exchange["answer"]) =>
      youtube([
        { expect: "GET https://cdn.example.com/launch.mp4", answer: video(10) },
        { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: session },
        { expect: `PUT ${SESSION}`, answer: "timeout" },
        { expect: `PUT ${SESSION}`, answer: statusAnswer },
      ]);
    const complete = lastChunkLost(created("made-anyway"));
    expect((await complete.adapter.publish(account, request())).platformPostId).toBe("made-anyway");
    expect(complete.platform.sent[3]!.headers["content-range"]).toBe("bytes */10");

    const incomplete = await platformFailure(lastChunkLost(kept(4)).adapter.publish(account, request()));
    expect(incomplete.failure).toBe("transient");
    const unknown = await platformFailure(lastChunkLost("network-error").adapter.publish(account, request()));
    expect(unknown.failure).toBe("no_answer");
  });

  it("an earlier chunk without an answer, or opening the session timing out, is transient: nothing was made", async () => {
    const chunkLost = youtube([
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(CHUNK + 1) },
      { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: session },
      { expect: `PUT ${SESSION}`, answer: "network-error" },
    ]);
    expect((await platformFailure(chunkLost.adapter.publish(account, request()))).failure).toBe("transient");
    const sessionLost = youtube([
      { expect: "GET https://cdn.example.com/launch.mp4", answer: video(10) },
      { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer: "timeout" },
    ]);
    expect((await platformFailure(sessionLost.adapter.publish(account, request()))).failure).toBe("transient");
  });

  it("refuses anything but one video before sending", async () => {
    const { adapter, platform } = youtube([]);
    const error = await platformFailure(
      adapter.publish(account, request({ media: [{ type: "image", url: "https://cdn.example.com/a.png" }] })),
    );
    expect([error.failure, error.code]).toEqual(["refused", "MEDIA_NOT_SUPPORTED"]);
    expect(platform.sent).toEqual([]);
  });
});

describe("YouTube: failures in Herald's terms", () => {
  const opening = (answer: Answer, now?: number) =>
    youtube(
      [
        { expect: "GET https://cdn.example.com/launch.mp4", answer: video(10) },
        { expect: `POST ${UPLOAD}/videos?uploadType=resumable&part=snippet,status`, answer },
      ],
      now,
    ).adapter.publish(account, request());

  it("the daily quota waits until midnight Pacific Time; rate limits wait as Google says", async () => {
    // 2030-06-01 12:00 UTC is 05:00 PDT: 19 hours to midnight in Los Angeles.
    const quota = await platformFailure(
      opening(
        googleError(403, "quotaExceeded", "The request cannot be completed because you have exceeded your quota."),
        Date.UTC(2030, 5, 1, 12),
      ),
    );
    expect([quota.failure, quota.retryAfterMs]).toEqual(["rate_limited", 19 * 3_600_000]);
    const limited = await platformFailure(
      opening(googleError(403, "rateLimitExceeded", "Rate limit exceeded", { "retry-after": "120" })),
    );
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 120_000]);
  });

  it("401 is auth_expired; a refusal keeps Google's message", async () => {
    expect((await platformFailure(opening(googleError(401, "authError", "Invalid Credentials")))).failure).toBe(
      "auth_expired",
    );
    const refused = await platformFailure(
      opening(googleError(400, "invalidTitle", "The request metadata specifies an invalid video title.")),
    );
    expect([refused.failure, refused.code, refused.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      "YouTube refused: The request metadata specifies an invalid video title.",
    ]);
  });
});

describe("YouTube: reading and commenting", () => {
  it("reads statistics 50 videos a call; a video YouTube no longer lists is null", async () => {
    const ids = Array.from({ length: 51 }, (_, i) => `vid${i}`);
    const { adapter } = youtube([
      {
        expect: `GET ${API}/videos?part=statistics&id=${ids.slice(0, 50).join(",")}`,
        answer: json(200, {
          kind: "youtube#videoListResponse",
          items: [
            {
              kind: "youtube#video",
              id: "vid0",
              statistics: { viewCount: "1200", likeCount: "31", commentCount: "4" },
            },
          ],
        } satisfies youtube_v3.Schema$VideoListResponse),
      },
      {
        expect: `GET ${API}/videos?part=statistics&id=vid50`,
        answer: json(200, {
          kind: "youtube#videoListResponse",
          items: [],
        } satisfies youtube_v3.Schema$VideoListResponse),
      },
    ]);
    const metrics = await adapter.readMetrics(account, ids);
    expect(metrics.get("vid0")).toEqual({ likes: 31, comments: 4, reposts: 0, views: 1200 });
    expect(metrics.get("vid50")).toBeNull();
  });

  it("reads the channel's subscribers as its followers; a hidden count reports none", async () => {
    const channel = (statistics: youtube_v3.Schema$ChannelStatistics) =>
      json(200, {
        kind: "youtube#channelListResponse",
        items: [{ kind: "youtube#channel", id: "UC_x5XG1OV2P6uZZ5FSM9Ttw", statistics }],
      } satisfies youtube_v3.Schema$ChannelListResponse);
    const url = `GET ${API}/channels?part=statistics&mine=true`;
    const { adapter } = youtube([
      { expect: url, answer: channel({ subscriberCount: "2480", hiddenSubscriberCount: false, videoCount: "12" }) },
      { expect: url, answer: channel({ subscriberCount: "0", hiddenSubscriberCount: true }) },
    ]);
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null, followers: 2480 });
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null });
  });

  it("comments with a top-level comment thread; has no reposts", async () => {
    const { adapter, platform } = youtube([
      {
        expect: `POST ${API}/commentThreads?part=snippet`,
        answer: json(200, { kind: "youtube#commentThread", id: "Ugz1" } satisfies youtube_v3.Schema$CommentThread),
      },
    ]);
    expect(await adapter.comment(account, "Ks-_Mh1QhMc", "Thanks for watching")).toEqual({
      platformPostId: "Ugz1",
      url: "https://www.youtube.com/watch?v=Ks-_Mh1QhMc&lc=Ugz1",
    });
    expect(platform.sent[0]!.body).toEqual({
      snippet: { videoId: "Ks-_Mh1QhMc", topLevelComment: { snippet: { textOriginal: "Thanks for watching" } } },
    });
    expect("repost" in adapter).toBe(false);
  });
});
