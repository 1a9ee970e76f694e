import type {
  ApiError,
  ApiSuccess,
  Chat,
  ChatFullInfo,
  ChatMember,
  Message,
  User,
  UserFromGetMe,
} from "@grammyjs/types";

/** The Telegram Bot API's answers as @grammyjs/types declares them: a recorded answer that drifts fails the typecheck. */

export const ok = <T>(result: T): ApiSuccess<T> => ({ ok: true, result });

export const refusal = (error_code: number, description: string, retry_after?: number): ApiError => ({
  ok: false,
  error_code,
  description,
  ...(retry_after === undefined ? {} : { parameters: { retry_after } }),
});

export const bot: User = { id: 123456789, is_bot: true, first_name: "Herald", username: "herald_bot" };

/** `getMe`: the bot, with what it may do. */
export const botInfo: UserFromGetMe = {
  ...bot,
  is_bot: true,
  username: "herald_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

export const channelChat = (id: number, title: string): Chat.ChannelChat => ({ id, type: "channel", title });

/** `getChat` on a channel. */
export const channelInfo = (id: number, title: string): ChatFullInfo => ({
  ...channelChat(id, title),
  accent_color_id: 0,
  max_reaction_count: 11,
  accepted_gift_types: {
    unlimited_gifts: false,
    limited_gifts: false,
    unique_gifts: false,
    premium_subscription: false,
    gifts_from_channels: false,
  },
});

/** A message the bot sent to a channel. */
export const channelMessage = (chatId: number, id: number): Message => ({
  message_id: id,
  date: 1_924_992_000,
  chat: channelChat(chatId, "Herald News"),
});

/** `getChatMember`: the bot as an administrator of the channel, allowed to post or not. */
export const administrator = (canPost: boolean): ChatMember => ({
  status: "administrator",
  user: bot,
  can_be_edited: false,
  is_anonymous: false,
  can_manage_chat: true,
  can_delete_messages: true,
  can_manage_video_chats: false,
  can_restrict_members: false,
  can_promote_members: false,
  can_change_info: false,
  can_invite_users: true,
  can_post_stories: false,
  can_edit_stories: false,
  can_delete_stories: false,
  can_send_welcome_messages: false,
  can_post_messages: canPost,
});

/** `getChatMember`: the bot as a plain member. */
export const member: ChatMember = { status: "member", user: bot };
