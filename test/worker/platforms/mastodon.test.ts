import type { mastodon } from "masto";
import { describe, expect, it } from "vitest";
import { MastodonAdapter, type MastodonError, type Wire } from "../../../src/platforms/fediverse/mastodon";
import { type PlatformAccount, PlatformError } from "../../../src/platforms/types";
import type { PartOf } from "../helpers/answers/part";
import { type Answer, bytes, json, scriptedPlatform } from "../helpers/platform";

const INSTANCE = "https://mastodon.example";
const account: PlatformAccount = {
  id: "acct_masto",
  platform: "mastodon",
  platformUserId: "109@mastodon.example",
  subscriptionTier: null,
  destinations: [],
  credentials: { instanceUrl: INSTANCE, accessToken: "masto-token" },
};

/** Answers as masto's entities declare them, in the API's snake_case (`Wire`). */
type Status = PartOf<Wire<mastodon.v1.Status>>;
type Media = PartOf<Wire<mastodon.v1.MediaAttachment>>;
type Me = PartOf<Wire<mastodon.v1.CredentialAccount>>;
const status = (id: string) =>
  json(200, { id, url: `${INSTANCE}/@herald/${id}`, content: "<p>hi</p>" } satisfies Status);
const refusal = (error: string): MastodonError => ({ error });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe("Mastodon adapter", () => {
  it("sends a poll's options and its expiry in seconds", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${INSTANCE}/api/v1/statuses`, answer: status("103254962155278889") },
    ]);
    await new MastodonAdapter(platform.deps).publish(account, {
      text: "Tabs or spaces?",
      media: [],
      options: {},
      poll: { options: ["Tabs", "Spaces", "Both"], durationMinutes: 60 },
    });
    expect(platform.sent[0]!.body).toEqual({
      status: "Tabs or spaces?",
      poll: { options: ["Tabs", "Spaces", "Both"], expires_in: 3600 },
    });
  });

  it("posts a status with visibility and a content warning", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${INSTANCE}/api/v1/statuses`, answer: status("103254962155278888") },
    ]);
    const result = await new MastodonAdapter(platform.deps).publish(account, {
      text: "Spoilers ahead",
      media: [],
      options: { visibility: "unlisted", spoiler_text: "Season finale" },
    });
    expect(result).toEqual({ platformPostId: "103254962155278888", url: `${INSTANCE}/@herald/103254962155278888` });
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: `${INSTANCE}/api/v1/statuses`,
        headers: { authorization: "Bearer masto-token", "content-type": "application/json" },
        body: { status: "Spoilers ahead", visibility: "unlisted", spoiler_text: "Season finale" },
      },
    ]);
  });

  it("uploads media with its description, waits while the instance processes it, then attaches it", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/p.png", answer: bytes(4096, "image/png") },
      {
        expect: `POST ${INSTANCE}/api/v2/media`,
        answer: json(200, { id: "22348641", type: "image", url: `${INSTANCE}/m/1.png` } satisfies Media),
      },
      { expect: "GET https://cdn.example.com/v.mp4", answer: bytes(8192, "video/mp4") },
      {
        expect: `POST ${INSTANCE}/api/v2/media`,
        answer: json(202, { id: "22348642", type: "video", url: null } satisfies Media),
      },
      { expect: `GET ${INSTANCE}/api/v1/media/22348642`, answer: () => new Response(null, { status: 206 }) },
      {
        expect: `GET ${INSTANCE}/api/v1/media/22348642`,
        answer: json(200, { id: "22348642", url: `${INSTANCE}/m/2.mp4` } satisfies Media),
      },
      { expect: `POST ${INSTANCE}/api/v1/statuses`, answer: status("1") },
    ]);
    await new MastodonAdapter(platform.deps).publish(account, {
      text: "Look",
      media: [
        { type: "image", url: "https://cdn.example.com/p.png", altText: "A harbour" },
        { type: "video", url: "https://cdn.example.com/v.mp4" },
      ],
      options: {},
    });
    expect(platform.sent[1]!.body).toEqual({
      file: { file: "p.png", type: "image/png", size: 4096 },
      description: "A harbour",
    });
    expect(platform.sent[3]!.body).toEqual({ file: { file: "v.mp4", type: "video/mp4", size: 8192 } });
    expect(platform.sent[6]!.body).toEqual({ status: "Look", media_ids: ["22348641", "22348642"] });
  });

  it("reads the followers from verify_credentials", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${INSTANCE}/api/v1/accounts/verify_credentials`,
        answer: json(200, { id: "7", username: "herald", followers_count: 321 } satisfies Me),
      },
    ]);
    expect(await new MastodonAdapter(platform.deps).readProfile(account)).toEqual({
      subscriptionTier: null,
      followers: 321,
    });
  });

  it("replies with in_reply_to_id, boosts with reblog, and reads counts (a deleted status is null)", async () => {
    const platform = scriptedPlatform([
      { expect: `POST ${INSTANCE}/api/v1/statuses`, answer: status("2") },
      {
        expect: `POST ${INSTANCE}/api/v1/statuses/1/reblog`,
        answer: json(200, { id: "3", reblog: { id: "1", url: `${INSTANCE}/@herald/1` } } satisfies Status),
      },
      {
        expect: `GET ${INSTANCE}/api/v1/statuses/1`,
        answer: json(200, { id: "1", favourites_count: 5, replies_count: 1, reblogs_count: 2 } satisfies Status),
      },
      { expect: `GET ${INSTANCE}/api/v1/statuses/9`, answer: json(404, refusal("Record not found")) },
    ]);
    const adapter = new MastodonAdapter(platform.deps);
    await adapter.comment(account, "1", "Thanks");
    expect(await adapter.repost(account, "1")).toEqual({ platformPostId: "3", url: `${INSTANCE}/@herald/1` });
    const metrics = await adapter.readMetrics(account, ["1", "9"]);
    expect(platform.sent[0]!.body).toEqual({ status: "Thanks", in_reply_to_id: "1" });
    expect(metrics.get("1")).toEqual({ likes: 5, comments: 1, reposts: 2, views: 0 });
    expect(metrics.get("9")).toBeNull();
  });

  it.each<[string, Answer, string, number | undefined]>([
    [
      "429 → rate_limited until X-RateLimit-Reset (an ISO date)",
      json(429, refusal("Too many requests"), { "x-ratelimit-reset": "2030-06-01T00:05:00.000Z" }),
      "rate_limited",
      300_000,
    ],
    ["401 → auth_expired", json(401, refusal("The access token is invalid")), "auth_expired", undefined],
    [
      "422 → refused with the instance's message",
      json(422, refusal("Validation failed: Text character limit of 500 exceeded")),
      "refused",
      undefined,
    ],
    ["503 → transient", json(503, refusal("Service Unavailable")), "transient", undefined],
  ])("%s", async (_name, answer, expected, wait) => {
    const platform = scriptedPlatform([{ expect: `POST ${INSTANCE}/api/v1/statuses`, answer }]);
    const error = await failure(
      new MastodonAdapter(platform.deps).publish(account, { text: "hi", media: [], options: {} }),
    );
    expect([error.failure, error.retryAfterMs]).toEqual([expected, wait]);
    if (expected === "refused")
      expect(error.message).toBe("Mastodon refused: Validation failed: Text character limit of 500 exceeded");
  });

  it("connects with an instance URL and token, reading the instance's character limit", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${INSTANCE}/api/v1/accounts/verify_credentials`,
        answer: json(200, {
          id: "109",
          username: "herald",
          acct: "herald",
          display_name: "Herald",
        } satisfies Me),
      },
      {
        expect: `GET ${INSTANCE}/api/v2/instance`,
        answer: json(200, {
          domain: "mastodon.example",
          configuration: { statuses: { max_characters: 1000, max_media_attachments: 4 } },
        } satisfies PartOf<Wire<mastodon.v2.Instance>>),
      },
    ]);
    const { connection } = new MastodonAdapter(platform.deps);
    const result = await connection.pasted!.verify({ instance_url: `${INSTANCE}/`, access_token: "masto-token" });
    expect(result).toEqual({
      credentials: { instanceUrl: INSTANCE, accessToken: "masto-token" },
      identity: { platformUserId: "109@mastodon.example", name: "Herald", subscriptionTier: null, textLimit: 1000 },
    });
    expect(platform.sent[0]!.headers.authorization).toBe("Bearer masto-token");
  });
});

