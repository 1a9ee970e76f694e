// Hiding and showing again the comments of a conversation, on the platforms that let an account do it.
import { and, eq, inArray } from "drizzle-orm";
import { inboxMessages } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { inboxAbilities } from "../../platforms";
import { PLATFORM_LABELS, type PlatformKey } from "../../platforms/catalog";
import { inboxRulesOf } from "../../platforms/inbox-rules";
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
