// Zod schemas of each webhook event's `data`: the OpenAPI `webhooks`, the SDKs' event types, services' inputs.
import { z } from "@hono/zod-openapi";
import { PLUG_ACTIONS, PLUG_METRICS } from "../db/schema/plugs";
import { REVIEW_DECISION_KINDS } from "../db/schema/reviews";
import { TEMPLATE_EVENTS } from "../platforms/whatsapp/whatsapp";
import type { WEBHOOK_EVENTS } from "./webhooks";

/**
 * What each event's `data` holds (SPEC: Event kinds sent): the OpenAPI document's `webhooks`, the SDKs' event types,
 * and the input types of the services that write the newer events.
 */

/** Why `account.disconnected` was sent: the owner disconnected it, renewing its tokens was refused, or the platform refused them. */
export const DISCONNECT_REASONS = ["owner", "reauth_required", "platform_revoked"] as const;

const id = (description: string) => z.string().openapi({ description });
const at = (description: string) => z.string().openapi({ description: `${description} (ISO 8601, UTC)` });

const MediaItem = z
  .object({
    type: z.string().openapi({ description: "As the platform names it, such as `image`, `video`, `audio` or `file`" }),
    url: z.string().openapi({ description: "The platform's link to it; platforms expire these links after a while" }),
  })
  .openapi("ReceivedMedia");

export const MessageReceivedData = z.object({
  accountId: id("The account the message was sent to"),
  platform: z.string(),
  conversationId: id("The inbox conversation it landed on (`GET /api/v1/inbox/{conversationId}`)"),
  contactId: id("The sender's platform-scoped id"),
  messageId: id("The platform's message id"),
  text: z.string().openapi({ description: "Empty for a message with only media" }),
  media: z.array(MediaItem).optional().openapi({ description: "Present when the message carries any" }),
  receivedAt: at("When Herald received it"),
});
export type MessageReceivedData = z.infer<typeof MessageReceivedData>;

export const CommentReceivedData = z.object({
  accountId: id("The account whose post was commented on"),
  platform: z.string(),
  conversationId: id("The inbox conversation it landed on (`GET /api/v1/inbox/{conversationId}`)"),
  postId: z.string().nullable().openapi({ description: "Herald's post, when Herald published the post; else null" }),
  platformPostId: z.string().nullable().openapi({ description: "The platform's id of the post; null when unknown" }),
  commentId: id("The platform's comment id"),
  contactId: id("The commenter's platform-scoped id"),
  text: z.string(),
  receivedAt: at("When Herald received it"),
});
export type CommentReceivedData = z.infer<typeof CommentReceivedData>;

export const InboxReplyData = z.object({
  conversationId: z.string(),
  messageId: id("The reply's id in the conversation (`msg_…`)"),
  platform: z.string(),
  accountId: z.string(),
  platformMessageId: z.string().nullable().openapi({ description: "The platform's id of the reply once sent" }),
  error: z
    .object({ code: z.string(), message: z.string(), ambiguous: z.boolean() })
    .nullable()
    .openapi({ description: "Why it failed (null when sent); `ambiguous`: no answer came, it may have gone out" }),
});
export type InboxReplyData = z.infer<typeof InboxReplyData>;

export const FlowCompletedData = z.object({
  flowId: z.string(),
  flowName: z.string(),
  executionId: z.string(),
  accountId: z.string(),
  platform: z.string(),
  contactId: id("The person the flow ran for (their platform-scoped id)"),
  completedAt: at("When the run ended"),
  collected: z
    .array(
      z.object({
        fieldLabel: z.string(),
        valid: z.boolean(),
      }),
    )
    .openapi({
      description:
        "One item per answer to a question step, in order (a question answered again after an invalid answer appears twice). Never the values: read them with the collected-data export.",
    }),
});
export type FlowCompletedData = z.infer<typeof FlowCompletedData>;

export const AccountDisconnectedData = z.object({
  accountId: z.string(),
  platform: z.string(),
  reason: z.enum(DISCONNECT_REASONS).openapi({
    description:
      "`owner`: disconnected by its owner. `reauth_required`: the platform refused to renew its tokens. `platform_revoked`: the platform refused its tokens (access withdrawn on the platform). Either of the last two leaves the account `reauth_required` until it is connected again.",
  }),
  at: at("When Herald found it"),
});
export type AccountDisconnectedData = z.infer<typeof AccountDisconnectedData>;

