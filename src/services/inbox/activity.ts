// A conversation's activity as SQL: its last message moved only by a newer one, and whether an item is on it yet.
import { sql } from "drizzle-orm";
import { conversations, inboxMessages } from "../../db/schema";
import type { MessageDirection } from "../../db/schema/inbox";

/**
 * The conversation's last message set to this one only when it is the newest (`at` at least the last one's): a late
 * redelivery or a slow write never makes an older message "last".
 */
export function lastMessageSet(text: string, direction: MessageDirection, at: number) {
  const newest = sql`${at} >= ${conversations.lastAt}`;
  return {
    lastText: sql`CASE WHEN ${newest} THEN ${text} ELSE ${conversations.lastText} END`,
    lastDirection: sql`CASE WHEN ${newest} THEN ${direction} ELSE ${conversations.lastDirection} END`,
    lastAt: sql`max(${conversations.lastAt}, ${at})`,
  };
}

/** Whether the account's item with this platform id has landed: the guard of an activity update written with it. */
export const itemKnown = (accountId: string, platformMessageId: string) =>
  sql`EXISTS (SELECT 1 FROM ${inboxMessages} WHERE ${inboxMessages.accountId} = ${accountId} AND ${inboxMessages.platformMessageId} = ${platformMessageId})`;
