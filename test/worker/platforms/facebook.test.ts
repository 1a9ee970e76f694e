import { describe, expect, it } from "vitest";
import { FacebookAdapter } from "../../../src/platforms/meta/facebook";
import type {
  GraphCreated,
  GraphError,
  PagePhotoCreated,
  PagePostCounts,
  PageProfile,
} from "../../../src/platforms/meta/meta-shapes";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

const GRAPH = "https://graph.facebook.com/v26.0";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

const page: PlatformAccount = {
  id: "acct_fb",
  platform: "facebook",
  platformUserId: "1001",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "page-token" },
};

const post = (over: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Hello",
  media: [],
  options: {},
  ...over,
});

function facebook(exchanges: Exchange[], extra: { appSecret?: string } = {}) {
  const wire = recordedFetch(exchanges);
  return { wire, adapter: new FacebookAdapter({ fetch: wire.fetch, ...fakeTime(), ...extra }) };
}

describe("Facebook Pages: publishing", () => {
  it("posts text with a link preview to the Page feed", async () => {
    const { wire, adapter } = facebook([
      { method: "POST", url: `${GRAPH}/1001/feed`, json: { id: "1001_2002" } satisfies GraphCreated },
    ]);
    const result = await adapter.publish(page, post({ options: { link: "https://example.com/a" } }));
    expect(result).toEqual({ platformPostId: "1001_2002", url: "https://www.facebook.com/1001_2002" });
    expect(wire.sent).toEqual([
      {
        method: "POST",
        url: `${GRAPH}/1001/feed`,
        headers: FORM,
        body: "message=Hello&link=https%3A%2F%2Fexample.com%2Fa&access_token=page-token",
      },
    ]);
    wire.expectAllUsed();
  });

  it("signs calls with appsecret_proof when the app secret is configured", async () => {
    const { wire, adapter } = facebook(
      [{ method: "POST", url: `${GRAPH}/1001/feed`, json: { id: "1001_2002" } satisfies GraphCreated }],
      {
        appSecret: "app-secret",
      },
    );
    await adapter.publish(page, post());
    // HMAC-SHA256 of the token with the app secret, in hex.
    expect(wire.sent[0]!.body).toBe(
      "message=Hello&access_token=page-token&appsecret_proof=d8b448b9cc7d64c51098271805b3cc20b5b715e52bd587eb71b610259587c856",
    );
  });

  it("posts one image to /photos with its alt text and answers the feed post id", async () => {
    const { wire, adapter } = facebook([
      {
        method: "POST",
        url: `${GRAPH}/1001/photos`,
        json: { id: "3003", post_id: "1001_2002" } satisfies PagePhotoCreated,
      },
    ]);
    const result = await adapter.publish(
      page,
      post({
        media: [{ type: "image", url: "https://cdn.example/cat.jpg", altText: "A cat asleep" }],
        options: { place: "110843418940484" },
      }),
    );
    expect(result.platformPostId).toBe("1001_2002");
    expect(wire.sent[0]!.body).toBe(
      "url=https%3A%2F%2Fcdn.example%2Fcat.jpg&message=Hello&alt_text_custom=A+cat+asleep&place=110843418940484&access_token=page-token",
    );
    wire.expectAllUsed();
  });

  it("attaches several images, uploaded unpublished, to one feed post", async () => {
    const { wire, adapter } = facebook([
      { method: "POST", url: `${GRAPH}/1001/photos`, json: { id: "p1" } satisfies GraphCreated },
      { method: "POST", url: `${GRAPH}/1001/photos`, json: { id: "p2" } satisfies GraphCreated },
      { method: "POST", url: `${GRAPH}/1001/feed`, json: { id: "1001_2002" } satisfies GraphCreated },
    ]);
    const result = await adapter.publish(
      page,
      post({
        media: [
          { type: "image", url: "https://cdn.example/1.jpg", altText: "First" },
          { type: "image", url: "https://cdn.example/2.jpg" },
        ],
      }),
    );
    expect(result.platformPostId).toBe("1001_2002");
    expect(wire.sent.map((r) => r.body)).toEqual([
      "url=https%3A%2F%2Fcdn.example%2F1.jpg&alt_text_custom=First&published=false&access_token=page-token",
      "url=https%3A%2F%2Fcdn.example%2F2.jpg&published=false&access_token=page-token",
      `message=Hello&attached_media=${encodeURIComponent('[{"media_fbid":"p1"},{"media_fbid":"p2"}]')}&access_token=page-token`,
    ]);
    wire.expectAllUsed();
  });

  it("posts one video to /videos on the video host", async () => {
    const url = "https://graph-video.facebook.com/v26.0/1001/videos";
    const { wire, adapter } = facebook([{ method: "POST", url, json: { id: "v9" } satisfies GraphCreated }]);
    const result = await adapter.publish(page, post({ media: [{ type: "video", url: "https://cdn.example/v.mp4" }] }));
    expect(result).toEqual({ platformPostId: "v9", url: "https://www.facebook.com/1001/videos/v9" });
    expect(wire.sent[0]!.body).toBe(
      "file_url=https%3A%2F%2Fcdn.example%2Fv.mp4&description=Hello&access_token=page-token",
    );
  });

  it("refuses a video with other media, and a link with media, before sending anything", async () => {
    const { wire, adapter } = facebook([]);
    const mixed = await platformFailure(
      adapter.publish(
        page,
        post({
          media: [
            { type: "video", url: "https://cdn.example/v.mp4" },
            { type: "image", url: "https://cdn.example/1.jpg" },
          ],
        }),
      ),
    );
    expect([mixed.failure, mixed.code]).toEqual(["refused", "MEDIA_NOT_SUPPORTED"]);
    const linked = await platformFailure(
      adapter.publish(
        page,
        post({
          options: { link: "https://example.com" },
          media: [{ type: "image", url: "https://cdn.example/1.jpg" }],
        }),
      ),
    );
    expect([linked.failure, linked.code]).toEqual(["refused", "MEDIA_NOT_SUPPORTED"]);
    expect(wire.sent).toEqual([]);
  });
});

