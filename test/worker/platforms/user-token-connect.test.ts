import { describe, expect, it } from "vitest";
import type { HttpDeps } from "../../../src/platforms/http";
import { InstagramAdapter } from "../../../src/platforms/meta/instagram";
import { ThreadsAdapter } from "../../../src/platforms/meta/threads";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

/**
 * Instagram (Business Login for Instagram) and Threads share one token ladder: consent → code → short-lived
 * token (one hour) → long-lived token (60 days) → refreshed before it expires. Each is spoken to on its own hosts.
 */
const LOGINS = [
  {
    platform: "Instagram",
    adapter: (deps: HttpDeps) => new InstagramAdapter(deps),
    env: { INSTAGRAM_APP_ID: "2002002", INSTAGRAM_APP_SECRET: "ig-secret-31" },
    authorize: "https://www.instagram.com/oauth/authorize",
    scope: "instagram_business_basic,instagram_business_content_publish,instagram_business_manage_comments",
    codeUrl: "https://api.instagram.com/oauth/access_token",
    // Instagram's guide shows the short-lived token inside `data`.
    codeAnswer: { data: [{ access_token: "short", user_id: "17841400000", permissions: "instagram_business_basic" }] },
    exchange:
      "https://graph.instagram.com/access_token?grant_type=ig_exchange_token&client_secret=ig-secret-31&access_token=short",
    refresh: "https://graph.instagram.com/refresh_access_token?grant_type=ig_refresh_token&access_token=long",
    me: "https://graph.instagram.com/v26.0/me?fields=user_id%2Cusername%2Cname&access_token=long",
    meAnswer: { user_id: "17841400000", id: "app-scoped-1", username: "bakery", name: "The Bakery" },
    marks: { instagramLogin: true },
  },
  {
    platform: "Threads",
    adapter: (deps: HttpDeps) => new ThreadsAdapter(deps),
    env: { THREADS_APP_ID: "3003003", THREADS_APP_SECRET: "th-secret-42" },
    authorize: "https://threads.com/oauth/authorize",
    scope: "threads_basic,threads_content_publish,threads_manage_replies,threads_manage_insights",
    codeUrl: "https://graph.threads.com/oauth/access_token",
    codeAnswer: { access_token: "short", user_id: 25000000 },
    exchange:
      "https://graph.threads.com/access_token?grant_type=th_exchange_token&client_secret=th-secret-42&access_token=short",
    refresh: "https://graph.threads.com/refresh_access_token?grant_type=th_refresh_token&access_token=long",
    me: "https://graph.threads.com/v1.0/me?fields=id%2Cusername%2Cname&access_token=long",
    meAnswer: { id: "25000000", username: "bakery", name: "The Bakery" },
    marks: {},
  },
];

const CALLBACK = "https://herald.example/api/v1/connect/x/callback";
const FORM = { "content-type": "application/x-www-form-urlencoded" };

