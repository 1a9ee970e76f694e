// The Kick adapter: a post is a chat message in the broadcaster's own channel; a comment replies to it.
import {
  answerMessage,
  credential,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  refuseUnless,
  sendWithToken,
} from "../http";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";

const OAUTH = "https://id.kick.com/oauth";
const API = "https://api.kick.com/public/v1";

/*
 * Kick's request and answer shapes, only the fields Herald sends or reads, from Kick's public API reference
 * (https://docs.kick.com/apis/chat and /apis/users, which render https://api.kick.com/swagger/v1/doc.json), read
 * 2026-11-27. No type package describes them (the community's `@nekiro/kick-api` agrees on these fields).
 */

/** Every answer: `data` and a `message`. */
export interface KickAnswer<Data> {
  data?: Data;
  message?: string;
}

/** GET /public/v1/users: the token's user. */
export interface KickUser {
  user_id: number;
  name?: string;
  email?: string;
  profile_picture?: string;
}

/** POST /public/v1/chat as the user, into the broadcaster's chat. */
export interface KickChatMessage {
  type: "user";
  broadcaster_user_id: number;
  content: string;
  reply_to_message_id?: string;
}
export interface KickChatSent {
  is_sent: boolean;
  message_id: string;
}

/**
 * Kick through its public API: a post is a chat message in the broadcaster's own channel, sent as the
 * user (up to 500 characters); a comment is a reply to it. `platformUserId` is the broadcaster's user id.
 */
export class KickAdapter implements Platform {
  readonly connection: OAuthConnection;

  constructor(private readonly deps: HttpDeps) {
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.kick, {
      identify: async (credentials) => {
        const user = await this.user(String(credentials.accessToken));
        return {
          platformUserId: String(user.user_id),
          name: user.name ?? String(user.user_id),
          subscriptionTier: null,
        };
      },
      /** The refresh token, then the access token, each named with its `token_hint_type`. */
      revoke: async (credentials) => {
        let revoked = false;
        for (const hint of ["refresh_token", "access_token"] as const) {
          const value = hint === "refresh_token" ? credentials.refreshToken : credentials.accessToken;
          if (typeof value !== "string") continue;
          const query = new URLSearchParams({ token: value, token_hint_type: hint });
          await this.call(null, { method: "POST", url: `${OAUTH}/revoke?${query}`, safe: true });
          revoked = true;
        }
        return revoked;
      },
    });
  }

  private call(token: string | null, call: HttpCall): Promise<HttpAnswer> {
    return sendWithToken(this.deps, "Kick", token, call);
  }

  private async user(token: string): Promise<KickUser> {
    const answer = await this.call(token, { method: "GET", url: `${API}/users`, safe: true });
    const [user] = (answer.data as KickAnswer<KickUser[]> | null)?.data ?? [];
    if (!user) throw new PlatformError("transient", "Kick's users answer named no user");
    return user;
  }

  async readProfile(account: PlatformAccount) {
    await this.user(credential(account, "accessToken"));
    return { subscriptionTier: null };
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(request.media.length === 0, "MEDIA_NOT_SUPPORTED", "A Kick chat message is text only");
    return this.send(account, request.text);
  }

  /** A reply to the message in the same chat. */
  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    return this.send(account, text, platformPostId);
  }

  private async send(account: PlatformAccount, content: string, replyTo?: string): Promise<PublishResult> {
    const message: KickChatMessage = {
      type: "user",
      broadcaster_user_id: Number(account.platformUserId),
      content,
      ...(replyTo ? { reply_to_message_id: replyTo } : {}),
    };
    const answer = await this.call(credential(account, "accessToken"), {
      method: "POST",
      url: `${API}/chat`,
      json: message,
    });
    const { is_sent: sent, message_id: id }: Partial<KickChatSent> =
      (answer.data as KickAnswer<KickChatSent> | null)?.data ?? {};
    if (sent === false)
      throw new PlatformError("refused", `Kick did not send the message: ${answerMessage(answer.data)}`);
    if (typeof id !== "string") throw new PlatformError("no_answer", "Kick did not say which message it sent");
    return { platformPostId: id };
  }
}
