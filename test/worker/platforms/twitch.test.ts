import { describe, expect, it } from "vitest";
import { TwitchAdapter } from "../../../src/platforms/streaming/twitch";
import type { PlatformAccount } from "../../../src/platforms/types";
import { usersAnswer } from "../helpers/answers/twitch";
import { type Answer, type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as Twitch's documentation shows them (dev.twitch.tv/docs/authentication/getting-tokens-oauth,
// /refresh-tokens, /revoke-tokens, /docs/api/reference: Get Users, Send Chat Announcement); nothing here was
// recorded from Twitch itself.

const OAUTH = "https://id.twitch.tv/oauth2";
const API = "https://api.twitch.tv/helix";
const ENV = { TWITCH_CLIENT_ID: "hof5gwx0su6owfnys0nyan9c87zr6t", TWITCH_CLIENT_SECRET: "twitch-secret-4" };
const CALLBACK = "https://herald.example/api/v1/connect/twitch/callback";
const NOW = Date.UTC(2030, 5, 1);
const ANNOUNCE = `POST ${API}/chat/announcements?broadcaster_id=141981764&moderator_id=141981764`;

const account: PlatformAccount = {
  id: "acct_tw",
  platform: "twitch",
  platformUserId: "141981764",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "tw-access", refreshToken: "tw-refresh", login: "twitchdev" },
};

function twitch(script: Exchange[]) {
  const platform = scriptedPlatform(script, ENV, NOW);
  return { adapter: new TwitchAdapter(platform.deps), platform };
}

const noContent: Answer = () => new Response(null, { status: 204 });
const twitchError = (status: number, error: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error, status, message }, headers);

describe("Twitch: connecting (authorization code grant flow)", () => {
  it("sends the broadcaster to Twitch's consent page with the announcement scope and the state", () => {
    const { adapter } = twitch([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st-5", codeChallenge: "c", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://id.twitch.tv/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: ENV.TWITCH_CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "moderator:manage:announcements",
      state: "st-5",
    });
  });

  it("exchanges the code as the app and connects the broadcaster, keeping its login for the channel URL", async () => {
    const { adapter, platform } = twitch([
      {
        expect: `POST ${OAUTH}/token`,
        answer: json(200, {
          access_token: "rfx2uswqe8l4g1mkagrvg5tv0ks3",
          expires_in: 14124,
          refresh_token: "5b93chm6hdve3mycz05zfzatkfdenfspp1h1ar2xxdalen01",
          scope: ["moderator:manage:announcements"],
          token_type: "bearer",
        }),
      },
      {
        expect: `GET ${API}/users`,
        answer: json(200, usersAnswer("141981764", "twitchdev", "TwitchDev")),
      },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "394a8bc9",
      codeVerifier: "v",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.body).toEqual({
      client_id: ENV.TWITCH_CLIENT_ID,
      client_secret: "twitch-secret-4",
      code: "394a8bc9",
      grant_type: "authorization_code",
      redirect_uri: CALLBACK,
    });
    expect(credentials).toMatchObject({ accessToken: "rfx2uswqe8l4g1mkagrvg5tv0ks3", expiresAt: NOW + 14_124_000 });
    const [connected] = await adapter.connection.accounts!(credentials);
    expect(connected).toEqual({
      identity: { platformUserId: "141981764", name: "TwitchDev", subscriptionTier: null },
      credentials: { ...credentials, login: "twitchdev" },
    });
    expect(platform.sent[1]!.headers).toMatchObject({
      authorization: "Bearer rfx2uswqe8l4g1mkagrvg5tv0ks3",
      "client-id": ENV.TWITCH_CLIENT_ID,
    });
  });

  it("refreshes, keeping the login; an invalid refresh token means connecting again", async () => {
    const { adapter, platform } = twitch([
      {
        expect: `POST ${OAUTH}/token`,
        answer: json(200, {
          access_token: "tw-2",
          refresh_token: "tw-r2",
          expires_in: 14000,
          scope: [],
          token_type: "bearer",
        }),
      },
      { expect: `POST ${OAUTH}/token`, answer: json(400, { status: 400, message: "Invalid refresh token" }) },
    ]);
    const fresh = await adapter.connection.refresh!(account.credentials!);
    expect(platform.sent[0]!.body).toEqual({
      client_id: ENV.TWITCH_CLIENT_ID,
      client_secret: "twitch-secret-4",
      grant_type: "refresh_token",
      refresh_token: "tw-refresh",
    });
    expect(fresh).toMatchObject({ accessToken: "tw-2", refreshToken: "tw-r2", login: "twitchdev" });
    const refused = await platformFailure(adapter.connection.refresh!(account.credentials!));
    expect([refused.failure, refused.message]).toEqual([
      "auth_expired",
      "Twitch refused to renew the tokens: Twitch refused: Invalid refresh token",
    ]);
  });

  it("revokes the access token with the client id", async () => {
    const { adapter, platform } = twitch([{ expect: `POST ${OAUTH}/revoke`, answer: json(200, {}) }]);
    expect(await adapter.connection.revoke!(account.credentials!)).toBe(true);
    expect(platform.sent[0]!.body).toEqual({ client_id: ENV.TWITCH_CLIENT_ID, token: "tw-access" });
  });
});

describe("Twitch: chat announcements", () => {
  it("announces in the broadcaster's own chat, in the chosen colour", async () => {
    const { adapter, platform } = twitch([{ expect: ANNOUNCE, answer: noContent }]);
    const result = await adapter.publish(account, {
      text: "We go live at 18:00!",
      media: [],
      options: { color: "purple" },
    });
    expect(result).toEqual({ platformPostId: `141981764:announcement:${NOW}`, url: "https://www.twitch.tv/twitchdev" });
    expect(platform.sent[0]!.body).toEqual({ message: "We go live at 18:00!", color: "purple" });
    expect(platform.sent[0]!.headers).toMatchObject({
      authorization: "Bearer tw-access",
      "client-id": ENV.TWITCH_CLIENT_ID,
    });
  });

  it("refuses media before sending; 429 waits for Ratelimit-Reset; 401 is auth_expired; a refusal keeps Twitch's words", async () => {
    const { adapter, platform } = twitch([]);
    const media = await platformFailure(
      adapter.publish(account, { text: "x", media: [{ type: "image", url: "https://e.com/a.png" }], options: {} }),
    );
    expect(media.code).toBe("MEDIA_NOT_SUPPORTED");
    expect(platform.sent).toEqual([]);

    const announceWith = (answer: Exchange["answer"]) =>
      platformFailure(
        twitch([{ expect: ANNOUNCE, answer }]).adapter.publish(account, { text: "x", media: [], options: {} }),
      );
    const reset = String(NOW / 1000 + 30);
    const limited = await announceWith(
      twitchError(429, "Too Many Requests", "Too Many Requests", { "ratelimit-reset": reset }),
    );
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 30_000]);
    expect((await announceWith(twitchError(401, "Unauthorized", "Invalid OAuth token"))).failure).toBe("auth_expired");
    const denied = await announceWith(
      twitchError(403, "Forbidden", "The user in moderator_id is not one of the broadcaster's moderators."),
    );
    expect([denied.failure, denied.code]).toEqual(["refused", "PERMISSION_DENIED"]);
    expect((await announceWith("timeout")).failure).toBe("no_answer");
  });

  it("reports no counts and takes no comments or reposts", async () => {
    const { adapter } = twitch([]);
    expect("readMetrics" in adapter).toBe(false);
    expect("comment" in adapter).toBe(false);
    expect("repost" in adapter).toBe(false);
  });
});
