// What each platform's inbox can do: what comes in and how, the replies it takes, their limits and windows.
import type { PlatformKey } from "./catalog";

/** How a platform's comments and messages reach Herald: its webhooks, or a poll on a cron. */
export type InboxIntake = "webhook" | "poll";

export interface InboxRules {
  /** Comments (and replies, mentions) on the account's posts come in. */
  comments: boolean;
  /** Direct messages to the account come in. */
  messages: boolean;
  intake: InboxIntake;
  /** The longest public reply under a comment, in characters; absent: none can be written from Herald. */
  commentReplyLimit?: number;
  /** The longest direct message; absent: none can be sent from Herald. */
  messageLimit?: number;
  /**
   * A public reply under a comment is a comment on the comment's id (`Platform.comment`): X, Bluesky, Mastodon and
   * Facebook thread that way; the others need the adapter's own reply call.
   */
  replyByComment?: boolean;
  /** A commenter can be answered privately, once, in their inbox (Meta's private replies). */
  privateReply: boolean;
  /** Comments can be hidden from the public and shown again. */
  hide: boolean;
  /**
   * Direct messages may only be sent this long after the person's last message (Meta's 24-hour rule, WhatsApp's
   * customer-service window: a template is needed past it).
   */
  messageWindowMs?: number;
  /** Where the limits come from, so they can be checked again. */
  source: string;
}

const DAY_MS = 24 * 3_600_000;

/**
 * The inbox platforms (every platform whose API lets an app read comments or messages for this use), with the
 * limits their own pages state. TikTok is absent: its public API has no comment read for a business's inbox.
 */
export const INBOX_RULES: Partial<Record<PlatformKey, InboxRules>> = {
  instagram: {
    comments: true,
    messages: true,
    intake: "webhook",
    commentReplyLimit: 2200,
    messageLimit: 1000,
    privateReply: true,
    hide: true,
    messageWindowMs: DAY_MS,
    source: "https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/messaging-api",
  },
  facebook: {
    comments: true,
    replyByComment: true,
    messages: true,
    intake: "webhook",
    commentReplyLimit: 8000,
    messageLimit: 2000,
    privateReply: true,
    hide: true,
    messageWindowMs: DAY_MS,
    source: "https://developers.facebook.com/docs/messenger-platform/reference/send-api",
  },
  whatsapp: {
    comments: false,
    messages: true,
    intake: "webhook",
    messageLimit: 4096,
    privateReply: false,
    hide: false,
    messageWindowMs: DAY_MS,
    source: "https://developers.facebook.com/docs/whatsapp/cloud-api/messages/text-messages",
  },
  twitter: {
    comments: true,
    replyByComment: true,
    messages: false,
    intake: "poll",
    commentReplyLimit: 280,
    privateReply: false,
    hide: true,
    source: "https://docs.x.com/x-api/posts/hide-replies/introduction",
  },
  bluesky: {
    comments: true,
    replyByComment: true,
    messages: false,
    intake: "poll",
    commentReplyLimit: 300,
    privateReply: false,
    hide: false,
    source: "https://docs.bsky.app/docs/api/app-bsky-notification-list-notifications",
  },
  mastodon: {
    comments: true,
    replyByComment: true,
    messages: true,
    intake: "poll",
    commentReplyLimit: 500,
    messageLimit: 500,
    privateReply: false,
    hide: false,
    source: "https://docs.joinmastodon.org/methods/notifications/",
  },
  youtube: {
    comments: true,
    messages: false,
    intake: "poll",
    commentReplyLimit: 10000,
    privateReply: false,
    hide: true,
    source: "https://developers.google.com/youtube/v3/docs/commentThreads/list",
  },
  linkedin: {
    comments: true,
    messages: false,
    intake: "poll",
    commentReplyLimit: 1250,
    privateReply: false,
    hide: false,
    source: "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/comments-api",
  },
  telegram: {
    comments: true,
    messages: true,
    intake: "poll",
    commentReplyLimit: 4096,
    messageLimit: 4096,
    privateReply: false,
    hide: false,
    source: "https://core.telegram.org/bots/api#getupdates",
  },
  google_business: {
    // Reviews are its comments: one conversation per review, on the location, answered by the business's reply.
    comments: true,
    messages: false,
    intake: "poll",
    commentReplyLimit: 4096,
    privateReply: false,
    hide: false,
    source: "https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews",
  },
};

export const inboxRulesOf = (platform: string): InboxRules | undefined => INBOX_RULES[platform as PlatformKey];
