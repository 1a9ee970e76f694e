// Hiding and showing again the comments of a conversation, and deleting Herald's own, where the platform lets an account.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { inboxMessages } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { inboxAbilities } from "../../platforms";
import { PLATFORM_LABELS, type PlatformKey } from "../../platforms/catalog";
import { inboxRulesOf } from "../../platforms/inbox-rules";
import { PlatformError } from "../../platforms/types";
import type { HideInput } from "../../schemas/inbox";
import { askPlatform, usableAccount } from "../accounts/destinations";
import type { Runtime } from "../runtime";
import { ownedConversation } from "./conversations";
import { presentMessage } from "./present";

/** The most comments one request hides (a conversation is one person's comments on one post). */
export const MAX_HIDDEN_PER_REQUEST = 50;

/**
 * Hides (or shows again) the person's comments in a comment conversation on the platform: the one named, else every
 * one not already so. Each is one platform call, made before its row changes (hiding twice is the same as once on
 * every platform that has it, so a retried request is safe); a failing call stops the request with what it changed
 * kept (502 `platform_unreachable`, or 409 `reauth_required` when the platform no longer takes the account). Refused `hide_not_supported` where the platform, or Herald's adapter for it, cannot hide.
 */
export async function setHidden(
  rt: Runtime,
  userId: string,
  conversationId: string,
  hidden: boolean,
  input: HideInput,
) {
  const row = await ownedConversation(rt, userId, conversationId);
  const label = PLATFORM_LABELS[row.platform as PlatformKey] ?? row.platform;
  const rules = inboxRulesOf(row.platform);
  const able = inboxAbilities(rt, row.platform as PlatformKey, rules?.replyByComment ?? false).hide;
  if (row.kind !== "comment") {
    throw new AppError("hide_not_supported", "Only comments can be hidden; this is a direct-message conversation");
  }
  if (!rules?.hide || !able) throw new AppError("hide_not_supported", `Herald cannot hide comments on ${label}`);
  const comments = await rt.db
    .select()
    .from(inboxMessages)
    .where(
      and(
        eq(inboxMessages.conversationId, row.id),
        eq(inboxMessages.direction, "in"),
        input.message_id ? eq(inboxMessages.id, input.message_id) : eq(inboxMessages.hidden, !hidden),
      ),
    )
    .limit(MAX_HIDDEN_PER_REQUEST);
  if (input.message_id && comments.length === 0) throw notFound("Comment");
  const account = await usableAccount(rt, userId, row.accountId);
  const changed: string[] = [];
  await askPlatform(rt, account, async (platform, credentials) => {
    for (const comment of comments) {
      if (comment.hidden === hidden || !comment.platformMessageId) continue;
      await platform.comments!.hide!(credentials, comment.platformMessageId, hidden);
      await rt.db.update(inboxMessages).set({ hidden }).where(eq(inboxMessages.id, comment.id));
      changed.push(comment.id);
    }
  });
  if (changed.length === 0) return [];
  const rows = await rt.db.select().from(inboxMessages).where(inArray(inboxMessages.id, changed));
  return rows.map(presentMessage);
}

/**
 * Deletes on the platform a comment Herald's account wrote in the conversation (a public reply that was sent), then
 * marks it deleted. The row is claimed first (`deleted_at` set while still null), so a retried or racing request makes
 * no second platform call and answers the message as it is; a failed call gives the claim back, so it can be tried
 * again. Refused `delete_not_supported` for the person's comments, private replies, direct messages and platforms
 * whose adapter does not delete; `state_error` for a reply not sent.
 */
export async function deleteOwnComment(rt: Runtime, userId: string, conversationId: string, messageId: string) {
  const row = await ownedConversation(rt, userId, conversationId);
  const [message] = await rt.db
    .select()
    .from(inboxMessages)
    .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.conversationId, row.id)));
  if (!message) throw notFound("Message");
  const label = PLATFORM_LABELS[row.platform as PlatformKey] ?? row.platform;
  if (row.kind !== "comment" || message.direction !== "out" || message.private) {
    throw new AppError(
      "delete_not_supported",
      "Only a public comment Herald's account wrote can be deleted: not the person's, a private reply or a direct message",
    );
  }
  if (!inboxAbilities(rt, row.platform as PlatformKey, false).delete) {
    throw new AppError("delete_not_supported", `Herald cannot delete comments on ${label}`);
  }
  if (message.deletedAt !== null) return presentMessage(message);
  if (message.state !== "sent" || !message.platformMessageId) {
    const status = presentMessage(message).status;
    throw new AppError("state_error", `Only a sent reply can be deleted; this one is ${status}`, { status });
  }
  const account = await usableAccount(rt, userId, row.accountId);
  const at = rt.clock.now();
  const [claimed] = await rt.db
    .update(inboxMessages)
    .set({ deletedAt: at })
    .where(and(eq(inboxMessages.id, message.id), isNull(inboxMessages.deletedAt)))
    .returning();
  if (!claimed) return presentMessage({ ...message, deletedAt: at });
  try {
    await askPlatform(rt, account, (platform, credentials) =>
      platform.comments!.delete!(credentials, message.platformMessageId!).catch((error: unknown) => {
        // Already gone (deleted on the platform, or by a call whose answer was lost): what was asked for holds.
        if (!(error instanceof PlatformError && error.code === "NOT_ON_PLATFORM")) throw error;
      }),
    );
  } catch (error) {
    await rt.db
      .update(inboxMessages)
      .set({ deletedAt: null })
      .where(and(eq(inboxMessages.id, message.id), eq(inboxMessages.deletedAt, at)));
    throw error;
  }
  return presentMessage(claimed);
}
