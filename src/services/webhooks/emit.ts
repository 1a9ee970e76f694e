// `message.received`, `comment.received` and `flow.completed`: each written to the outbox once per fact.
import { and, asc, eq, sql } from "drizzle-orm";
import { accounts, collectedItems, postTargets } from "../../db/schema";
import type { INBOUND_KINDS } from "../../db/schema/flow-runs";
import { iso } from "../../lib/clock";
import type { CommentReceivedData, FlowCompletedData, MessageReceivedData } from "../../schemas/webhook-events";
import { eventInsert, eventsWritten } from "../events";
import type { Execution } from "../flows/run/state";
import type { Runtime } from "../runtime";

/**
 * `message.received`, `comment.received` and `flow.completed`: one function each, called where the fact happens
 * (the inbound consumer, the end of a flow run). Each writes its event to the outbox once per fact, under a dedupe
 * key, so calling it again for the same message, comment or execution (a redelivered platform webhook, a retried
 * queue message) writes nothing. Each answers whether this call wrote it.
 */

/** A comment or direct message as Herald took it in: the inbound queue's message (`queues/inbound.ts`) fits it. */
export interface Received {
  accountId: string;
  platform: string;
  kind: (typeof INBOUND_KINDS)[number];
  /** The platform's comment or message id. */
  id: string;
  /** The person's platform-scoped id. */
  senderId: string;
  text: string;
  /** A comment: the platform's id of the post it is on. */
  mediaId?: string;
  /** A message: its attachments, when it has any. */
  media?: { type: string; url: string }[];
  /** When Herald took it in (service time, ms). */
  at: number;
}

/** Writes one event about `data.accountId` for its owner, once per `dedupeKey`; false when written before or no owner. */
async function writeOnce(
  rt: Runtime,
  userId: string | undefined,
  type: string,
  data: Record<string, unknown> & { accountId: string },
  dedupeKey: string,
) {
  if (userId === undefined) return false;
  const [written] = await eventInsert(rt, userId, type, data, { accountId: data.accountId, dedupeKey });
  if (!written) return false;
  await eventsWritten(rt);
  return true;
}

const ownerOf = async (rt: Runtime, accountId: string) =>
  (await rt.db.select({ userId: accounts.userId }).from(accounts).where(eq(accounts.id, accountId)))[0]?.userId;

/** `message.received`: for every direct message (story replies and mentions included), whether or not a flow ran. */
export async function recordMessageReceived(rt: Runtime, message: Received): Promise<boolean> {
  const data: MessageReceivedData = {
    accountId: message.accountId,
    platform: message.platform,
    contactId: message.senderId,
    messageId: message.id,
    text: message.text,
    ...(message.media?.length ? { media: message.media.map(({ type, url }) => ({ type, url })) } : {}),
    receivedAt: iso(message.at),
  };
  const key = `message.received:${message.accountId}:${message.id}`;
  return writeOnce(rt, await ownerOf(rt, message.accountId), "message.received", data, key);
}

/** `comment.received`, naming Herald's post when the comment is on one Herald published from this account. */
export async function recordCommentReceived(rt: Runtime, comment: Received): Promise<boolean> {
  const platformPostId = comment.mediaId ?? null;
  const onThePost =
    platformPostId === null
      ? sql`0`
      : and(eq(postTargets.accountId, accounts.id), eq(postTargets.platformPostId, platformPostId));
  const [found] = await rt.db
    .select({ userId: accounts.userId, postId: postTargets.postId })
    .from(accounts)
    .leftJoin(postTargets, onThePost)
    .where(eq(accounts.id, comment.accountId))
    .limit(1);
  const data: CommentReceivedData = {
    accountId: comment.accountId,
    platform: comment.platform,
    postId: found?.postId ?? null,
    platformPostId,
    commentId: comment.id,
    contactId: comment.senderId,
    text: comment.text,
    receivedAt: iso(comment.at),
  };
  const key = `comment.received:${comment.accountId}:${comment.id}`;
  return writeOnce(rt, found?.userId, "comment.received", data, key);
}

/** The event a comment or message sends: `comment.received` for a comment, `message.received` for the rest. */
export const recordReceived = (rt: Runtime, received: Received) =>
  received.kind === "comment" ? recordCommentReceived(rt, received) : recordMessageReceived(rt, received);

/** A flow run that has ended well, as the contact's runner holds it. */
export type CompletedExecution = Pick<
  Execution,
  "id" | "flowId" | "flowName" | "userId" | "accountId" | "platform" | "contactId"
>;

/**
 * `flow.completed`, with the labels of the answers the run collected and whether each was valid, never their
 * values (they are personal data; the collected-data export has them).
 */
export async function recordFlowCompleted(rt: Runtime, execution: CompletedExecution): Promise<boolean> {
  const answers = await rt.db
    .select({ fieldLabel: collectedItems.fieldLabel, valid: collectedItems.valid })
    .from(collectedItems)
    .where(and(eq(collectedItems.flowId, execution.flowId), eq(collectedItems.executionId, execution.id)))
    .orderBy(asc(collectedItems.collectedAt), asc(collectedItems.id));
  const data: FlowCompletedData = {
    flowId: execution.flowId,
    flowName: execution.flowName,
    executionId: execution.id,
    accountId: execution.accountId,
    platform: execution.platform,
    contactId: execution.contactId,
    completedAt: iso(rt.clock.now()),
    collected: answers,
  };
  return writeOnce(rt, execution.userId, "flow.completed", data, `flow.completed:${execution.id}`);
}
