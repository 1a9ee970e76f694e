// The Twitch adapter (Helix): a post is a chat announcement in the broadcaster's own channel.
import type { GetUsersResponse, SendChatAnnouncementBody, SendChatAnnouncementParams } from "ts-twitch-api";
import {
  credential,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  refuseUnless,
  sendWithToken,
  waitFromEpochSeconds,
} from "../http";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type ConnectedAccount,
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";

const OAUTH = "https://id.twitch.tv/oauth2";
const API = "https://api.twitch.tv/helix";
/** The highlight colours Twitch takes (`metadata.color`), `primary` (the channel's accent colour) by default. */
const COLORS: readonly NonNullable<SendChatAnnouncementBody["color"]>[] = [
  "primary",
  "blue",
  "green",
  "orange",
  "purple",
];

/**
 * Twitch through Helix: a post is a chat announcement in the broadcaster's own channel (highlighted in
 * chat, up to 500 characters), in `metadata.color`. `platformUserId` is the broadcaster's user id; the
 * credentials keep their `login` for the channel's URL.
 */
export class TwitchAdapter implements Platform {
  readonly connection: OAuthConnection;

  constructor(private readonly deps: HttpDeps) {
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.twitch, {
      accounts: async (credentials): Promise<ConnectedAccount[]> => {
        const user = await this.user(String(credentials.accessToken));
        return [
          {
            identity: { platformUserId: user.id, name: user.display_name || user.login, subscriptionTier: null },
            credentials: { ...credentials, login: user.login },
          },
        ];
      },
      revoke: async (credentials, app) => {
        const revoked = credential({ platform: "twitch", credentials }, "accessToken");
        await this.call(null, {
          method: "POST",
          url: `${OAUTH}/revoke`,
          urlencoded: { client_id: app.clientId, token: revoked },
          safe: true,
        });
        return true;
      },
    });
  }

  /** Helix wants the app's `Client-Id` beside the user's token. */
  private call(token: string | null, call: HttpCall): Promise<HttpAnswer> {
    const headers = { ...call.headers, ...(token ? { "client-id": this.deps.env?.TWITCH_CLIENT_ID ?? "" } : {}) };
    return sendWithToken(this.deps, "Twitch", token, { ...call, headers }, (h, now) =>
      waitFromEpochSeconds(h.get("ratelimit-reset"), now),
    );
  }

  private async user(token: string): Promise<GetUsersResponse["data"][number]> {
    const answer = await this.call(token, { method: "GET", url: `${API}/users`, safe: true });
    const [user] = (answer.data as GetUsersResponse | null)?.data ?? [];
    if (!user) throw new PlatformError("transient", "Twitch's users answer named no user");
    return user;
  }

  async readProfile(account: PlatformAccount) {
    await this.user(credential(account, "accessToken"));
    return { subscriptionTier: null };
  }

  /** Twitch answers 204 and names nothing: the post's id is the channel and the time it was sent. */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(request.media.length === 0, "MEDIA_NOT_SUPPORTED", "A Twitch chat announcement is text only");
    // The broadcaster moderates its own chat.
    const query: SendChatAnnouncementParams = {
      broadcaster_id: account.platformUserId,
      moderator_id: account.platformUserId,
    };
    const body: SendChatAnnouncementBody = {
      message: request.text,
      color: COLORS.find((color) => color === request.options.color) ?? "primary",
    };
    await this.call(credential(account, "accessToken"), {
      method: "POST",
      url: `${API}/chat/announcements?${new URLSearchParams(query)}`,
      json: body,
    });
    const login = account.credentials?.login;
    return {
      platformPostId: `${account.platformUserId}:announcement:${this.deps.now()}`,
      ...(typeof login === "string" ? { url: `https://www.twitch.tv/${login}` } : {}),
    };
  }
}
