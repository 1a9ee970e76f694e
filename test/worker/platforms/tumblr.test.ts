import { describe, expect, it } from "vitest";
import {
  type CreatedPost,
  type FetchedPost,
  type PostNotes,
  TumblrAdapter,
  type TumblrAnswer,
  type UserInfo,
} from "../../../src/platforms/blogs/tumblr";
import type { OAuthConnection, PlatformAccount } from "../../../src/platforms/types";
import { bytes, json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

/** Answers as Tumblr's API docs (github.com/tumblr/docs: api.md, npf-spec.md) show them. */
const API = "https://api.tumblr.com/v2";
const ENV = { TUMBLR_CLIENT_ID: "tumblr-key", TUMBLR_CLIENT_SECRET: "tumblr-secret" };
const BLOG = "t:0aY0xL2Fi1OFJg4YxpmegQ";
const account: PlatformAccount = {
  id: "acct_tumblr",
  platform: "tumblr",
  platformUserId: "herald",
  subscriptionTier: null,
  destinations: [{ id: BLOG, label: "Herald (herald)" }],
  credentials: { accessToken: "tumblr-AT", refreshToken: "tumblr-RT" },
};
const created = (id = "1234567891234567") =>
  json(201, { meta: { status: 201, msg: "Created" }, response: { id } } satisfies TumblrAnswer<CreatedPost>);
const userInfo = json(200, {
  meta: { status: 200, msg: "OK" },
  response: {
    user: {
      name: "herald",
      blogs: [
        { name: "herald", title: "Herald", uuid: BLOG, primary: true },
        { name: "herald-notes", title: "", primary: false },
      ],
    },
  },
} satisfies TumblrAnswer<UserInfo>);
const connection = (env = ENV) => new TumblrAdapter(scriptedPlatform([], env).deps).connection as OAuthConnection;

describe("Tumblr adapter", () => {
  it("sends the user to Tumblr's consent page with the scopes, state and callback", () => {
    const url = new URL(
      connection().authorizationUrl({ state: "st", codeChallenge: "unused", redirectUri: "https://herald.test/cb" }),
    );
    expect(url.origin + url.pathname).toBe("https://www.tumblr.com/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "tumblr-key",
      response_type: "code",
      scope: "basic write offline_access",
      state: "st",
      redirect_uri: "https://herald.test/cb",
    });
    expect(connection().requiredEnv).toEqual(["TUMBLR_CLIENT_ID", "TUMBLR_CLIENT_SECRET"]);
  });

  it("exchanges the code for tokens, and reads the user and their blogs", async () => {
    const platform = scriptedPlatform(
      [
        {
          expect: `POST ${API}/oauth2/token`,
          answer: json(200, {
            access_token: "tumblr-AT",
            expires_in: 2520,
            refresh_token: "tumblr-RT",
            scope: "basic write offline_access",
            token_type: "bearer",
          }),
        },
        { expect: `GET ${API}/user/info`, answer: userInfo },
      ],
      ENV,
    );
    const adapter = new TumblrAdapter(platform.deps);
    const oauth = adapter.connection as OAuthConnection & { identify: NonNullable<OAuthConnection["identify"]> };
    const credentials = await oauth.exchangeCode({
      code: "c0de",
      codeVerifier: "v",
      redirectUri: "https://herald.test/cb",
    });
    expect(credentials).toEqual({
      accessToken: "tumblr-AT",
      refreshToken: "tumblr-RT",
      expiresAt: platform.now + 2_520_000,
    });
    expect(platform.sent[0]!.body).toEqual({
      grant_type: "authorization_code",
      code: "c0de",
      redirect_uri: "https://herald.test/cb",
      client_id: "tumblr-key",
      client_secret: "tumblr-secret",
    });
    expect(await oauth.identify(credentials)).toEqual({
      platformUserId: "herald",
      name: "herald",
      subscriptionTier: null,
      destinations: [
        { id: BLOG, label: "Herald (herald)" },
        { id: "herald-notes", label: "herald-notes" },
      ],
    });
    expect(platform.sent[1]!.headers).toMatchObject({
      authorization: "Bearer tumblr-AT",
      "user-agent": expect.any(String),
    });
  });

  it("refreshes with the refresh token (which rotates); a refused refresh is auth_expired", async () => {
    const platform = scriptedPlatform(
      [
        {
          expect: `POST ${API}/oauth2/token`,
          answer: json(200, { access_token: "AT-2", expires_in: 2520, refresh_token: "RT-2", token_type: "bearer" }),
        },
        {
          expect: `POST ${API}/oauth2/token`,
          answer: json(401, { error: "invalid_grant", error_description: "Refresh token expired" }),
        },
        { expect: `POST ${API}/oauth2/token`, answer: json(400, { error: "invalid_grant" }) },
        { expect: `POST ${API}/oauth2/token`, answer: "timeout" },
      ],
      ENV,
    );
    const refresh = new TumblrAdapter(platform.deps).connection.refresh!;
    expect(await refresh({ accessToken: "old", refreshToken: "tumblr-RT" })).toEqual({
      accessToken: "AT-2",
      refreshToken: "RT-2",
      expiresAt: platform.now + 2_520_000,
    });
    expect(platform.sent[0]!.body).toEqual({
      grant_type: "refresh_token",
      refresh_token: "tumblr-RT",
      client_id: "tumblr-key",
      client_secret: "tumblr-secret",
    });
    const expired = await platformFailure(refresh({ refreshToken: "RT-2" }));
    expect([expired.failure, expired.message]).toEqual([
      "auth_expired",
      "Tumblr no longer accepts the account: Refresh token expired",
    ]);
    expect((await platformFailure(refresh({ refreshToken: "RT-2" }))).failure).toBe("auth_expired");
    // No answer to a refresh: tried again later, the account is not blocked.
    expect((await platformFailure(refresh({ refreshToken: "RT-2" }))).failure).toBe("transient");
    expect((await platformFailure(refresh({ accessToken: "no refresh token" }))).failure).toBe("auth_expired");
  });

  it("posts text as NPF paragraphs to the blog", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${API}/blog/${encodeURIComponent(BLOG)}/posts`, answer: created() },
    ]);
    const result = await new TumblrAdapter(platform.deps).publish(account, {
      text: "First paragraph.\n\nSecond one.",
      media: [],
      options: {},
      destinationId: BLOG,
    });
    expect(result).toEqual({ platformPostId: `${BLOG}:1234567891234567` });
    expect(platform.sent[0]!.body).toEqual({
      content: [
        { type: "text", text: "First paragraph." },
        { type: "text", text: "Second one." },
      ],
      state: "published",
    });
  });

  it("posts an article as a draft: cover and media uploaded in one multipart request, heading, Markdown body, tags, source", async () => {
    const path = `${API}/blog/herald/posts`;
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example/cover.jpg", answer: bytes(1000, "image/jpeg") },
      { expect: "GET https://cdn.example/clip.mp4", answer: bytes(5000, "video/mp4") },
      { expect: `POST ${path}`, answer: created("99") },
    ]);
    let sentJson: { state?: string; content?: unknown[] } = {};
    const fetch = platform.deps.fetch;
    platform.deps.fetch = async (input, init) => {
      if (init?.body instanceof FormData) sentJson = JSON.parse(await (init.body.get("json") as Blob).text());
      return fetch(input, init);
    };
    await new TumblrAdapter(platform.deps).publish(account, {
      text: "ignored",
      media: [{ type: "video", url: "https://cdn.example/clip.mp4" }],
      options: { draft: true },
      destinationId: "herald",
      article: {
        title: "Shipping Herald",
        body: "It **works**. See [the docs](https://herald.example/docs).\n\n- one\n- two",
        tags: ["herald", "release notes"],
        canonicalUrl: "https://herald.example/blog/1",
        coverImage: "https://cdn.example/cover.jpg",
      },
    });
    const form = platform.sent[2]!.body as Record<string, { file: string; type: string; size: number }>;
    expect(Object.keys(form)).toEqual(["json", "media-0", "media-1"]);
    expect(form["media-0"]).toEqual({ file: "cover.jpg", type: "image/jpeg", size: 1000 });
    expect(form["media-1"]).toEqual({ file: "clip.mp4", type: "video/mp4", size: 5000 });
    expect(form.json!.type).toBe("application/json");
    expect(sentJson.state).toBe("draft");
    expect(sentJson.content).toEqual([
      { type: "image", media: [{ type: "image/jpeg", identifier: "media-0" }] },
      { type: "text", subtype: "heading1", text: "Shipping Herald" },
      {
        type: "text",
        text: "It works. See the docs.",
        formatting: [
          { start: 3, end: 8, type: "bold" },
          { start: 14, end: 22, type: "link", url: "https://herald.example/docs" },
        ],
      },
      { type: "text", text: "one", subtype: "unordered-list-item" },
      { type: "text", text: "two", subtype: "unordered-list-item" },
      { type: "video", media: { type: "video/mp4", identifier: "media-1" } },
    ]);
  });

  it("builds the NPF JSON of an article (read back from the multipart part)", async () => {
    let json_: unknown;
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example/p.png", answer: bytes(10, "image/png") },
      {
        expect: `POST ${API}/blog/herald/posts`,
        answer: created("100"),
      },
    ]);
    const fetch = platform.deps.fetch;
    platform.deps.fetch = async (input, init) => {
      if (init?.body instanceof FormData) json_ = JSON.parse(await (init.body.get("json") as Blob).text());
      return fetch(input, init);
    };
    await new TumblrAdapter(platform.deps).publish(account, {
      text: "x",
      media: [{ type: "image", url: "https://cdn.example/p.png" }],
      options: {},
      destinationId: "herald",
      article: { title: "T", body: "It **works**.", tags: ["a", "b c"], canonicalUrl: "https://herald.example/1" },
    });
    expect(json_).toEqual({
      content: [
        { type: "text", subtype: "heading1", text: "T" },
        { type: "text", text: "It works.", formatting: [{ start: 3, end: 8, type: "bold" }] },
        { type: "image", media: [{ type: "image/png", identifier: "media-0" }] },
      ],
      state: "published",
      tags: "a,b c",
      source_url: "https://herald.example/1",
    });
  });

  it("keeps Tumblr's refusal with its subcode, waits on 429, and never retries a post sent without an answer", async () => {
    const path = `${API}/blog/herald/posts`;
    const platform = scriptedPlatform([
      {
        expect: `POST ${path}`,
        answer: json(403, {
          meta: { status: 403, msg: "Forbidden" },
          errors: [{ title: "Daily posting limit reached", code: 8023 }],
        } satisfies TumblrAnswer<never>),
      },
      {
        expect: `POST ${path}`,
        answer: json(429, { meta: { status: 429, msg: "Limit Exceeded" }, errors: [] } satisfies TumblrAnswer<never>, {
          "retry-after": "45",
        }),
      },
      { expect: `POST ${path}`, answer: "timeout" },
      {
        expect: `POST ${path}`,
        answer: json(401, { meta: { status: 401, msg: "Unauthorized" } } satisfies TumblrAnswer<never>),
      },
    ]);
    const adapter = new TumblrAdapter(platform.deps);
    const publish = () => adapter.publish(account, { text: "x", media: [], options: {}, destinationId: "herald" });
    const refused = await platformFailure(publish());
    expect([refused.failure, refused.message]).toEqual([
      "refused",
      "Tumblr refused: Daily posting limit reached (8023)",
    ]);
    const limited = await platformFailure(publish());
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 45_000]);
    expect((await platformFailure(publish())).failure).toBe("no_answer");
    expect((await platformFailure(publish())).failure).toBe("auth_expired");
  });

  it("reblogs a post with its reblog key, and reads likes and reblogs from its notes (a deleted post is null)", async () => {
    const posts = `${API}/blog/herald/posts`;
    const platform = scriptedPlatform([
      {
        expect: `GET ${posts}/99`,
        answer: json(200, {
          meta: { status: 200, msg: "OK" },
          response: { id: "99", tumblelog_uuid: BLOG, reblog_key: "rk1" },
        } satisfies TumblrAnswer<FetchedPost>),
      },
      { expect: `POST ${posts}`, answer: created("101") },
      {
        expect: `GET ${API}/blog/herald/notes?id=99&mode=conversation`,
        answer: json(200, {
          meta: { status: 200, msg: "OK" },
          response: { total_notes: 9, total_likes: 6, total_reblogs: 2 },
        } satisfies TumblrAnswer<PostNotes>),
      },
      {
        expect: `GET ${API}/blog/herald/notes?id=98&mode=conversation`,
        answer: json(404, { meta: { status: 404, msg: "Not Found" } } satisfies TumblrAnswer<never>),
      },
    ]);
    const adapter = new TumblrAdapter(platform.deps);
    expect(await adapter.repost(account, "herald:99")).toEqual({ platformPostId: "herald:101" });
    expect(platform.sent[1]!.body).toEqual({
      content: [],
      state: "published",
      parent_tumblelog_uuid: BLOG,
      parent_post_id: "99",
      reblog_key: "rk1",
    });
    expect(Object.fromEntries(await adapter.readMetrics(account, ["herald:99"]))).toEqual({
      "herald:99": { likes: 6, comments: 0, reposts: 2, views: 0 },
    });
    expect(Object.fromEntries(await adapter.readMetrics(account, ["herald:98"]))).toEqual({ "herald:98": null });
  });
});
