// Replies from the inbox: refused up front when the platform would refuse, else sent once through the queue.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { accounts, conversations, flowExecutions, inboxMessages, users } from "../../db/schema";
import { iso } from "../../lib/clock";
import { OUTCOME } from "../../lib/error-codes";
import { AppError, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { getPlatform, inboxAbilities } from "../../platforms";
import { PLATFORM_LABELS, type PlatformKey } from "../../platforms/catalog";
import { inboxRulesOf } from "../../platforms/inbox-rules";
import { PlatformError } from "../../platforms/types";
import { inboxReplyQueue } from "../../queues/inbox-replies";
import type { Received, Verdict } from "../../queues/queue";
import type { ReplyInput } from "../../schemas/inbox";
import type { InboxReplyData } from "../../schemas/webhook-events";
import { withCredentials } from "../accounts/credentials";
import type { Principal } from "../auth/auth";
import { eventInsert, eventsWritten } from "../events";
import { contactRunner } from "../flows/run/inbound";
import { PRIVATE_REPLY_MS } from "../flows/run/send";
import type { Runtime } from "../runtime";
import { lastMessageSet } from "./activity";
import { type ConversationRow, ownedConversation } from "./conversations";
import { presentMessage } from "./present";

/** How long a person's reply keeps a running flow quiet for the contact (the existing takeover). */
export const REPLY_TAKEOVER_MINUTES = 60;
/** A reply's platform calls: the first, and one more after a transient failure. */
export const MAX_REPLY_TRIES = 2;
const RETRY_AFTER_S = 5;
/** A reply still `pending` this long after it was asked for lost its queue message: it is queued again (until `ABANDONED_REPLY_MS`). */
export const LOST_REPLY_MS = 60_000;
/** A reply still `sending` this long after it was asked for was abandoned mid-call: it may have gone out. */
export const ABANDONED_REPLY_MS = 15 * 60_000;

type ReplyKind = "comment" | "private" | "message";

const labelOf = (platform: string) => PLATFORM_LABELS[platform as PlatformKey] ?? platform;
const what = (kind: ReplyKind) =>
  kind === "comment" ? "replies to comments" : kind === "private" ? "private replies" : "direct messages";

/**
 * What kind of reply this is and the platform's limit for it. Refused when the platform's API has no such reply, or
 * Herald's adapter for it makes none (the sandbox refuses the same).
 */
function replyKindOf(rt: Runtime, row: ConversationRow, input: ReplyInput): { kind: ReplyKind; limit: number } {
  const rules = inboxRulesOf(row.platform);
  const label = labelOf(row.platform);
  if (input.private && row.kind === "message") {
    throw new AppError(
      "reply_not_supported",
      "A private reply answers a comment; this is a direct-message conversation",
    );
  }
  const kind: ReplyKind = row.kind === "message" ? "message" : input.private ? "private" : "comment";
  const can = inboxAbilities(rt, row.platform as PlatformKey, rules?.replyByComment ?? false);
  const limit = kind === "comment" ? rules?.commentReplyLimit : rules?.messageLimit;
  const able = kind === "comment" ? can.replyUnder !== null : can.messages;
  if (limit === undefined || !able || (kind === "private" && !rules?.privateReply)) {
    throw new AppError("reply_not_supported", `Herald cannot send ${what(kind)} on ${label}; nothing was sent`);
  }
  if (input.media?.length && !(kind === "message" && row.platform === "whatsapp")) {
    throw new AppError("reply_not_supported", `${label} ${what(kind)} from the inbox take text only; nothing was sent`);
  }
  return { kind, limit };
}

/** Refused when the platform's window for this reply is closed: nothing may be sent now. */
function requireOpenWindow(row: ConversationRow, kind: ReplyKind, now: number) {
  const label = labelOf(row.platform);
  const windowMs = inboxRulesOf(row.platform)?.messageWindowMs;
  if (kind === "message" && windowMs !== undefined && (row.windowClosesAt ?? 0) < now) {
    const after =
      row.platform === "whatsapp"
        ? "only an approved template may be sent until the person writes again"
        : "no message may be sent until the person writes again";
    throw new AppError(
      "outside_messaging_window",
      row.windowClosesAt === null
        ? `The person has not messaged the account, so ${label} allows no message; nothing was sent`
        : `${label}'s messaging window closed at ${iso(row.windowClosesAt)}: ${after}; nothing was sent`,
    );
  }
  if (kind === "private" && (row.lastInboundAt ?? 0) + PRIVATE_REPLY_MS < now) {
    throw new AppError(
      "outside_messaging_window",
      `${label} allows a private reply only within 7 days of the comment; nothing was sent`,
    );
  }
}

/**
 * A reply checked against the platform's rules, writing nothing: what kind it is (a public reply under the person's
 * latest comment, a private reply to it, or a direct message), or the refusal the platform would give (no such reply
 * there, text over the platform's limit, outside the messaging window, a contact who opted out). It answers too
 * whether it would take a running flow's contact over.
 */
export async function checkReply(rt: Runtime, userId: string, conversationId: string, input: ReplyInput) {
  const row = await ownedConversation(rt, userId, conversationId);
  const { kind, limit } = replyKindOf(rt, row, input);
  const length = [...input.text].length;
  if (length > limit) {
    throw validationError(
      "text",
      `${labelOf(row.platform)} ${what(kind)} take at most ${limit} characters; this has ${length}`,
    );
  }
  requireOpenWindow(row, kind, rt.clock.now());
  if (kind !== "comment" && (await contactRunner(rt, row.accountId, row.contactId).standing()).optedOutAt !== null) {
    throw new AppError("contact_opted_out", "The contact opted out of messages from this account; nothing was sent");
  }
  return { row, kind, takesOver: await flowUnderWay(rt, row) };
}

/**
 * A reply in a conversation, refused up front with nothing sent when `checkReply` refuses it or the comment had its
 * one private reply. Otherwise written `pending` and queued; a flow under way for the contact is taken over (it sends
 * nothing until the takeover ends). Answers the pending message. If it cannot be queued it is failed at once (so a
 * retry of the request, which writes a new one, never makes two sends).
 */
/** Who a reply is by: the member sending it (their id and the person's name), or the workspace for Herald itself. */
async function authorOf(rt: Runtime, principal: Principal) {
  if (!principal.member) return { authorId: principal.userId, authorName: null };
  const [person] = await rt.db.select({ name: users.name }).from(users).where(eq(users.id, principal.member.personId));
  return { authorId: principal.member.id, authorName: person?.name ?? null };
}

export async function replyToConversation(
  rt: Runtime,
  principal: Principal,
  conversationId: string,
  input: ReplyInput,
) {
  const userId = principal.userId;
  const [{ row, kind, takesOver }, author] = await Promise.all([
    checkReply(rt, userId, conversationId, input),
    authorOf(rt, principal),
  ]);
  const now = rt.clock.now();
  const runner = contactRunner(rt, row.accountId, row.contactId);
  const contact = { accountId: row.accountId, contactId: row.contactId };
  if (kind === "private") {
    const taken = await runner.takePrivateReply(contact, { id: row.replyToId!, at: row.lastInboundAt ?? now });
    if (!taken) {
      throw new AppError("private_reply_used", "This comment already had its one private reply; nothing was sent");
    }
  }
  if (takesOver) await runner.setControls(contact, { humanMinutes: REPLY_TAKEOVER_MINUTES });
  const message = {
    id: newId("msg"),
    conversationId: row.id,
    userId,
    accountId: row.accountId,
    direction: "out" as const,
    text: input.text,
    media: input.media?.length ? input.media : null,
    at: now,
    ...author,
    platformMessageId: null,
    replyToId: kind === "message" ? row.contactId : row.replyToId,
    private: kind === "private",
    state: "pending" as const,
  };
  const [[written]] = await rt.db.batch([
    rt.db.insert(inboxMessages).values(message).returning(),
    rt.db
      .update(conversations)
      .set(lastMessageSet(input.text, "out", now))
      .where(eq(conversations.id, row.id)),
  ]);
  try {
    await inboxReplyQueue.send(rt, [{ messageId: message.id }]);
  } catch (error) {
    await rt.db
      .update(inboxMessages)
      .set({ state: "failed", errorCode: "internal_error", errorMessage: "The reply could not be queued; not sent" })
      .where(and(eq(inboxMessages.id, message.id), eq(inboxMessages.state, "pending")));
    throw error;
  }
  return presentMessage(written!);
}

const UNDER_WAY = ["running", "waiting_input", "waiting_delay"] as const;

async function flowUnderWay(rt: Runtime, row: ConversationRow): Promise<boolean> {
  const [found] = await rt.db
    .select({ id: flowExecutions.id })
    .from(flowExecutions)
    .where(
      and(
        inArray(flowExecutions.status, UNDER_WAY),
        eq(flowExecutions.accountId, row.accountId),
        eq(flowExecutions.contactId, row.contactId),
      ),
    )
    .limit(1);
  return found !== undefined;
}

/**
 * The inbox replies queue's consumer: each reply claimed (`pending` → `sending`, a guarded write) before its one
 * platform call, so a redelivered or racing message sends nothing twice. A transient failure is put back and tried
 * once more; a time-out is never tried again (the reply may have gone out) and is shown as ambiguous; the outcome is
 * written with `inbox.reply_sent` or `inbox.reply_failed`, once.
 */
export async function sendQueuedReply(rt: Runtime, received: Received<{ messageId: string }>): Promise<Verdict> {
  const { messageId } = received.body;
  const [claimed] = await rt.db
    .update(inboxMessages)
    .set({ state: "sending", tries: sql`${inboxMessages.tries} + 1` })
    .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.state, "pending")))
    .returning();
  if (!claimed) return "ack";
  const [conversation] = await rt.db.select().from(conversations).where(eq(conversations.id, claimed.conversationId));
  try {
    const platformMessageId = await callPlatform(rt, conversation!, claimed);
    await settle(rt, conversation!, claimed, { state: "sent", platformMessageId });
  } catch (error) {
    if (error instanceof PlatformError && error.retryable && claimed.tries < MAX_REPLY_TRIES) {
      await rt.db
        .update(inboxMessages)
        .set({ state: "pending" })
        .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.state, "sending")));
      return { retryAfterSeconds: Math.max(RETRY_AFTER_S, Math.ceil((error.retryAfterMs ?? 0) / 1000)) };
    }
    if (error instanceof PlatformError && error.failure === "no_answer") {
      await settle(rt, conversation!, claimed, ambiguousOutcome(`the platform did not answer (${error.message})`));
    } else if (error instanceof PlatformError || error instanceof AppError) {
      await settle(rt, conversation!, claimed, { state: "failed", errorCode: error.code, errorMessage: error.message });
    } else {
      // Herald failed around the call: left `sending`, the abandoned-reply sweep settles it as ambiguous.
      throw error;
    }
  }
  return "ack";
}

