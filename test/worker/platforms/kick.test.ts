import { describe, expect, it } from "vitest";
import { KickAdapter, type KickAnswer, type KickChatSent, type KickUser } from "../../../src/platforms/streaming/kick";
import type { PlatformAccount } from "../../../src/platforms/types";
import { type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as Kick's developer docs show them (docs.kick.com: OAuth 2.1, Users, Chat; source in
// KickEngineering/KickDevDocs); nothing here was recorded from Kick itself.

const OAUTH = "https://id.kick.com/oauth";
const API = "https://api.kick.com/public/v1";
const ENV = { KICK_CLIENT_ID: "01JKICKCLIENT", KICK_CLIENT_SECRET: "kick-secret-6" };
const CALLBACK = "https://herald.example/api/v1/connect/kick/callback";
const NOW = Date.UTC(2030, 5, 1);

const account: PlatformAccount = {
  id: "acct_kick",
  platform: "kick",
  platformUserId: "123456",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "kick-access", refreshToken: "kick-refresh" },
};

function kick(script: Exchange[]) {
  const platform = scriptedPlatform(script, ENV, NOW);
  return { adapter: new KickAdapter(platform.deps), platform };
}

const sent = (id = "abc123def456ghi789") =>
  json(200, {
    data: { is_sent: true, message_id: id },
    message: "Message sent successfully",
  } satisfies KickAnswer<KickChatSent>);

describe("Kick: connecting (OAuth 2.1 with PKCE)", () => {
  it("sends the streamer to Kick's consent page with the scopes, state and an S256 challenge", () => {
    const { adapter } = kick([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st-6", codeChallenge: "chal-6", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://id.kick.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "01JKICKCLIENT",
      response_type: "code",
      redirect_uri: CALLBACK,
      state: "st-6",
      scope: "user:read chat:write",
      code_challenge: "chal-6",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code with the verifier and the secret, then reads the user", async () => {
    const { adapter, platform } = kick([
      {
        expect: `POST ${OAUTH}/token`,
        answer: json(200, {
          access_token: "kick-new",
          token_type: "Bearer",
          refresh_token: "kick-new-refresh",
          expires_in: 7200,
          scope: "user:read chat:write",
        }),
      },
      {
        expect: `GET ${API}/users`,
        answer: json(200, {
          data: [{ user_id: 123456, name: "herald", email: "h@example.com" }],
          message: "OK",
        } satisfies KickAnswer<KickUser[]>),
      },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "k0de",
      codeVerifier: "ver-6",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.body).toEqual({
      client_id: "01JKICKCLIENT",
      client_secret: "kick-secret-6",
      code: "k0de",
      code_verifier: "ver-6",
      grant_type: "authorization_code",
      redirect_uri: CALLBACK,
    });
    expect(credentials).toEqual({
      accessToken: "kick-new",
      refreshToken: "kick-new-refresh",
      expiresAt: NOW + 7_200_000,
    });
    expect(await adapter.connection.identify!(credentials)).toEqual({
      platformUserId: "123456",
      name: "herald",
      subscriptionTier: null,
    });
  });

  it("refreshes with the refresh token; a refused refresh means connecting again", async () => {
    const { adapter, platform } = kick([
      {
        expect: `POST ${OAUTH}/token`,
        answer: json(200, { access_token: "k2", refresh_token: "kr2", expires_in: 7200, token_type: "Bearer" }),
      },
      { expect: `POST ${OAUTH}/token`, answer: json(400, { error: "Invalid request" }) },
    ]);
    const fresh = await adapter.connection.refresh!(account.credentials!);
    expect(platform.sent[0]!.body).toEqual({
      client_id: "01JKICKCLIENT",
      client_secret: "kick-secret-6",
      grant_type: "refresh_token",
      refresh_token: "kick-refresh",
    });
    expect([fresh.accessToken, fresh.refreshToken]).toEqual(["k2", "kr2"]);
    expect((await platformFailure(adapter.connection.refresh!(account.credentials!))).failure).toBe("auth_expired");
  });

  it("revokes the refresh token, then the access token, each with its hint", async () => {
    const { adapter, platform } = kick([
      {
        expect: `POST ${OAUTH}/revoke?token=kick-refresh&token_hint_type=refresh_token`,
        answer: () => new Response("OK"),
      },
      {
        expect: `POST ${OAUTH}/revoke?token=kick-access&token_hint_type=access_token`,
        answer: () => new Response("OK"),
      },
    ]);
    expect(await adapter.connection.revoke!(account.credentials!)).toBe(true);
    expect(platform.sent).toHaveLength(2);
  });
});

describe("Kick: chat", () => {
  it("posts a chat message as the user in their own channel; a comment replies to it", async () => {
    const { adapter, platform } = kick([
      { expect: `POST ${API}/chat`, answer: sent("msg-1") },
      { expect: `POST ${API}/chat`, answer: sent("msg-2") },
    ]);
    expect(await adapter.publish(account, { text: "Live in 5!", media: [], options: {} })).toEqual({
      platformPostId: "msg-1",
    });
    expect(await adapter.comment(account, "msg-1", "Link in bio")).toEqual({ platformPostId: "msg-2" });
    expect(platform.sent.map((s) => s.body)).toEqual([
      { type: "user", broadcaster_user_id: 123456, content: "Live in 5!" },
      { type: "user", broadcaster_user_id: 123456, content: "Link in bio", reply_to_message_id: "msg-1" },
    ]);
    expect(platform.sent[0]!.headers.authorization).toBe("Bearer kick-access");
  });

  it("refuses media before sending; a message Kick did not send is refused", async () => {
    const { adapter, platform } = kick([
      {
        expect: `POST ${API}/chat`,
        answer: json(200, {
          data: { is_sent: false, message_id: "" },
          message: "Slow mode",
        } satisfies KickAnswer<KickChatSent>),
      },
    ]);
    const media = await platformFailure(
      adapter.publish(account, { text: "x", media: [{ type: "video", url: "https://e.com/v.mp4" }], options: {} }),
    );
    expect(media.code).toBe("MEDIA_NOT_SUPPORTED");
    expect(platform.sent).toEqual([]);
    const unsent = await platformFailure(adapter.publish(account, { text: "x", media: [], options: {} }));
    expect([unsent.failure, unsent.message]).toEqual(["refused", "Kick did not send the message: Slow mode"]);
  });

  it("429 waits for Retry-After; 401 is auth_expired; no answer may have posted", async () => {
    const chatWith = (answer: Exchange["answer"]) =>
      platformFailure(
        kick([{ expect: `POST ${API}/chat`, answer }]).adapter.publish(account, { text: "x", media: [], options: {} }),
      );
    const limited = await chatWith(
      json(429, { message: "Too Many Requests" } satisfies KickAnswer<never>, { "retry-after": "20" }),
    );
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 20_000]);
    expect((await chatWith(json(401, { message: "Unauthorized" } satisfies KickAnswer<never>))).failure).toBe(
      "auth_expired",
    );
    const refused = await chatWith(
      json(400, { message: "content must be at most 500 characters", data: {} } satisfies KickAnswer<object>),
    );
    expect([refused.failure, refused.message]).toEqual([
      "refused",
      "Kick refused: content must be at most 500 characters",
    ]);
    expect((await chatWith("timeout")).failure).toBe("no_answer");
  });

  it("reports no counts and has no reposts", async () => {
    const { adapter } = kick([]);
    expect("readMetrics" in adapter).toBe(false);
    expect("repost" in adapter).toBe(false);
  });
});
