import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import * as oauth from "oauth4webapi";
import { beforeEach, describe, expect, it } from "vitest";
import { api, connect } from "./helpers/api";
import { Browser, hiddenField, ORIGIN } from "./helpers/browser";
import {
  consent as consentAs,
  discover,
  tokens as exchange,
  options,
  REDIRECT,
  registerClient,
} from "./helpers/oauth-client";
import { stubNetwork } from "./helpers/receiver";
import { addWebhook } from "./helpers/webhooks";

let as: oauth.AuthorizationServer;
let user: { email: string; password: string; key: string; userId: string };

beforeEach(async () => {
  as = await discover();
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator" } });
  user = { ...res.body.data, key: res.body.data.api_key, userId: res.body.data.user_id };
});

const register = (metadata: Record<string, unknown> = {}) => registerClient(as, metadata);
const consent = (client: oauth.Client, choices: Parameters<typeof consentAs>[3] = {}) =>
  consentAs(as, user, client, choices);
const tokens = (client: oauth.Client, consented: Awaited<ReturnType<typeof consent>>) =>
  exchange(as, client, consented);

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe("OAuth 2.1 with a real client library", () => {
  it("discovers, registers, authorizes with PKCE, calls the API, refreshes, revokes", async () => {
    expect(as).toMatchObject({
      code_challenge_methods_supported: ["S256"],
      revocation_endpoint: `${ORIGIN}/api/oauth/revoke`,
      revocation_endpoint_auth_methods_supported: ["none"],
    });
    expect(as.scopes_supported).toContain("agent:destructive");
    const client = await register();
    await connect(user.key, "bluesky");

    const { response, result } = await tokens(client, await consent(client));
    expect(response.headers.get("cache-control")).toContain("no-store");
    expect(result.scope?.split(" ").sort()).toEqual(["accounts:read", "posts:read", "posts:write"]);

    const accounts = await api("GET", "/api/v1/connected-accounts", bearer(result.access_token));
    expect(accounts.status).toBe(200);
    expect(accounts.body.data).toHaveLength(1);

    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, oauth.None(), result.refresh_token!, options),
    );
    expect(refreshed.refresh_token).not.toBe(result.refresh_token);
    expect((await api("GET", "/api/v1/connected-accounts", bearer(refreshed.access_token))).status).toBe(200);

    const revoked = await exports.default.fetch(
      new Request(`${ORIGIN}/api/oauth/revoke`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: refreshed.access_token, client_id: client.client_id }).toString(),
      }),
    );
    expect(revoked.status).toBe(200);
    const after = await api("GET", "/api/v1/connected-accounts", bearer(refreshed.access_token));
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("invalid_token");
    // Revoking the access token revoked the pair: the refresh token is dead too.
    const reuse = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refreshed.refresh_token!, options);
    expect(reuse.status).toBe(400);
  });

  it("grants only read scopes plus agent:execute when Read-only is ticked, and refuses writes", async () => {
    const client = await register();
    const consented = await consent(client, {
      scope: "accounts:read posts:read posts:write agent:destructive",
      readOnly: true,
    });
    expect(consented.html).toContain("Read-only access");
    const { result } = await tokens(client, consented);
    expect(result.scope?.split(" ").sort()).toEqual(["accounts:read", "agent:execute", "posts:read"]);
    const account = await connect(user.key, "bluesky");
    const write = await api("POST", "/api/v1/posts", {
      ...bearer(result.access_token),
      body: { text: "x", platforms: [{ platform: "bluesky", account_id: account.id }] },
    });
    expect(write.status).toBe(403);
    expect(write.body.error).toMatchObject({ code: "insufficient_scope", scope: "posts:write" });
    expect((await api("GET", "/api/v1/posts", bearer(result.access_token))).status).toBe(200);
  });

  it("offers no Read-only box when only read scopes are asked for", async () => {
    const client = await register();
    const { html } = await consent(client, { scope: "posts:read" });
    expect(html).not.toContain("Read-only access");
  });

  it("redirects with access_denied when the user denies", async () => {
    const client = await register();
    const { answer } = await consent(client, { decision: "deny" });
    expect(answer.status).toBe(302);
    expect(new URL(answer.headers.get("location")!).searchParams.get("error")).toBe("access_denied");
  });
});