const ambiguousOutcome = (why: string) => ({
  state: "failed" as const,
  errorCode: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED,
  errorMessage: `The reply may have gone out, so it is not sent again: ${why}`,
  ambiguous: true,
});

type MessageRow = typeof inboxMessages.$inferSelect;

async function callPlatform(rt: Runtime, conversation: ConversationRow, message: MessageRow): Promise<string> {
  const [account] = await rt.db.select().from(accounts).where(eq(accounts.id, message.accountId));
  if (!account || account.status === "disconnected") {
    throw new AppError("reply_not_supported", "The account is disconnected: reconnect it to reply");
  }
  const key = account.platform as PlatformKey;
  const platform = getPlatform(rt, key);
  const replyUnder = inboxAbilities(rt, key, inboxRulesOf(key)?.replyByComment ?? false).replyUnder;
  return withCredentials(rt, account, platform, async (credentials) => {
    const media = message.media?.[0] as { type: "image" | "video"; url: string } | undefined;
    const outgoing = { text: message.text, buttons: [], ...(media ? { media } : {}) };
    if (conversation.kind === "message") {
      return (await platform.messaging!.sendMessage(credentials, conversation.contactId, outgoing)).messageId;
    }
    const commentId = message.replyToId!;
    if (message.private) return (await platform.messaging!.privateReply(credentials, commentId, outgoing)).messageId;
    if (replyUnder === "reply")
      return (await platform.comments!.reply!(credentials, commentId, message.text)).messageId;
    // `replyUnder` is "comment" only where the adapter has `comment` (inboxAbilities).
    return (await platform.comment!(credentials, commentId, message.text)).platformPostId;
  });
}

