import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { type Exchange, json } from "../helpers/platform";
import { createPost, settled } from "../helpers/posts";
import {
  connectThroughConsent,
  credentialsRow,
  expireSoon,
  liveUser,
  runTokenRefresh,
  scriptWorkerFetch,
} from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const callback = (platform: string) => `https://herald.test/api/v1/connect/${platform}/callback`;

/**
 * Instagram (Business Login for Instagram, so publishing goes to graph.instagram.com unsigned) and Threads:
 * the same short → long-lived → refreshed user-token ladder on each platform's own hosts.
 */
const LOGINS = [
  {
    platform: "instagram",
    appId: "2002002",
    appSecret: "herald-ig-secret",
    authorize: "https://www.instagram.com/oauth/authorize",
    code: "POST https://api.instagram.com/oauth/access_token",
    tokenHost: "https://graph.instagram.com",
    grant: "ig",
    me: (token: string) =>
      `GET https://graph.instagram.com/v26.0/me?fields=user_id%2Cusername%2Cname&access_token=${token}`,
    meAnswer: (id: string) => ({ user_id: id, id: `scoped-${id}`, username: `user${id}`, name: `Name ${id}` }),
    /** An image post: container, its status, media_publish, permalink. */
    publish: (id: string, token: string): Exchange[] => [
      { expect: `POST https://graph.instagram.com/v26.0/${id}/media`, answer: json(200, { id: "c1" }) },
      {
        expect: `GET https://graph.instagram.com/v26.0/c1?fields=status_code%2Cstatus&access_token=${token}`,
        answer: json(200, { status_code: "FINISHED", id: "c1" }),
      },
      { expect: `POST https://graph.instagram.com/v26.0/${id}/media_publish`, answer: json(200, { id: "m1" }) },
      {
        expect: `GET https://graph.instagram.com/v26.0/m1?fields=permalink&access_token=${token}`,
        answer: json(200, { permalink: "https://www.instagram.com/p/abc/", id: "m1" }),
      },
    ],
    media: [{ type: "image", url: "https://cdn.example/cake.jpg" }],
  },
  {
    platform: "threads",
    appId: "3003003",
    appSecret: "herald-threads-secret",
    authorize: "https://threads.com/oauth/authorize",
    code: "POST https://graph.threads.com/oauth/access_token",
    tokenHost: "https://graph.threads.com",
    grant: "th",
    me: (token: string) => `GET https://graph.threads.com/v1.0/me?fields=id%2Cusername%2Cname&access_token=${token}`,
    meAnswer: (id: string) => ({ id, username: `user${id}`, name: `Name ${id}` }),
    /** A text post: container, its status, threads_publish, permalink. */
    publish: (id: string, token: string): Exchange[] => [
      { expect: `POST https://graph.threads.com/v1.0/${id}/threads`, answer: json(200, { id: "c1" }) },
      {
        expect: `GET https://graph.threads.com/v1.0/c1?fields=status%2Cerror_message&access_token=${token}`,
        answer: json(200, { status: "FINISHED", id: "c1" }),
      },
      { expect: `POST https://graph.threads.com/v1.0/${id}/threads_publish`, answer: json(200, { id: "t1" }) },
      {
        expect: `GET https://graph.threads.com/v1.0/t1?fields=permalink&access_token=${token}`,
        answer: json(200, { permalink: "https://www.threads.com/@user/post/abc", id: "t1" }),
      },
    ],
    media: [],
  },
];

