import { describe, expect, it } from "vitest";
import type {
  GraphCreated,
  GraphError,
  ThreadsContainer,
  ThreadsInsights,
  ThreadsPermalink,
} from "../../../src/platforms/meta/meta-shapes";
import { ThreadsAdapter } from "../../../src/platforms/meta/threads";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

const API = "https://graph.threads.com/v1.0";
const USER = "25000000000000001";
const TOKEN = "access_token=th-token";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

const account: PlatformAccount = {
  id: "acct_th",
  platform: "threads",
  platformUserId: USER,
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "th-token" },
};

const request = (over: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Hello",
  media: [],
  options: {},
  ...over,
});

const container = (id: string): Exchange => ({
  method: "POST",
  url: `${API}/${USER}/threads`,
  json: { id } satisfies GraphCreated,
});
const status = (id: string, state: ThreadsContainer["status"], error_message?: string): Exchange => ({
  method: "GET",
  url: `${API}/${id}?fields=status%2Cerror_message&${TOKEN}`,
  json: { status: state, id, ...(error_message ? { error_message } : {}) } satisfies ThreadsContainer,
});
const publish = (answer: Partial<Exchange> = { json: { id: "t1" } satisfies GraphCreated }): Exchange => ({
  method: "POST",
  url: `${API}/${USER}/threads_publish`,
  ...answer,
});
const link = (id = "t1"): Exchange => ({
  method: "GET",
  url: `${API}/${id}?fields=permalink&${TOKEN}`,
  json: { permalink: `https://www.threads.com/@cafe/post/${id}`, id } satisfies ThreadsPermalink,
});

function threads(exchanges: Exchange[]) {
  const wire = recordedFetch(exchanges);
  const time = fakeTime();
  const adapter = new ThreadsAdapter({
    fetch: wire.fetch,
    now: time.now,
    sleep: time.sleep,
    containerWait: { intervalMs: 30_000, timeoutMs: 300_000 },
  });
  return { wire, time, adapter };
}

describe("Threads: container → publish", () => {
  it("publishes a text post with reply control and its topic, once the container is finished", async () => {
    const { wire, time, adapter } = threads([
      container("c1"),
      status("c1", "IN_PROGRESS"),
      status("c1", "FINISHED"),
      publish(),
      link(),
    ]);
    const result = await adapter.publish(
      account,
      request({ options: { reply_control: "accounts_you_follow", topic_tag: "Baking" } }),
    );
    expect(result).toEqual({ platformPostId: "t1", url: "https://www.threads.com/@cafe/post/t1" });
    expect(wire.sent).toEqual([
      {
        method: "POST",
        url: `${API}/${USER}/threads`,
        headers: FORM,
        body: `media_type=TEXT&text=Hello&reply_control=accounts_you_follow&topic_tag=Baking&${TOKEN}`,
      },
      { method: "GET", url: `${API}/c1?fields=status%2Cerror_message&${TOKEN}`, headers: {}, body: "" },
      { method: "GET", url: `${API}/c1?fields=status%2Cerror_message&${TOKEN}`, headers: {}, body: "" },
      { method: "POST", url: `${API}/${USER}/threads_publish`, headers: FORM, body: `creation_id=c1&${TOKEN}` },
      { method: "GET", url: `${API}/t1?fields=permalink&${TOKEN}`, headers: {}, body: "" },
    ]);
    expect(time.sleeps).toEqual([30_000]);
    wire.expectAllUsed();
  });

  it("publishes an image with its alt text", async () => {
    const { wire, adapter } = threads([container("c1"), status("c1", "FINISHED"), publish(), link()]);
    await adapter.publish(
      account,
      request({ media: [{ type: "image", url: "https://cdn.example/cat.jpg", altText: "A cat asleep" }] }),
    );
    expect(wire.sent[0]!.body).toBe(
      `media_type=IMAGE&image_url=https%3A%2F%2Fcdn.example%2Fcat.jpg&alt_text=A+cat+asleep&text=Hello&${TOKEN}`,
    );
    wire.expectAllUsed();
  });

  it("publishes a carousel of finished children", async () => {
    const { wire, adapter } = threads([
      container("c1"),
      container("c2"),
      status("c2", "FINISHED"),
      container("c3"),
      status("c3", "FINISHED"),
      publish(),
      link(),
    ]);
    await adapter.publish(
      account,
      request({
        media: [
          { type: "image", url: "https://cdn.example/1.jpg", altText: "First" },
          { type: "video", url: "https://cdn.example/2.mp4" },
        ],
      }),
    );
    expect(wire.sent.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      `media_type=IMAGE&image_url=https%3A%2F%2Fcdn.example%2F1.jpg&alt_text=First&is_carousel_item=true&${TOKEN}`,
      `media_type=VIDEO&video_url=https%3A%2F%2Fcdn.example%2F2.mp4&is_carousel_item=true&${TOKEN}`,
      `media_type=CAROUSEL&children=c1%2Cc2&text=Hello&${TOKEN}`,
      `creation_id=c3&${TOKEN}`,
    ]);
    wire.expectAllUsed();
  });

  it("refuses a carousel over 20 items before calling Threads", async () => {
    const { wire, adapter } = threads([]);
    const media = Array(21).fill({ type: "image", url: "https://cdn.example/1.jpg" });
    const error = await platformFailure(adapter.publish(account, request({ media })));
    expect([error.failure, error.code]).toEqual(["refused", "MEDIA_NOT_SUPPORTED"]);
    expect(wire.sent).toEqual([]);
  });
});