/** The reply's outcome and its event, written together, once (only the claim's own `sending` row is settled). */
async function settle(
  rt: Runtime,
  conversation: ConversationRow,
  message: MessageRow,
  outcome: Partial<MessageRow> & { state: "sent" | "failed" },
) {
  await rt.db.batch(settleStatements(rt, conversation, message, outcome));
  await eventsWritten(rt);
}

function settleStatements(
  rt: Runtime,
  conversation: Pick<ConversationRow, "id" | "platform" | "accountId">,
  message: MessageRow,
  outcome: Partial<MessageRow> & { state: "sent" | "failed" },
  /** The state the row must still be in: the claim's own `sending`, or `pending` for one never claimed. */
  from: "sending" | "pending" = "sending",
) {
  const data: InboxReplyData = {
    conversationId: conversation.id,
    messageId: message.id,
    platform: conversation.platform,
    accountId: conversation.accountId,
    platformMessageId: outcome.platformMessageId ?? null,
    error:
      outcome.state === "failed"
        ? { code: outcome.errorCode!, message: outcome.errorMessage!, ambiguous: outcome.ambiguous ?? false }
        : null,
  };
  return [
    rt.db
      .update(inboxMessages)
      .set(outcome)
      .where(and(eq(inboxMessages.id, message.id), eq(inboxMessages.state, from))),
    eventInsert(rt, message.userId, outcome.state === "sent" ? "inbox.reply_sent" : "inbox.reply_failed", data, {
      accountId: conversation.accountId,
      dedupeKey: `inbox.reply:${message.id}`,
      onlyIf: sql`changes() > 0`,
    }),
  ] as const;
}

