import { describe, expect, it } from "vitest";
import { InstagramAdapter } from "../../../src/platforms/meta/instagram";
import type {
  GraphCreated,
  GraphError,
  IgAccount,
  IgContainer,
  IgMediaCounts,
  IgPermalink,
} from "../../../src/platforms/meta/meta-shapes";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

const GRAPH = "https://graph.facebook.com/v26.0";
const IG = "17841400000000001";
const TOKEN = "access_token=ig-token";

const account: PlatformAccount = {
  id: "acct_ig",
  platform: "instagram",
  platformUserId: IG,
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "ig-token" },
};

const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Hello",
  media: [{ type: "image", url: "https://cdn.example/cat.jpg" }],
  options: {},
  ...over,
});

const container = (id: string): Exchange => ({
  method: "POST",
  url: `${GRAPH}/${IG}/media`,
  json: { id } satisfies GraphCreated,
});
const status = (id: string, status_code: IgContainer["status_code"], detail?: string): Exchange => ({
  method: "GET",
  url: `${GRAPH}/${id}?fields=status_code%2Cstatus&${TOKEN}`,
  json: { status_code, ...(detail ? { status: detail } : {}), id } satisfies IgContainer,
});
const publish = (answer: Partial<Exchange> = { json: { id: "m1" } satisfies GraphCreated }): Exchange => ({
  method: "POST",
  url: `${GRAPH}/${IG}/media_publish`,
  ...answer,
});
const link = (id = "m1"): Exchange => ({
  method: "GET",
  url: `${GRAPH}/${id}?fields=permalink&${TOKEN}`,
  json: { permalink: "https://www.instagram.com/p/DAbc123/", id } satisfies IgPermalink,
});

function instagram(exchanges: Exchange[], extra: { appSecret?: string } = {}) {
  const wire = recordedFetch(exchanges);
  const time = fakeTime();
  const adapter = new InstagramAdapter({
    fetch: wire.fetch,
    now: time.now,
    sleep: time.sleep,
    containerWait: { intervalMs: 60_000, timeoutMs: 120_000 },
    ...extra,
  });
  return { wire, time, adapter };
}

