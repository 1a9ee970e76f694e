// `message.received`, `comment.received` and `flow.completed`: each written once per fact, in the batch of its change.
import { and, asc, eq, type SQL } from "drizzle-orm";
import { collectedItems } from "../../db/schema";
import { iso } from "../../lib/clock";
import type { InboundEvent } from "../../queues/inbound";
import type { CommentReceivedData, FlowCompletedData, MessageReceivedData } from "../../schemas/webhook-events";
import { eventInsert } from "../events";
import type { Execution } from "../flows/run/state";
import type { Runtime } from "../runtime";

/**
 * `message.received`, `comment.received` and `flow.completed`: one function each, answering the outbox insert that
 * joins the batch of the change it reports: the inbound consumer's claim of a comment or message
 * (`flows/run/inbound.ts`), the end of a flow run (`flows/run/record.ts`); the caller calls `eventsWritten` after
 * the batch. Each is written under a dedupe key, once per fact: a platform delivering a message twice, a retried
 * queue message or a run recorded again writes nothing new. The insert comes wrapped (`{ insert }`): a drizzle query
 * is a thenable, which an async function would run on returning it.
 */

/**
 * The insert of the event a comment or direct message sends: `comment.received` for a comment (naming Herald's post
 * when Herald published the one commented on from this account), `message.received` for the rest (story replies and
 * mentions are direct messages), whether or not a flow runs; both name the inbox conversation it landed on.
 */
export function receivedInsert(
  rt: Runtime,
  event: InboundEvent,
  landing: { userId: string; postId: string | null; conversationId: string },
) {
  const about = { accountId: event.accountId, dedupeKey: `${receivedType(event)}:${event.accountId}:${event.id}` };
  if (event.kind === "comment") {
    const data: CommentReceivedData = {
      accountId: event.accountId,
      platform: event.platform,
      conversationId: landing.conversationId,
      postId: landing.postId,
      platformPostId: event.mediaId ?? null,
      commentId: event.id,
      contactId: event.senderId,
      text: event.text,
      receivedAt: iso(event.at),
    };
    return { insert: eventInsert(rt, landing.userId, "comment.received", data, about) };
  }
  const data: MessageReceivedData = {
    accountId: event.accountId,
    platform: event.platform,
    conversationId: landing.conversationId,
    contactId: event.senderId,
    messageId: event.id,
    text: event.text,
    ...(event.media?.length ? { media: event.media.map(({ type, url }) => ({ type, url })) } : {}),
    receivedAt: iso(event.at),
  };
  return { insert: eventInsert(rt, landing.userId, "message.received", data, about) };
}

const receivedType = (event: InboundEvent) => (event.kind === "comment" ? "comment.received" : "message.received");

/**
 * The insert of `flow.completed` for an execution that ended well at `at`, written `onlyIf` that end happened here:
 * the labels of the answers the run collected and whether each was valid, never their values (they are personal
 * data; the collected-data export has them).
 */
export async function flowCompletedInsert(rt: Runtime, exec: Execution, at: number, onlyIf: SQL) {
  const answers = await rt.db
    .select({ fieldLabel: collectedItems.fieldLabel, valid: collectedItems.valid })
    .from(collectedItems)
    .where(and(eq(collectedItems.flowId, exec.flowId), eq(collectedItems.executionId, exec.id)))
    .orderBy(asc(collectedItems.collectedAt), asc(collectedItems.id));
  const data: FlowCompletedData = {
    flowId: exec.flowId,
    flowName: exec.flowName,
    executionId: exec.id,
    accountId: exec.accountId,
    platform: exec.platform,
    contactId: exec.contactId,
    completedAt: iso(at),
    collected: answers,
  };
  return {
    insert: eventInsert(rt, exec.userId, "flow.completed", data, {
      accountId: exec.accountId,
      dedupeKey: `flow.completed:${exec.id}`,
      onlyIf,
    }),
  };
}
