// The inbox's intake: each comment or message that comes in lands once, on its conversation.
import { and, eq, sql } from "drizzle-orm";
import { accounts, conversations, inboxMessages, postTargets } from "../../db/schema";
import type { ConversationKind } from "../../db/schema/inbox";
import { newId } from "../../lib/ids";
import { inboxRulesOf } from "../../platforms/inbox-rules";
import type { InboundEvent } from "../../queues/inbound";
import type { Runtime } from "../runtime";
import { itemKnown, lastMessageSet } from "./activity";

/**
 * Comments are grouped per post and commenter: one person's comments on one post are one conversation (answered,
 * assigned and closed on their own, like a DM thread), never every commenter of a post together
 * (docs/decisions/inbox.md). Direct messages are one conversation per contact per account.
 */
export const conversationKindOf = (kind: InboundEvent["kind"]): ConversationKind =>
  kind === "comment" ? "comment" : "message";

export const threadKeyOf = (event: Pick<InboundEvent, "kind" | "senderId" | "mediaId">) =>
  conversationKindOf(event.kind) === "comment"
    ? `comment:${event.mediaId ?? "-"}:${event.senderId}`
    : `dm:${event.senderId}`;

/** What an incoming item lands as: its workspace, Herald's post it is on, its conversation, and the writes to make. */
export interface Landing {
  userId: string;
  postId: string | null;
  conversationId: string;
  /** The conversation's activity (only when the item is new) and the item itself, for the claim's batch. */
  writes: [ReturnType<typeof activityUpdate>, ReturnType<typeof messageInsert>];
}

/**
 * Where `event` lands: its conversation made now if it is the first of its thread (two deliveries at once make one:
 * the thread is unique per account, and the insert answers the row that won), and the writes that put the item on
 * it, to join one batch. The item is written once, by the account and the platform's id; the conversation's last
 * message, unread mark and window move only in the batch that writes it, so a redelivery changes nothing. Null when
 * the account is gone.
 */
export async function landingOf(rt: Runtime, event: InboundEvent): Promise<Landing | null> {
  const platformPostId = event.kind === "comment" ? (event.mediaId ?? null) : null;
  const onThePost =
    platformPostId === null
      ? sql`0`
      : and(eq(postTargets.accountId, accounts.id), eq(postTargets.platformPostId, platformPostId));
  const [found] = await rt.db
    .select({ userId: accounts.userId, postId: postTargets.postId })
    .from(accounts)
    .leftJoin(postTargets, onThePost)
    .where(eq(accounts.id, event.accountId))
    .limit(1);
  if (!found) return null;
  const at = event.sentAt ?? event.at;
  const [conversation] = await rt.db
    .insert(conversations)
    .values({
      id: newId("conv"),
      userId: found.userId,
      accountId: event.accountId,
      platform: event.platform,
      kind: conversationKindOf(event.kind),
      threadKey: threadKeyOf(event),
      contactId: event.senderId,
      contactName: event.sender?.name ?? null,
      contactHandle: event.sender?.handle ?? null,
      contactAvatarUrl: event.sender?.avatarUrl ?? null,
      platformPostId,
      postId: found.postId ?? null,
      replyToId: event.id,
      lastText: event.text,
      lastAt: at,
      lastDirection: "in",
      lastInboundAt: at,
      createdAt: rt.clock.now(),
    })
    .onConflictDoUpdate({
      target: [conversations.accountId, conversations.threadKey],
      set: { threadKey: sql`excluded.thread_key` },
    })
    .returning({ id: conversations.id });
  const conversationId = conversation!.id;
  return {
    userId: found.userId,
    postId: found.postId ?? null,
    conversationId,
    writes: [activityUpdate(rt, event, conversationId, at), messageInsert(rt, event, found.userId, conversationId, at)],
  };
}

/**
 * The conversation's activity for a new item (the guard: the item is not on it yet): its last message when it is
 * the newest, unread, open again, the contact's names as the platform gives them now, and the messaging window
 * the person's message opens on platforms that have one.
 */
function activityUpdate(rt: Runtime, event: InboundEvent, conversationId: string, at: number) {
  const windowMs =
    conversationKindOf(event.kind) === "message" ? inboxRulesOf(event.platform)?.messageWindowMs : undefined;
  return rt.db
    .update(conversations)
    .set({
      ...lastMessageSet(event.text, "in", at),
      replyToId: sql`CASE WHEN ${at} >= coalesce(${conversations.lastInboundAt}, 0) THEN ${event.id} ELSE ${conversations.replyToId} END`,
      lastInboundAt: sql`max(coalesce(${conversations.lastInboundAt}, 0), ${at})`,
      ...(windowMs === undefined
        ? {}
        : { windowClosesAt: sql`max(coalesce(${conversations.windowClosesAt}, 0), ${event.at + windowMs})` }),
      ...(event.sender?.name ? { contactName: event.sender.name } : {}),
      ...(event.sender?.handle ? { contactHandle: event.sender.handle } : {}),
      ...(event.sender?.avatarUrl ? { contactAvatarUrl: event.sender.avatarUrl } : {}),
      unread: true,
      status: "open",
    })
    .where(and(eq(conversations.id, conversationId), sql`NOT ${itemKnown(event.accountId, event.id)}`));
}

function messageInsert(rt: Runtime, event: InboundEvent, userId: string, conversationId: string, at: number) {
  return rt.db
    .insert(inboxMessages)
    .values({
      id: newId("msg"),
      conversationId,
      userId,
      accountId: event.accountId,
      direction: "in",
      text: event.text,
      media: event.media?.length ? event.media : null,
      at,
      authorId: event.senderId,
      authorName: event.sender?.name ?? event.sender?.handle ?? null,
      platformMessageId: event.id,
      state: "sent",
    })
    .onConflictDoNothing();
}
