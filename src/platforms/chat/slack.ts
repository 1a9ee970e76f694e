// The Slack adapter: a bot's messages, images as blocks, to the channels it is a member of.
import { z } from "@hono/zod-openapi";
import type { ImageBlock, KnownBlock, SectionBlock } from "@slack/types";
import type {
  AuthTestResponse,
  ChatPostMessageArguments,
  ChatPostMessageResponse,
  ConversationsListArguments,
  ConversationsListResponse,
  ReactionsGetArguments,
  ReactionsGetResponse,
  WebAPICallResult,
} from "@slack/web-api";
import type { MessageElement } from "@slack/web-api/dist/types/response/ConversationsHistoryResponse";
import { credential, failureOf, type HttpAnswer, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "../http";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Destination,
  type Metrics,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";

const API = "https://slack.com/api";
const SECTION_TEXT_LIMIT = 3000;
const IMAGE_LIMIT = 10;
const CHANNEL_PAGES = 5;

/** Slack `error` codes that mean the token no longer works. */
const AUTH_ERRORS = new Set(["invalid_auth", "not_authed", "account_inactive", "token_revoked", "token_expired"]);
/** Slack `error` codes for a failure on Slack's side after which, Slack says, part of the call may have happened. */
const PARTIAL_ERRORS = new Set(["internal_error", "fatal_error"]);
/** Slack `error` codes for a failure on Slack's side before anything happened. */
const UNAVAILABLE_ERRORS = new Set(["service_unavailable", "request_timeout"]);
/** Slack `error` codes for a message that no longer exists. */
const MISSING_ERRORS = new Set(["message_not_found", "channel_not_found", "thread_not_found"]);

const ConnectInput = z.object({
  bot_token: z
    .string()
    .regex(/^xoxb-[A-Za-z0-9-]+$/, "a bot token starting with xoxb-")
    .max(200)
    .openapi({ description: "The app's bot token (scopes chat:write, channels:read, groups:read, reactions:read)" }),
});

/** A read sends its arguments as the query, a write as JSON; both typed with the method's `…Arguments`. */
type SlackCall = { method: "GET" | "POST"; query?: object; json?: object; missingIsNull?: boolean };

/** Every answer: `ok`, and `error` when it is false (each method's response type adds the field). */
type SlackAnswer = WebAPICallResult & { error?: string };
/**
 * `reactions.get`'s message. The package's answer types are generated from Slack's samples, and that sample is no
 * thread's parent: the message object carries `reply_count` there, as the package's `conversations.history` type shows.
 */
export type ReactedMessage = NonNullable<ReactionsGetResponse["message"]> & Pick<MessageElement, "reply_count">;

/** Arguments as a query string: Slack reads `true` and numbers from their text. */
const queryOf = (args: object) =>
  new URLSearchParams(
    Object.entries(args).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  );

const postId = (channel: string, ts: string) => `${channel}:${ts}`;
const splitPostId = (platformPostId: string) => {
  const [channel = "", ts = ""] = platformPostId.split(":");
  return { channel, ts };
};

/** Slack's `mrkdwn` needs &, < and > escaped. */
const escapeMrkdwn = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** Slack's Web API as a bot: messages (with images as image blocks) to the channels the bot is a member of. */
export class SlackAdapter implements Platform {
  readonly countsRead = ["likes", "comments"] as const;
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { bot_token } = ConnectInput.parse(input);
        const auth: AuthTestResponse = await this.api(bot_token, "auth.test", { method: "POST" });
        return {
          credentials: { accessToken: bot_token, teamUrl: auth.url },
          identity: {
            platformUserId: `${auth.team_id}:${auth.user_id}`,
            name: `${auth.team} (${auth.user})`,
            subscriptionTier: null,
            destinations: await this.channels(bot_token),
          },
        };
      },
    };
  }

  /** A Web API method: `GET` with a query for reads, `POST` with JSON for writes. Slack answers `{ ok, error }`. */
  private api(token: string, name: string, call: SlackCall & { missingIsNull: true }): Promise<SlackAnswer | null>;
  private api(token: string, name: string, call: SlackCall): Promise<SlackAnswer>;
  private async api(token: string, name: string, call: SlackCall): Promise<SlackAnswer | null> {
    const full: HttpCall = {
      method: call.method,
      url: `${API}/${name}${call.query ? `?${queryOf(call.query)}` : ""}`,
      headers: { authorization: `Bearer ${token}` },
      json: call.json,
      safe: call.method === "GET" || name === "auth.test",
    };
    const answer = await send(this.deps, full);
    const result: SlackAnswer | string | null = answer.data;
    if (answer.ok && result !== null && typeof result === "object" && result.ok) return result;
    const error = result !== null && typeof result === "object" ? (result.error ?? "") : "";
    if (call.missingIsNull && MISSING_ERRORS.has(error)) return null;
    throw this.failure(full, answer, error);
  }

  private failure(call: HttpCall, answer: HttpAnswer, error: string): PlatformError {
    const retryAfterMs = waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now());
    if (answer.status === 429 || error === "ratelimited") {
      return failureOf("Slack", call, { ...answer, status: 429 }, { message: error, retryAfterMs });
    }
    if (AUTH_ERRORS.has(error)) return new PlatformError("auth_expired", `Slack no longer accepts the token: ${error}`);
    if (PARTIAL_ERRORS.has(error)) {
      return new PlatformError(call.safe ? "transient" : "no_answer", `Slack failed on its side: ${error}`);
    }
    if (UNAVAILABLE_ERRORS.has(error)) return new PlatformError("transient", `Slack is unavailable: ${error}`);
    return failureOf("Slack", call, answer.ok ? { ...answer, status: 400 } : answer, { message: error });
  }

  private call(
    account: PlatformAccount,
    name: string,
    call: SlackCall & { missingIsNull: true },
  ): Promise<SlackAnswer | null>;
  private call(account: PlatformAccount, name: string, call: SlackCall): Promise<SlackAnswer>;
  private call(account: PlatformAccount, name: string, call: SlackCall) {
    return this.api(credential(account, "accessToken"), name, call);
  }

  /** The channels the bot is a member of (it can post only there). */
  private async channels(token: string): Promise<Destination[]> {
    const destinations: Destination[] = [];
    let cursor = "";
    for (let page = 0; page < CHANNEL_PAGES; page++) {
      const query: ConversationsListArguments = {
        types: "public_channel,private_channel",
        exclude_archived: true,
        limit: 200,
        cursor: cursor || undefined,
      };
      const data: ConversationsListResponse = await this.api(token, "conversations.list", { method: "GET", query });
      for (const channel of data.channels ?? []) {
        if (channel.is_member) destinations.push({ id: String(channel.id), label: `#${channel.name}` });
      }
      cursor = data.response_metadata?.next_cursor ?? "";
      if (!cursor) break;
    }
    return destinations;
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const channel = request.destinationId;
    refuseUnless(Boolean(channel), "DESTINATION_REQUIRED", "Slack posts go to a channel: set metadata.destination_id");
    const images = request.media.filter((m) => m.type === "image");
    refuseUnless(images.length <= IMAGE_LIMIT, "MEDIA_LIMIT", `Slack takes up to ${IMAGE_LIMIT} images per message`);
    // Slack shows a video link as a player when it can unfurl it; image URLs become image blocks.
    const videoLinks = request.media.filter((m) => m.type === "video").map((m) => m.url);
    const text = [request.text, ...videoLinks].filter(Boolean).join("\n");
    let blocks: KnownBlock[] | undefined;
    if (images.length > 0) {
      const sections: SectionBlock[] = [];
      for (let i = 0; i < text.length; i += SECTION_TEXT_LIMIT) {
        sections.push({
          type: "section",
          text: { type: "mrkdwn", text: escapeMrkdwn(text.slice(i, i + SECTION_TEXT_LIMIT)) },
        });
      }
      const imageBlocks = images.map(
        (m): ImageBlock => ({ type: "image", image_url: m.url, alt_text: m.altText || "image" }),
      );
      blocks = [...sections, ...imageBlocks];
    }
    const body: ChatPostMessageArguments = { channel: channel!, text, blocks };
    const data: ChatPostMessageResponse = await this.call(account, "chat.postMessage", { method: "POST", json: body });
    return this.result(account, String(data.channel), String(data.ts));
  }

  private result(account: PlatformAccount, channel: string, ts: string): PublishResult {
    const teamUrl = account.credentials?.teamUrl;
    return {
      platformPostId: postId(channel, ts),
      url: typeof teamUrl === "string" ? `${teamUrl}archives/${channel}/p${ts.replace(".", "")}` : undefined,
    };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const { channel, ts } = splitPostId(platformPostId);
    const body: ChatPostMessageArguments = { channel, text, thread_ts: ts };
    const data: ChatPostMessageResponse = await this.call(account, "chat.postMessage", { method: "POST", json: body });
    return this.result(account, String(data.channel), String(data.ts));
  }

  /** Reactions count as likes and thread replies as comments; a deleted message is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const result = new Map<string, Metrics | null>();
    for (const id of platformPostIds) {
      const { channel, ts } = splitPostId(id);
      const query: ReactionsGetArguments = { channel, timestamp: ts, full: true };
      const data: ReactionsGetResponse | null = await this.call(account, "reactions.get", {
        method: "GET",
        query,
        missingIsNull: true,
      });
      const message: ReactedMessage | undefined = data?.message;
      const reactions = message?.reactions ?? [];
      result.set(
        id,
        message
          ? {
              likes: reactions.reduce((sum, r) => sum + (r.count ?? 0), 0),
              comments: message.reply_count ?? 0,
              reposts: 0,
              views: 0,
            }
          : null,
      );
    }
    return result;
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return this.channels(credential(account, "accessToken"));
  }
}
