import type {
  APIGuildVoiceChannel,
  APIMessage,
  APINewsChannel,
  APITextChannel,
  APIUser,
  ChannelType,
  RESTAPIPartialCurrentUserGuild,
} from "discord-api-types/v10";

/** Discord's answers as discord-api-types declares them: a recorded answer that drifts fails the typecheck. */

export const botUser = (id = "1000000000000000001", username = "Herald"): APIUser => ({
  id,
  username,
  discriminator: "0",
  global_name: null,
  avatar: null,
  bot: true,
});

export const channelMessage = (channelId: string, id: string, extra: Partial<APIMessage> = {}): APIMessage => ({
  id,
  channel_id: channelId,
  author: botUser(),
  content: "hi",
  timestamp: "2030-06-01T00:00:00.000000+00:00",
  edited_timestamp: null,
  tts: false,
  mention_everyone: false,
  mentions: [],
  mention_roles: [],
  attachments: [],
  embeds: [],
  pinned: false,
  type: 0 satisfies APIMessage["type"],
  ...extra,
});

export const reaction = (count: number, name: string): NonNullable<APIMessage["reactions"]>[number] => ({
  count,
  count_details: { burst: 0, normal: count },
  me: false,
  me_burst: false,
  burst_colors: [],
  emoji: { id: null, name },
});

export const guild = (id: string, name: string): RESTAPIPartialCurrentUserGuild => ({
  id,
  name,
  icon: null,
  banner: null,
  owner: false,
  features: [],
  permissions: "0",
});

/** A text (0) or announcement (5) channel of a server. */
export const textChannel = (
  guildId: string,
  id: string,
  name: string,
  type: 0 | 5 = 0,
): APITextChannel | APINewsChannel => ({
  id,
  name,
  type: type satisfies ChannelType.GuildText | ChannelType.GuildAnnouncement,
  guild_id: guildId,
  position: 0,
  last_message_id: null,
  parent_id: null,
});

export const voiceChannel = (guildId: string, id: string, name: string): APIGuildVoiceChannel => ({
  id,
  name,
  type: 2 satisfies ChannelType.GuildVoice,
  guild_id: guildId,
  position: 1,
  bitrate: 64000,
  user_limit: 0,
  rtc_region: null,
});
