import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { type Exchange, json } from "../helpers/platform";
import { liveUser, openStart, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

afterEach(() => vi.restoreAllMocks());

const CALLBACK = "https://herald.test/api/v1/connect/mastodon/callback";
let nextInstance = 1;
/** Each test its own instance: Herald's apps are kept per instance for the whole file. */
const newInstance = () => `https://social${nextInstance++}.example`;

const registered = (instance: string, n = 1): Exchange => ({
  expect: `POST ${instance}/api/v1/apps`,
  answer: json(200, {
    id: "563419",
    name: "Herald",
    client_id: `client-${n}`,
    client_secret: `secret-${n}`,
    redirect_uris: [CALLBACK],
  }),
});

const start = (key: string, instance_url: string) =>
  api("POST", "/api/v1/connect/mastodon", { key, body: { instance_url } });

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");

/** The instance's answers to the callback: the token, who it is, and the instance's limits. */
const callbackScript = (instance: string, accountId = "109", maxCharacters = 1000): Exchange[] => [
  {
    expect: `POST ${instance}/oauth/token`,
    answer: json(200, { access_token: "masto-AT", token_type: "Bearer", scope: "read write", created_at: 1 }),
  },
  {
    expect: `GET ${instance}/api/v1/accounts/verify_credentials`,
    answer: json(200, { id: accountId, username: "herald", display_name: "Herald" }),
  },
  {
    expect: `GET ${instance}/api/v2/instance`,
    answer: json(200, { configuration: { statuses: { max_characters: maxCharacters } } }),
  },
];

describe("connecting Mastodon through Herald's app on the instance (instance scripted)", () => {
  it("registers Herald once per instance, then sends the user to the instance's consent page", async () => {
    const alice = await liveUser();
    const bob = await liveUser();
    const instance = newInstance();

    let platform = scriptWorkerFetch([registered(instance)]);
    const first = await start(alice.key, `${instance}/about`);
    expect(first.status).toBe(202);
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: `${instance}/api/v1/apps`,
        headers: { "content-type": "application/json" },
        body: { client_name: "Herald", redirect_uris: CALLBACK, scopes: "read write", website: "https://herald.test" },
      },
    ]);
    vi.restoreAllMocks();

    expect(first.body.data.authorization_url).toBe(`https://herald.test/connect/start/${first.body.data.state}`);
    const { url } = await openStart(alice.key, first.body.data.authorization_url);
    expect(url.origin + url.pathname).toBe(`${instance}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "client-1",
      redirect_uri: CALLBACK,
      scope: "read write",
      state: first.body.data.state,
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: "S256",
    });

    // Later connections to the same instance, by anyone, reuse the app: the instance is not called.
    platform = scriptWorkerFetch([]);
    const again = await start(bob.key, `${instance}/`);
    expect(again.status).toBe(202);
    expect((await openStart(bob.key, again.body.data.authorization_url)).url.searchParams.get("client_id")).toBe(
      "client-1",
    );
    expect(platform.sent).toEqual([]);
    const apps = await env.DB.prepare("SELECT * FROM oauth_apps WHERE server_url = ?").bind(instance).all();
    expect(apps.results).toHaveLength(1);
  });

  it("keeps the app's client secret encrypted, and the state bound to its instance", async () => {
    const { userId, key } = await liveUser();
    const instance = newInstance();
    scriptWorkerFetch([registered(instance, 7)]);
    const res = await start(key, instance);
    const row = await env.DB.prepare("SELECT * FROM oauth_apps WHERE server_url = ?")
      .bind(instance)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ platform: "mastodon", client_id: "client-7", redirect_uri: CALLBACK });
    expect(row!.sealed_secret).toMatch(/^v1\./);
    expect(row!.sealed_secret).not.toContain("secret-7");
    const state = await env.DB.prepare("SELECT server_url FROM connect_states WHERE user_id = ?")
      .bind(userId)
      .first<string>("server_url");
    expect(state).toBe(instance);
    expect(JSON.stringify(res.body)).not.toContain("secret-7");
  });

  it("exchanges the code on the callback as documented, reads the instance's limit, and connects the account", async () => {
    const { key } = await liveUser();
    const instance = newInstance();
    scriptWorkerFetch([registered(instance)]);
    const started = await start(key, instance);
    const { browser, url } = await openStart(key, started.body.data.authorization_url);
    vi.restoreAllMocks();

    const platform = scriptWorkerFetch(callbackScript(instance, "109", 5000));
    const state = url.searchParams.get("state")!;
    const callback = await browser.json(`/api/v1/connect/mastodon/callback?code=the-code&state=${state}`);
    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({
      platform: "mastodon",
      platform_user_id: `109@${new URL(instance).host}`,
      name: "Herald",
      text_limit: 5000,
      status: "active",
    });

    const exchange = platform.sent[0]!;
    expect(exchange.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const verifier = (exchange.body as Record<string, string>).code_verifier!;
    expect(exchange.body).toEqual({
      grant_type: "authorization_code",
      code: "the-code",
      client_id: "client-1",
      client_secret: "secret-1",
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    });
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
    expect(base64url(digest)).toBe(url.searchParams.get("code_challenge"));
    expect(platform.sent[1]!.headers.authorization).toBe("Bearer masto-AT");
    expect(platform.sent[2]!.headers.authorization).toBe("Bearer masto-AT");

    const stored = await env.DB.prepare("SELECT sealed FROM account_credentials WHERE account_id = ?")
      .bind(callback.body.data.id)
      .first<string>("sealed");
    expect(stored).not.toMatch(/masto-AT|secret-1/);
  });

  it("revokes the token at the instance's /oauth/revoke, with Herald's app, when the account is disconnected", async () => {
    const { key } = await liveUser();
    const instance = newInstance();
    scriptWorkerFetch([registered(instance, 3), ...callbackScript(instance, "111")]);
    const started = await start(key, instance);
    const { browser } = await openStart(key, started.body.data.authorization_url);
    const callback = await browser.json(`/api/v1/connect/mastodon/callback?code=c&state=${started.body.data.state}`);
    vi.restoreAllMocks();

    const platform = scriptWorkerFetch([{ expect: `POST ${instance}/oauth/revoke`, answer: json(200, {}) }]);
    const res = await api("DELETE", `/api/v1/connected-accounts/${callback.body.data.id}`, { key });
    expect(res.body.data.status).toBe("disconnected");
    await eventually(async () => (platform.sent.length === 1 ? true : undefined), "the instance's revoke request");
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: `${instance}/oauth/revoke`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: { client_id: "client-3", client_secret: "secret-3", token: "masto-AT" },
      },
    ]);
  });

  it("refuses an instance that is not a public https URL, naming instance_url, without calling it", async () => {
    const { key } = await liveUser();
    const platform = scriptWorkerFetch([]);
    for (const bad of [
      "http://mastodon.example",
      "https://127.0.0.1",
      "https://10.1.2.3",
      "https://localhost:3000",
      "https://box.internal",
      "https://[::1]",
      "not a url",
    ]) {
      for (const body of [{ instance_url: bad }, { instance_url: bad, access_token: "pasted" }]) {
        const res = await api("POST", "/api/v1/connect/mastodon", { key, body });
        expect([res.status, res.body.error.code, res.body.error.issues[0].path], bad).toEqual([
          400,
          "validation_error",
          "instance_url",
        ]);
      }
    }
    const missing = await api("POST", "/api/v1/connect/mastodon", { key, body: {} });
    expect([missing.status, missing.body.error.issues[0].path]).toEqual([400, "instance_url"]);
    expect(platform.sent).toEqual([]);
  });

  it("refuses an unknown, used or other platform's state, and a GET start that names no instance", async () => {
    const { key } = await liveUser();
    const instance = newInstance();
    scriptWorkerFetch([registered(instance), ...callbackScript(instance, "110")]);
    const started = await start(key, instance);
    const state = started.body.data.state as string;
    const { browser } = await openStart(key, started.body.data.authorization_url);

    const forged = await api("GET", "/api/v1/connect/mastodon/callback?code=c&state=forged");
    expect([forged.status, forged.body.error.code]).toEqual([400, "invalid_state"]);
    const x = await api("GET", "/api/v1/connect/twitter", { key });
    const xState = x.body.data.state as string;
    const crossed = await api("GET", `/api/v1/connect/mastodon/callback?code=c&state=${xState}`);
    expect([crossed.status, crossed.body.error.code]).toEqual([400, "invalid_state"]);

    expect((await browser.json(`/api/v1/connect/mastodon/callback?code=c&state=${state}`)).status).toBe(201);
    const reused = await browser.json(`/api/v1/connect/mastodon/callback?code=c&state=${state}`);
    expect([reused.status, reused.body.error.code]).toEqual([400, "invalid_state"]);

    const get = await api("GET", "/api/v1/connect/mastodon", { key });
    expect([get.status, get.body.error.code]).toEqual([400, "wrong_connect_method"]);
  });

  it("says so when the instance refuses to register Herald or cannot be reached", async () => {
    const { key } = await liveUser();
    const refusing = newInstance();
    const down = newInstance();
    scriptWorkerFetch([
      {
        expect: `POST ${refusing}/api/v1/apps`,
        answer: json(422, { error: "Validation failed: Redirect URI must be an absolute URI." }),
      },
      { expect: `POST ${down}/api/v1/apps`, answer: "network-error" },
    ]);
    const refused = await start(key, refusing);
    expect([refused.status, refused.body.error.code]).toEqual([400, "connect_refused"]);
    expect(refused.body.error.message).toContain("Redirect URI must be an absolute URI");
    const unreachable = await start(key, down);
    expect([unreachable.status, unreachable.body.error.code]).toEqual([502, "platform_unreachable"]);
    const apps = await env.DB.prepare("SELECT count(*) AS n FROM oauth_apps WHERE server_url IN (?, ?)")
      .bind(refusing, down)
      .first<number>("n");
    expect(apps).toBe(0);
  });
});