describe("authorization request security", () => {
  async function authorizeWith(params: Record<string, string>) {
    const browser = new Browser();
    await browser.signIn(user.email, user.password);
    return browser.fetch(`/api/oauth/authorize?${new URLSearchParams(params)}`);
  }
  const base = async (client: oauth.Client) => ({
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    response_type: "code",
    scope: "posts:read",
    state: "s1",
    code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
    code_challenge_method: "S256",
  });

  it("refuses a request without PKCE, and plain PKCE", async () => {
    const client = await register();
    const { code_challenge: _, code_challenge_method: __, ...noPkce } = await base(client);
    const missing = await authorizeWith(noPkce);
    expect(missing.status).toBe(302);
    expect(new URL(missing.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
    const plain = await authorizeWith({
      ...(await base(client)),
      code_challenge: "a".repeat(43),
      code_challenge_method: "plain",
    });
    expect(plain.status).toBe(302);
    expect(new URL(plain.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
  });

  it("shows an error page and never redirects for an unknown client or redirect URI", async () => {
    const client = await register();
    for (const params of [
      { ...(await base(client)), redirect_uri: "http://127.0.0.1:9999/elsewhere" },
      { ...(await base(client)), redirect_uri: "https://evil.example/callback" },
      { ...(await base(client)), client_id: "no-such-client" },
    ]) {
      const res = await authorizeWith(params);
      expect(res.status).toBe(400);
      expect(res.headers.get("location")).toBeNull();
      expect(res.headers.get("content-type")).toContain("text/html");
    }
  });

  it("refuses a wrong PKCE verifier, a reused code, and keeps codes for at most 10 minutes", async () => {
    const client = await register();
    const consented = await consent(client);
    const params = oauth.validateAuthResponse(
      as,
      client,
      new URL(consented.answer.headers.get("location")!),
      consented.state,
    );
    const [grantKey] = (await env.OAUTH_KV.list({ prefix: `grant:${user.userId}:` })).keys;
    expect(grantKey?.expiration).toBeDefined();
    expect(grantKey!.expiration! - Date.now() / 1000).toBeLessThanOrEqual(600);

    const wrong = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      REDIRECT,
      oauth.generateRandomCodeVerifier(),
      options,
    );
    expect(wrong.status).toBe(400);
    expect((await wrong.json<{ error: string }>()).error).toBe("invalid_grant");

    const again = await consent(client);
    const good = oauth.validateAuthResponse(as, client, new URL(again.answer.headers.get("location")!), again.state);
    const first = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      good,
      REDIRECT,
      again.verifier,
      options,
    );
    expect(first.status).toBe(200);
    const reused = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      good,
      REDIRECT,
      again.verifier,
      options,
    );
    expect(reused.status).toBe(400);
    expect((await reused.json<{ error: string }>()).error).toBe("invalid_grant");
  });

  it("rotates refresh tokens: an older one fails once its replacement has been used", async () => {
    const client = await register();
    const { result } = await tokens(client, await consent(client));
    const refresh = (token: string) => oauth.refreshTokenGrantRequest(as, client, oauth.None(), token, options);
    const second = await oauth.processRefreshTokenResponse(as, client, await refresh(result.refresh_token!));
    await oauth.processRefreshTokenResponse(as, client, await refresh(second.refresh_token!));
    const stale = await refresh(result.refresh_token!);
    expect(stale.status).toBe(400);
    expect((await stale.json<{ error: string }>()).error).toBe("invalid_grant");
  });
});

describe("revocation endpoint", () => {
  const revoke = (body: string, type = "application/x-www-form-urlencoded") =>
    exports.default.fetch(
      new Request(`${ORIGIN}/api/oauth/revoke`, { method: "POST", headers: { "content-type": type }, body }),
    );

  it("answers 200 for unknown tokens and 400 invalid_request without a token", async () => {
    expect((await revoke("token=nonsense")).status).toBe(200);
    expect((await revoke(JSON.stringify({ token: "a:b:c" }), "application/json")).status).toBe(200);
    const missing = await revoke("token_type_hint=access_token");
    expect(missing.status).toBe(400);
    expect((await missing.json<{ error: string }>()).error).toBe("invalid_request");
  });

  it("revoking the refresh token (JSON body) kills the access token too", async () => {
    const client = await register();
    const { result } = await tokens(client, await consent(client));
    expect(
      (
        await revoke(
          JSON.stringify({ token: result.refresh_token, token_type_hint: "refresh_token" }),
          "application/json",
        )
      ).status,
    ).toBe(200);
    expect((await api("GET", "/api/v1/posts", bearer(result.access_token))).body.error.code).toBe("invalid_token");
  });

  it("removing a connected app in settings revokes its tokens", async () => {
    const client = await register();
    const consented = await consent(client);
    const { result } = await tokens(client, consented);
    const settings = await consented.browser.fetch("/settings");
    const page = await settings.text();
    expect(page).toContain("Test App");
    const removed = await consented.browser.post(`/settings/apps/${encodeURIComponent(client.client_id)}/remove`, {
      csrf: hiddenField(page, "csrf"),
    });
    expect(removed.status).toBe(200);
    expect((await api("GET", "/api/v1/posts", bearer(result.access_token))).status).toBe(401);
  });
});

describe("client registration", () => {
  it.each([["javascript:alert(1)"], ["data:text/html,hi"], ["https://app.example/cb#frag"], ["http://app.example/cb"]])(
    "refuses redirect URI %s with 400 invalid_redirect_uri",
    async (uri) => {
      const res = await exports.default.fetch(
        new Request(`${ORIGIN}/api/oauth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ redirect_uris: [uri], token_endpoint_auth_method: "none" }),
        }),
      );
      expect(res.status).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe("invalid_redirect_uri");
    },
  );

  it("registers confidential clients too, and escapes the client's name on the consent page", async () => {
    const confidential = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [REDIRECT], client_name: "Server app" },
        options,
      ),
    );
    expect(confidential.client_secret).toBeTruthy();
    const client = await register({ client_name: "<script>alert(1)</script>" });
    const { html } = await consent(client);
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&#60;script&#62;");
  });
});

describe("pages", () => {
  it("sign-up lands on the Free plan; a wrong password is refused without saying which part was wrong", async () => {
    const browser = new Browser();
    const form = await browser.fetch("/signup");
    const csrf = hiddenField(await form.text(), "csrf");
    const created = await browser.post("/signup", {
      csrf,
      next: "/settings",
      email: "new@herald.test",
      password: "long enough pw",
    });
    expect(created.status).toBe(303);
    expect(await (await browser.fetch("/settings")).text()).toContain("free plan");

    const stranger = new Browser();
    const page = await stranger.fetch("/signin");
    const wrong = await stranger.post("/signin", {
      csrf: hiddenField(await page.text(), "csrf"),
      next: "/settings",
      email: "new@herald.test",
      password: "not it",
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("The email or password is not right");
  });

  it("refuses a form without its CSRF token", async () => {
    const browser = new Browser();
    await browser.fetch("/signin");
    const res = await browser.post("/signin", {
      csrf: "forged",
      next: "/settings",
      email: user.email,
      password: user.password,
    });
    expect(res.status).toBe(403);
    expect(browser.cookies.has("herald_session")).toBe(false);
  });

  it("sign-up refuses a short password and a malformed email, saying so, and creates no user", async () => {
    const browser = new Browser();
    const form = await browser.fetch("/signup");
    const csrf = hiddenField(await form.text(), "csrf");
    const short = await browser.post("/signup", {
      csrf,
      next: "/settings",
      email: "short@herald.test",
      password: "nine char",
    });
    const malformed = await browser.post("/signup", {
      csrf,
      next: "/settings",
      email: "not-an-email",
      password: "long enough pw",
    });
    expect([short.status, malformed.status]).toEqual([400, 400]);
    expect(await short.text()).toContain("Use a password of at least 10 characters");
    expect(await malformed.text()).toContain("Enter a valid email");
    const users = await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE email IN ('short@herald.test', 'not-an-email')",
    ).first<{ n: number }>();
    expect(users?.n).toBe(0);
  });

  it("checks the CSRF token of every signed-in form, and does nothing on a forged one", async () => {
    const browser = new Browser();
    await browser.signIn(user.email, user.password);
    const keysBefore = (await api("GET", "/api/v1/api-keys", { key: user.key })).body.data.length;
    const key = await browser.post("/settings/api-keys", { csrf: "forged", name: "forged" });
    const signout = await browser.post("/signout", { csrf: "forged" });
    expect([key.status, signout.status]).toEqual([403, 403]);
    expect(await key.text()).toContain("This page has expired");
    expect((await api("GET", "/api/v1/api-keys", { key: user.key })).body.data).toHaveLength(keysBefore);
    // Still signed in: the forged sign-out ended nothing.
    expect(await (await browser.fetch("/settings")).text()).toContain(user.email);

    const client = await register();
    const refused = await consent(client, { csrf: "forged" });
    expect(refused.answer.status).toBe(403);
    expect(await refused.answer.text()).toContain("This page has expired");
  });

  it("creates an API key on the settings page, shows it once, and it works", async () => {
    const browser = new Browser();
    await browser.signIn(user.email, user.password);
    const settings = await (await browser.fetch("/settings")).text();
    const created = await (
      await browser.post("/settings/api-keys", { csrf: hiddenField(settings, "csrf"), name: "from settings" })
    ).text();
    const key = /id="new-key">(sk_[0-9A-Za-z_]+)</.exec(created)?.[1];
    expect(key).toBeDefined();
    expect((await api("GET", "/api/v1/connected-accounts", { key })).status).toBe(200);
    expect(await (await browser.fetch("/settings")).text()).not.toContain(key!);
  });

  it("lists webhooks with Send test, and notifications, on the settings page", async () => {
    const network = stubNetwork();
    network.serve("hooks.example.com", 200);
    const hook = await addWebhook(user.key, { target_url: "https://hooks.example.com/in", events: ["post.published"] });
    await env.DB.prepare(
      "INSERT INTO notifications (id, user_id, kind, message, data, created_at) VALUES ('ntf_1', ?, 'webhook_switched_off', 'Your webhook was switched off', '{}', 0)",
    )
      .bind(user.userId)
      .run();
    const browser = new Browser();
    await browser.signIn(user.email, user.password);
    const page = await (await browser.fetch("/settings")).text();
    expect(page).toContain("https://hooks.example.com/in");
    expect(page).toContain("Your webhook was switched off");
    const sent = await (
      await browser.post(`/settings/webhooks/${hook.id}/test`, { csrf: hiddenField(page, "csrf") })
    ).text();
    const notice = sent.match(/Test (not )?sent[^<]*/)?.[0];
    expect(notice).toMatch(/Test sent: HTTP 200 in \d+ ms/);
    expect(network.received("hooks.example.com")[0]?.body.event).toBe("test");
    network.restore();
  });

  it("never redirects sign-in to another site", async () => {
    const browser = new Browser();
    const form = await browser.fetch("/signin?next=//evil.example");
    const res = await browser.post("/signin", {
      csrf: hiddenField(await form.text(), "csrf"),
      next: "https://evil.example",
      email: user.email,
      password: user.password,
    });
    expect(res.headers.get("location")).toBe("/settings");
  });
});

describe("discovery on a host other than the issuer's (issue 39, item 11)", () => {
  const HOSTS = [ORIGIN, ORIGIN.replace("localhost", "127.0.0.1"), "http://herald.test"];
  const get = async (url: string) => {
    const res = await exports.default.fetch(new Request(url));
    return { status: res.status, type: res.headers.get("content-type"), body: await res.text() };
  };

  it.each(HOSTS)("GET %s/.well-known/oauth-authorization-server answers the issuer's metadata", async (host) => {
    const issuerDoc = await get(`${ORIGIN}/.well-known/oauth-authorization-server`);
    const res = await get(`${host}/.well-known/oauth-authorization-server`);
    expect(res.status).toBe(200);
    expect(res.type).toContain("application/json");
    expect(JSON.parse(res.body)).toMatchObject({
      issuer: ORIGIN,
      token_endpoint: `${ORIGIN}/api/oauth/token`,
      revocation_endpoint: `${ORIGIN}/api/oauth/revoke`,
      code_challenge_methods_supported: ["S256"],
    });
    expect(res.body).toBe(issuerDoc.body);
  });

  it.each(
    HOSTS.flatMap((host) => [
      [host, "/.well-known/oauth-protected-resource", `${ORIGIN}/api/v1`],
      [host, "/.well-known/oauth-protected-resource/mcp", `${ORIGIN}/mcp`],
    ]),
  )("GET %s%s names the issuer's resource", async (host, path, resource) => {
    const res = await get(`${host}${path}`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ resource, authorization_servers: [ORIGIN] });
  });
});

describe("the OAuth endpoints on a host other than the issuer's", () => {
  it("registration and the token endpoint answer there as on the issuer's host (not an empty 404)", async () => {
    const other = ORIGIN.replace("localhost", "127.0.0.1");
    const reg = await exports.default.fetch(
      new Request(`${other}/api/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: "none" }),
      }),
    );
    expect(reg.status).toBe(201);
    const { client_id } = await reg.json<{ client_id: string }>();
    const token = await exports.default.fetch(
      new Request(`${other}/api/oauth/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code: "nope",
          client_id,
          redirect_uri: REDIRECT,
        }),
      }),
    );
    expect(token.status).toBe(400);
    expect((await token.json<{ error: string }>()).error).toBe("invalid_grant");
  });
});