describe("Instagram: container → publish", () => {
  it("publishes one image with its alt text and answers the permalink", async () => {
    const { wire, adapter } = instagram([container("c1"), status("c1", "FINISHED"), publish(), link()]);
    const result = await adapter.publish(
      account,
      request({ media: [{ type: "image", url: "https://cdn.example/cat.jpg", altText: "A cat asleep" }] }),
    );
    expect(result).toEqual({ platformPostId: "m1", url: "https://www.instagram.com/p/DAbc123/" });
    expect(wire.sent).toEqual([
      {
        method: "POST",
        url: `${GRAPH}/${IG}/media`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `image_url=https%3A%2F%2Fcdn.example%2Fcat.jpg&caption=Hello&alt_text=A+cat+asleep&${TOKEN}`,
      },
      { method: "GET", url: `${GRAPH}/c1?fields=status_code%2Cstatus&${TOKEN}`, headers: {}, body: "" },
      {
        method: "POST",
        url: `${GRAPH}/${IG}/media_publish`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `creation_id=c1&${TOKEN}`,
      },
      { method: "GET", url: `${GRAPH}/m1?fields=permalink&${TOKEN}`, headers: {}, body: "" },
    ]);
    wire.expectAllUsed();
  });

  it("sends collaborators, a place and the people tagged on the image as the container's parameters", async () => {
    const { wire, adapter } = instagram([container("c1"), status("c1", "FINISHED"), publish(), link()]);
    await adapter.publish(
      account,
      request({
        media: [{ type: "image", url: "https://cdn.example/cat.jpg" }],
        options: {
          collaborators: ["herald.studio", "mira_k"],
          location_id: "110843418940484",
          user_tags: [{ username: "mira_k", x: 0.25, y: 0.5 }],
        },
      }),
    );
    const sent = new URLSearchParams(wire.sent[0]!.body);
    expect(sent.get("collaborators")).toBe('["herald.studio","mira_k"]');
    expect(sent.get("location_id")).toBe("110843418940484");
    expect(sent.get("user_tags")).toBe('[{"username":"mira_k","x":0.25,"y":0.5}]');
    wire.expectAllUsed();
  });

  it("a reel kept out of the feed sends share_to_feed=false", async () => {
    const { wire, adapter } = instagram([container("c1"), status("c1", "FINISHED"), publish(), link()]);
    await adapter.publish(
      account,
      request({ options: { share_to_feed: false }, media: [{ type: "video", url: "https://cdn.example/v.mp4" }] }),
    );
    const sent = new URLSearchParams(wire.sent[0]!.body);
    expect([sent.get("media_type"), sent.get("share_to_feed")]).toEqual(["REELS", "false"]);
  });

  it("publishes a reel with cover_url, waiting a minute between looks while it processes", async () => {
    const { wire, time, adapter } = instagram([
      container("c1"),
      status("c1", "IN_PROGRESS"),
      status("c1", "FINISHED"),
      publish(),
      link(),
    ]);
    await adapter.publish(
      account,
      request({
        options: { post_type: "reel" },
        media: [{ type: "video", url: "https://cdn.example/v.mp4", coverUrl: "https://cdn.example/cover.jpg" }],
      }),
    );
    expect(wire.sent[0]!.body).toBe(
      `media_type=REELS&video_url=https%3A%2F%2Fcdn.example%2Fv.mp4&caption=Hello&cover_url=https%3A%2F%2Fcdn.example%2Fcover.jpg&${TOKEN}`,
    );
    expect(time.sleeps).toEqual([60_000]);
    wire.expectAllUsed();
  });

  it("publishes a single video as a reel with thumb_offset from cover_time_ms", async () => {
    const { wire, adapter } = instagram([container("c1"), status("c1", "FINISHED"), publish(), link()]);
    await adapter.publish(
      account,
      request({ media: [{ type: "video", url: "https://cdn.example/v.mp4", coverTimeMs: 2500 }] }),
    );
    expect(wire.sent[0]!.body).toBe(
      `media_type=REELS&video_url=https%3A%2F%2Fcdn.example%2Fv.mp4&caption=Hello&thumb_offset=2500&${TOKEN}`,
    );
  });

  it("publishes a carousel from finished children; a failed permalink look only leaves the link out", async () => {
    const { wire, adapter } = instagram([
      container("c1"),
      container("c2"),
      status("c2", "IN_PROGRESS"),
      status("c2", "FINISHED"),
      container("c3"),
      status("c3", "FINISHED"),
      publish(),
      { method: "GET", url: `${GRAPH}/m1?fields=permalink&${TOKEN}`, status: 500, text: "" },
    ]);
    const result = await adapter.publish(
      account,
      request({
        media: [
          { type: "image", url: "https://cdn.example/1.jpg", altText: "First" },
          { type: "video", url: "https://cdn.example/2.mp4", coverTimeMs: 1000 },
        ],
      }),
    );
    expect(result).toEqual({ platformPostId: "m1", url: undefined });
    expect(wire.sent.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      `image_url=https%3A%2F%2Fcdn.example%2F1.jpg&is_carousel_item=true&alt_text=First&${TOKEN}`,
      `media_type=VIDEO&video_url=https%3A%2F%2Fcdn.example%2F2.mp4&is_carousel_item=true&thumb_offset=1000&${TOKEN}`,
      `media_type=CAROUSEL&children=c1%2Cc2&caption=Hello&${TOKEN}`,
      `creation_id=c3&${TOKEN}`,
    ]);
    wire.expectAllUsed();
  });

  it("publishes a story without caption or alt text", async () => {
    const { wire, adapter } = instagram([container("c1"), status("c1", "FINISHED"), publish(), link()]);
    await adapter.publish(account, request({ options: { post_type: "story" } }));
    expect(wire.sent[0]!.body).toBe(`media_type=STORIES&image_url=https%3A%2F%2Fcdn.example%2Fcat.jpg&${TOKEN}`);
  });

  it("speaks to graph.instagram.com for Instagram-login accounts, unsigned", async () => {
    const host = "https://graph.instagram.com/v26.0";
    const { wire, adapter } = instagram(
      [
        { method: "POST", url: `${host}/${IG}/media`, json: { id: "c1" } satisfies GraphCreated },
        {
          method: "GET",
          url: `${host}/c1?fields=status_code%2Cstatus&${TOKEN}`,
          json: { status_code: "FINISHED" } satisfies IgContainer,
        },
        { method: "POST", url: `${host}/${IG}/media_publish`, json: { id: "m1" } satisfies GraphCreated },
        {
          method: "GET",
          url: `${host}/m1?fields=permalink&${TOKEN}`,
          json: { permalink: "https://x" } satisfies IgPermalink,
        },
      ],
      { appSecret: "app-secret" },
    );
    await adapter.publish({ ...account, credentials: { accessToken: "ig-token", instagramLogin: true } }, request());
    expect(wire.sent.some((r) => r.body.includes("appsecret_proof"))).toBe(false);
    wire.expectAllUsed();
  });

  it("refuses what Instagram cannot take before calling it", async () => {
    const { wire, adapter } = instagram([]);
    const video = { type: "video" as const, url: "https://cdn.example/v.mp4" };
    const image = { type: "image" as const, url: "https://cdn.example/1.jpg" };
    const cases: [PublishRequest, string][] = [
      [request({ media: [] }), "MEDIA_REQUIRED"],
      [request({ options: { reminder: true } }), "REMINDER_NOT_SUPPORTED"],
      [request({ media: Array(11).fill(image) }), "MEDIA_NOT_SUPPORTED"],
      [request({ options: { post_type: "reel" }, media: [image] }), "MEDIA_NOT_SUPPORTED"],
      [request({ options: { post_type: "story" }, media: [image, video] }), "MEDIA_NOT_SUPPORTED"],
    ];
    for (const [req, code] of cases) {
      const error = await platformFailure(adapter.publish(account, req));
      expect([error.failure, error.code]).toEqual(["refused", code]);
    }
    expect("repost" in adapter).toBe(false);
    expect(wire.sent).toEqual([]);
  });
});