describe("Mastodon adapter: Herald's app per instance, OAuth with PKCE, revocation", () => {
  const app = { serverUrl: INSTANCE, clientId: "client-abc", clientSecret: "secret-xyz" };
  const CALLBACK = "https://herald.example/api/v1/connect/mastodon/callback";

  it("registers Herald on the instance with POST /api/v1/apps", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${INSTANCE}/api/v1/apps`,
        answer: json(200, { id: "563419", name: "Herald", client_id: "client-abc", client_secret: "secret-xyz" }),
      },
    ]);
    const registered = await new MastodonAdapter(platform.deps).connection.perServer!.registerApp({
      serverUrl: INSTANCE,
      redirectUri: CALLBACK,
      website: "https://herald.example",
    });
    expect(registered).toEqual(app);
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: `${INSTANCE}/api/v1/apps`,
        headers: { "content-type": "application/json" },
        body: {
          client_name: "Herald",
          redirect_uris: CALLBACK,
          scopes: "read write",
          website: "https://herald.example",
        },
      },
    ]);
  });

  it("sends the user to the instance's /oauth/authorize with state and an S256 challenge", () => {
    const { connection } = new MastodonAdapter(scriptedPlatform([]).deps);
    const url = new URL(connection.authorizationUrl({ state: "st", codeChallenge: "ch", redirectUri: CALLBACK, app }));
    expect(url.origin + url.pathname).toBe(`${INSTANCE}/oauth/authorize`);
    expect(url.search).toContain("scope=read%20write");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "client-abc",
      redirect_uri: CALLBACK,
      scope: "read write",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code at /oauth/token with the app's credentials and the verifier, keeping the app with the token", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${INSTANCE}/oauth/token`,
        answer: json(200, { access_token: "AT", token_type: "Bearer", scope: "read write", created_at: 1573979017 }),
      },
    ]);
    const credentials = await new MastodonAdapter(platform.deps).connection.exchangeCode({
      code: "the-code",
      codeVerifier: "the-verifier",
      redirectUri: CALLBACK,
      app,
    });
    expect(credentials).toEqual({
      instanceUrl: INSTANCE,
      accessToken: "AT",
      scope: "read write",
      clientId: "client-abc",
      clientSecret: "secret-xyz",
    });
    expect(platform.sent[0]!.headers).toEqual({ "content-type": "application/x-www-form-urlencoded" });
    expect(platform.sent[0]!.body).toEqual({
      grant_type: "authorization_code",
      code: "the-code",
      client_id: "client-abc",
      client_secret: "secret-xyz",
      redirect_uri: CALLBACK,
      code_verifier: "the-verifier",
    });
  });

  it("revokes an OAuth token at /oauth/revoke; a pasted token (no app of Herald's) is left alone", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${INSTANCE}/oauth/revoke`, answer: json(200, {}) }]);
    const { connection } = new MastodonAdapter(platform.deps);
    const oauthToken = { instanceUrl: INSTANCE, accessToken: "AT", clientId: "client-abc", clientSecret: "secret-xyz" };
    expect(await connection.revoke!(oauthToken)).toBe(true);
    expect(await connection.revoke!({ instanceUrl: INSTANCE, accessToken: "pasted" })).toBe(false);
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: `${INSTANCE}/oauth/revoke`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: { client_id: "client-abc", client_secret: "secret-xyz", token: "AT" },
      },
    ]);
  });

  it("says what the instance said when it refuses", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${INSTANCE}/oauth/token`,
        answer: json(400, { error: "invalid_grant", error_description: "The provided authorization grant is invalid" }),
      },
    ]);
    const error = await failure(
      new MastodonAdapter(platform.deps).connection.exchangeCode({
        code: "used",
        codeVerifier: "v",
        redirectUri: CALLBACK,
        app,
      }),
    );
    expect([error.failure, error.message]).toEqual([
      "refused",
      "Mastodon refused: The provided authorization grant is invalid",
    ]);
  });
});
