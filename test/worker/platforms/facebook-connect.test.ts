import { describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { FacebookAdapter } from "../../../src/platforms/meta/facebook";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

const GRAPH = "https://graph.facebook.com/v26.0";
const CALLBACK = "https://herald.example/api/v1/connect/facebook/callback";
const ENV = { META_APP_ID: "1001001", META_APP_SECRET: "meta-secret-77" };

function facebook(exchanges: Exchange[]) {
  const wire = recordedFetch(exchanges);
  const time = fakeTime();
  const adapter = new FacebookAdapter({ fetch: wire.fetch, ...time, env: ENV, appSecret: ENV.META_APP_SECRET });
  return { wire, time, connection: adapter.connection };
}

const codeExchange = `${GRAPH}/oauth/access_token?client_id=1001001&redirect_uri=${encodeURIComponent(CALLBACK)}&client_secret=meta-secret-77&code=fb-code`;
const longLived = `${GRAPH}/oauth/access_token?grant_type=fb_exchange_token&client_id=1001001&client_secret=meta-secret-77&fb_exchange_token=user-short`;
const pagesUrl = async (after?: string) =>
  `${GRAPH}/me/accounts?fields=id%2Cname%2Caccess_token%2Ctasks&limit=100${after ? `&after=${after}` : ""}&access_token=user-long&appsecret_proof=${await hmacSha256Hex(ENV.META_APP_SECRET, "user-long")}`;

describe("Facebook Pages: connecting (Facebook Login)", () => {
  it("sends the user to the Login dialog with the app id, callback, state and the Pages permissions", () => {
    const { connection } = facebook([]);
    const url = new URL(connection.authorizationUrl({ state: "st-1", codeChallenge: "unused", redirectUri: CALLBACK }));
    expect(url.origin + url.pathname).toBe("https://www.facebook.com/v26.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "1001001",
      redirect_uri: CALLBACK,
      state: "st-1",
      response_type: "code",
      scope: "pages_show_list,pages_manage_posts,pages_read_engagement,pages_manage_engagement",
    });
  });

  it("exchanges the code for a user token, then at once for a long-lived one", async () => {
    const { wire, time, connection } = facebook([
      {
        method: "GET",
        url: codeExchange,
        json: { access_token: "user-short", token_type: "bearer", expires_in: 5183 },
      },
      { method: "GET", url: longLived, json: { access_token: "user-long", token_type: "bearer", expires_in: 5183944 } },
    ]);
    const credentials = await connection.exchangeCode({ code: "fb-code", codeVerifier: "v", redirectUri: CALLBACK });
    expect(credentials).toEqual({ accessToken: "user-long", expiresAt: time.now() + 5_183_944_000 });
    expect(wire.sent.map((s) => [s.method, s.body])).toEqual([
      ["GET", ""],
      ["GET", ""],
    ]);
    wire.expectAllUsed();
  });

  it("makes each Page the user may publish to an account holding its own Page token, over every page of results", async () => {
    const { wire, connection } = facebook([
      {
        method: "GET",
        url: await pagesUrl(),
        json: {
          data: [
            { id: "111", name: "Bakery", access_token: "page-111", tasks: ["ANALYZE", "CREATE_CONTENT", "MANAGE"] },
            { id: "222", name: "Only analyst here", access_token: "page-222", tasks: ["ANALYZE"] },
          ],
          paging: { cursors: { before: "b1", after: "a1" }, next: `${GRAPH}/me/accounts?after=a1` },
        },
      },
      {
        method: "GET",
        url: await pagesUrl("a1"),
        json: {
          data: [{ id: "333", name: "Cafe", access_token: "page-333", tasks: ["CREATE_CONTENT"] }],
          paging: { cursors: { before: "b2", after: "a2" } },
        },
      },
    ]);
    expect(await connection.accounts!({ accessToken: "user-long", expiresAt: 1 })).toEqual([
      {
        identity: { platformUserId: "111", name: "Bakery", subscriptionTier: null },
        credentials: { accessToken: "page-111" },
      },
      {
        identity: { platformUserId: "333", name: "Cafe", subscriptionTier: null },
        credentials: { accessToken: "page-333" },
      },
    ]);
    wire.expectAllUsed();
  });

  it("refuses a consent that granted no Page to publish to", async () => {
    const { connection } = facebook([{ method: "GET", url: await pagesUrl(), json: { data: [] } }]);
    const error = await platformFailure(connection.accounts!({ accessToken: "user-long" }));
    expect([error.failure, error.code]).toEqual(["refused", "NO_PAGES"]);
  });

  it("Page tokens read with a long-lived user token do not expire: there is nothing to refresh", () => {
    expect(facebook([]).connection.refresh).toBeUndefined();
  });

  it("maps Meta's answers: a used code refused, a dead token auth_expired, throttling rate_limited; never the secret", async () => {
    const { connection } = facebook([
      {
        method: "GET",
        url: codeExchange,
        status: 400,
        json: {
          error: {
            message: "This authorization code has been used.",
            type: "OAuthException",
            code: 100,
            error_subcode: 36009,
          },
        },
      },
      { method: "GET", url: codeExchange, json: { access_token: "user-short" } },
      {
        method: "GET",
        url: longLived,
        status: 400,
        json: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } },
      },
      {
        method: "GET",
        url: codeExchange,
        status: 400,
        headers: {
          "x-business-use-case-usage": JSON.stringify({ "1001001": [{ estimated_time_to_regain_access: 5 }] }),
        },
        json: { error: { message: "Application request limit reached", type: "OAuthException", code: 4 } },
      },
    ]);
    const exchange = () => connection.exchangeCode({ code: "fb-code", codeVerifier: "v", redirectUri: CALLBACK });
    const used = await platformFailure(exchange());
    expect([used.failure, used.message]).toEqual([
      "refused",
      "Facebook code exchange: This authorization code has been used.",
    ]);
    const dead = await platformFailure(exchange());
    expect(dead.failure).toBe("auth_expired");
    const throttled = await platformFailure(exchange());
    expect([throttled.failure, throttled.retryAfterMs]).toEqual(["rate_limited", 300_000]);
    for (const error of [used, dead, throttled]) expect(error.message).not.toContain("meta-secret");
  });
});
