import { describe, expect, it } from "vitest";
import { RedditAdapter, redditUserAgent, subredditName } from "../../../src/platforms/reddit/reddit";
import type {
  RedditCommented,
  RedditErrorAnswer,
  RedditJsonAnswer,
  RedditLinkFlair,
  RedditListing,
  RedditMe,
  RedditMediaAsset,
  RedditMediaSubmitted,
  RedditPost,
  RedditPostRequirements,
  RedditSubmitted,
  RedditSubreddit,
  RedditThing,
} from "../../../src/platforms/reddit/reddit-shapes";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { bytes, type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { fakeTime, platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as Reddit's API reference (reddit.com/dev/api) and OAuth2 guide show them; nothing here was
// recorded from Reddit itself.

const API = "https://oauth.reddit.com";
const ENV = {
  REDDIT_CLIENT_ID: "rd-client-1",
  REDDIT_CLIENT_SECRET: "rd-secret-2",
  REDDIT_DEVELOPER_USERNAME: "heraldhq",
};
const CALLBACK = "https://herald.example/api/v1/connect/reddit/callback";
const BASIC = `Basic ${btoa("rd-client-1:rd-secret-2")}`;
const UA = "web:rd-client-1:0.1.0 (by /u/heraldhq)";

const account: PlatformAccount = {
  id: "acct_rd",
  platform: "reddit",
  platformUserId: "1w72",
  subscriptionTier: null,
  destinations: [{ id: "r/herald", label: "r/herald — Herald" }],
  credentials: { accessToken: "rd-access", refreshToken: "rd-refresh" },
};

function reddit(script: Exchange[]) {
  const platform = scriptedPlatform(script, ENV);
  const time = fakeTime();
  return { adapter: new RedditAdapter({ ...platform.deps, ...time }), platform, time };
}

const about = (overrides: Partial<RedditSubreddit> = {}) =>
  json(200, {
    kind: "t5",
    data: {
      display_name: "herald",
      display_name_prefixed: "r/herald",
      title: "Herald",
      subreddit_type: "public",
      submission_type: "any",
      allow_images: true,
      allow_videos: false,
      user_is_banned: false,
      user_is_contributor: false,
      user_is_moderator: false,
      over18: false,
      ...overrides,
    },
  } satisfies RedditThing<"t5", RedditSubreddit>);
const requirements = (overrides: Partial<RedditPostRequirements> = {}) =>
  json(200, {
    is_flair_required: true,
    title_text_max_length: 120,
    title_text_min_length: null,
    body_restriction_policy: "none",
    ...overrides,
  } satisfies RedditPostRequirements);
const flairs = json(200, [
  { id: "f-news", text: "News", text_editable: false },
  { id: "f-ask", text: "Question", text_editable: true },
] satisfies RedditLinkFlair[]);
const submitted = (id = "1abcde") =>
  json(200, {
    json: {
      errors: [],
      data: { id, name: `t3_${id}`, url: `https://www.reddit.com/r/herald/comments/${id}/launch_day/` },
    },
  } satisfies RedditJsonAnswer<RedditSubmitted>);
const refusedJson = (code: string, message: string, extra: { ratelimit?: number } = {}) =>
  json(200, { json: { errors: [[code, message, "title"]], ...extra } } satisfies RedditJsonAnswer<never>);

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "We shipped **Herald** today.",
  media: [],
  destinationId: "r/herald",
  options: { title: "Launch day", flair_id: "f-news" },
  ...overrides,
});

describe("Reddit: names and the User-Agent", () => {
  it("reads a subreddit from r/name, /r/name, name or its URL, and nothing else", () => {
    expect(["r/herald", "/r/herald", "herald", "https://www.reddit.com/r/herald/"].map(subredditName)).toEqual([
      "herald",
      "herald",
      "herald",
      "herald",
    ]);
    expect(subredditName("r/no spaces")).toBeNull();
    expect(subredditName("x")).toBeNull();
  });

  it("names the platform, the app, its version and its developer, as Reddit's API rules ask", () => {
    expect(redditUserAgent(ENV)).toBe(UA);
  });
});