describe.each(LOGINS)("$platform: connecting (user-token login)", (login) => {
  const [appId, appSecret] = Object.values(login.env);
  const connect = (exchanges: Exchange[]) => {
    const wire = recordedFetch(exchanges);
    const time = fakeTime();
    return { wire, time, connection: login.adapter({ fetch: wire.fetch, ...time, env: login.env }).connection };
  };

  it("sends the user to the consent page with the app id, callback, state and scopes", () => {
    const url = new URL(
      connect([]).connection.authorizationUrl({ state: "st-1", codeChallenge: "unused", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe(login.authorize);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: appId,
      redirect_uri: CALLBACK,
      scope: login.scope,
      response_type: "code",
      state: "st-1",
    });
  });

  it("exchanges the code (form POST), then the short-lived token for a long-lived one", async () => {
    const { wire, time, connection } = connect([
      { method: "POST", url: login.codeUrl, json: login.codeAnswer },
      { method: "GET", url: login.exchange, json: { access_token: "long", token_type: "bearer", expires_in: 5183944 } },
    ]);
    const credentials = await connection.exchangeCode({ code: "the-code", codeVerifier: "v", redirectUri: CALLBACK });
    expect(wire.sent[0]).toEqual({
      method: "POST",
      url: login.codeUrl,
      headers: FORM,
      body: `client_id=${appId}&client_secret=${appSecret}&grant_type=authorization_code&redirect_uri=${encodeURIComponent(CALLBACK)}&code=the-code`,
    });
    expect(credentials).toEqual({ accessToken: "long", expiresAt: time.now() + 5_183_944_000, ...login.marks });
    wire.expectAllUsed();
  });

  it("reads who the token speaks for from /me", async () => {
    const { wire, connection } = connect([{ method: "GET", url: login.me, json: login.meAnswer }]);
    expect(await connection.identify!({ accessToken: "long", ...login.marks })).toEqual({
      platformUserId: login.platform === "Instagram" ? "17841400000" : "25000000",
      name: "The Bakery",
      subscriptionTier: null,
    });
    wire.expectAllUsed();
  });

  it("refreshes the long-lived token for another 60 days, keeping what the credentials held", async () => {
    const { time, connection } = connect([
      {
        method: "GET",
        url: login.refresh,
        json: { access_token: "long-2", token_type: "bearer", expires_in: 5184000 },
      },
    ]);
    const fresh = await connection.refresh!({ accessToken: "long", expiresAt: 1, ...login.marks });
    expect(fresh).toEqual({ accessToken: "long-2", expiresAt: time.now() + 5_184_000_000, ...login.marks });
  });

  it("a refresh refused (an expired or revoked token, or any refusal) is auth_expired; a 5xx stays transient", async () => {
    const { connection } = connect([
      {
        method: "GET",
        url: login.refresh,
        status: 400,
        json: { error: { message: "Session has expired", type: "OAuthException", code: 190 } },
      },
      {
        method: "GET",
        url: login.refresh,
        status: 400,
        json: { error: { message: "Invalid parameter", type: "OAuthException", code: 100 } },
      },
      { method: "GET", url: login.refresh, status: 503, text: "" },
    ]);
    const refresh = () => connection.refresh!({ accessToken: "long" });
    expect((await platformFailure(refresh())).failure).toBe("auth_expired");
    const refused = await platformFailure(refresh());
    expect([refused.failure, refused.message]).toEqual([
      "auth_expired",
      `${login.platform} refused to renew the tokens: ${login.platform} token refresh: Invalid parameter`,
    ]);
    expect((await platformFailure(refresh())).failure).toBe("transient");
  });

  it("maps a refused code, Meta's throttling and a 5xx, never saying the app secret", async () => {
    const { connection } = connect([
      {
        method: "POST",
        url: login.codeUrl,
        status: 400,
        // api.instagram.com's own wording of a refusal; Threads answers Graph's error object.
        json:
          login.platform === "Instagram"
            ? { error_type: "OAuthException", code: 400, error_message: "Invalid authorization code" }
            : { error: { message: "Invalid authorization code", type: "OAuthException", code: 100 } },
      },
      {
        method: "POST",
        url: login.codeUrl,
        status: 429,
        headers: { "retry-after": "30" },
        json: { error: { message: "Too many calls", code: 4 } },
      },
      { method: "POST", url: login.codeUrl, status: 500, text: "" },
    ]);
    const exchange = () => connection.exchangeCode({ code: "c", codeVerifier: "v", redirectUri: CALLBACK });
    const bad = await platformFailure(exchange());
    expect([bad.failure, bad.message]).toEqual([
      "refused",
      `${login.platform} code exchange: Invalid authorization code`,
    ]);
    const slow = await platformFailure(exchange());
    expect([slow.failure, slow.retryAfterMs]).toEqual(["rate_limited", 30_000]);
    const down = await platformFailure(exchange());
    expect(down.failure).toBe("transient");
    for (const error of [bad, slow, down]) expect(error.message).not.toContain(appSecret);
  });
});