describe.each(LOGINS)("connecting $platform end to end (platform scripted)", (login) => {
  /** The platform's side of one consent: the code, the long-lived exchange, then who the token speaks for. */
  const grants = (id: string, n = 1): Exchange[] => [
    { expect: login.code, answer: json(200, { access_token: `short-${n}`, user_id: id }) },
    {
      expect: `GET ${login.tokenHost}/access_token?grant_type=${login.grant}_exchange_token&client_secret=${login.appSecret}&access_token=short-${n}`,
      answer: json(200, { access_token: `long-${n}`, token_type: "bearer", expires_in: 5183944 }),
    },
    { expect: login.me(`long-${n}`), answer: json(200, login.meAnswer(id)) },
  ];
  const connect = (key: string, id: string, n = 1) => connectThroughConsent(login.platform, key, grants(id, n));

  it("sends the user to the consent page, exchanges the code for a long-lived token and connects the account", async () => {
    const { key } = await liveUser();
    const { url, state, callback: res, wire } = await connect(key, "901");

    expect(url.origin + url.pathname).toBe(login.authorize);
    expect(url.searchParams.get("client_id")).toBe(login.appId);
    expect(url.searchParams.get("redirect_uri")).toBe(callback(login.platform));
    expect(url.searchParams.get("state")).toBe(state);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(wire.sent[0]!.body).toEqual({
      client_id: login.appId,
      client_secret: login.appSecret,
      grant_type: "authorization_code",
      redirect_uri: callback(login.platform),
      code: `code-from-${login.platform}`,
    });

    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      platform: login.platform,
      name: "Name 901",
      platform_user_id: "901",
      status: "active",
      also_connected: [],
    });
    expect(JSON.stringify(res.body)).not.toMatch(/short-1|long-1|herald-ig-secret|herald-threads-secret/);
    const stored = await credentialsRow(res.body.data.id);
    expect(stored!.sealed).not.toMatch(/long-1/);
    expect(stored!.expires_at).toBeGreaterThan(Date.now() + 5_000_000_000);
  });

  it("reconnecting refreshes the account; an account another user holds is refused", async () => {
    const alice = await liveUser();
    const bob = await liveUser();
    const first = await connect(alice.key, "902");
    const again = await connect(alice.key, "902", 2);
    expect([again.callback.status, again.callback.body.data.id]).toEqual([200, first.callback.body.data.id]);
    const stolen = await connect(bob.key, "902");
    expect([stolen.callback.status, stolen.callback.body.error.code]).toEqual([409, "account_taken"]);
    expect((await api("GET", "/api/v1/connected-accounts", { key: bob.key })).body.data).toEqual([]);
  });

  it("publishes with the stored token; the hourly job refreshes it, and a refused refresh asks to reconnect", async () => {
    const { key } = await liveUser();
    const { callback: res } = await connect(key, "903");
    const accountId = res.body.data.id as string;

    let wire = scriptWorkerFetch(login.publish("903", "long-1"));
    const post = await createPost(key, {
      text: "Fresh bread",
      media: login.media,
      platforms: [{ platform: login.platform, account_id: accountId }],
      schedule_type: "immediate",
    });
    expect((await settled(key, post.id)).status).toBe("published");
    // Tokens of these logins belong to their own app: no Facebook appsecret_proof.
    expect(wire.sent[0]!.body).toMatchObject({ access_token: "long-1" });
    expect(wire.sent[0]!.body).not.toHaveProperty("appsecret_proof");
    vi.restoreAllMocks();

    await expireSoon(accountId);
    const refresh = `GET ${login.tokenHost}/refresh_access_token?grant_type=${login.grant}_refresh_token&access_token=long-1`;
    wire = scriptWorkerFetch([
      { expect: refresh, answer: json(200, { access_token: "long-2", token_type: "bearer", expires_in: 5184000 }) },
    ]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 1, reauth_required: 0 });
    expect((await credentialsRow(accountId))!.expires_at).toBeGreaterThan(Date.now() + 5_000_000_000);
    vi.restoreAllMocks();

    await expireSoon(accountId);
    scriptWorkerFetch([
      {
        expect: refresh.replace("long-1", "long-2"),
        answer: json(400, { error: { message: "Error validating access token", type: "OAuthException", code: 190 } }),
      },
    ]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 0, reauth_required: 1 });
    const account = await api("GET", `/api/v1/connected-accounts/${accountId}`, { key });
    expect(account.body.data.status).toBe("reauth_required");
  });
});