describe("Reddit: connecting", () => {
  it("asks for a permanent grant of identity, submit, read and flair, without PKCE", () => {
    const { adapter } = reddit([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st", codeChallenge: "ch", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://www.reddit.com/api/v1/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "rd-client-1",
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "identity submit read flair",
      state: "st",
      duration: "permanent",
    });
  });

  it("exchanges the code with Basic auth and the User-Agent, then reads who the tokens speak for", async () => {
    const { adapter, platform, time } = reddit([
      {
        expect: "POST https://www.reddit.com/api/v1/access_token",
        answer: json(200, {
          access_token: "rd-new",
          token_type: "bearer",
          expires_in: 86400,
          refresh_token: "rd-refresh-new",
          scope: "identity submit read flair",
        }),
      },
      { expect: `GET ${API}/api/v1/me`, answer: json(200, { id: "1w72", name: "herald_bot" } satisfies RedditMe) },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "c0de",
      codeVerifier: "v",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.headers).toMatchObject({ authorization: BASIC, "user-agent": UA });
    expect(platform.sent[0]!.body).toEqual({ grant_type: "authorization_code", code: "c0de", redirect_uri: CALLBACK });
    expect(credentials).toEqual({
      accessToken: "rd-new",
      refreshToken: "rd-refresh-new",
      expiresAt: time.now() + 86_400_000,
    });
    expect(await adapter.connection.identify!(credentials)).toEqual({
      platformUserId: "1w72",
      name: "u/herald_bot",
      subscriptionTier: null,
    });
    expect(platform.sent[1]!.headers).toMatchObject({ authorization: "Bearer rd-new", "user-agent": UA });
  });

  it("refreshes keeping the refresh token; a refused refresh (invalid_grant in a 200) means connecting again", async () => {
    const { adapter, platform } = reddit([
      {
        expect: "POST https://www.reddit.com/api/v1/access_token",
        answer: json(200, { access_token: "rd-2", token_type: "bearer", expires_in: 86400, scope: "identity" }),
      },
      { expect: "POST https://www.reddit.com/api/v1/access_token", answer: json(200, { error: "invalid_grant" }) },
    ]);
    const renewed = await adapter.connection.refresh!({ accessToken: "rd-1", refreshToken: "rd-refresh" });
    expect(platform.sent[0]!.body).toEqual({ grant_type: "refresh_token", refresh_token: "rd-refresh" });
    expect(renewed).toMatchObject({ accessToken: "rd-2", refreshToken: "rd-refresh" });
    const refused = await platformFailure(adapter.connection.refresh!({ accessToken: "rd-2", refreshToken: "gone" }));
    expect(refused.failure).toBe("auth_expired");
  });

  it("revokes the refresh token on disconnect", async () => {
    const { adapter, platform } = reddit([
      { expect: "POST https://www.reddit.com/api/v1/revoke_token", answer: () => new Response(null, { status: 204 }) },
    ]);
    expect(await adapter.connection.revoke!({ accessToken: "a", refreshToken: "rd-refresh" })).toBe(true);
    expect(platform.sent[0]!.body).toEqual({ token: "rd-refresh", token_type_hint: "refresh_token" });
    expect(platform.sent[0]!.headers.authorization).toBe(BASIC);
  });
});

describe("Reddit: subreddits as destinations", () => {
  const check = (answers: Exchange[]) => reddit(answers);

  it("checks a subreddit: it exists, the account may post, its kinds, its flair and title limit", async () => {
    const { adapter, platform } = check([
      { expect: `GET ${API}/r/herald/about?raw_json=1`, answer: about() },
      { expect: `GET ${API}/api/v1/herald/post_requirements`, answer: requirements() },
      { expect: `GET ${API}/r/herald/api/link_flair_v2`, answer: flairs },
    ]);
    expect(await adapter.checkDestination(account, "https://www.reddit.com/r/herald")).toEqual({
      id: "r/herald",
      label: "r/herald — Herald",
      rules: {
        post_kinds: ["self", "link", "image"],
        flair_required: true,
        flairs: [
          { id: "f-news", text: "News" },
          { id: "f-ask", text: "Question" },
        ],
        title_max: 120,
      },
    });
    expect(platform.sent.every((s) => s.headers["user-agent"] === UA)).toBe(true);
  });

  it("a link-only subreddit without flair: link posts, no flair list when Reddit refuses to show it", async () => {
    const { adapter } = check([
      {
        expect: `GET ${API}/r/links/about?raw_json=1`,
        answer: about({ display_name_prefixed: "r/links", submission_type: "link", title: "" }),
      },
      {
        expect: `GET ${API}/api/v1/links/post_requirements`,
        answer: requirements({ is_flair_required: false, title_text_max_length: null }),
      },
      {
        expect: `GET ${API}/r/links/api/link_flair_v2`,
        answer: json(403, { message: "Forbidden", error: 403 } satisfies RedditErrorAnswer),
      },
    ]);
    expect(await adapter.checkDestination(account, "r/links")).toEqual({
      id: "r/links",
      label: "r/links",
      rules: { post_kinds: ["link", "image"], flair_required: false, flairs: [] },
    });
  });

  it("refuses a subreddit Reddit banned, one that is private, one the account is banned from, and a name that is none", async () => {
    const banned = check([
      {
        expect: `GET ${API}/r/gone/about?raw_json=1`,
        answer: json(404, { message: "Not Found", error: 404, reason: "banned" } satisfies RedditErrorAnswer),
      },
    ]);
    const refused = await platformFailure(banned.adapter.checkDestination(account, "r/gone"));
    expect([refused.code, refused.message]).toEqual(["INVALID_DESTINATION", "r/gone was banned by Reddit"]);

    const closed = check([
      {
        expect: `GET ${API}/r/secret/about?raw_json=1`,
        answer: json(403, { message: "Forbidden", error: 403, reason: "private" } satisfies RedditErrorAnswer),
      },
    ]);
    expect((await platformFailure(closed.adapter.checkDestination(account, "secret"))).message).toBe(
      "r/secret is private",
    );

    const shut = check([{ expect: `GET ${API}/r/herald/about?raw_json=1`, answer: about({ user_is_banned: true }) }]);
    expect((await platformFailure(shut.adapter.checkDestination(account, "herald"))).message).toBe(
      "The account is banned from r/herald",
    );

    const restricted = check([
      { expect: `GET ${API}/r/herald/about?raw_json=1`, answer: about({ subreddit_type: "restricted" }) },
    ]);
    expect((await platformFailure(restricted.adapter.checkDestination(account, "herald"))).code).toBe(
      "INVALID_DESTINATION",
    );

    const none = check([]);
    expect((await platformFailure(none.adapter.checkDestination(account, "not a name!"))).code).toBe(
      "INVALID_DESTINATION",
    );
    expect(none.platform.sent).toEqual([]);
  });

  it("reads the kept subreddits again, dropping one that was removed", async () => {
    const { adapter } = check([
      {
        expect: `GET ${API}/r/herald/about?raw_json=1`,
        answer: json(404, { message: "Not Found", error: 404, reason: "banned" }),
      },
    ]);
    expect(await adapter.listDestinations(account)).toEqual([]);
  });
});

describe("Reddit: posting", () => {
  it("a text post: the title, the Markdown, the flair, nsfw and spoiler, form-encoded", async () => {
    const { adapter, platform } = reddit([{ expect: `POST ${API}/api/submit`, answer: submitted() }]);
    const result = await adapter.publish(
      account,
      request({ options: { title: "Launch day", flair_id: "f-news", nsfw: false, spoiler: true } }),
    );
    expect(result).toEqual({
      platformPostId: "t3_1abcde",
      url: "https://www.reddit.com/r/herald/comments/1abcde/launch_day/",
    });
    expect(platform.sent[0]!.body).toEqual({
      api_type: "json",
      sr: "herald",
      kind: "self",
      title: "Launch day",
      text: "We shipped **Herald** today.",
      flair_id: "f-news",
      nsfw: "false",
      spoiler: "true",
      sendreplies: "true",
      resubmit: "true",
    });
    expect(platform.sent[0]!.headers).toMatchObject({ authorization: "Bearer rd-access", "user-agent": UA });
  });

  it("a link post sends the URL and no text", async () => {
    const { adapter, platform } = reddit([{ expect: `POST ${API}/api/submit`, answer: submitted("2link") }]);
    await adapter.publish(
      account,
      request({ text: "", options: { title: "Read this", kind: "link", url: "https://herald.example/blog" } }),
    );
    expect(platform.sent[0]!.body).toMatchObject({ kind: "link", url: "https://herald.example/blog" });
    expect(platform.sent[0]!.body).not.toHaveProperty("text");
  });

  it("an image post: leases an upload, sends the file to Reddit's bucket, submits its URL, and finds the post", async () => {
    const bucket = "https://reddit-uploaded-media.s3-accelerate.amazonaws.com";
    const { adapter, platform } = reddit([
      { expect: "GET https://cdn.example.com/launch.png", answer: bytes(2048, "image/png") },
      {
        expect: `POST ${API}/api/media/asset.json`,
        answer: json(200, {
          args: {
            action: "//reddit-uploaded-media.s3-accelerate.amazonaws.com",
            fields: [
              { name: "key", value: "rte_images/abc123" },
              { name: "policy", value: "p0l1cy" },
            ],
          },
          asset: { asset_id: "abc123", websocket_url: "wss://ws.reddit.example/abc123" },
        } satisfies RedditMediaAsset),
      },
      { expect: `POST ${bucket}/`, answer: () => new Response("<PostResponse/>", { status: 201 }) },
      {
        expect: `POST ${API}/api/submit`,
        answer: json(200, {
          json: {
            errors: [],
            data: {
              user_submitted_page: "https://www.reddit.com/user/herald_bot/submitted/",
              websocket_url: "wss://ws.reddit.example/x",
            },
          },
        } satisfies RedditJsonAnswer<RedditMediaSubmitted>),
      },
      { expect: `GET ${API}/api/v1/me`, answer: json(200, { id: "1w72", name: "herald_bot" } satisfies RedditMe) },
      {
        expect: `GET ${API}/user/herald_bot/submitted?sort=new&limit=10&raw_json=1`,
        answer: json(200, { kind: "Listing", data: { children: [], after: null } } satisfies RedditListing<never>),
      },
      {
        expect: `GET ${API}/user/herald_bot/submitted?sort=new&limit=10&raw_json=1`,
        answer: json(200, {
          kind: "Listing",
          data: {
            children: [
              {
                kind: "t3",
                data: {
                  id: "3img",
                  name: "t3_3img",
                  title: "Launch day",
                  permalink: "/r/herald/comments/3img/launch_day/",
                  score: 1,
                  num_comments: 0,
                  num_crossposts: 0,
                  created_utc: Date.UTC(2026, 10, 21, 12, 0, 1) / 1000,
                  removed_by_category: null,
                },
              },
            ],
            after: null,
          },
        } satisfies RedditListing<RedditThing<"t3", RedditPost>>),
      },
    ]);
    const result = await adapter.publish(
      account,
      request({ text: "", media: [{ type: "image", url: "https://cdn.example.com/launch.png" }] }),
    );
    expect(result).toEqual({
      platformPostId: "t3_3img",
      url: "https://www.reddit.com/r/herald/comments/3img/launch_day/",
    });
    expect(platform.sent[1]!.body).toEqual({ filepath: "launch.png", mimetype: "image/png" });
    expect(platform.sent[2]!.body).toEqual({
      key: "rte_images/abc123",
      policy: "p0l1cy",
      file: { file: "launch.png", type: "image/png", size: 2048 },
    });
    // The bucket is another host: Reddit's token never goes there.
    expect(platform.sent[2]!.headers.authorization).toBeUndefined();
    expect(platform.sent[3]!.body).toMatchObject({ kind: "image", url: `${bucket}/rte_images/abc123` });
  });

  it("refuses before sending: no subreddit, no title", async () => {
    const { adapter, platform } = reddit([]);
    expect((await platformFailure(adapter.publish(account, request({ destinationId: undefined })))).code).toBe(
      "DESTINATION_REQUIRED",
    );
    expect((await platformFailure(adapter.publish(account, request({ options: {} })))).code).toBe("TITLE_REQUIRED");
    expect(platform.sent).toEqual([]);
  });
});

describe("Reddit: refusals and limits in Herald's terms", () => {
  const submitWith = (answer: Exchange["answer"]) => {
    const made = reddit([{ expect: `POST ${API}/api/submit`, answer }]);
    return { ...made, result: made.adapter.publish(account, request()) };
  };

  it("flair required, a removed subreddit and other refusals keep Reddit's words", async () => {
    const flair = await platformFailure(
      submitWith(refusedJson("SUBMIT_VALIDATION_FLAIR_REQUIRED", "Your post must contain post flair.")).result,
    );
    expect([flair.failure, flair.code, flair.message]).toEqual([
      "refused",
      "FLAIR_REQUIRED",
      "Reddit refused the post: Your post must contain post flair. (SUBMIT_VALIDATION_FLAIR_REQUIRED)",
    ]);
    const removed = await platformFailure(
      submitWith(refusedJson("SUBREDDIT_NOEXIST", "that subreddit doesn't exist")).result,
    );
    expect([removed.failure, removed.code]).toEqual(["refused", "INVALID_DESTINATION"]);
    const other = await platformFailure(
      submitWith(refusedJson("NO_SELFS", "This community doesn't allow text posts")).result,
    );
    expect(other.code).toBe("PLATFORM_REFUSED");
  });

  it("posting too fast (RATELIMIT in the answer) waits the seconds Reddit names", async () => {
    const limited = await platformFailure(
      submitWith(refusedJson("RATELIMIT", "Take a break for 9 minutes before trying again.", { ratelimit: 540.5 }))
        .result,
    );
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 540_500]);
  });

  it("a 429 waits for X-Ratelimit-Reset", async () => {
    const limited = await platformFailure(
      submitWith(
        json(
          429,
          { message: "Too Many Requests", error: 429 },
          { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "212" },
        ),
      ).result,
    );
    expect([limited.failure, limited.code, limited.retryAfterMs]).toEqual([
      "rate_limited",
      "PLATFORM_RATE_LIMITED",
      212_000,
    ]);
  });

  it("an answer that spends the window's last call: the next call waits, unsent, until the reset", async () => {
    const body = {
      json: { errors: [], data: { id: "1", name: "t3_1", url: "https://www.reddit.com/r/herald/comments/1/" } },
    };
    const { adapter, platform } = reddit([
      {
        expect: `POST ${API}/api/submit`,
        answer: json(200, body satisfies RedditJsonAnswer<RedditSubmitted>, {
          "x-ratelimit-used": "100",
          "x-ratelimit-remaining": "0.0",
          "x-ratelimit-reset": "30",
        }),
      },
    ]);
    await adapter.publish(account, request());
    const waited = await platformFailure(adapter.comment(account, "t3_1", "First!"));
    expect([waited.failure, waited.retryAfterMs]).toEqual(["rate_limited", 30_000]);
    expect(platform.sent).toHaveLength(1);
  });

  it("401 is auth_expired; 5xx before acceptance is transient; a submit without an answer may have posted", async () => {
    expect((await platformFailure(submitWith(json(401, { message: "Unauthorized", error: 401 })).result)).failure).toBe(
      "auth_expired",
    );
    expect((await platformFailure(submitWith(json(503, { message: "busy", error: 503 })).result)).failure).toBe(
      "transient",
    );
    expect((await platformFailure(submitWith("timeout").result)).failure).toBe("no_answer");
  });
});

