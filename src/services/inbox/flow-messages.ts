// A flow's messages in the inbox: each one a flow sent lands once on the contact's conversation, as Herald's.
import { and, eq, sql } from "drizzle-orm";
import { conversations, inboxMessages } from "../../db/schema";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import type { Runtime } from "../runtime";
import { itemKnown, lastMessageSet } from "./activity";
import { threadKeyOf } from "./intake";

/** One message a flow's execution sent, as the platform took it. */
export interface FlowMessage {
  execution: { id: string; flowName: string; userId: string; accountId: string; platform: string; contactId: string };
  text: string;
  media: { type: string; url: string } | undefined;
  /** The comment answered by the flow's one private reply, else absent (a direct message). */
  privateReplyTo: string | undefined;
  platformMessageId: string;
}

/**
 * Puts a message a flow sent on its conversation: a private reply on the conversation of the comment it answers, a
 * direct message on the contact's direct-message conversation (made now if the person only ever commented, as a
 * template to a commenter can be). Once by its platform id, however often the step runs; the conversation's last
 * message moves only in the batch that writes it, and it is not marked unread (Herald wrote it). A failure is only
 * logged: the inbox's record never holds up the flow.
 */
export async function recordFlowMessage(rt: Runtime, sent: FlowMessage): Promise<void> {
  try {
    const conversationId = await conversationOf(rt, sent);
    if (!conversationId) return;
    const at = rt.clock.now();
    const { execution } = sent;
    const known = itemKnown(execution.accountId, sent.platformMessageId);
    await rt.db.batch([
      rt.db
        .update(conversations)
        .set(lastMessageSet(sent.text, "out", at))
        .where(and(eq(conversations.id, conversationId), sql`NOT ${known}`)),
      rt.db
        .insert(inboxMessages)
        .values({
          id: newId("msg"),
          conversationId,
          userId: execution.userId,
          accountId: execution.accountId,
          direction: "out",
          text: sent.text,
          media: sent.media ? [sent.media] : null,
          at,
          authorId: `flow:${execution.id}`,
          authorName: execution.flowName,
          platformMessageId: sent.platformMessageId,
          replyToId: sent.privateReplyTo ?? execution.contactId,
          private: sent.privateReplyTo !== undefined,
          state: "sent",
        })
        .onConflictDoNothing(),
    ]);
  } catch (error) {
    log.warn("inbox.flow_message_not_recorded", { execution_id: sent.execution.id, error });
  }
}

async function conversationOf(rt: Runtime, { execution, privateReplyTo, text }: FlowMessage) {
  if (privateReplyTo) {
    const [comment] = await rt.db
      .select({ conversationId: inboxMessages.conversationId })
      .from(inboxMessages)
      .where(
        and(eq(inboxMessages.accountId, execution.accountId), eq(inboxMessages.platformMessageId, privateReplyTo)),
      );
    return comment?.conversationId;
  }
  const at = rt.clock.now();
  const [row] = await rt.db
    .insert(conversations)
    .values({
      id: newId("conv"),
      userId: execution.userId,
      accountId: execution.accountId,
      platform: execution.platform,
      kind: "message",
      threadKey: threadKeyOf({ kind: "message", senderId: execution.contactId, mediaId: undefined }),
      contactId: execution.contactId,
      lastText: text,
      lastAt: at,
      lastDirection: "out",
      unread: false,
      createdAt: at,
    })
    .onConflictDoUpdate({
      target: [conversations.accountId, conversations.threadKey],
      set: { threadKey: sql`excluded.thread_key` },
    })
    .returning({ id: conversations.id });
  return row?.id;
}
