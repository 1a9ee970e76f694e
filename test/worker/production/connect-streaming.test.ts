import { afterEach, describe, expect, it, vi } from "vitest";
import { usersAnswer } from "../helpers/answers/twitch";
import { api } from "../helpers/api";
import { type Exchange, json } from "../helpers/platform";
import { createPost, settled } from "../helpers/posts";
import {
  challengeOf,
  connectThroughConsent,
  credentialsRow,
  expireSoon,
  liveUser,
  runTokenRefresh,
  scriptWorkerFetch,
} from "../helpers/production";
import { eventually } from "../helpers/wait";

// Twitch and Kick connected and posted to as deployed (no sandbox), each platform's side scripted from the
// answers its documentation shows.

afterEach(() => vi.restoreAllMocks());

let nextId = 500_000;

describe("Twitch end to end", () => {
  const tokens = (n: number): Exchange => ({
    expect: "POST https://id.twitch.tv/oauth2/token",
    answer: json(200, {
      access_token: `tw-access-${n}`,
      expires_in: 14124,
      refresh_token: `tw-refresh-${n}`,
      scope: ["moderator:manage:announcements"],
      token_type: "bearer",
    }),
  });

  it("connects the broadcaster, announces a post in their chat, and a refused refresh asks to reconnect", async () => {
    const { key } = await liveUser();
    const broadcaster = String(nextId++);
    const { url, callback, wire } = await connectThroughConsent("twitch", key, [
      tokens(1),
      {
        expect: "GET https://api.twitch.tv/helix/users",
        answer: json(200, usersAnswer(broadcaster, "heraldlive", "HeraldLive")),
      },
    ]);
    expect(url.origin + url.pathname).toBe("https://id.twitch.tv/oauth2/authorize");
    expect(url.searchParams.get("client_id")).toBe("herald-twitch-client");
    expect(url.searchParams.get("scope")).toBe("moderator:manage:announcements");
    expect(wire.sent[1]!.headers["client-id"]).toBe("herald-twitch-client");
    expect(callback.status).toBe(201);
    expect(callback.body.data).toMatchObject({ name: "HeraldLive", platform_user_id: broadcaster, text_limit: 500 });
    const accountId = callback.body.data.id as string;
    const stored = await credentialsRow(accountId);
    expect(stored!.sealed).not.toMatch(/tw-access|tw-refresh/);

    const chat = scriptWorkerFetch([
      {
        expect: `POST https://api.twitch.tv/helix/chat/announcements?broadcaster_id=${broadcaster}&moderator_id=${broadcaster}`,
        answer: () => new Response(null, { status: 204 }),
      },
    ]);
    const post = await createPost(key, {
      text: "Live in 10 minutes!",
      platforms: [{ platform: "twitch", account_id: accountId, metadata: { color: "green" } }],
      schedule_type: "immediate",
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({
      status: "published",
      url: "https://www.twitch.tv/heraldlive",
    });
    expect(chat.sent[0]!.body).toEqual({ message: "Live in 10 minutes!", color: "green" });
    vi.restoreAllMocks();

    await expireSoon(accountId);
    scriptWorkerFetch([
      {
        expect: "POST https://id.twitch.tv/oauth2/token",
        answer: json(400, { status: 400, message: "Invalid refresh token" }),
      },
    ]);
    expect(await runTokenRefresh()).toMatchObject({ reauth_required: 1 });
    expect((await api("GET", `/api/v1/connected-accounts/${accountId}`, { key })).body.data.status).toBe(
      "reauth_required",
    );
  });
});

describe("Kick end to end", () => {
  const connectKick = (key: string, userId: number) =>
    connectThroughConsent("kick", key, [
      {
        expect: "POST https://id.kick.com/oauth/token",
        answer: json(200, {
          access_token: "kick-access-1",
          token_type: "Bearer",
          refresh_token: "kick-refresh-1",
          expires_in: 7200,
          scope: "user:read chat:write",
        }),
      },
      {
        expect: "GET https://api.kick.com/public/v1/users",
        answer: json(200, { data: [{ user_id: userId, name: "heraldkick" }] }),
      },
    ]);

  it("connects with PKCE, posts a chat message with the stored token, refreshes it, and revokes on disconnect", async () => {
    const { key } = await liveUser();
    const userId = nextId++;
    const { url, callback, wire } = await connectKick(key, userId);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    const exchange = wire.sent[0]!.body as Record<string, string>;
    expect(await challengeOf(exchange.code_verifier!)).toBe(url.searchParams.get("code_challenge"));
    expect(exchange).toMatchObject({ client_id: "herald-kick-client", client_secret: "herald-kick-secret" });
    expect(callback.status).toBe(201);
    const accountId = callback.body.data.id as string;

    const chat = scriptWorkerFetch([
      {
        expect: "POST https://api.kick.com/public/v1/chat",
        answer: json(200, { data: { is_sent: true, message_id: "msg-42" }, message: "OK" }),
      },
    ]);
    const post = await createPost(key, {
      text: "Starting now",
      platforms: [{ platform: "kick", account_id: accountId }],
      schedule_type: "immediate",
    });
    expect((await settled(key, post.id)).platforms[0]).toMatchObject({
      status: "published",
      platform_post_id: "msg-42",
    });
    expect(chat.sent[0]!.headers.authorization).toBe("Bearer kick-access-1");
    expect(chat.sent[0]!.body).toEqual({ type: "user", broadcaster_user_id: userId, content: "Starting now" });
    vi.restoreAllMocks();

    await expireSoon(accountId);
    scriptWorkerFetch([
      {
        expect: "POST https://id.kick.com/oauth/token",
        answer: json(200, { access_token: "kick-access-2", refresh_token: "kick-refresh-2", expires_in: 7200 }),
      },
    ]);
    expect(await runTokenRefresh()).toMatchObject({ refreshed: 1 });
    vi.restoreAllMocks();

    const revocation = scriptWorkerFetch([
      {
        expect: "POST https://id.kick.com/oauth/revoke?token=kick-refresh-2&token_hint_type=refresh_token",
        answer: json(200, {}),
      },
      {
        expect: "POST https://id.kick.com/oauth/revoke?token=kick-access-2&token_hint_type=access_token",
        answer: json(200, {}),
      },
    ]);
    expect((await api("DELETE", `/api/v1/connected-accounts/${accountId}`, { key })).status).toBe(200);
    await eventually(async () => (revocation.sent.length === 2 ? true : undefined), "Kick's revoke requests");
  });
});
