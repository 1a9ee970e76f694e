import { describe, expect, it } from "vitest";
import { LinkedInAdapter } from "../../../src/platforms/linkedin/linkedin";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

const TOKEN_URL = "https://www.linkedin.com/oauth/v2/accessToken";
const CALLBACK = "https://herald.example/api/v1/connect/linkedin/callback";
const ENV = { LINKEDIN_CLIENT_ID: "li-client", LINKEDIN_CLIENT_SECRET: "li-secret-9f8e" };
const API_HEADERS = {
  authorization: "Bearer li-access",
  "linkedin-version": "202605",
  "x-restli-protocol-version": "2.0.0",
};

function linkedin(exchanges: Exchange[], env: Record<string, string> = ENV) {
  const wire = recordedFetch(exchanges);
  const time = fakeTime();
  return { wire, time, connection: new LinkedInAdapter({ fetch: wire.fetch, ...time, env }).connection };
}

const tokenAnswer = (extra: object = {}): Exchange => ({
  method: "POST",
  url: TOKEN_URL,
  json: { access_token: "li-access", expires_in: 5184000, scope: "openid,profile,w_member_social", ...extra },
});

const userinfo: Exchange = {
  method: "GET",
  url: "https://api.linkedin.com/v2/userinfo",
  json: { sub: "782bbtaQ", name: "Ada Lovelace", given_name: "Ada", family_name: "Lovelace" },
};

