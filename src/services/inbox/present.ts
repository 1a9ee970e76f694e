// How conversations and their messages look on the wire, with the contact's latest flow execution.
import { and, desc, eq, inArray } from "drizzle-orm";
import { flowExecutions } from "../../db/schema";
import type { conversations, inboxMessages } from "../../db/schema/inbox";
import { iso, isoOrNull } from "../../lib/clock";
import type { Runtime } from "../runtime";

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof inboxMessages.$inferSelect;
type FlowRef = { flow_id: string; execution_id: string; status: string } | null;

export const presentConversation = (row: ConversationRow, flow: FlowRef) => ({
  id: row.id,
  kind: row.kind,
  platform: row.platform,
  account_id: row.accountId,
  contact: {
    id: row.contactId,
    name: row.contactName,
    handle: row.contactHandle,
    avatar_url: row.contactAvatarUrl,
  },
  post_id: row.postId,
  platform_post_id: row.platformPostId,
  last_message: { text: row.lastText, at: iso(row.lastAt), direction: row.lastDirection },
  unread: row.unread,
  status: row.status,
  assignee_id: row.assigneeId,
  labels: row.labels,
  flow,
  window_closes_at: isoOrNull(row.windowClosesAt),
});

export type PresentedConversation = ReturnType<typeof presentConversation>;

export const presentMessage = (row: MessageRow) => ({
  id: row.id,
  direction: row.direction,
  text: row.text,
  media: row.media ?? [],
  at: iso(row.at),
  author: { id: row.authorId, name: row.authorName },
  platform_message_id: row.platformMessageId,
  private: row.private,
  hidden: row.hidden,
  deleted: row.deletedAt !== null,
  status: row.state === "sending" ? ("pending" as const) : row.state,
  error:
    row.errorCode === null ? null : { code: row.errorCode, message: row.errorMessage ?? "", ambiguous: row.ambiguous },
});

export type PresentedMessage = ReturnType<typeof presentMessage>;

/** The latest flow execution of each conversation's contact on its account, in one read. */
export async function flowsOf(rt: Runtime, userId: string, rows: ConversationRow[]): Promise<Map<string, FlowRef>> {
  const found = new Map<string, FlowRef>();
  if (rows.length === 0) return found;
  const executions = await rt.db
    .select({
      id: flowExecutions.id,
      flowId: flowExecutions.flowId,
      accountId: flowExecutions.accountId,
      contactId: flowExecutions.contactId,
      status: flowExecutions.status,
    })
    .from(flowExecutions)
    .where(
      and(
        eq(flowExecutions.userId, userId),
        inArray(flowExecutions.accountId, [...new Set(rows.map((r) => r.accountId))]),
        inArray(flowExecutions.contactId, [...new Set(rows.map((r) => r.contactId))]),
      ),
    )
    .orderBy(desc(flowExecutions.startedAt), desc(flowExecutions.id));
  for (const row of rows) {
    const latest = executions.find((e) => e.accountId === row.accountId && e.contactId === row.contactId);
    found.set(row.id, latest ? { flow_id: latest.flowId, execution_id: latest.id, status: latest.status } : null);
  }
  return found;
}