describe("Reddit: comments and metrics", () => {
  it("comments on a post as the account", async () => {
    const { adapter, platform } = reddit([
      {
        expect: `POST ${API}/api/comment`,
        answer: json(200, {
          json: {
            errors: [],
            data: {
              things: [
                {
                  kind: "t1",
                  data: { id: "c1", name: "t1_c1", permalink: "/r/herald/comments/1abcde/launch_day/c1/" },
                },
              ],
            },
          },
        } satisfies RedditJsonAnswer<RedditCommented>),
      },
    ]);
    expect(await adapter.comment(account, "t3_1abcde", "More in the thread")).toEqual({
      platformPostId: "t1_c1",
      url: "https://www.reddit.com/r/herald/comments/1abcde/launch_day/c1/",
    });
    expect(platform.sent[0]!.body).toEqual({ api_type: "json", thing_id: "t3_1abcde", text: "More in the thread" });
  });

  it("reads the score as likes, comments and crossposts in one call; a deleted or missing post is null", async () => {
    const post = (name: string, score: number, removed: string | null = null): RedditThing<"t3", RedditPost> => ({
      kind: "t3",
      data: {
        id: name.slice(3),
        name,
        title: "t",
        permalink: "/p",
        score,
        num_comments: 4,
        num_crossposts: 1,
        created_utc: 1,
        removed_by_category: removed,
      },
    });
    const { adapter } = reddit([
      {
        expect: `GET ${API}/api/info?id=t3_a,t3_b,t3_c&raw_json=1`,
        answer: json(200, {
          kind: "Listing",
          data: { children: [post("t3_a", 42), post("t3_b", 1, "deleted")], after: null },
        } satisfies RedditListing<RedditThing<"t3", RedditPost>>),
      },
    ]);
    const metrics = await adapter.readMetrics(account, ["t3_a", "t3_b", "t3_c"]);
    expect(Object.fromEntries(metrics)).toEqual({
      t3_a: { likes: 42, comments: 4, reposts: 1, views: 0 },
      t3_b: null,
      t3_c: null,
    });
  });
});
