// The inbox's tables: conversations (a comment thread or a direct-message thread) and their messages.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { users } from "./users";

export const CONVERSATION_KINDS = ["comment", "message"] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const CONVERSATION_STATUSES = ["open", "done"] as const;
export const MESSAGE_DIRECTIONS = ["in", "out"] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];
/**
 * A message's state: `pending` until a reply is sent (`sending` while its one call is out, shown as `pending`),
 * then `sent` or `failed`; everything that came in is `sent`.
 */
export const INBOX_MESSAGE_STATES = ["pending", "sending", "sent", "failed"] as const;
export type InboxMessageState = (typeof INBOX_MESSAGE_STATES)[number];
/** The labels a conversation may carry, and their length. */
export const MAX_LABELS = 20;
export const MAX_LABEL_CHARS = 50;

/**
 * One conversation of an account: a direct-message thread with one contact (`thread_key` `dm:<contact>`), or one
 * commenter's comments on one post (`comment:<post>:<contact>`). `last_*` is the newest message, what the inbox lists
 * and orders by; `window_closes_at` is when direct messages stop being allowed (platforms with a window).
 */
export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    platform: text("platform").notNull(),
    kind: text("kind", { enum: CONVERSATION_KINDS }).notNull(),
    threadKey: text("thread_key").notNull(),
    /** The person, by the platform-scoped id their events carry, and how the platform names them. */
    contactId: text("contact_id").notNull(),
    contactName: text("contact_name"),
    contactHandle: text("contact_handle"),
    contactAvatarUrl: text("contact_avatar_url"),
    /** A comment thread's post: the platform's id, and Herald's post when Herald published it from this account. */
    platformPostId: text("platform_post_id"),
    postId: text("post_id"),
    /** The person's latest comment or message: what a reply answers. */
    replyToId: text("reply_to_id"),
    lastText: text("last_text").notNull().default(""),
    lastAt: integer("last_at").notNull(),
    lastDirection: text("last_direction", { enum: MESSAGE_DIRECTIONS }).notNull(),
    lastInboundAt: integer("last_inbound_at"),
    windowClosesAt: integer("window_closes_at"),
    unread: integer("unread", { mode: "boolean" }).notNull().default(true),
    status: text("status", { enum: CONVERSATION_STATUSES }).notNull().default("open"),
    assigneeId: text("assignee_id"),
    labels: text("labels", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("conversations_thread").on(t.accountId, t.threadKey),
    // The inbox: a workspace's conversations, newest activity first.
    index("conversations_user_activity").on(t.userId, t.lastAt, t.id),
  ],
);

/**
 * One message of a conversation: a comment or message that came in (by its platform id, once), or a reply sent
 * from Herald (its platform id once the platform answered). `error_*` says why a reply failed; `ambiguous` that the
 * platform never answered, so it may have gone through.
 */
export const inboxMessages = sqliteTable(
  "inbox_messages",
  {
    id: text("id").primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id),
    userId: text("user_id").notNull(),
    accountId: text("account_id").notNull(),
    direction: text("direction", { enum: MESSAGE_DIRECTIONS }).notNull(),
    text: text("text").notNull(),
    media: text("media", { mode: "json" }).$type<{ type: string; url: string }[]>(),
    at: integer("at").notNull(),
    /** Who wrote it: the contact's id (in), the member who replied, or `flow:<execution id>` (out). */
    authorId: text("author_id").notNull(),
    authorName: text("author_name"),
    platformMessageId: text("platform_message_id"),
    /** A reply: the comment or message it answers, and whether it is a private reply. */
    replyToId: text("reply_to_id"),
    private: integer("private", { mode: "boolean" }).notNull().default(false),
    state: text("state", { enum: INBOX_MESSAGE_STATES }).notNull(),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    ambiguous: integer("ambiguous", { mode: "boolean" }).notNull().default(false),
    /** Tries of the platform call so far (a transient failure is tried once more). */
    tries: integer("tries").notNull().default(0),
    /** Hidden from the public on the platform (comments that can be hidden), and deleted there (Herald's own). */
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    // Each platform comment or message lands once, however often it is delivered or polled.
    uniqueIndex("inbox_messages_platform_id")
      .on(t.accountId, t.platformMessageId)
      .where(sql`${t.platformMessageId} IS NOT NULL`),
    index("inbox_messages_conversation").on(t.conversationId, t.at, t.id),
    // The minute's sweep of replies not settled yet: only those rows, however many messages came in.
    index("inbox_messages_unsettled").on(t.at).where(sql`${t.state} IN ('pending', 'sending')`),
  ],
);

/**
 * Where an account's inbox poll got to (platforms without webhooks): the platform's cursor (the newest item seen),
 * when it was last polled, and until when a cron run holds its poll (two runs never poll one account at once).
 */
export const inboxPollCursors = sqliteTable("inbox_poll_cursors", {
  accountId: text("account_id")
    .primaryKey()
    .references(() => accounts.id),
  cursor: text("cursor"),
  polledAt: integer("polled_at").notNull().default(0),
  leaseUntil: integer("lease_until").notNull().default(0),
  lastError: text("last_error"),
});
