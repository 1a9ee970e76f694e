// The Discord adapter: a bot's messages with attachments to the text channels of its servers.
import { z } from "@hono/zod-openapi";
import type {
  ChannelType,
  RESTAPIAttachment,
  RESTError,
  RESTGetAPIChannelMessageResult,
  RESTGetAPIChannelResult,
  RESTGetAPICurrentUserGuildsResult,
  RESTGetAPICurrentUserResult,
  RESTGetAPIGuildChannelsResult,
  RESTPostAPIChannelMessageJSONBody,
  RESTPostAPIChannelMessageResult,
  RESTRateLimit,
} from "discord-api-types/v10";
import { credential, failureOf, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "../http";
import { downloadMedia, MB } from "../media";
import type {
  AdapterDeps,
  CredentialConnection,
  Destination,
  Metrics,
  Platform,
  PlatformAccount,
  PublishRequest,
  PublishResult,
} from "../types";

const API = "https://discord.com/api/v10";
const USER_AGENT = "DiscordBot (https://github.com/herald-social/herald, 0.1.0)";
const ATTACHMENT_LIMIT = 10;
/** Discord's default upload limit for a bot's message. */
const FILE_LIMIT = 10 * MB;
const MAX_GUILDS = 25;
/** Text channels and announcement channels take messages. */
const POSTABLE_CHANNEL_TYPES = new Set<ChannelType>([
  0 satisfies ChannelType.GuildText,
  5 satisfies ChannelType.GuildAnnouncement,
]);

const ConnectInput = z.object({
  bot_token: z
    .string()
    .min(50)
    .max(100)
    .openapi({ description: "The bot's token from the Discord developer portal; the bot must be in the servers" }),
});

type DiscordCall = Omit<HttpCall, "url" | "safe" | "headers"> & { path: string; missingIsNull?: boolean };

const postId = (channelId: string, messageId: string) => `${channelId}:${messageId}`;
const splitPostId = (platformPostId: string) => {
  const [channelId = "", messageId = ""] = platformPostId.split(":");
  return { channelId, messageId };
};

/** Discord's HTTP API as a bot: messages with attachments to the text channels of the servers it is in. */
export class DiscordAdapter implements Platform {
  readonly countsRead = ["likes"] as const;
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { bot_token } = ConnectInput.parse(input);
        const bot: RESTGetAPICurrentUserResult = await this.api(bot_token, { method: "GET", path: "/users/@me" });
        const destinations = await this.channels(bot_token);
        return {
          credentials: { botToken: bot_token },
          identity: {
            platformUserId: String(bot.id),
            name: String(bot.username),
            subscriptionTier: null,
            destinations,
          },
        };
      },
    };
  }

  /** One call as the bot; with `missingIsNull`, a 404 answers null. */
  private async api(token: string, call: DiscordCall) {
    const full: HttpCall = {
      ...call,
      url: `${API}${call.path}`,
      headers: { authorization: `Bot ${token}`, "user-agent": USER_AGENT },
      safe: call.method === "GET",
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer.data;
    if (answer.status === 404 && call.missingIsNull) return null;
    // 429 bodies carry `retry_after` in (fractional) seconds, as does the Retry-After header.
    const refusal: Partial<RESTError & RESTRateLimit> | null = typeof answer.data === "object" ? answer.data : null;
    const retryAfter = refusal?.retry_after;
    throw failureOf("Discord", full, answer, {
      message:
        refusal?.code !== undefined ? `${refusal.message} (code ${refusal.code})` : String(refusal?.message ?? ""),
      retryAfterMs:
        typeof retryAfter === "number"
          ? Math.ceil(retryAfter * 1000)
          : waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    });
  }

  private call(account: PlatformAccount, call: DiscordCall) {
    return this.api(credential(account, "botToken"), call);
  }

  /** Every channel the bot can post in, across its servers. */
  private async channels(token: string): Promise<Destination[]> {
    const guilds: RESTGetAPICurrentUserGuildsResult = await this.api(token, {
      method: "GET",
      path: "/users/@me/guilds",
    });
    const destinations: Destination[] = [];
    for (const guild of guilds.slice(0, MAX_GUILDS)) {
      const path = `/guilds/${guild.id}/channels`;
      const channels: RESTGetAPIGuildChannelsResult = await this.api(token, { method: "GET", path });
      for (const channel of channels) {
        if (POSTABLE_CHANNEL_TYPES.has(channel.type)) {
          destinations.push({ id: channel.id, label: `${guild.name} #${channel.name}` });
        }
      }
    }
    return destinations;
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const channelId = request.destinationId;
    refuseUnless(
      Boolean(channelId),
      "DESTINATION_REQUIRED",
      "Discord posts go to a channel: set metadata.destination_id",
    );
    refuseUnless(
      request.media.length <= ATTACHMENT_LIMIT,
      "MEDIA_LIMIT",
      `Discord takes up to ${ATTACHMENT_LIMIT} attachments per message`,
    );
    const guildId = await this.guildOf(account, channelId!);
    const path = `/channels/${channelId}/messages`;
    if (request.poll) {
      // The text is the question; Discord polls last whole hours.
      const body: RESTPostAPIChannelMessageJSONBody = {
        poll: {
          question: { text: request.text },
          answers: request.poll.options.map((text) => ({ poll_media: { text } })),
          duration: Math.round(request.poll.durationMinutes / 60),
          allow_multiselect: false,
        },
      };
      return this.result(guildId, await this.call(account, { method: "POST", path, json: body }));
    }
    if (request.media.length === 0) {
      const body: RESTPostAPIChannelMessageJSONBody = { content: request.text };
      return this.result(guildId, await this.call(account, { method: "POST", path, json: body }));
    }
    const form = new FormData();
    const attachments: RESTAPIAttachment[] = [];
    for (const [i, item] of request.media.entries()) {
      const file = await downloadMedia(this.deps, item, FILE_LIMIT);
      form.append(`files[${i}]`, new Blob([file.bytes], { type: file.type }), file.filename);
      attachments.push({ id: i, filename: file.filename, description: item.altText || undefined });
    }
    const payload: RESTPostAPIChannelMessageJSONBody = { content: request.text, attachments };
    form.append("payload_json", JSON.stringify(payload));
    return this.result(guildId, await this.call(account, { method: "POST", path, form }));
  }

  /**
   * The server a channel belongs to, read before posting (nothing is sent yet): a message's link names it, and
   * the message Discord answers with does not.
   */
  private async guildOf(account: PlatformAccount, channelId: string): Promise<string | undefined> {
    const channel: RESTGetAPIChannelResult = await this.call(account, {
      method: "GET",
      path: `/channels/${channelId}`,
    });
    return "guild_id" in channel ? channel.guild_id : undefined;
  }

  private result(guildId: string | undefined, message: RESTPostAPIChannelMessageResult): PublishResult {
    return {
      platformPostId: postId(message.channel_id, message.id),
      url: guildId ? `https://discord.com/channels/${guildId}/${message.channel_id}/${message.id}` : undefined,
    };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const { channelId, messageId } = splitPostId(platformPostId);
    const guildId = await this.guildOf(account, channelId);
    const body: RESTPostAPIChannelMessageJSONBody = { content: text, message_reference: { message_id: messageId } };
    const path = `/channels/${channelId}/messages`;
    return this.result(guildId, await this.call(account, { method: "POST", path, json: body }));
  }

  /** Reactions count as likes; a deleted message is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const result = new Map<string, Metrics | null>();
    for (const id of platformPostIds) {
      const { channelId, messageId } = splitPostId(id);
      const message: RESTGetAPIChannelMessageResult | null = await this.call(account, {
        method: "GET",
        path: `/channels/${channelId}/messages/${messageId}`,
        missingIsNull: true,
      });
      const reactions = message?.reactions ?? [];
      result.set(
        id,
        message && { likes: reactions.reduce((sum, r) => sum + r.count, 0), comments: 0, reposts: 0, views: 0 },
      );
    }
    return result;
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return this.channels(credential(account, "botToken"));
  }
}
