import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const PDS = "https://bsky.social/xrpc";
const TG_TOKEN = "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw0";
const TG = `https://api.telegram.org/bot${TG_TOKEN}`;

const session = (did: string) =>
  json(200, {
    did,
    handle: "herald.bsky.social",
    accessJwt: "header.eyJleHAiOjE5MDAwMDAwMDB9.sig",
    refreshJwt: "refresh",
  });

const accountsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT * FROM accounts WHERE user_id = ?").bind(userId).all()).results;

describe("connecting with credentials (platforms scripted)", () => {
  it("connects Bluesky with a handle and app password checked against the PDS, storing them encrypted", async () => {
    const { key } = await liveUser();
    const platform = scriptWorkerFetch([
      { expect: `POST ${PDS}/com.atproto.server.createSession`, answer: session("did:plc:one") },
    ]);
    const res = await api("POST", "/api/v1/connect/bluesky", {
      key,
      body: { handle: "herald.bsky.social", app_password: "abcd-efgh-ijkl-mnop" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      platform: "bluesky",
      platform_user_id: "did:plc:one",
      name: "herald.bsky.social",
      text_limit: 300,
      status: "active",
    });
    expect(platform.sent[0]!.body).toEqual({ identifier: "herald.bsky.social", password: "abcd-efgh-ijkl-mnop" });
    const stored = await env.DB.prepare("SELECT sealed FROM account_credentials WHERE account_id = ?")
      .bind(res.body.data.id)
      .first<{ sealed: string }>();
    expect(stored!.sealed).not.toContain("abcd-efgh-ijkl-mnop");
    expect(JSON.stringify(res.body)).not.toContain("abcd-efgh");
  });

  it("refuses bad input naming the field, before calling the platform or writing anything", async () => {
    const { userId, key } = await liveUser();
    const platform = scriptWorkerFetch([]);
    const res = await api("POST", "/api/v1/connect/telegram", {
      key,
      body: { bot_token: "nope", channel: "@heraldnews" },
    });
    expect([res.status, res.body.error.code, res.body.error.issues[0].path]).toEqual([
      400,
      "validation_error",
      "bot_token",
    ]);
    expect(platform.sent).toEqual([]);
    expect(await accountsOf(userId)).toEqual([]);
  });

  it("says what the platform said when it refuses, and that it is unreachable when it is", async () => {
    const { userId, key } = await liveUser();
    scriptWorkerFetch([
      {
        expect: `POST ${PDS}/com.atproto.server.createSession`,
        answer: json(401, { error: "AuthenticationRequired", message: "Invalid identifier or password" }),
      },
      { expect: `POST ${PDS}/com.atproto.server.createSession`, answer: json(503, { error: "Unavailable" }) },
    ]);
    const body = { handle: "herald.bsky.social", app_password: "wrong" };
    const refused = await api("POST", "/api/v1/connect/bluesky", { key, body });
    expect([refused.status, refused.body.error.code]).toEqual([400, "connect_refused"]);
    expect(refused.body.error.message).toContain("Invalid identifier or password");
    const down = await api("POST", "/api/v1/connect/bluesky", { key, body });
    expect([down.status, down.body.error.code]).toEqual([502, "platform_unreachable"]);
    expect(await accountsOf(userId)).toEqual([]);
  });

  it("adds a channel when the same Telegram bot is connected again, and refuses the bot to another user", async () => {
    const alice = await liveUser();
    const bob = await liveUser();
    const getMe = json(200, {
      ok: true,
      result: { id: 123456789, is_bot: true, first_name: "Herald", username: "herald_bot" },
    });
    const chat = (id: number, title: string) => json(200, { ok: true, result: { id, type: "channel", title } });
    const admin = json(200, { ok: true, result: { status: "administrator", can_post_messages: true } });
    scriptWorkerFetch([
      { expect: `POST ${TG}/getMe`, answer: getMe },
      { expect: `POST ${TG}/getChat`, answer: chat(-1001, "News") },
      { expect: `POST ${TG}/getChatMember`, answer: admin },
      { expect: `POST ${TG}/getMe`, answer: getMe },
      { expect: `POST ${TG}/getChat`, answer: chat(-1002, "Deals") },
      { expect: `POST ${TG}/getChatMember`, answer: admin },
      { expect: `POST ${TG}/getMe`, answer: getMe },
      { expect: `POST ${TG}/getChat`, answer: chat(-1003, "Bob's") },
      { expect: `POST ${TG}/getChatMember`, answer: admin },
    ]);
    const connect = (key: string, channel: string) =>
      api("POST", "/api/v1/connect/telegram", { key, body: { bot_token: TG_TOKEN, channel } });
    const first = await connect(alice.key, "@heraldnews");
    const second = await connect(alice.key, "@heralddeals");
    expect([first.status, second.status, second.body.data.id]).toEqual([201, 200, first.body.data.id]);
    const [row] = await accountsOf(alice.userId);
    expect(JSON.parse(String(row!.destinations))).toEqual([
      { id: "-1001", label: "News" },
      { id: "-1002", label: "Deals" },
    ]);
    const stolen = await connect(bob.key, "@bobschannel");
    expect([stolen.status, stolen.body.error.code]).toEqual([409, "account_taken"]);
  });

  it("takes Mastodon's character limit from the instance", async () => {
    const { key } = await liveUser();
    scriptWorkerFetch([
      {
        expect: "GET https://mastodon.example/api/v1/accounts/verify_credentials",
        answer: json(200, { id: "109", username: "herald", display_name: "" }),
      },
      {
        expect: "GET https://mastodon.example/api/v2/instance",
        answer: json(200, { configuration: { statuses: { max_characters: 5000 } } }),
      },
    ]);
    const res = await api("POST", "/api/v1/connect/mastodon", {
      key,
      body: { instance_url: "https://mastodon.example", access_token: "masto-token" },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: "@herald@mastodon.example",
      platform_user_id: "109@mastodon.example",
      text_limit: 5000,
    });
  });

  it("points each platform at its own way of connecting", async () => {
    const { key } = await liveUser();
    const post = await api("POST", "/api/v1/connect/twitter", { key, body: {} });
    expect([post.status, post.body.error.code]).toEqual([400, "wrong_connect_method"]);
    const get = await api("GET", "/api/v1/connect/bluesky", { key });
    expect([get.status, get.body.error.code]).toEqual([400, "wrong_connect_method"]);
  });

  it("refuses a new account over the plan's account limit, after learning who it is", async () => {
    const { userId, key } = await liveUser("free");
    for (let i = 0; i < 3; i++) {
      await env.DB.prepare(
        "INSERT INTO accounts (id, user_id, platform, name, platform_user_id, text_limit, status, destinations, created_at) VALUES (?, ?, 'mastodon', 'm', ?, 500, 'active', '[]', 0)",
      )
        .bind(`acct_limit_${i}`, userId, `limit-${i}@m.example`)
        .run();
    }
    const platform = scriptWorkerFetch([
      { expect: `POST ${PDS}/com.atproto.server.createSession`, answer: session("did:plc:limit") },
    ]);
    const res = await api("POST", "/api/v1/connect/bluesky", {
      key,
      body: { handle: "herald.bsky.social", app_password: "p" },
    });
    expect([res.status, res.body.error.code]).toEqual([403, "feature_disabled"]);
    expect(platform.sent).toHaveLength(1);
    expect(await accountsOf(userId)).toHaveLength(3);
  });
});
