// Agent tools for the inbox: list conversations, read one, reply in one (asking first), and change one.
import { z } from "@hono/zod-openapi";
import { PLATFORM_LABELS, type PlatformKey } from "../../platforms/catalog";
import {
  ConversationDetailSchema,
  ConversationMessagesQuery,
  ConversationParams,
  ConversationSchema,
  ConversationUpdateBody,
  InboxListQuery,
  InboxMessageSchema,
  ReplyBody,
} from "../../schemas/inbox";
import { getConversation, listInbox, updateConversation } from "../../services/inbox/conversations";
import { checkReply, REPLY_TAKEOVER_MINUTES, replyToConversation } from "../../services/inbox/replies";
import { defineTool } from "../define";
import { asRestInput, camelShape } from "../input";

const { conversationId } = ConversationParams.shape;
const { unread: _, ...listFilters } = InboxListQuery.shape;

const ListInput = z
  .object({
    ...camelShape(listFilters),
    unread: z.boolean().optional().describe("true: only unread conversations; false: only read ones"),
  })
  .strict();

export const listInboxTool = defineTool({
  name: "list_inbox",
  title: "List inbox conversations",
  description:
    "The comments on the user's posts and the direct messages to their accounts, one conversation per post and commenter or per contact, newest activity first. Every filter given must hold: `status` (open, done), `kind` (comment, message), `accountId`, `platform`, `assigneeId` (`none`: unassigned), `label`, `q` (text in a message, or the contact's name or handle), `unread`. Pass `nextCursor` back as `cursor` for the next page; it is null on the last.",
  input: ListInput,
  output: z.object({ conversations: z.array(ConversationSchema), nextCursor: z.string().nullable() }),
  scopes: ["inbox:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, input) => {
    const query = asRestInput(InboxListQuery, {
      status: input.status,
      kind: input.kind,
      account_id: input.accountId,
      platform: input.platform,
      assignee_id: input.assigneeId,
      label: input.label,
      q: input.q,
      unread: input.unread === undefined ? undefined : input.unread ? "true" : "false",
      limit: input.limit,
      cursor: input.cursor,
    });
    const page = await listInbox(rt, principal.userId, query);
    return { conversations: page.data, nextCursor: page.next_cursor };
  },
});

export const getConversationTool = defineTool({
  name: "get_conversation",
  title: "Read an inbox conversation",
  description:
    "A conversation with its messages oldest first (the person's, replies from Herald, a flow's), the post it is about, whether a person took the contact over (`human_until`) and whether they opted out. Reading it marks it read, as opening it in Herald does. Pass `nextCursor` back as `cursor` for later messages.",
  input: z.object({ conversationId, ...ConversationMessagesQuery.shape }).strict(),
  output: z.object({ conversation: ConversationDetailSchema, nextCursor: z.string().nullable() }),
  scopes: ["inbox:read"],
  // It marks the conversation read for the whole team: a change, though the same on every call.
  readOnly: false,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, { conversationId, ...page }) => {
    const { data, next_cursor } = await getConversation(rt, principal.userId, conversationId, page);
    return { conversation: data, nextCursor: next_cursor };
  },
});

const ReplyInput = z.object({ conversationId, ...ReplyBody.shape }).strict();
const asReplyBody = ({ conversationId: _, ...body }: z.infer<typeof ReplyInput>) => asRestInput(ReplyBody, body);
const ANSWERS = {
  comment: "publicly under the comment of",
  private: "privately, in their inbox, to the comment of",
  message: "with a direct message to",
} as const;

export const replyToConversationTool = defineTool({
  name: "reply_to_conversation",
  title: "Reply in an inbox conversation",
  description: `Answers the person on the platform, once: a public reply under their latest comment, with \`private: true\` a private reply to it (Instagram and Facebook, once per comment, within 7 days), or a direct message in a DM conversation. Asks for confirmation. Refused with nothing sent: \`reply_not_supported\`, text over the platform's limit, \`outside_messaging_window\`, \`contact_opted_out\`, \`private_reply_used\`. The answer is the reply, \`pending\`: get_conversation shows it \`sent\` or \`failed\`. A reply while a flow runs for the contact takes them over for ${REPLY_TAKEOVER_MINUTES} minutes.`,
  input: ReplyInput,
  output: InboxMessageSchema,
  scopes: ["inbox:write"],
  confirm: true,
  readOnly: false,
  idempotent: false,
  openWorld: true,
  preview: async ({ rt, principal }, input) => {
    const { row, kind, takesOver } = await checkReply(rt, principal.userId, input.conversationId, asReplyBody(input));
    const who = row.contactName ?? row.contactHandle ?? row.contactId;
    const platform = PLATFORM_LABELS[row.platform as PlatformKey] ?? row.platform;
    const takeover = takesOver ? ` This takes ${who} over from the flow for ${REPLY_TAKEOVER_MINUTES} minutes.` : "";
    return {
      summary: `Answer ${ANSWERS[kind]} ${who} on ${platform}: "${input.text}".${takeover}`,
      details: {
        conversation_id: row.id,
        account_id: row.accountId,
        kind,
        text: input.text,
        ...(input.media ? { media: input.media } : {}),
        takes_over_flow: takesOver,
      },
    };
  },
  run: ({ rt, principal }, input) => replyToConversation(rt, principal, input.conversationId, asReplyBody(input)),
});

const { status, assignee_id, labels } = ConversationUpdateBody.shape;

export const updateConversationTool = defineTool({
  name: "update_conversation",
  title: "Close, assign or label an inbox conversation",
  description:
    "`status` done closes it (open reopens it; a new message from the person opens it again), `assigneeId` gives it to a member of the workspace (null unassigns), `labels` replaces its labels (up to 20, each up to 50 characters). Give at least one.",
  input: z.object({ conversationId, status, assigneeId: assignee_id, labels }).strict(),
  output: ConversationDetailSchema.omit({ messages: true }),
  scopes: ["inbox:write"],
  readOnly: false,
  idempotent: true,
  openWorld: false,
  run: ({ rt, principal }, { conversationId, assigneeId, ...rest }) =>
    updateConversation(
      rt,
      principal.userId,
      conversationId,
      asRestInput(ConversationUpdateBody, { ...rest, assignee_id: assigneeId }),
    ),
});