describe("Facebook Pages: failures", () => {
  const feed = (answer: Omit<Exchange, "method" | "url">): Exchange => ({
    method: "POST",
    url: `${GRAPH}/1001/feed`,
    ...answer,
  });

  it("maps throttling to rate_limited with Meta's time to regain access", async () => {
    const { adapter } = facebook([
      feed({
        status: 400,
        json: {
          error: { message: "(#32) Page request limit reached", type: "OAuthException", code: 32 },
        } satisfies GraphError,
        headers: {
          "x-business-use-case-usage": JSON.stringify({
            "1001": [
              { type: "pages", call_count: 100, total_cputime: 3, total_time: 4, estimated_time_to_regain_access: 7 },
            ],
          }),
        },
      }),
    ]);
    const error = await platformFailure(adapter.publish(page, post()));
    expect([error.failure, error.retryAfterMs, error.retryable]).toEqual(["rate_limited", 7 * 60_000, true]);
  });

  it("maps an expired or revoked token to auth_expired", async () => {
    const { adapter } = facebook([
      feed({
        status: 400,
        json: {
          error: {
            message: "Error validating access token: Session has expired",
            type: "OAuthException",
            code: 190,
            error_subcode: 463,
          },
        } satisfies GraphError,
      }),
    ]);
    expect((await platformFailure(adapter.publish(page, post()))).failure).toBe("auth_expired");
  });

  it("maps a refusal of the content to refused with Meta's message for people", async () => {
    const { adapter } = facebook([
      feed({
        status: 400,
        json: {
          error: {
            message: "(#100) Invalid parameter",
            type: "OAuthException",
            code: 100,
            error_user_title: "Duplicate post",
            error_user_msg: "This status update is identical to the last one you posted.",
          },
        } satisfies GraphError,
      }),
    ]);
    const error = await platformFailure(adapter.publish(page, post()));
    expect([error.failure, error.code]).toEqual(["refused", "PLATFORM_REFUSED"]);
    expect(error.message).toContain("This status update is identical to the last one you posted.");
  });

  it("maps a missing permission to a refusal that does not ask for reconnection", async () => {
    const { adapter } = facebook([
      feed({
        status: 403,
        json: {
          error: { message: "(#200) Requires pages_manage_posts permission", type: "OAuthException", code: 200 },
        } satisfies GraphError,
      }),
    ]);
    const error = await platformFailure(adapter.publish(page, post()));
    expect([error.failure, error.code]).toEqual(["refused", "PERMISSION_DENIED"]);
  });

  it("maps Meta's temporary errors and 5xx to transient", async () => {
    const { adapter } = facebook([
      feed({
        status: 500,
        json: {
          error: { message: "An unexpected error has occurred.", code: 2, is_transient: true },
        } satisfies GraphError,
      }),
      feed({ status: 503, text: "Service Unavailable" }),
    ]);
    expect((await platformFailure(adapter.publish(page, post()))).failure).toBe("transient");
    expect((await platformFailure(adapter.publish(page, post()))).failure).toBe("transient");
  });

  it("treats a post sent without an answer, a gateway timeout or an unknown error as no_answer; a lost read as transient", async () => {
    const { adapter } = facebook([
      feed({ drop: true }),
      feed({ status: 504, text: "Gateway Timeout" }),
      feed({ json: { success: true } }),
      feed({
        status: 500,
        json: { error: { message: "An unknown error occurred", code: 1, is_transient: true } } satisfies GraphError,
      }),
      { method: "GET", url: `${GRAPH}/1001?fields=id%2Cname%2Cfollowers_count&access_token=page-token`, drop: true },
    ]);
    expect((await platformFailure(adapter.publish(page, post()))).failure).toBe("no_answer");
    expect((await platformFailure(adapter.publish(page, post()))).failure).toBe("no_answer");
    // Accepted, but without the id of the post: whether it exists is unknown.
    expect((await platformFailure(adapter.publish(page, post()))).failure).toBe("no_answer");
    // Meta's "unknown error" on a post: it may exist all the same.
    expect((await platformFailure(adapter.publish(page, post()))).failure).toBe("no_answer");
    expect((await platformFailure(adapter.readProfile(page))).failure).toBe("transient");
  });

  it("asks for reconnection when the account has no token, without calling Meta", async () => {
    const { wire, adapter } = facebook([]);
    const error = await platformFailure(adapter.publish({ ...page, credentials: {} }, post()));
    expect(error.failure).toBe("auth_expired");
    expect(wire.sent).toEqual([]);
  });
});

