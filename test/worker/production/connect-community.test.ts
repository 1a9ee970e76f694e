import { afterEach, describe, expect, it, vi } from "vitest";
import type {
  GbpAccountList,
  GbpErrorAnswer,
  GbpLocalPost,
  GbpLocationList,
} from "../../../src/platforms/google/google-business-shapes";
import type {
  RedditJsonAnswer,
  RedditLinkFlair,
  RedditMe,
  RedditPostRequirements,
  RedditSubmitted,
  RedditSubreddit,
  RedditThing,
} from "../../../src/platforms/reddit/reddit-shapes";
import { api } from "../helpers/api";
import { type Exchange, json } from "../helpers/platform";
import { createPost, settled } from "../helpers/posts";
import { connectThroughConsent, credentialsRow, liveUser, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

// Reddit (and Google Business Profile) connected, checked and posted to as deployed (no sandbox), each platform's
// side scripted from the answers its documentation shows.

afterEach(() => vi.restoreAllMocks());

let nextId = 1;
const fresh = (prefix: string) => `${prefix}${nextId++}${Date.now().toString(36)}`;

describe("Reddit end to end", () => {
  const API = "https://oauth.reddit.com";
  const UA = "web:herald-reddit-client:0.1.0 (by /u/herald_dev)";
  const connectReddit = (key: string, id: string) =>
    connectThroughConsent("reddit", key, [
      {
        expect: "POST https://www.reddit.com/api/v1/access_token",
        answer: json(200, {
          access_token: "rd-access-1",
          token_type: "bearer",
          expires_in: 86400,
          refresh_token: "rd-refresh-1",
          scope: "identity submit read flair",
        }),
      },
      { expect: `GET ${API}/api/v1/me`, answer: json(200, { id, name: `herald_${id}` } satisfies RedditMe) },
    ]);
  const subredditCheck = (flairRequired: boolean): Exchange[] => [
    {
      expect: `GET ${API}/r/heraldtest/about?raw_json=1`,
      answer: json(200, {
        kind: "t5",
        data: {
          display_name: "heraldtest",
          display_name_prefixed: "r/heraldtest",
          title: "Herald tests",
          subreddit_type: "public",
          submission_type: "self",
          allow_images: false,
          allow_videos: false,
          user_is_banned: false,
          user_is_contributor: false,
          user_is_moderator: false,
          over18: false,
        },
      } satisfies RedditThing<"t5", RedditSubreddit>),
    },
    {
      expect: `GET ${API}/api/v1/heraldtest/post_requirements`,
      answer: json(200, {
        is_flair_required: flairRequired,
        title_text_max_length: null,
        title_text_min_length: null,
        body_restriction_policy: "none",
      } satisfies RedditPostRequirements),
    },
    {
      expect: `GET ${API}/r/heraldtest/api/link_flair_v2`,
      answer: json(200, [{ id: "f-1", text: "Release", text_editable: false }] satisfies RedditLinkFlair[]),
    },
  ];

  it("connects through Reddit's consent (a permanent grant), storing the tokens sealed", async () => {
    const { key } = await liveUser();
    const { url, callback, wire } = await connectReddit(key, fresh("u"));
    expect(url.origin + url.pathname).toBe("https://www.reddit.com/api/v1/authorize");
    expect(url.searchParams.get("duration")).toBe("permanent");
    expect(url.searchParams.get("scope")).toBe("identity submit read flair");
    expect(url.searchParams.has("code_challenge")).toBe(false);
    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({ platform: "reddit", status: "active" });
    expect(wire.sent.map((s) => s.headers["user-agent"])).toEqual([UA, UA]);
    expect(wire.sent[0]!.headers.authorization).toBe(`Basic ${btoa("herald-reddit-client:herald-reddit-secret")}`);
    const stored = await credentialsRow(callback.body.data.id);
    expect(stored!.sealed).not.toContain("rd-refresh-1");
  });

  it("checks a subreddit on POST destinations, keeps its rules, refuses a post without its flair, and publishes one with it", async () => {
    const { key } = await liveUser();
    const { callback } = await connectReddit(key, fresh("u"));
    const accountId = callback.body.data.id as string;

    scriptWorkerFetch(subredditCheck(true));
    const checked = await api("POST", `/api/v1/composer-platform-parts/destinations/${accountId}`, {
      key,
      body: { input: "r/heraldtest" },
    });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toEqual({
      mode: "manual",
      destinations: [
        {
          id: "r/heraldtest",
          label: "r/heraldtest — Herald tests",
          rules: { post_kinds: ["self"], flair_required: true, flairs: [{ id: "f-1", text: "Release" }] },
        },
      ],
    });
    vi.restoreAllMocks();

    const target = (metadata: Record<string, unknown>) => [{ platform: "reddit", account_id: accountId, metadata }];
    const wire = scriptWorkerFetch([]);
    const refused = await api("POST", "/api/v1/posts", {
      key,
      body: {
        text: "Release notes",
        schedule_type: "immediate",
        platforms: target({ destination_id: "r/heraldtest", title: "v1.0" }),
      },
    });
    expect([refused.status, refused.body.error.targets[0].code]).toEqual([400, "flair_required"]);
    expect(wire.sent).toEqual([]);
    vi.restoreAllMocks();

    const submit = scriptWorkerFetch([
      {
        expect: `POST ${API}/api/submit`,
        answer: json(200, {
          json: {
            errors: [],
            data: { id: "9zz", name: "t3_9zz", url: "https://www.reddit.com/r/heraldtest/comments/9zz/v10/" },
          },
        } satisfies RedditJsonAnswer<RedditSubmitted>),
      },
    ]);
    const post = await createPost(key, {
      text: "Release notes",
      schedule_type: "immediate",
      platforms: target({ destination_id: "r/heraldtest", title: "v1.0", flair_id: "f-1" }),
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({
      status: "published",
      platform_post_id: "t3_9zz",
      url: "https://www.reddit.com/r/heraldtest/comments/9zz/v10/",
    });
    expect(submit.sent[0]!.body).toMatchObject({ sr: "heraldtest", kind: "self", title: "v1.0", flair_id: "f-1" });
    expect(submit.sent[0]!.headers).toMatchObject({ authorization: "Bearer rd-access-1", "user-agent": UA });
  });

  it("a subreddit Reddit removed is refused on POST destinations, naming the input, and nothing is kept", async () => {
    const { key } = await liveUser();
    const { callback } = await connectReddit(key, fresh("u"));
    const accountId = callback.body.data.id as string;
    scriptWorkerFetch([
      {
        expect: `GET ${API}/r/removedsub/about?raw_json=1`,
        answer: json(404, { message: "Not Found", error: 404, reason: "banned" }),
      },
    ]);
    const res = await api("POST", `/api/v1/composer-platform-parts/destinations/${accountId}`, {
      key,
      body: { input: "r/removedsub" },
    });
    expect([res.status, res.body.error.issues[0].path, res.body.error.message]).toEqual([
      400,
      "input",
      "input: r/removedsub was banned by Reddit",
    ]);
    const account = await api("GET", `/api/v1/connected-accounts/${accountId}`, { key });
    expect(account.body.data.destinations ?? []).toEqual([]);
  });

  it("a rate-limited submit is retried after X-Ratelimit-Reset, not failed", async () => {
    const { key } = await liveUser();
    const { callback } = await connectReddit(key, fresh("u"));
    const accountId = callback.body.data.id as string;
    scriptWorkerFetch(subredditCheck(false));
    await api("POST", `/api/v1/composer-platform-parts/destinations/${accountId}`, {
      key,
      body: { input: "heraldtest" },
    });
    vi.restoreAllMocks();
    const wire = scriptWorkerFetch([
      {
        expect: `POST ${API}/api/submit`,
        answer: json(429, { message: "Too Many Requests", error: 429 }, { "x-ratelimit-reset": "120" }),
      },
    ]);
    const post = await createPost(key, {
      text: "Hello",
      schedule_type: "immediate",
      platforms: [
        { platform: "reddit", account_id: accountId, metadata: { destination_id: "r/heraldtest", title: "Hi" } },
      ],
    });
    const target = await eventually(async () => {
      const got = await api("GET", `/api/v1/posts/${post.id}`, { key });
      const t = got.body.data.platforms[0];
      return t.error ? t : undefined;
    }, "the target to be tried once");
    expect(target).toMatchObject({ status: "queued", error: { code: "PLATFORM_RATE_LIMITED" }, attempts: 1 });
    expect(wire.sent).toHaveLength(1);
  });
});

describe("Google Business Profile end to end", () => {
  const ACCOUNTS = "https://mybusinessaccountmanagement.googleapis.com/v1";
  const INFO = "https://mybusinessbusinessinformation.googleapis.com/v1";
  const V4 = "https://mybusiness.googleapis.com/v4";
  const QUERY = "readMask=name%2Ctitle%2CstorefrontAddress%2Cmetadata&pageSize=100";
  const connectBusiness = (key: string, accountId: string) =>
    connectThroughConsent("google_business", key, [
      {
        expect: "POST https://oauth2.googleapis.com/token",
        answer: json(200, {
          access_token: "ya29.gbp-1",
          expires_in: 3599,
          refresh_token: "1//gbp-refresh-1",
          scope: "https://www.googleapis.com/auth/business.manage",
          token_type: "Bearer",
        }),
      },
      {
        expect: `GET ${ACCOUNTS}/accounts`,
        answer: json(200, {
          accounts: [{ name: accountId, accountName: "Corner Bakery Ltd", type: "ORGANIZATION" }],
        } satisfies GbpAccountList),
      },
      {
        expect: `GET ${INFO}/${accountId}/locations?${QUERY}`,
        answer: json(200, {
          locations: [
            {
              name: "locations/555",
              title: "Corner Bakery",
              storefrontAddress: { addressLines: ["1 High St"], locality: "Leeds" },
            },
          ],
        } satisfies GbpLocationList),
      },
    ]);

  it("connects through Google's consent with PKCE, each account with its locations, and posts an event", async () => {
    const { key } = await liveUser();
    const accountName = `accounts/${fresh("")}`;
    const { url, callback, wire } = await connectBusiness(key, accountName);
    expect(url.searchParams.get("scope")).toBe("https://www.googleapis.com/auth/business.manage");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(wire.sent[0]!.body).toMatchObject({ code_verifier: expect.any(String), grant_type: "authorization_code" });
    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({
      platform: "google_business",
      platform_user_id: accountName,
      name: "Corner Bakery Ltd",
      text_limit: 1500,
    });
    const accountId = callback.body.data.id as string;
    // A connection's list is not a read: the route asks Google once, then serves it for 5 minutes.
    scriptWorkerFetch([
      {
        expect: `GET ${INFO}/${accountName}/locations?${QUERY}`,
        answer: json(200, {
          locations: [
            {
              name: "locations/555",
              title: "Corner Bakery",
              storefrontAddress: { addressLines: ["1 High St"], locality: "Leeds" },
            },
          ],
        } satisfies GbpLocationList),
      },
    ]);
    const listed = await api("GET", `/api/v1/composer-platform-parts/destinations/${accountId}`, { key });
    vi.restoreAllMocks();
    expect(listed.body.data).toEqual({
      mode: "list",
      destinations: [{ id: "locations/555", label: "Corner Bakery — 1 High St, Leeds" }],
    });

    const posted = scriptWorkerFetch([
      {
        expect: `POST ${V4}/${accountName}/locations/555/localPosts`,
        answer: json(200, {
          name: `${accountName}/locations/555/localPosts/1`,
          searchUrl: "https://local.google.com/place?use=posts&lpsid=1",
          state: "LIVE",
        } satisfies GbpLocalPost),
      },
    ]);
    const post = await createPost(key, {
      text: "Come and bake with us",
      schedule_type: "immediate",
      platforms: [
        {
          platform: "google_business",
          account_id: accountId,
          metadata: {
            destination_id: "locations/555",
            topic_type: "EVENT",
            event: { title: "Bake-off", start: "2030-06-10T10:00", end: "2030-06-10T16:30" },
            call_to_action: { action_type: "SIGN_UP", url: "https://bakery.example/bake-off" },
          },
        },
      ],
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({
      status: "published",
      platform_post_id: `${accountName}/locations/555/localPosts/1`,
      url: "https://local.google.com/place?use=posts&lpsid=1",
    });
    expect(posted.sent[0]!.body).toMatchObject({
      topicType: "EVENT",
      callToAction: { actionType: "SIGN_UP", url: "https://bakery.example/bake-off" },
    });
  });

  it("a location that is not verified fails the target with LOCATION_NOT_VERIFIED and Google's words", async () => {
    const { key } = await liveUser();
    const accountName = `accounts/${fresh("")}`;
    const { callback } = await connectBusiness(key, accountName);
    scriptWorkerFetch([
      {
        expect: `POST ${V4}/${accountName}/locations/555/localPosts`,
        answer: json(400, {
          error: { code: 400, message: "The location is not verified.", status: "FAILED_PRECONDITION" },
        } satisfies GbpErrorAnswer),
      },
    ]);
    const post = await createPost(key, {
      text: "Open late tonight",
      schedule_type: "immediate",
      platforms: [
        {
          platform: "google_business",
          account_id: callback.body.data.id,
          metadata: { destination_id: "locations/555" },
        },
      ],
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({
      status: "failed",
      error: {
        code: "LOCATION_NOT_VERIFIED",
        message: "Google Business Profile refused: The location is not verified.",
      },
    });
  });
});