describe("Instagram: failures", () => {
  it("refuses media Instagram could not process, with its status, and publishes nothing", async () => {
    const { wire, adapter } = instagram([
      container("c1"),
      status("c1", "ERROR", "Error: Media upload has failed with error code 2207026"),
    ]);
    const error = await platformFailure(adapter.publish(account, request()));
    expect([error.failure, error.code]).toEqual(["refused", "PLATFORM_REFUSED"]);
    expect(error.message).toContain("2207026");
    expect(wire.sent.some((r) => r.url.endsWith("/media_publish"))).toBe(false);
    wire.expectAllUsed();
  });

  it("gives up on media still processing after the wait, as a transient failure", async () => {
    const { time, adapter } = instagram([
      container("c1"),
      status("c1", "IN_PROGRESS"),
      status("c1", "IN_PROGRESS"),
      status("c1", "IN_PROGRESS"),
    ]);
    const error = await platformFailure(adapter.publish(account, request()));
    expect([error.failure, error.code]).toEqual(["transient", "MEDIA_STILL_PROCESSING"]);
    expect(time.sleeps).toEqual([60_000, 60_000]);
  });

  it("after a publish with no answer, asks the container: FINISHED is safe to retry, PUBLISHED may have posted", async () => {
    const finished = instagram([
      container("c1"),
      status("c1", "FINISHED"),
      publish({ drop: true }),
      status("c1", "FINISHED"),
    ]);
    expect((await platformFailure(finished.adapter.publish(account, request()))).failure).toBe("transient");

    const published = instagram([
      container("c1"),
      status("c1", "FINISHED"),
      publish({
        status: 500,
        json: { error: { message: "An unknown error occurred", code: 1, is_transient: true } } satisfies GraphError,
      }),
      status("c1", "PUBLISHED"),
    ]);
    expect((await platformFailure(published.adapter.publish(account, request()))).failure).toBe("no_answer");

    const unknown = instagram([
      container("c1"),
      status("c1", "FINISHED"),
      publish({ drop: true }),
      { method: "GET", url: `${GRAPH}/c1?fields=status_code%2Cstatus&${TOKEN}`, drop: true },
    ]);
    expect((await platformFailure(unknown.adapter.publish(account, request()))).failure).toBe("no_answer");
  });

  it("maps the publishing limit to rate_limited", async () => {
    const { adapter } = instagram([
      container("c1"),
      status("c1", "FINISHED"),
      publish({
        status: 400,
        json: {
          error: {
            message: "Application request limit reached",
            type: "OAuthException",
            code: 9,
            error_subcode: 2207042,
            error_user_msg: "You have reached the maximum number of posts that is allowed for today.",
          },
        } satisfies GraphError,
      }),
    ]);
    const error = await platformFailure(adapter.publish(account, request()));
    expect(error.failure).toBe("rate_limited");
  });

  it("maps an invalid token to auth_expired, a refused image to refused, a 500 on a container to transient", async () => {
    const { adapter } = instagram([
      {
        ...container("c1"),
        status: 400,
        json: {
          error: { message: "Error validating access token", type: "OAuthException", code: 190 },
        } satisfies GraphError,
      },
      {
        ...container("c1"),
        status: 400,
        json: {
          error: {
            message: "The aspect ratio is not supported.",
            type: "OAuthException",
            code: 36003,
            error_subcode: 2207009,
            error_user_msg: "The submitted image with aspect ratio ('0.5:1') cannot be published.",
          },
        } satisfies GraphError,
      },
      { ...container("c1"), status: 500, text: "" },
    ]);
    expect((await platformFailure(adapter.publish(account, request()))).failure).toBe("auth_expired");
    const refused = await platformFailure(adapter.publish(account, request()));
    expect([refused.failure, refused.message]).toEqual([
      "refused",
      "Instagram media container: The submitted image with aspect ratio ('0.5:1') cannot be published.",
    ]);
    expect((await platformFailure(adapter.publish(account, request()))).failure).toBe("transient");
  });
});