/**
 * The minute's sweep of replies: one still `pending` a minute after it was asked for lost its queue message and is
 * queued again (the claim keeps that safe); one still `sending` after `ABANDONED_REPLY_MS` was left mid-call by a
 * consumer that died, so it fails as ambiguous (it may have gone out) with its event, and is never sent again.
 */
export async function sweepReplies(rt: Runtime): Promise<{ requeued: number; abandoned: number }> {
  const now = rt.clock.now();
  const unsettled = await rt.db
    .select()
    .from(inboxMessages)
    .where(
      and(
        // As the partial index `inbox_messages_unsettled` says it, so that it is used.
        sql`${inboxMessages.state} IN ('pending', 'sending')`,
        lt(inboxMessages.at, now - LOST_REPLY_MS),
      ),
    )
    .limit(200);
  const late = (m: MessageRow) => m.at < now - ABANDONED_REPLY_MS;
  const lost = unsettled.filter((m) => m.state === "pending" && !late(m));
  const neverPicked = unsettled.filter((m) => m.state === "pending" && late(m));
  const abandoned = unsettled.filter((m) => m.state === "sending" && late(m));
  if (lost.length > 0)
    await inboxReplyQueue.send(
      rt,
      lost.map((m) => ({ messageId: m.id })),
    );
  if (abandoned.length + neverPicked.length > 0) {
    const rows = await rt.db
      .select({ id: conversations.id, platform: conversations.platform, accountId: conversations.accountId })
      .from(conversations)
      .where(inArray(conversations.id, [...new Set([...abandoned, ...neverPicked].map((m) => m.conversationId))]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const outcome = ambiguousOutcome("Herald stopped while the platform was being called");
    // Queued again for 15 minutes and never claimed: it was never sent, so it fails plainly instead of forever.
    const unsent = { state: "failed" as const, errorCode: "internal_error", errorMessage: "The reply was never sent" };
    const statements = [
      ...abandoned.flatMap((m) => settleStatements(rt, byId.get(m.conversationId)!, m, outcome)),
      ...neverPicked.flatMap((m) => settleStatements(rt, byId.get(m.conversationId)!, m, unsent, "pending")),
    ];
    await rt.db.batch(statements as unknown as [(typeof statements)[number]]);
    await eventsWritten(rt);
  }
  return { requeued: lost.length, abandoned: abandoned.length + neverPicked.length };
}