describe("Threads: failures", () => {
  it("refuses media Threads could not process, with its error message", async () => {
    const { adapter } = threads([container("c1"), status("c1", "ERROR", "FAILED_PROCESSING_VIDEO")]);
    const error = await platformFailure(
      adapter.publish(account, request({ media: [{ type: "video", url: "https://cdn.example/v.mp4" }] })),
    );
    expect([error.failure, error.code, error.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      "Threads could not process the media: FAILED_PROCESSING_VIDEO",
    ]);
  });

  it("maps 429 with Retry-After to rate_limited, and an invalid token to auth_expired", async () => {
    const { adapter } = threads([
      {
        ...container("c1"),
        status: 429,
        headers: { "retry-after": "120" },
        json: { error: { message: "Too many calls", type: "OAuthException", code: 4 } } satisfies GraphError,
      },
      {
        ...container("c1"),
        status: 400,
        json: {
          error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
        } satisfies GraphError,
      },
    ]);
    const limited = await platformFailure(adapter.publish(account, request()));
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 120_000]);
    expect((await platformFailure(adapter.publish(account, request()))).failure).toBe("auth_expired");
  });

  it("maps a 5xx or a lost request while making a container to transient: nothing was published", async () => {
    const { adapter } = threads([
      { ...container("c1"), status: 503, text: "" },
      { ...container("c1"), drop: true },
    ]);
    expect((await platformFailure(adapter.publish(account, request()))).failure).toBe("transient");
    expect((await platformFailure(adapter.publish(account, request()))).failure).toBe("transient");
  });

  it("after a publish with no answer, a PUBLISHED container means it may have posted", async () => {
    const { adapter } = threads([
      container("c1"),
      status("c1", "FINISHED"),
      publish({ drop: true }),
      status("c1", "PUBLISHED"),
    ]);
    const error = await platformFailure(adapter.publish(account, request()));
    expect(error.failure).toBe("no_answer");
  });

  it("maps a refused text to refused with Threads' message", async () => {
    const { adapter } = threads([
      {
        ...container("c1"),
        status: 400,
        json: {
          error: {
            message: "Invalid parameter",
            type: "THApiException",
            code: 100,
            error_subcode: 4279009,
            error_user_msg: "The post text is too long.",
          },
        } satisfies GraphError,
      },
    ]);
    const error = await platformFailure(adapter.publish(account, request()));
    expect([error.failure, error.message]).toEqual(["refused", "Threads media container: The post text is too long."]);
  });
});

describe("Threads: plugs", () => {
  it("comments with a reply published like a post", async () => {
    const { wire, adapter } = threads([
      container("c9"),
      status("c9", "FINISHED"),
      publish({ json: { id: "t9" } satisfies GraphCreated }),
      link("t9"),
    ]);
    const result = await adapter.comment(account, "t1", "Thanks!");
    expect(result).toEqual({ platformPostId: "t9", url: "https://www.threads.com/@cafe/post/t9" });
    expect(wire.sent[0]!.body).toBe(`media_type=TEXT&text=Thanks%21&reply_to_id=t1&${TOKEN}`);
    wire.expectAllUsed();
  });

  it("reposts", async () => {
    const { wire, adapter } = threads([
      { method: "POST", url: `${API}/t1/repost`, json: { id: "r1" } satisfies GraphCreated },
    ]);
    expect(await adapter.repost(account, "t1")).toEqual({ platformPostId: "r1" });
    expect(wire.sent[0]!.body).toBe(TOKEN);
  });

  it("reads views, likes, replies and reposts with quotes from insights; a deleted post is null", async () => {
    const metric = "metric=views%2Clikes%2Creplies%2Creposts%2Cquotes";
    const value = (name: string, n: number) => ({
      name,
      period: "lifetime",
      values: [{ value: n }],
      id: `t1/insights/${name}/lifetime`,
    });
    const { wire, adapter } = threads([
      {
        method: "GET",
        url: `${API}/t1/insights?${metric}&${TOKEN}`,
        json: {
          data: [
            value("views", 4523),
            value("likes", 187),
            value("replies", 42),
            value("reposts", 23),
            value("quotes", 8),
          ],
        } satisfies ThreadsInsights,
      },
      {
        method: "GET",
        url: `${API}/t2/insights?${metric}&${TOKEN}`,
        status: 400,
        json: {
          error: { message: "Object does not exist", type: "THApiException", code: 100, error_subcode: 33 },
        } satisfies GraphError,
      },
    ]);
    const metrics = await adapter.readMetrics(account, ["t1", "t2"]);
    expect(Object.fromEntries(metrics)).toEqual({
      t1: { likes: 187, comments: 42, reposts: 31, views: 4523 },
      t2: null,
    });
    wire.expectAllUsed();
  });

  it("reads the followers from the user's insights; an answer without the metric reports none", async () => {
    const url = `${API}/${USER}/threads_insights?metric=followers_count&${TOKEN}`;
    const { wire, adapter } = threads([
      {
        method: "GET",
        url,
        json: {
          data: [{ name: "followers_count", period: "day", title: "followers_count", total_value: { value: 1234 } }],
        } satisfies ThreadsInsights,
      },
      { method: "GET", url, json: { data: [] } satisfies ThreadsInsights },
    ]);
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null, followers: 1234 });
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null });
    expect("listDestinations" in adapter).toBe(false);
    wire.expectAllUsed();
  });
});