describe("LinkedIn: connecting (3-legged OAuth)", () => {
  it("sends the member to LinkedIn's consent page with the client id, callback, state and member scopes", () => {
    const { connection } = linkedin([]);
    const url = new URL(connection.authorizationUrl({ state: "st-1", codeChallenge: "unused", redirectUri: CALLBACK }));
    expect(url.origin + url.pathname).toBe("https://www.linkedin.com/oauth/v2/authorization");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "li-client",
      redirect_uri: CALLBACK,
      state: "st-1",
      scope: "openid profile w_member_social",
    });
    // LinkedIn keeps PKCE for native apps it enables one by one; a web app proves itself with its secret.
    expect(url.searchParams.has("code_challenge")).toBe(false);
    expect(url.search).toContain("scope=openid%20profile%20w_member_social");
  });

  it("asks for the organization scopes when the deployment turns company pages on", () => {
    const { connection } = linkedin([], { ...ENV, LINKEDIN_COMPANY_PAGES: "true" });
    const url = new URL(connection.authorizationUrl({ state: "s", codeChallenge: "c", redirectUri: CALLBACK }));
    expect(url.searchParams.get("scope")).toBe(
      "openid profile w_member_social w_organization_social r_organization_social rw_organization_admin",
    );
  });

  it("exchanges the code with a form POST naming the client, and keeps the refresh token when LinkedIn gives one", async () => {
    const { wire, time, connection } = linkedin([
      tokenAnswer({ refresh_token: "li-refresh", refresh_token_expires_in: 31536000 }),
    ]);
    const credentials = await connection.exchangeCode({ code: "AQT-code", codeVerifier: "v", redirectUri: CALLBACK });
    expect(wire.sent).toEqual([
      {
        method: "POST",
        url: TOKEN_URL,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: `grant_type=authorization_code&code=AQT-code&redirect_uri=${encodeURIComponent(CALLBACK)}&client_id=li-client&client_secret=li-secret-9f8e`,
      },
    ]);
    expect(credentials).toEqual({
      accessToken: "li-access",
      refreshToken: "li-refresh",
      expiresAt: time.now() + 5_184_000_000,
    });
    expect(JSON.stringify(credentials)).not.toContain("li-secret");
    wire.expectAllUsed();
  });

  it("reads the member from OpenID userinfo: the account is the person URN of `sub`", async () => {
    const { wire, connection } = linkedin([userinfo]);
    const credentials = { accessToken: "li-access", expiresAt: 1 };
    expect(await connection.accounts!(credentials)).toEqual([
      {
        identity: { platformUserId: "urn:li:person:782bbtaQ", name: "Ada Lovelace", subscriptionTier: null },
        credentials,
      },
    ]);
    expect(wire.sent[0]!.headers).toEqual(API_HEADERS);
    wire.expectAllUsed();
  });

  it("with company pages on, adds each organization the member administers, sharing the member's token", async () => {
    const { wire, connection } = linkedin(
      [
        userinfo,
        {
          method: "GET",
          url: "https://api.linkedin.com/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED",
          json: {
            paging: { count: 10, start: 0 },
            elements: [
              { organization: "urn:li:organization:5515715", role: "ADMINISTRATOR", state: "APPROVED" },
              { organization: "urn:li:organization:2414183", role: "ADMINISTRATOR", state: "APPROVED" },
            ],
          },
        },
        {
          method: "GET",
          url: "https://api.linkedin.com/rest/organizations/5515715",
          json: { id: 5515715, localizedName: "Analytical Engines" },
        },
        {
          method: "GET",
          url: "https://api.linkedin.com/rest/organizations/2414183",
          json: { id: 2414183, localizedName: "Difference Works" },
        },
      ],
      { ...ENV, LINKEDIN_COMPANY_PAGES: "true" },
    );
    const credentials = { accessToken: "li-access" };
    const accounts = await connection.accounts!(credentials);
    expect(accounts.map((a) => [a.identity.platformUserId, a.identity.name])).toEqual([
      ["urn:li:person:782bbtaQ", "Ada Lovelace"],
      ["urn:li:organization:5515715", "Analytical Engines"],
      ["urn:li:organization:2414183", "Difference Works"],
    ]);
    expect(accounts.every((a) => a.credentials === credentials)).toBe(true);
    expect(wire.sent.every((s) => s.headers.authorization === "Bearer li-access")).toBe(true);
    wire.expectAllUsed();
  });

  it("refreshes with the refresh token, keeping it, and a new expiry", async () => {
    const { wire, time, connection } = linkedin([
      tokenAnswer({ access_token: "li-access-2", refresh_token: "li-refresh", refresh_token_expires_in: 30000000 }),
    ]);
    const fresh = await connection.refresh!({ accessToken: "li-access", refreshToken: "li-refresh", expiresAt: 5 });
    expect(wire.sent[0]!.body).toBe(
      "grant_type=refresh_token&refresh_token=li-refresh&client_id=li-client&client_secret=li-secret-9f8e",
    );
    expect(fresh).toEqual({
      accessToken: "li-access-2",
      refreshToken: "li-refresh",
      expiresAt: time.now() + 5_184_000_000,
    });
  });

  it("a refused refresh, or none possible (no refresh token), means connecting again: auth_expired", async () => {
    const { wire, connection } = linkedin([
      {
        method: "POST",
        url: TOKEN_URL,
        status: 400,
        json: { error: "invalid_grant", error_description: "The provided authorization grant is invalid" },
      },
    ]);
    const refused = await platformFailure(connection.refresh!({ accessToken: "a", refreshToken: "revoked" }));
    expect(refused.failure).toBe("auth_expired");
    expect(refused.message).toContain("The provided authorization grant is invalid");
    expect(refused.message).not.toContain("li-secret");

    const none = await platformFailure(connection.refresh!({ accessToken: "a" }));
    expect([none.failure, none.message]).toEqual([
      "auth_expired",
      "LinkedIn gave no refresh token; connect the account again",
    ]);
    wire.expectAllUsed();
  });

  it("maps the token endpoint's answers: a bad code refused, 429 rate_limited with its wait, 5xx transient", async () => {
    const { connection } = linkedin([
      {
        method: "POST",
        url: TOKEN_URL,
        status: 400,
        json: {
          error: "invalid_request",
          error_description: "Unable to retrieve access token: authorization code not found",
        },
      },
      { method: "POST", url: TOKEN_URL, status: 429, headers: { "retry-after": "120" }, json: {} },
      { method: "POST", url: TOKEN_URL, status: 503, text: "unavailable" },
    ]);
    const exchange = () => connection.exchangeCode({ code: "c", codeVerifier: "v", redirectUri: CALLBACK });
    const bad = await platformFailure(exchange());
    expect([bad.failure, bad.code]).toEqual(["refused", "PLATFORM_REFUSED"]);
    expect(bad.message).toBe("LinkedIn code exchange: Unable to retrieve access token: authorization code not found");
    const slow = await platformFailure(exchange());
    expect([slow.failure, slow.retryAfterMs]).toEqual(["rate_limited", 120_000]);
    expect((await platformFailure(exchange())).failure).toBe("transient");
  });
});
