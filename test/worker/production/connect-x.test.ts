import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runJobs } from "../../../src/cron";
import { sha256Hex } from "../../../src/lib/crypto";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { followStart, liveUser, openStart, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

afterEach(() => vi.restoreAllMocks());

const TOKEN_URL = "POST https://api.x.com/2/oauth2/token";
const REVOKE_URL = "POST https://api.x.com/2/oauth2/revoke";
const ME_URL = "GET https://api.x.com/2/users/me?user.fields=subscription_type,username,name";
const CALLBACK = "https://herald.test/api/v1/connect/twitter/callback";

const tokens = (n: number) =>
  json(200, {
    token_type: "bearer",
    expires_in: 7200,
    access_token: `AT-${n}`,
    scope: "tweet.read",
    refresh_token: `RT-${n}`,
  });
let nextId = 5_000_000_000;
/** X's user lookup answer; each test connects identities of its own (storage is shared within the file). */
const me = (id = String(nextId++), subscription_type = "Premium") =>
  json(200, { data: { id, name: "Herald on X", username: "herald", subscription_type } });

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** Runs the whole consent round trip for `key` with the platform side scripted; returns the callback's answer. */
async function connectX(key: string, identity = me()) {
  const start = await api("GET", "/api/v1/connect/twitter", { key });
  expect(start.status).toBe(200);
  const { browser, url } = await openStart(key, start.body.data.authorization_url);
  const platform = scriptWorkerFetch([
    { expect: TOKEN_URL, answer: tokens(1) },
    { expect: ME_URL, answer: identity },
  ]);
  const state = url.searchParams.get("state")!;
  const callback = await browser.json(`/api/v1/connect/twitter/callback?state=${state}&code=code-from-x`);
  vi.restoreAllMocks();
  return { start, url, state, callback, platform, browser };
}

const credentialsRow = (accountId: string) =>
  env.DB.prepare("SELECT * FROM account_credentials WHERE account_id = ?").bind(accountId).first<Record<string, any>>();

const postNow = (key: string, accountId: string, text = "Launch day") =>
  api("POST", "/api/v1/posts", {
    key,
    body: { text, platforms: [{ platform: "twitter", account_id: accountId }], schedule_type: "immediate" },
  });

const settledPost = (key: string, postId: string) =>
  eventually(async () => {
    const res = await api("GET", `/api/v1/posts/${postId}`, { key });
    return ["published", "failed"].includes(res.body.data.status) ? res.body.data : undefined;
  }, `post ${postId} to settle`);

describe("connecting X end to end (OAuth 2.0 with PKCE, X scripted)", () => {
  it("sends the user to X with a state bound to them and an S256 challenge, then connects the account", async () => {
    const { userId, key } = await liveUser();
    const { start, url, state, callback, platform } = await connectX(key, me("2244994945"));

    expect(url.origin + url.pathname).toBe("https://x.com/i/oauth2/authorize");
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);
    expect(url.searchParams.get("client_id")).toBe("herald-x-client");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(start.body.data.state).toBe(state);
    const pending = await env.DB.prepare("SELECT * FROM connect_states WHERE user_id = ?").bind(userId).all();
    expect(pending.results).toHaveLength(0); // used up by the callback

    // The code was exchanged with the verifier whose S256 hash X was shown.
    const exchange = platform.sent[0]!;
    expect(exchange.headers.authorization).toBe(`Basic ${btoa("herald-x-client:herald-x-secret")}`);
    const verifier = (exchange.body as Record<string, string>).code_verifier!;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
    expect(base64url(digest)).toBe(url.searchParams.get("code_challenge"));
    expect(exchange.body).toMatchObject({
      code: "code-from-x",
      grant_type: "authorization_code",
      redirect_uri: CALLBACK,
    });
    expect(platform.sent[1]!.headers.authorization).toBe("Bearer AT-1");

    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({
      platform: "twitter",
      name: "Herald on X",
      platform_user_id: "2244994945",
      subscription_tier: "premium",
      text_limit: 4000,
      status: "active",
    });
    expect(JSON.stringify(callback.body)).not.toMatch(/AT-1|RT-1/);

    // Stored encrypted, with the expiry in the clear for the refresh job.
    const stored = await credentialsRow(callback.body.data.id);
    expect(stored!.sealed).toMatch(/^v1\./);
    expect(stored!.sealed).not.toMatch(/AT-1|RT-1/);
    expect(stored!.expires_at).toBeGreaterThan(Date.now() + 7_000_000);
  });

  it("uses a state once, refuses an unknown one, and says so when the user declines", async () => {
    const { key } = await liveUser();
    const { state, callback, browser } = await connectX(key);
    expect(callback.status).toBe(201);
    const again = await browser.json(`/api/v1/connect/twitter/callback?state=${state}&code=code-from-x`);
    expect([again.status, again.body.error.code]).toEqual([400, "invalid_state"]);
    const unknown = await api("GET", "/api/v1/connect/twitter/callback?state=forged&code=x");
    expect([unknown.status, unknown.body.error.code]).toEqual([400, "invalid_state"]);

    const start = await api("GET", "/api/v1/connect/twitter", { key });
    await followStart(browser, start.body.data.authorization_url);
    const declined = await browser.json(
      `/api/v1/connect/twitter/callback?state=${start.body.data.state}&error=access_denied`,
    );
    expect([declined.status, declined.body.error.code]).toEqual([400, "connect_denied"]);
  });

  it("keeps the state hashed and expires it after 10 minutes", async () => {
    const { userId, key } = await liveUser();
    const start = await api("GET", "/api/v1/connect/twitter", { key });
    const state = start.body.data.state as string;
    const row = await env.DB.prepare("SELECT * FROM connect_states WHERE user_id = ?")
      .bind(userId)
      .first<Record<string, any>>();
    expect(row!.state_hash).toBe(await sha256Hex(state));
    expect(row!.sealed_verifier).toMatch(/^v1\./);
    await env.DB.prepare("UPDATE connect_states SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, userId)
      .run();
    const late = await api("GET", `/api/v1/connect/twitter/callback?state=${state}&code=c`);
    expect([late.status, late.body.error.code]).toEqual([400, "invalid_state"]);
  });

  it("refreshes the account on reconnect, and refuses an identity another user holds", async () => {
    const alice = await liveUser();
    const bob = await liveUser();
    const first = await connectX(alice.key, me("42", "None"));
    expect([first.callback.status, first.callback.body.data.text_limit]).toEqual([201, 280]);

    const again = await connectX(alice.key, me("42", "Basic"));
    expect(again.callback.status).toBe(200);
    expect(again.callback.body.data).toMatchObject({
      id: first.callback.body.data.id,
      subscription_tier: "basic",
      text_limit: 4000,
    });

    const stolen = await connectX(bob.key, me("42", "None"));
    expect([stolen.callback.status, stolen.callback.body.error.code]).toEqual([409, "account_taken"]);
    expect((await api("GET", "/api/v1/connected-accounts", { key: bob.key })).body.data).toEqual([]);
    const kept = await api("GET", `/api/v1/connected-accounts/${first.callback.body.data.id}`, { key: alice.key });
    expect(kept.body.data.subscription_tier).toBe("basic");
  });

  it("publishes with the stored token, refreshes it before it expires, and a refused refresh ends in reauth_required", async () => {
    const { key } = await liveUser();
    const { callback } = await connectX(key, me("777"));
    const accountId = callback.body.data.id as string;

    // 1. A fresh token: the post goes out with it.
    let platform = scriptWorkerFetch([
      {
        expect: "POST https://api.x.com/2/tweets",
        answer: json(201, { data: { id: "1850000000000000001", text: "Launch day" } }),
      },
    ]);
    const first = await postNow(key, accountId);
    expect(first.status).toBe(201);
    const published = await settledPost(key, first.body.data.id);
    expect(published.status).toBe("published");
    expect(platform.sent[0]!.headers.authorization).toBe("Bearer AT-1");
    vi.restoreAllMocks();

    // 2. About to expire: refreshed first (rotating the refresh token), then used.
    await env.DB.prepare("UPDATE account_credentials SET expires_at = ? WHERE account_id = ?")
      .bind(Date.now() + 60_000, accountId)
      .run();
    platform = scriptWorkerFetch([
      { expect: TOKEN_URL, answer: tokens(2) },
      {
        expect: "POST https://api.x.com/2/tweets",
        answer: json(201, { data: { id: "1850000000000000002", text: "Second" } }),
      },
    ]);
    const second = await postNow(key, accountId, "Second");
    expect((await settledPost(key, second.body.data.id)).status).toBe("published");
    expect(platform.sent[0]!.body).toEqual({ refresh_token: "RT-1", grant_type: "refresh_token" });
    expect(platform.sent[1]!.headers.authorization).toBe("Bearer AT-2");
    expect((await credentialsRow(accountId))!.expires_at).toBeGreaterThan(Date.now() + 7_000_000);
    vi.restoreAllMocks();

    // 3. X refuses the refresh: the account must be reconnected, and nothing is posted.
    await env.DB.prepare("UPDATE account_credentials SET expires_at = ? WHERE account_id = ?")
      .bind(Date.now() + 60_000, accountId)
      .run();
    platform = scriptWorkerFetch([
      {
        expect: TOKEN_URL,
        answer: json(400, { error: "invalid_request", error_description: "Value passed for the token was invalid." }),
      },
    ]);
    const third = await postNow(key, accountId, "Third");
    const failed = await settledPost(key, third.body.data.id);
    expect(failed.status).toBe("failed");
    expect(failed.platforms[0].error.code).toBe("reauth_required");
    expect(platform.sent.map((s) => s.url)).toEqual(["https://api.x.com/2/oauth2/token"]);
    const account = await api("GET", `/api/v1/connected-accounts/${accountId}`, { key });
    expect(account.body.data.status).toBe("reauth_required");
    vi.restoreAllMocks();

    // 4. Until reconnected, posts to it fail clearly without calling X.
    platform = scriptWorkerFetch([]);
    const fourth = await postNow(key, accountId, "Fourth");
    const refused = await settledPost(key, fourth.body.data.id);
    expect(refused.platforms[0].error.code).toBe("reauth_required");
    expect(platform.sent).toEqual([]);
    vi.restoreAllMocks();

    // 5. Reconnecting brings it back.
    const back = await connectX(key, me("777"));
    expect([back.callback.status, back.callback.body.data.status]).toEqual([200, "active"]);
  });

  it("disconnects: credentials deleted, X asked to revoke them, a post scheduled to it fails with account_disconnected", async () => {
    const { key } = await liveUser();
    const other = await liveUser();
    const { callback } = await connectX(key);
    const accountId = callback.body.data.id as string;
    const later = await api("POST", "/api/v1/posts", {
      key,
      body: {
        text: "Scheduled",
        platforms: [{ platform: "twitter", account_id: accountId }],
        schedule_type: "scheduled",
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(later.status).toBe(201);

    const peek = await api("DELETE", `/api/v1/connected-accounts/${accountId}`, { key: other.key });
    expect(peek.status).toBe(404);
    const revoked = json(200, { revoked: true });
    const revocation = scriptWorkerFetch([
      { expect: REVOKE_URL, answer: revoked },
      { expect: REVOKE_URL, answer: revoked },
    ]);
    const res = await api("DELETE", `/api/v1/connected-accounts/${accountId}`, { key });
    expect([res.status, res.body.data.status]).toEqual([200, "disconnected"]);
    expect(await credentialsRow(accountId)).toBeNull();

    // Through the revocation queue: the refresh token, then the access token, as the client (Basic auth).
    await eventually(async () => (revocation.sent.length === 2 ? true : undefined), "X's revoke requests");
    const basic = `Basic ${btoa("herald-x-client:herald-x-secret")}`;
    expect(revocation.sent.map((s) => [s.url, s.headers.authorization, s.body])).toEqual([
      ["https://api.x.com/2/oauth2/revoke", basic, { token: "RT-1", token_type_hint: "refresh_token" }],
      ["https://api.x.com/2/oauth2/revoke", basic, { token: "AT-1", token_type_hint: "access_token" }],
    ]);
    vi.restoreAllMocks();

    // The post falls due: it fails clearly, and X is not called.
    const platform = scriptWorkerFetch([]);
    await env.DB.prepare("UPDATE posts SET scheduled_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, later.body.data.id)
      .run();
    await runJobs(await createRuntime(env), ["publish-sweep"]);
    const failed = await settledPost(key, later.body.data.id);
    expect(failed.platforms[0].error.code).toBe("account_disconnected");
    expect(platform.sent).toEqual([]);
  });
});
