// REST routes of the inbox: list conversations, read one (marking it read), change it, reply in it, hide comments
// and delete Herald's own.
import { z } from "@hono/zod-openapi";
import { jsonBody, jsonContent, ok } from "../../schemas/common";
import {
  ConversationDetailSchema,
  ConversationMessagesQuery,
  ConversationParams,
  ConversationSchema,
  ConversationUpdateBody,
  HideBody,
  InboxListQuery,
  InboxMessageParams,
  InboxMessageSchema,
  ReplyBody,
} from "../../schemas/inbox";
import { getConversation, listInbox, updateConversation } from "../../services/inbox/conversations";
import { deleteOwnComment, setHidden } from "../../services/inbox/moderation";
import { replyToConversation } from "../../services/inbox/replies";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Inbox"];

const list = authedRoute("inbox:read", {
  operationId: "listInbox",
  method: "get",
  path: "/api/v1/inbox",
  tags,
  summary: "List conversations, newest activity first",
  description:
    "Every filter given must hold. `assignee_id=none` lists the unassigned; `q` finds text in any message or the contact's name or handle. Pass `next_cursor` as `cursor` for the next page; it is null on the last.",
  request: { query: InboxListQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.array(ConversationSchema), next_cursor: z.string().nullable() }),
      "A page of conversations",
    ),
  },
});

const get = authedRoute("inbox:read", {
  operationId: "getConversation",
  method: "get",
  path: "/api/v1/inbox/{conversationId}",
  tags,
  summary: "Read a conversation and its messages (marks it read)",
  description:
    "Messages oldest first, replies from Herald and a flow's messages among them; `next_cursor` gives the later ones. Another workspace's conversation is 404.",
  request: { params: ConversationParams, query: ConversationMessagesQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: ConversationDetailSchema, next_cursor: z.string().nullable() }),
      "The conversation",
    ),
  },
});

const update = authedRoute("inbox:write", {
  operationId: "updateConversation",
  method: "patch",
  path: "/api/v1/inbox/{conversationId}",
  tags,
  summary: "Close or reopen a conversation, assign it, label it",
  description:
    "`assignee_id` must be a member of the workspace (null unassigns; a change sends `conversation.assigned`); `labels` replaces the labels. A new message from the contact opens a done conversation again.",
  request: { params: ConversationParams, body: jsonBody(ConversationUpdateBody) },
  responses: { 200: ok(ConversationDetailSchema.omit({ messages: true }), "The conversation") },
});

const reply = authedRoute(
  "inbox:write",
  {
    operationId: "replyToConversation",
    method: "post",
    path: "/api/v1/inbox/{conversationId}/replies",
    tags,
    summary: "Reply in a conversation (sent once, through the queue)",
    description:
      "A public reply under the person's latest comment, with `private: true` a private reply to it (Instagram, Facebook: once per comment, within 7 days), or a direct message in a DM conversation. Answers 202 with the pending message; `inbox.reply_sent` or `inbox.reply_failed` tells the outcome, also on the message. Refused up front, with nothing sent: `reply_not_supported`, text over the platform's limit (`validation_error`, naming it), `outside_messaging_window`, `contact_opted_out`, `private_reply_used`. A reply while a flow runs for the contact takes them over for an hour (`human_until` on the conversation).",
    request: {
      params: ConversationParams,
      headers: z.object({
        "idempotency-key": z.string().max(255).optional().openapi({
          description:
            "Retry safely: the same key and body within 24 hours answer with the first answer, sending nothing",
        }),
      }),
      body: jsonBody(ReplyBody),
    },
    responses: { 202: ok(InboxMessageSchema, "The reply, pending") },
    errors: [
      "reply_not_supported",
      "outside_messaging_window",
      "contact_opted_out",
      "private_reply_used",
      "idempotency_conflict",
      "idempotency_in_progress",
    ],
  },
  { idempotent: true },
);

const hideRoute = (hidden: boolean) =>
  authedRoute("inbox:write", {
    operationId: hidden ? "hideConversationComments" : "unhideConversationComments",
    method: "post",
    path: `/api/v1/inbox/{conversationId}/${hidden ? "hide" : "unhide"}`,
    tags,
    summary: hidden ? "Hide the person's comments from the public" : "Show hidden comments again",
    description: `${hidden ? "Hides" : "Shows again"} the comment named by \`message_id\`, else every one of the person's comments in the conversation (up to 50 a request), on the platform first: Facebook and Instagram hide from everyone but the commenter (and their friends on Facebook), X marks a reply hidden. Each is one platform call; doing it twice is the same as once. Refused \`hide_not_supported\` for direct messages and platforms without hiding (or none from Herald's adapter yet). Answers the comments changed.`,
    request: { params: ConversationParams, body: { ...jsonBody(HideBody), required: false } },
    responses: { 200: ok(z.array(InboxMessageSchema), "The comments changed") },
    errors: ["hide_not_supported", "reauth_required", "platform_unreachable", "platform_read_refused"],
  });
const hide = hideRoute(true);
const unhide = hideRoute(false);

const remove = authedRoute("inbox:write", {
  operationId: "deleteConversationComment",
  method: "delete",
  path: "/api/v1/inbox/{conversationId}/messages/{messageId}",
  tags,
  summary: "Delete a comment Herald's account wrote",
  description:
    "Deletes a sent public reply of the account's on the platform (Facebook, Instagram, X), once: a retried or racing request makes no second call and answers the message, `deleted: true`; one already gone from the platform counts as deleted. Refused `delete_not_supported` for the person's comments, private replies, direct messages and platforms whose adapter does not delete, `state_error` for a reply not sent; a failed platform call changes nothing.",
  request: { params: InboxMessageParams },
  responses: { 200: ok(InboxMessageSchema, "The comment, deleted") },
  errors: ["delete_not_supported", "state_error", "reauth_required", "platform_unreachable", "platform_read_refused"],
});

export const inboxRoutes = createRouter()
  .openapi(list, async (c) => {
    const { data, next_cursor } = await listInbox(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, data, next_cursor }, 200);
  })
  .openapi(get, async (c) => {
    const { conversationId } = c.req.valid("param");
    const page = c.req.valid("query");
    const { data, next_cursor } = await getConversation(c.var.rt, c.var.principal.userId, conversationId, page);
    return c.json({ success: true as const, data, next_cursor }, 200);
  })
  .openapi(reply, async (c) => {
    const { conversationId } = c.req.valid("param");
    const data = await replyToConversation(c.var.rt, c.var.principal, conversationId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 202);
  })
  .openapi(hide, async (c) => {
    const { conversationId } = c.req.valid("param");
    const data = await setHidden(c.var.rt, c.var.principal.userId, conversationId, true, c.req.valid("json") ?? {});
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(unhide, async (c) => {
    const { conversationId } = c.req.valid("param");
    const data = await setHidden(c.var.rt, c.var.principal.userId, conversationId, false, c.req.valid("json") ?? {});
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const { conversationId, messageId } = c.req.valid("param");
    const data = await deleteOwnComment(c.var.rt, c.var.principal.userId, conversationId, messageId);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(update, async (c) => {
    const { conversationId } = c.req.valid("param");
    const data = await updateConversation(c.var.rt, c.var.principal.userId, conversationId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  });
