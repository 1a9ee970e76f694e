// Zod schemas of the inbox: conversations, their messages, the list's filters, changes and replies.
import { z } from "@hono/zod-openapi";
import {
  CONVERSATION_KINDS,
  CONVERSATION_STATUSES,
  MAX_LABEL_CHARS,
  MAX_LABELS,
  MESSAGE_DIRECTIONS,
} from "../db/schema/inbox";
import { PLATFORM_KEYS } from "../platforms/catalog";
import { QueryFlag } from "./common";

const at = (description: string) => z.string().openapi({ description, example: "2026-12-02T09:30:00.000Z" });

export const ConversationParams = z.object({
  conversationId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "conversationId", in: "path" }, example: "conv_3hZ0Qm1b2c3d4e5f6g7h" }),
});

export const InboxMessageParams = ConversationParams.extend({
  messageId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "messageId", in: "path" }, example: "msg_3hZ0Qm1b2c3d4e5f6g7h" }),
});

export const InboxListQuery = z.object({
  status: z.enum(CONVERSATION_STATUSES).optional(),
  kind: z.enum(CONVERSATION_KINDS).optional(),
  account_id: z.string().min(1).max(100).optional(),
  platform: z.enum(PLATFORM_KEYS).optional(),
  assignee_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: "A member's id, or `none` for conversations nobody is assigned" }),
  label: z.string().min(1).max(MAX_LABEL_CHARS).optional(),
  q: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: "Text in any of its messages, or in the contact's name or handle" }),
  unread: QueryFlag.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type InboxListQueryInput = z.infer<typeof InboxListQuery>;

export const ConversationMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z.string().max(200).optional().openapi({ description: "`next_cursor` of the previous page: later messages" }),
});

const FlowOfConversation = z
  .object({
    flow_id: z.string(),
    execution_id: z.string(),
    status: z.string().openapi({ description: "The execution's status (`running`, `waiting_input`, … `completed`)" }),
  })
  .nullable()
  .openapi({ description: "The contact's latest flow execution on the account; null when no flow ran for them" });

export const ConversationSchema = z
  .object({
    id: z.string().openapi({ example: "conv_3hZ0Qm1b2c3d4e5f6g7h" }),
    kind: z.enum(CONVERSATION_KINDS),
    platform: z.string(),
    account_id: z.string(),
    contact: z.object({
      id: z.string().openapi({ description: "The person's platform-scoped id" }),
      name: z.string().nullable(),
      handle: z.string().nullable(),
      avatar_url: z.string().nullable(),
    }),
    post_id: z
      .string()
      .nullable()
      .openapi({ description: "Herald's post the comments are on, when Herald published it" }),
    platform_post_id: z.string().nullable().openapi({ description: "The platform's id of the post commented on" }),
    last_message: z.object({ text: z.string(), at: at("When it was written"), direction: z.enum(MESSAGE_DIRECTIONS) }),
    unread: z.boolean(),
    status: z.enum(CONVERSATION_STATUSES),
    assignee_id: z.string().nullable(),
    labels: z.array(z.string()),
    flow: FlowOfConversation,
    window_closes_at: z.string().nullable().openapi({
      description: "When direct messages stop being allowed (Meta's 24 hours, WhatsApp's window); null: no window",
    }),
  })
  .openapi("Conversation");

export const InboxMessageSchema = z
  .object({
    id: z.string().openapi({ example: "msg_3hZ0Qm1b2c3d4e5f6g7h" }),
    direction: z.enum(MESSAGE_DIRECTIONS),
    text: z.string(),
    media: z.array(z.object({ type: z.string(), url: z.string() })),
    at: at("When it was written (a reply: when it was asked for)"),
    author: z.object({
      id: z.string().openapi({ description: "The contact's id, the member who replied, or `flow:<execution id>`" }),
      name: z.string().nullable(),
    }),
    platform_message_id: z.string().nullable(),
    private: z.boolean().openapi({ description: "A private reply to the commenter (in their inbox)" }),
    hidden: z.boolean().openapi({ description: "Hidden from the public on the platform" }),
    deleted: z.boolean().openapi({ description: "Deleted on the platform (Herald's own comments)" }),
    status: z.enum(["sent", "failed", "pending"]),
    error: z
      .object({
        code: z.string(),
        message: z.string(),
        ambiguous: z
          .boolean()
          .openapi({ description: "The platform never answered: the reply may have gone out. It is not tried again" }),
      })
      .nullable(),
  })
  .openapi("InboxMessage");

export const ConversationDetailSchema = ConversationSchema.extend({
  post: z
    .object({ id: z.string(), text: z.string(), url: z.string().nullable() })
    .nullable()
    .openapi({ description: "The post commented on, when Herald published it" }),
  human_until: z
    .string()
    .nullable()
    .openapi({ description: "Automations stay quiet for the contact until then (a person took over)" }),
  opted_out: z.boolean().openapi({ description: "The contact opted out of messages from automations" }),
  messages: z.array(InboxMessageSchema).openapi({ description: "Oldest first" }),
}).openapi("ConversationDetail");

export const ConversationUpdateBody = z
  .object({
    status: z.enum(CONVERSATION_STATUSES).optional(),
    assignee_id: z
      .string()
      .min(1)
      .max(100)
      .nullable()
      .optional()
      .openapi({ description: "A member of the workspace; null unassigns" }),
    labels: z
      .array(z.string().trim().min(1).max(MAX_LABEL_CHARS))
      .max(MAX_LABELS)
      .optional()
      .openapi({ description: `Replaces the labels: up to ${MAX_LABELS}, each up to ${MAX_LABEL_CHARS} characters` }),
  })
  .strict()
  .refine((b) => b.status !== undefined || b.assignee_id !== undefined || b.labels !== undefined, {
    message: "give status, assignee_id or labels",
  })
  .openapi("ConversationUpdate");
export type ConversationUpdateInput = z.infer<typeof ConversationUpdateBody>;

export const ReplyBody = z
  .object({
    text: z.string().max(100_000).default(""),
    media: z
      .array(z.object({ type: z.enum(["image", "video"]), url: z.url().max(2000) }))
      .max(1)
      .optional()
      .openapi({ description: "One image or video, on platforms whose messages take one (WhatsApp)" }),
    private: z
      .boolean()
      .default(false)
      .openapi({ description: "Answer a commenter privately, once, in their inbox (Instagram and Facebook)" }),
  })
  .strict()
  .refine((b) => b.text.trim() !== "" || (b.media?.length ?? 0) > 0, { message: "give text or media", path: ["text"] })
  .openapi("InboxReply");
export type ReplyInput = z.infer<typeof ReplyBody>;

export const HideBody = z
  .object({
    message_id: z.string().min(1).max(100).optional().openapi({
      description: "One comment of the conversation (`msg_…`); absent: every one of the person's comments",
    }),
  })
  .strict()
  .openapi("InboxHide");
export type HideInput = z.infer<typeof HideBody>;