type EventName = (typeof WEBHOOK_EVENTS)[number];

/** Each event: when it is sent, and its `data`. */
export const EVENT_CATALOG: Record<EventName, { summary: string; data: z.ZodObject }> = {
  "post.published": {
    summary: "A post went live on one platform (with its whole thread, when it has one)",
    data: z.object({
      postId: z.string(),
      platform: z.string(),
      accountId: z.string(),
      platformPostId: z.string().openapi({ description: "The post itself: the first segment of a thread" }),
      segments: z.array(z.string()).openapi({
        description: "Every segment's platform post id, in order (one, the post's, when it has no thread)",
      }),
      firstCommentId: z
        .string()
        .optional()
        .openapi({ description: "The first comment's platform id, when one was posted" }),
    }),
  },
  "post.failed": {
    summary: "A post could not be published on one platform",
    data: z.object({
      postId: z.string(),
      platform: z.string(),
      accountId: z.string(),
      error: id("The target's error code (see the errors reference)"),
      publishedSegments: z.number().int().openapi({
        description:
          "How many of the thread's segments went out before it stopped (0 when none did, and for a post without a thread that failed)",
      }),
    }),
  },
  "flow.triggered": {
    summary: "An automation started for someone",
    data: z.object({
      flowId: z.string(),
      executionId: z.string(),
      platform: z.string(),
      accountId: z.string(),
      senderId: id("The person's platform-scoped id"),
    }),
  },
  "flow.error": {
    summary: "An automation stopped with an error",
    data: z.object({
      flowId: z.string(),
      executionId: z.string().optional(),
      flowName: z.string(),
      errorMessage: z.string(),
      errorNodeId: z.string(),
    }),
  },
  "flow.completed": { summary: "An automation finished for someone", data: FlowCompletedData },
  "message.received": { summary: "A direct message to an account", data: MessageReceivedData },
  "comment.received": { summary: "A comment on one of an account's posts", data: CommentReceivedData },
  "account.disconnected": {
    summary: "An account was disconnected, or its platform stopped accepting it",
    data: AccountDisconnectedData,
  },
  "whatsapp.template_status": {
    summary: "A messaging template was approved, rejected or paused",
    data: z.object({
      accountId: z.string(),
      templateName: z.string(),
      templateLanguage: z.string(),
      event: z.enum(TEMPLATE_EVENTS),
      reason: z.string().nullable(),
    }),
  },
  "post.review_decision": {
    summary: "A client approved, asked for changes or commented on a review link",
    data: z.object({
      postId: z.string(),
      reviewLinkId: z.string().nullable().openapi({ description: "Null for the owner's own decision" }),
      kind: z.enum(REVIEW_DECISION_KINDS),
      reviewerName: z.string(),
      comment: z.string().optional(),
    }),
  },
  "post.plug_fired": {
    summary: "A plug fired (a repost or a comment)",
    data: z.object({
      plug_id: z.string(),
      post_id: z.string(),
      account_id: z.string(),
      platform: z.string(),
      metric: z.enum(PLUG_METRICS),
      threshold: z.number().int(),
      value: z.number(),
      action: z.enum(PLUG_ACTIONS),
    }),
  },
  "conversation.assigned": {
    summary: "An inbox conversation was assigned to a member, or unassigned",
    data: z.object({
      conversationId: z.string(),
      assigneeId: z.string().nullable().openapi({ description: "The member now assigned; null: unassigned" }),
      accountId: z.string(),
    }),
  },
  "inbox.reply_sent": { summary: "A reply from the inbox reached the platform", data: InboxReplyData },
  "inbox.reply_failed": {
    summary: "A reply from the inbox did not reach the platform (or may have: `ambiguous`)",
    data: InboxReplyData,
  },
  test: {
    summary: "Sent by Send test, whatever the webhook subscribes to",
    data: z.object({ webhook_id: z.string(), message: z.string() }),
  },
};