describe("Instagram: the inbox's comment actions", () => {
  it("replies under a comment, hides it and shows it again (Meta answers success, no id)", async () => {
    const { wire, adapter } = instagram([
      { method: "POST", url: `${GRAPH}/c1/replies`, json: { id: "r1" } satisfies GraphCreated },
      { method: "POST", url: `${GRAPH}/c1`, json: { success: true } },
      { method: "POST", url: `${GRAPH}/c1`, json: { success: true } },
      { method: "POST", url: `${GRAPH}/c1`, json: { success: false } },
    ]);
    expect(await adapter.comments.reply!(account, "c1", "Thanks!")).toEqual({ messageId: "r1" });
    expect(wire.sent[0]!.body).toBe(`message=Thanks%21&${TOKEN}`);
    await adapter.comments.hide!(account, "c1", true);
    expect(wire.sent[1]!.body).toBe(`hide=true&${TOKEN}`);
    await adapter.comments.hide!(account, "c1", false);
    expect(wire.sent[2]!.body).toBe(`hide=false&${TOKEN}`);
    // Without Meta's success, whether it changed is unknown: a failure, never taken as done.
    await expect(adapter.comments.hide!(account, "c1", true)).rejects.toThrow();
  });

  it("deletes a comment the account wrote: DELETE /{ig-comment-id}, taken only with Meta's success", async () => {
    const { wire, adapter } = instagram([
      { method: "DELETE", url: `${GRAPH}/r1?${TOKEN}`, json: { success: true } },
      { method: "DELETE", url: `${GRAPH}/r2?${TOKEN}`, json: { success: false } },
    ]);
    await adapter.comments.delete!(account, "r1");
    expect(wire.sent[0]).toMatchObject({ method: "DELETE", url: `${GRAPH}/r1?${TOKEN}` });
    await expect(adapter.comments.delete!(account, "r2")).rejects.toThrow();
  });
});

describe("Instagram: plugs", () => {
  it("comments on the media", async () => {
    const { wire, adapter } = instagram([
      { method: "POST", url: `${GRAPH}/m1/comments`, json: { id: "cm1" } satisfies GraphCreated },
    ]);
    expect(await adapter.comment(account, "m1", "Thank you!")).toEqual({ platformPostId: "cm1" });
    expect(wire.sent[0]!.body).toBe(`message=Thank+you%21&${TOKEN}`);
  });

  it("reads likes and comments; hidden likes count 0; a deleted media is null", async () => {
    const fields = "fields=like_count%2Ccomments_count";
    const { wire, adapter } = instagram([
      {
        method: "GET",
        url: `${GRAPH}/m1?${fields}&${TOKEN}`,
        json: { like_count: 12, comments_count: 3, id: "m1" } satisfies IgMediaCounts,
      },
      {
        method: "GET",
        url: `${GRAPH}/m2?${fields}&${TOKEN}`,
        json: { comments_count: 1, id: "m2" } satisfies IgMediaCounts,
      },
      {
        method: "GET",
        url: `${GRAPH}/m3?${fields}&${TOKEN}`,
        status: 400,
        json: {
          error: { message: "Unsupported get request.", type: "GraphMethodException", code: 100, error_subcode: 33 },
        } satisfies GraphError,
      },
    ]);
    const metrics = await adapter.readMetrics(account, ["m1", "m2", "m3"]);
    expect(Object.fromEntries(metrics)).toEqual({
      m1: { likes: 12, comments: 3, reposts: 0, views: 0 },
      m2: { likes: 0, comments: 1, reposts: 0, views: 0 },
      m3: null,
    });
    wire.expectAllUsed();
  });

  it("reads the account: its followers, no subscription tier", async () => {
    const { wire, adapter } = instagram([
      {
        method: "GET",
        url: `${GRAPH}/${IG}?fields=id%2Cusername%2Cfollowers_count&${TOKEN}`,
        json: { id: IG, username: "cafe", followers_count: 88 } satisfies IgAccount,
      },
    ]);
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null, followers: 88 });
    expect("listDestinations" in adapter).toBe(false);
    wire.expectAllUsed();
  });
});
