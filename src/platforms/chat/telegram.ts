// The Telegram adapter (Bot API): a bot posts to the channels it administers.
import type { ApiMethods, ApiResponse, InputMediaPhoto, InputMediaVideo, Opts } from "@grammyjs/types";
import { z } from "@hono/zod-openapi";
import { credential, failureOf, type HttpCall, refuseUnless, send } from "../http";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Destination,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";

const API = "https://api.telegram.org";
const CAPTION_LIMIT = 1024;
const MEDIA_GROUP_LIMIT = 10;

const CHANNEL = /^(@[A-Za-z0-9_]{5,32}|-?\d{5,20})$/;
const CHANNEL_HINT = "a public @channelusername or a numeric chat id";

const ConnectInput = z.object({
  bot_token: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{30,}$/, "a bot token from @BotFather, such as 123456:ABC…")
    .openapi({ description: "From @BotFather; the bot must be an administrator of the channel" }),
  channel: z.string().regex(CHANNEL, CHANNEL_HINT).openapi({ example: "@heraldnews" }),
});

/** The Bot API's methods as @grammyjs/types declares them; Herald sends media by URL, never as an upload (`never`). */
type Methods = ApiMethods<never>;
type MethodName = keyof Methods;

/** `<chat id>:<message id>`: Telegram message ids are only unique within their chat. */
const postId = (chatId: string | number, messageId: number) => `${chatId}:${messageId}`;
const splitPostId = (platformPostId: string) => {
  const at = platformPostId.lastIndexOf(":");
  return { chatId: platformPostId.slice(0, at), messageId: Number(platformPostId.slice(at + 1)) };
};

