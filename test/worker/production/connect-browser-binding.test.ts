import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { api } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { json } from "../helpers/platform";
import { liveUser, openStart, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const TOKEN_URL = "POST https://api.x.com/2/oauth2/token";
const ME_URL = "GET https://api.x.com/2/users/me?user.fields=subscription_type,username,name";
const xAnswers = (id: string) => [
  {
    expect: TOKEN_URL,
    answer: json(200, { token_type: "bearer", expires_in: 7200, access_token: "AT", refresh_token: "RT" }),
  },
  { expect: ME_URL, answer: json(200, { data: { id, name: "Victim on X", username: "victim" } }) },
];

const accountsOf = async (key: string) => (await api("GET", "/api/v1/connected-accounts", { key })).body.data;
const stateRow = async (state: string) =>
  env.DB.prepare("SELECT * FROM connect_states WHERE state_hash = ?")
    .bind(await sha256Hex(state))
    .first<Record<string, unknown>>();

describe("connecting a platform account is bound to the browser that started it (#14 rule 2)", () => {
  it("refuses the attacker's link opened by a victim: a plain page, nothing connected, the platform never asked", async () => {
    const attacker = await liveUser();
    const start = await api("GET", "/api/v1/connect/twitter", { key: attacker.key });
    // The attacker opens the start link themselves, then sends the platform's consent URL to the victim.
    const { url } = await openStart(attacker.key, start.body.data.authorization_url);
    const state = url.searchParams.get("state")!;

    // The victim consents on X; X sends the victim's browser (signed in to Herald as the victim, or not at all) back.
    const victim = await liveUser();
    const platform = scriptWorkerFetch([]);
    for (const browser of [new Browser(), await new Browser().signInWithKey(victim.key)]) {
      const back = await browser.page(`/api/v1/connect/twitter/callback?state=${state}&code=victims-code`);
      if (back.status === 403) {
        expect(back.text).toContain("started in another browser");
        expect(back.text).toContain("Nothing was connected");
      } else expect(back.status).toBe(400); // the first refusal used the state up
    }
    expect(platform.sent).toEqual([]);
    expect(await accountsOf(attacker.key)).toEqual([]);
    expect(await accountsOf(victim.key)).toEqual([]);
    expect(await stateRow(state)).toBeNull();
  });

  it("refuses the attacker's start link opened by a victim: sign in first, then told it is another user's", async () => {
    const attacker = await liveUser();
    const victim = await liveUser();
    const start = await api("GET", "/api/v1/connect/twitter", { key: attacker.key });
    const startPath = new URL(start.body.data.authorization_url).pathname;

    const anonymous = await new Browser().fetch(start.body.data.authorization_url);
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([
      302,
      `/signin?next=${encodeURIComponent(startPath)}`,
    ]);
    const signedIn = await (await new Browser().signInWithKey(victim.key)).page(start.body.data.authorization_url);
    expect(signedIn.status).toBe(403);
    expect(signedIn.text).toContain("started by another Herald user");
    expect(signedIn.location).toBeNull();
    expect((await stateRow(start.body.data.state))!.browser_hash).toBeNull();
  });

  it("lets the browser that opened the start link finish, with its cookie: HttpOnly, SameSite=Lax, Secure on https", async () => {
    const owner = await liveUser();
    const start = await api("GET", "/api/v1/connect/twitter", { key: owner.key });
    const browser = await new Browser().signInWithKey(owner.key);
    const opened = await browser.fetch(start.body.data.authorization_url);
    expect(opened.status).toBe(302);
    const cookie = opened.headers.getSetCookie().find((c) => c.startsWith("herald_consent="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i); // this deployment is https://herald.test
    expect(cookie).toMatch(/Max-Age=600/i);
    const nonce = browser.cookies.get("herald_consent")!;
    expect((await stateRow(start.body.data.state))!.browser_hash).toBe(await sha256Hex(nonce));

    // Signed out in the meantime: the cookie alone carries the binding.
    browser.cookies.delete("herald_session");
    scriptWorkerFetch(xAnswers("880001"));
    const done = await browser.json(`/api/v1/connect/twitter/callback?state=${start.body.data.state}&code=c`);
    expect([done.status, done.body.data.platform_user_id]).toEqual([201, "880001"]);
  });

  it("also lets a browser signed in as the same user finish without the cookie, and answers a browser with a page", async () => {
    const owner = await liveUser();
    const start = await api("GET", "/api/v1/connect/twitter", { key: owner.key });
    await openStart(owner.key, start.body.data.authorization_url);
    const elsewhere = await new Browser().signInWithKey(owner.key);
    scriptWorkerFetch(xAnswers("880002"));
    const done = await elsewhere.page(`/api/v1/connect/twitter/callback?state=${start.body.data.state}&code=c`);
    expect(done.status).toBe(200);
    expect(done.text).toContain("Connected Victim on X (twitter) to Herald");
    expect((await accountsOf(owner.key)).map((a: { platform_user_id: string }) => a.platform_user_id)).toEqual([
      "880002",
    ]);
  });

  it.each([
    "twitter",
    "linkedin",
    "facebook",
    "instagram",
    "threads",
    "tiktok",
    "youtube",
    "pinterest",
    "dribbble",
    "twitch",
    "kick",
  ])("%s: a callback in another browser is refused before the platform is asked", async (platform) => {
    const owner = await liveUser();
    const start = await api("GET", `/api/v1/connect/${platform}`, { key: owner.key });
    expect(start.body.data.authorization_url).toBe(`https://herald.test/connect/start/${start.body.data.state}`);
    const { url } = await openStart(owner.key, start.body.data.authorization_url);
    expect(url.searchParams.get("state")).toBe(start.body.data.state);
    const wire = scriptWorkerFetch([]);
    const other = await new Browser().json(
      `/api/v1/connect/${platform}/callback?state=${start.body.data.state}&code=c`,
    );
    expect([other.status, other.body.error.code]).toEqual([403, "wrong_browser"]);
    expect(wire.sent).toEqual([]);
    expect(await accountsOf(owner.key)).toEqual([]);
  });

  it("mastodon: the same, for a consent started on an instance", async () => {
    const owner = await liveUser();
    const instance = "https://binding.example";
    scriptWorkerFetch([
      {
        expect: `POST ${instance}/api/v1/apps`,
        answer: json(200, { client_id: "binding-client", client_secret: "binding-secret" }),
      },
    ]);
    const start = await api("POST", "/api/v1/connect/mastodon", { key: owner.key, body: { instance_url: instance } });
    vi.restoreAllMocks();
    const { url } = await openStart(owner.key, start.body.data.authorization_url);
    expect(url.origin).toBe(instance);
    const wire = scriptWorkerFetch([]);
    const other = await new Browser().json(`/api/v1/connect/mastodon/callback?state=${start.body.data.state}&code=c`);
    expect([other.status, other.body.error.code]).toEqual([403, "wrong_browser"]);
    expect(wire.sent).toEqual([]);
  });
});
