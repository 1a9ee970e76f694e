import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TumblrAnswer, UserInfo } from "../../../src/platforms/blogs/tumblr";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import {
  connectThroughConsent,
  credentialsRow,
  expireSoon,
  liveUser,
  runTokenRefresh,
  scriptWorkerFetch,
} from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const TOKEN = "POST https://api.tumblr.com/v2/oauth2/token";
const USER_INFO = "GET https://api.tumblr.com/v2/user/info";
const CALLBACK = "https://herald.test/api/v1/connect/tumblr/callback";

const tokens = (n: number) =>
  json(200, {
    access_token: `tumblr-AT-${n}`,
    expires_in: 2520,
    refresh_token: `tumblr-RT-${n}`,
    scope: "basic write offline_access",
    token_type: "bearer",
  });
let nextUser = 1;
/** `/v2/user/info` as Tumblr documents it; each test its own user (storage is shared within the file). */
const userInfo = (name = `herald${nextUser++}`) =>
  json(200, {
    meta: { status: 200, msg: "OK" },
    response: {
      user: {
        name,
        blogs: [
          { name, title: "Herald", uuid: `t:${name}`, primary: true },
          { name: `${name}-notes`, title: "Notes", uuid: `t:${name}-notes`, primary: false },
        ],
      },
    },
  } satisfies TumblrAnswer<UserInfo>);

const connect = (key: string, name?: string) =>
  connectThroughConsent("tumblr", key, [
    { expect: TOKEN, answer: tokens(1) },
    { expect: USER_INFO, answer: userInfo(name) },
  ]);

const accountRow = (id: string) =>
  env.DB.prepare("SELECT * FROM accounts WHERE id = ?").bind(id).first<Record<string, any>>();

describe("connecting Tumblr end to end (OAuth 2.0, Tumblr scripted)", () => {
  it("sends the user to Tumblr's consent page, exchanges the code, and connects the user with their blogs", async () => {
    const { key } = await liveUser();
    const { url, callback, wire } = await connect(key, "heraldhq");
    expect(url.origin + url.pathname).toBe("https://www.tumblr.com/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("herald-tumblr-key");
    expect(url.searchParams.get("scope")).toBe("basic write offline_access");
    expect(url.searchParams.get("redirect_uri")).toBe(CALLBACK);

    expect(wire.sent[0]!.body).toEqual({
      grant_type: "authorization_code",
      code: "code-from-tumblr",
      redirect_uri: CALLBACK,
      client_id: "herald-tumblr-key",
      client_secret: "herald-tumblr-secret",
    });
    expect(wire.sent[1]!.headers.authorization).toBe("Bearer tumblr-AT-1");

    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({ platform: "tumblr", platform_user_id: "heraldhq", status: "active" });
    const row = await accountRow(callback.body.data.id);
    expect(JSON.parse(row!.destinations)).toEqual([
      { id: "t:heraldhq", label: "Herald (heraldhq)" },
      { id: "t:heraldhq-notes", label: "Notes (heraldhq-notes)" },
    ]);
    const stored = await credentialsRow(callback.body.data.id);
    expect(stored!.sealed).toMatch(/^v1\./);
    expect(stored!.sealed).not.toMatch(/tumblr-AT-1|tumblr-RT-1/);
    expect(stored!.expires_at).toBeGreaterThan(Date.now() + 2_000_000);
    expect(JSON.stringify(callback.body)).not.toMatch(/tumblr-AT-1|tumblr-RT-1/);
  });

  it("a code Tumblr refuses connects nothing", async () => {
    const { userId, key } = await liveUser();
    const { callback } = await connectThroughConsent("tumblr", key, [
      { expect: TOKEN, answer: json(401, { error: "invalid_grant", error_description: "Invalid authorization code" }) },
    ]);
    expect([callback.status, callback.body.error.code]).toEqual([400, "connect_refused"]);
    expect(callback.body.error.message).toContain("Invalid authorization code");
    const accounts = await env.DB.prepare("SELECT COUNT(*) AS n FROM accounts WHERE user_id = ?")
      .bind(userId)
      .first<{ n: number }>();
    expect(accounts!.n).toBe(0);
  });

  it("the hourly job refreshes the tokens with the refresh token; a refused refresh makes the account reauth_required", async () => {
    const { key } = await liveUser();
    const { callback } = await connect(key);
    const id = callback.body.data.id as string;

    await expireSoon(id);
    const refreshed = scriptWorkerFetch([{ expect: TOKEN, answer: tokens(2) }]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 1 });
    expect(refreshed.sent[0]!.body).toEqual({
      grant_type: "refresh_token",
      refresh_token: "tumblr-RT-1",
      client_id: "herald-tumblr-key",
      client_secret: "herald-tumblr-secret",
    });
    vi.restoreAllMocks();
    expect((await credentialsRow(id))!.refresh_lease_until).toBeNull();

    await expireSoon(id);
    const refused = scriptWorkerFetch([
      { expect: TOKEN, answer: json(401, { error: "invalid_grant", error_description: "Refresh token expired" }) },
    ]);
    expect(await runTokenRefresh()).toMatchObject({ reauth_required: 1 });
    // The rotated refresh token was the one spent.
    expect((refused.sent[0]!.body as Record<string, string>).refresh_token).toBe("tumblr-RT-2");
    expect((await accountRow(id))!.status).toBe("reauth_required");
  });

  it("lists the user's blogs as destinations, from Tumblr once, then from the 5-minute cache", async () => {
    const { key } = await liveUser();
    const { callback } = await connect(key, "cachedblogs");
    const id = callback.body.data.id as string;
    const wire = scriptWorkerFetch([{ expect: USER_INFO, answer: userInfo("cachedblogs") }]);
    const first = await api("GET", `/api/v1/composer-platform-parts/destinations/${id}`, { key });
    const second = await api("GET", `/api/v1/composer-platform-parts/destinations/${id}`, { key });
    expect(first.body.data).toEqual({
      mode: "list",
      destinations: [
        { id: "t:cachedblogs", label: "Herald (cachedblogs)" },
        { id: "t:cachedblogs-notes", label: "Notes (cachedblogs-notes)" },
      ],
    });
    expect(second.body.data).toEqual(first.body.data);
    expect(wire.sent).toHaveLength(1);
  });
});