/** The Telegram Bot API: a bot posts to the channels it administers (its destinations). */
export class TelegramAdapter implements Platform {
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { bot_token, channel } = ConnectInput.parse(input);
        const bot = await this.method(bot_token, "getMe", {}, true);
        return {
          credentials: { botToken: bot_token },
          identity: {
            platformUserId: String(bot.id),
            name: `@${bot.username}`,
            subscriptionTier: null,
            destinations: [await this.postableChannel(bot_token, { id: bot.id, name: `@${bot.username}` }, channel)],
            addsDestinations: true,
          },
        };
      },
    };
  }

  /** One Bot API method; Telegram answers `{ ok, result }` or `{ ok: false, error_code, description, parameters }`. */
  private async method<M extends MethodName>(
    token: string,
    name: M,
    body: Opts<never>[M],
    safe = false,
  ): Promise<ReturnType<Methods[M]>> {
    const call: HttpCall = { method: "POST", url: `${API}/bot${token}/${name}`, json: body, safe };
    const answer = await send(this.deps, call);
    const data: ApiResponse<ReturnType<Methods[M]>> | string | null = answer.data;
    if (answer.ok && typeof data === "object" && data?.ok) return data.result;
    const refusal = typeof data === "object" && data?.ok === false ? data : undefined;
    const retryAfter = refusal?.parameters?.retry_after;
    throw failureOf("Telegram", call, answer, {
      message: refusal?.description ?? "",
      retryAfterMs: typeof retryAfter === "number" ? retryAfter * 1000 : undefined,
    });
  }

  /** The channel, when the bot may post there (its creator, or an administrator allowed to post); else `refused`. */
  private async postableChannel(
    token: string,
    bot: { id: string | number; name: string },
    channel: string,
  ): Promise<Destination> {
    const chat = await this.method(token, "getChat", { chat_id: channel }, true);
    const member = await this.method(token, "getChatMember", { chat_id: chat.id, user_id: Number(bot.id) }, true);
    const canPost =
      member.status === "creator" || (member.status === "administrator" && member.can_post_messages !== false);
    if (!canPost) throw new PlatformError("refused", `${bot.name} is not allowed to post in ${chat.title ?? channel}`);
    return { id: String(chat.id), label: chat.title ?? channel };
  }

  private call<M extends MethodName>(account: PlatformAccount, name: M, body: Opts<never>[M], safe = false) {
    return this.method(credential(account, "botToken"), name, body, safe);
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const chatId = request.destinationId;
    refuseUnless(
      Boolean(chatId),
      "DESTINATION_REQUIRED",
      "Telegram posts go to a channel: set metadata.destination_id",
    );
    refuseUnless(
      request.media.length <= MEDIA_GROUP_LIMIT,
      "MEDIA_LIMIT",
      `Telegram takes up to ${MEDIA_GROUP_LIMIT} media per post`,
    );
    const chat_id = chatId!;
    // Fields left undefined are not sent (JSON has no undefined).
    const disable_notification = request.options.disable_notification === true ? true : undefined;
    if (request.poll) {
      // The text is the question; `open_period` is in seconds (Telegram takes 5–600).
      const message = await this.call(account, "sendPoll", {
        chat_id,
        question: request.text,
        options: request.poll.options.map((text) => ({ text })),
        open_period: request.poll.durationMinutes * 60,
        disable_notification,
      });
      return { platformPostId: postId(chat_id, message.message_id) };
    }
    if (request.media.length === 0) {
      const message = await this.call(account, "sendMessage", { chat_id, text: request.text, disable_notification });
      return { platformPostId: postId(chat_id, message.message_id) };
    }
    // A caption holds 1,024 characters; a longer text follows the media as a reply to it.
    const captioned = request.text.length <= CAPTION_LIMIT;
    const caption = captioned && request.text !== "" ? request.text : undefined;
    let first: number;
    const [item] = request.media;
    if (request.media.length === 1 && item) {
      const sent =
        item.type === "video"
          ? await this.call(account, "sendVideo", { chat_id, video: item.url, caption, disable_notification })
          : await this.call(account, "sendPhoto", { chat_id, photo: item.url, caption, disable_notification });
      first = sent.message_id;
    } else {
      const media = request.media.map((item, i): InputMediaPhoto<never> | InputMediaVideo<never> => ({
        type: item.type === "video" ? "video" : "photo",
        media: item.url,
        caption: i === 0 ? caption : undefined,
      }));
      const [sent] = await this.call(account, "sendMediaGroup", { chat_id, media, disable_notification });
      if (!sent) throw new PlatformError("no_answer", "Telegram sent the media group and named no message");
      first = sent.message_id;
    }
    if (!captioned) {
      try {
        await this.call(account, "sendMessage", {
          chat_id,
          text: request.text,
          reply_parameters: { message_id: first },
          disable_notification,
        });
      } catch (error) {
        // The media went out already: trying again would post it twice.
        throw new PlatformError("no_answer", `Telegram posted the media but not the text: ${String(error)}`);
      }
    }
    return { platformPostId: postId(chat_id, first) };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const { chatId, messageId } = splitPostId(platformPostId);
    const message = await this.call(account, "sendMessage", {
      chat_id: chatId,
      text,
      reply_parameters: { message_id: messageId },
    });
    return { platformPostId: postId(chatId, message.message_id) };
  }

  /** A channel the user typed: the bot (the account) must be allowed to post there. */
  async checkDestination(account: PlatformAccount, input: string): Promise<Destination> {
    refuseUnless(CHANNEL.test(input), "INVALID_DESTINATION", `Expected ${CHANNEL_HINT}`);
    const bot = { id: Number(account.platformUserId), name: "The bot" };
    return this.postableChannel(credential(account, "botToken"), bot, input);
  }

  /** The channels connected so far that the bot can still see, with their current titles. */
  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    const found: Destination[] = [];
    for (const destination of account.destinations) {
      try {
        const chat = await this.call(account, "getChat", { chat_id: destination.id }, true);
        found.push({ id: String(chat.id), label: chat.title ?? destination.label });
      } catch (error) {
        if (!(error instanceof PlatformError && error.failure === "refused")) throw error;
      }
    }
    return found;
  }
}