describe("Facebook Pages: the inbox's comment actions", () => {
  it("deletes a comment the Page wrote (DELETE /{comment-id}); one already gone is NOT_ON_PLATFORM", async () => {
    const { wire, adapter } = facebook([
      { method: "DELETE", url: `${GRAPH}/2002_77?access_token=page-token`, json: { success: true } },
      {
        method: "DELETE",
        url: `${GRAPH}/2002_78?access_token=page-token`,
        status: 400,
        json: {
          error: { message: "Unsupported delete request", type: "GraphMethodException", code: 100, error_subcode: 33 },
        } satisfies GraphError,
      },
    ]);
    await adapter.comments.delete!(page, "2002_77");
    expect(wire.sent[0]).toMatchObject({ method: "DELETE", url: `${GRAPH}/2002_77?access_token=page-token` });
    expect((await platformFailure(adapter.comments.delete!(page, "2002_78"))).code).toBe("NOT_ON_PLATFORM");
    wire.expectAllUsed();
  });
});

describe("Facebook Pages: plugs", () => {
  it("comments on a post as the Page", async () => {
    const { wire, adapter } = facebook([
      { method: "POST", url: `${GRAPH}/1001_2002/comments`, json: { id: "2002_77" } satisfies GraphCreated },
    ]);
    const result = await adapter.comment(page, "1001_2002", "Thanks all!");
    expect(result).toEqual({ platformPostId: "2002_77", url: "https://www.facebook.com/1001_2002" });
    expect(wire.sent[0]).toMatchObject({ method: "POST", body: "message=Thanks+all%21&access_token=page-token" });
  });

  it("has no repost (Meta's API offers none), so no plug can ask one", async () => {
    const { wire, adapter } = facebook([]);
    expect("repost" in adapter).toBe(false);
    expect(wire.sent).toEqual([]);
  });

  it("reads reactions, comments and shares; a video without shares; a deleted post as null", async () => {
    const postFields =
      "fields=reactions.limit%280%29.summary%28true%29%2Ccomments.limit%280%29.summary%28true%29%2Cshares";
    const videoFields = "fields=reactions.limit%280%29.summary%28true%29%2Ccomments.limit%280%29.summary%28true%29";
    const { wire, adapter } = facebook([
      {
        method: "GET",
        url: `${GRAPH}/1001_2002?${postFields}&access_token=page-token`,
        json: {
          id: "1001_2002",
          reactions: { data: [], summary: { total_count: 42, viewer_reaction: "NONE" } },
          comments: { data: [], summary: { order: "ranked", total_count: 5, can_comment: true } },
          shares: { count: 3 },
        } satisfies PagePostCounts,
      },
      {
        method: "GET",
        url: `${GRAPH}/v9?${videoFields}&access_token=page-token`,
        json: {
          id: "v9",
          reactions: { data: [], summary: { total_count: 1 } },
          comments: { data: [], summary: { total_count: 0 } },
        } satisfies PagePostCounts,
      },
      {
        method: "GET",
        url: `${GRAPH}/1001_4004?${postFields}&access_token=page-token`,
        status: 400,
        json: {
          error: {
            message: "Unsupported get request. Object with ID '1001_4004' does not exist",
            type: "GraphMethodException",
            code: 100,
            error_subcode: 33,
          },
        } satisfies GraphError,
      },
    ]);
    const metrics = await adapter.readMetrics(page, ["1001_2002", "v9", "1001_4004"]);
    expect(Object.fromEntries(metrics)).toEqual({
      "1001_2002": { likes: 42, comments: 5, reposts: 3, views: 0 },
      v9: { likes: 1, comments: 0, reposts: 0, views: 0 },
      "1001_4004": null,
    });
    wire.expectAllUsed();
  });

  it("reads the Page as its profile: its followers, no subscription tier", async () => {
    const { wire, adapter } = facebook([
      {
        method: "GET",
        url: `${GRAPH}/1001?fields=id%2Cname%2Cfollowers_count&access_token=page-token`,
        json: { id: "1001", name: "Cafe", followers_count: 321 } satisfies PageProfile,
      },
    ]);
    expect(await adapter.readProfile(page)).toEqual({ subscriptionTier: null, followers: 321 });
    expect("listDestinations" in adapter).toBe(false);
    wire.expectAllUsed();
  });
});
