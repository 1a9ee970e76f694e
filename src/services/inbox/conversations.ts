// The inbox's conversations: listed with their filters, read (which marks them read), and changed.
import { and, asc, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { afterCursor } from "../../db/paging";
import { conversations, inboxMessages, posts, postTargets } from "../../db/schema";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { notFound, validationError } from "../../lib/errors";
import type { ConversationUpdateInput, InboxListQueryInput } from "../../schemas/inbox";
import { eventInsert, eventsWritten } from "../events";
import { contactRunner } from "../flows/run/inbound";
import type { Runtime } from "../runtime";
import { isWorkspaceMember } from "./members";
import { flowsOf, presentConversation, presentMessage } from "./present";

export type ConversationRow = typeof conversations.$inferSelect;

/** `%`, `_` and `\` taken literally in a LIKE pattern (escaped with `\`). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The workspace's conversation, or 404 (another workspace's is not found either). */
export async function ownedConversation(rt: Runtime, userId: string, conversationId: string): Promise<ConversationRow> {
  const [row] = await rt.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  if (!row) throw notFound("Conversation");
  return row;
}

function filtersOf(userId: string, query: InboxListQueryInput): SQL[] {
  const where: SQL[] = [eq(conversations.userId, userId)];
  if (query.status) where.push(eq(conversations.status, query.status));
  if (query.kind) where.push(eq(conversations.kind, query.kind));
  if (query.account_id) where.push(eq(conversations.accountId, query.account_id));
  if (query.platform) where.push(eq(conversations.platform, query.platform));
  if (query.assignee_id === "none") where.push(isNull(conversations.assigneeId));
  else if (query.assignee_id) where.push(eq(conversations.assigneeId, query.assignee_id));
  if (query.label) {
    where.push(sql`EXISTS (SELECT 1 FROM json_each(${conversations.labels}) WHERE value = ${query.label})`);
  }
  if (query.unread !== undefined) where.push(eq(conversations.unread, query.unread));
  if (query.q) {
    const pattern = containing(query.q);
    where.push(
      or(
        sql`${conversations.contactName} LIKE ${pattern} ESCAPE '\\'`,
        sql`${conversations.contactHandle} LIKE ${pattern} ESCAPE '\\'`,
        sql`EXISTS (SELECT 1 FROM ${inboxMessages} WHERE ${inboxMessages.conversationId} = ${conversations.id} AND ${inboxMessages.text} LIKE ${pattern} ESCAPE '\\')`,
      )!,
    );
  }
  return where;
}

/** The workspace's conversations matching every filter given, newest activity first, a page at a time. */
export async function listInbox(rt: Runtime, userId: string, query: InboxListQueryInput) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await rt.db
    .select()
    .from(conversations)
    .where(and(...filtersOf(userId, query), afterCursor(conversations.lastAt, conversations.id, cursor)))
    .orderBy(desc(conversations.lastAt), desc(conversations.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (r) => r.lastAt);
  const flows = await flowsOf(rt, userId, page);
  return { data: page.map((r) => presentConversation(r, flows.get(r.id) ?? null)), next_cursor };
}

/** A conversation as the workspace sees it: with its flow, the post it is about, and the contact's standing. */
export async function conversationView(rt: Runtime, userId: string, row: ConversationRow) {
  const [flows, post, standing] = await Promise.all([
    flowsOf(rt, userId, [row]),
    row.postId ? postOf(rt, row) : Promise.resolve(null),
    contactRunner(rt, row.accountId, row.contactId).standing(),
  ]);
  return {
    ...presentConversation(row, flows.get(row.id) ?? null),
    post,
    human_until:
      standing.humanUntil !== null && standing.humanUntil > rt.clock.now()
        ? new Date(standing.humanUntil).toISOString()
        : null,
    opted_out: standing.optedOutAt !== null,
  };
}

async function postOf(rt: Runtime, row: ConversationRow) {
  const [found] = await rt.db
    .select({ id: posts.id, text: posts.text, url: postTargets.url })
    .from(posts)
    .leftJoin(
      postTargets,
      and(
        eq(postTargets.postId, posts.id),
        eq(postTargets.accountId, row.accountId),
        eq(postTargets.platformPostId, row.platformPostId ?? ""),
      ),
    )
    .where(and(eq(posts.id, row.postId!), eq(posts.userId, row.userId)))
    .limit(1);
  return found ? { id: found.id, text: found.text, url: found.url ?? null } : null;
}

/**
 * A conversation with its messages oldest first (a page; `cursor` goes on to later ones). Reading it marks it read.
 */
export async function getConversation(
  rt: Runtime,
  userId: string,
  conversationId: string,
  page: { limit: number; cursor?: string },
) {
  const row = await ownedConversation(rt, userId, conversationId);
  const cursor = page.cursor ? decodeCursor(page.cursor) : undefined;
  const after = cursor
    ? or(
        gt(inboxMessages.at, cursor.position),
        and(eq(inboxMessages.at, cursor.position), gt(inboxMessages.id, cursor.id)),
      )
    : undefined;
  const [messages] = await Promise.all([
    rt.db
      .select()
      .from(inboxMessages)
      .where(and(eq(inboxMessages.conversationId, row.id), after))
      .orderBy(asc(inboxMessages.at), asc(inboxMessages.id))
      .limit(page.limit + 1),
    row.unread
      ? rt.db.update(conversations).set({ unread: false }).where(eq(conversations.id, row.id))
      : Promise.resolve(),
  ]);
  const { page: shown, next_cursor } = pageOf(messages, page.limit, (m) => m.at);
  const view = await conversationView(rt, userId, { ...row, unread: false });
  return { data: { ...view, messages: shown.map(presentMessage) }, next_cursor };
}

/**
 * Changes a conversation's status, assignee (a member of the workspace; null unassigns) or labels (replaced,
 * duplicates dropped). A change of assignee writes `conversation.assigned` once, in the batch that made it: two
 * requests at once assigning the same person write one.
 */
export async function updateConversation(
  rt: Runtime,
  userId: string,
  conversationId: string,
  input: ConversationUpdateInput,
) {
  const row = await ownedConversation(rt, userId, conversationId);
  if (input.assignee_id && !(await isWorkspaceMember(rt, userId, input.assignee_id))) {
    throw validationError("assignee_id", "not a member of this workspace");
  }
  const labels = input.labels === undefined ? undefined : [...new Set(input.labels)];
  const others = {
    ...(input.status ? { status: input.status } : {}),
    ...(labels ? { labels } : {}),
  };
  const reassigned = input.assignee_id !== undefined && input.assignee_id !== row.assigneeId;
  const writes = [];
  if (Object.keys(others).length > 0) {
    writes.push(rt.db.update(conversations).set(others).where(eq(conversations.id, row.id)));
  }
  if (reassigned) {
    const assigneeId = input.assignee_id ?? null;
    writes.push(
      rt.db
        .update(conversations)
        .set({ assigneeId })
        .where(
          and(
            eq(conversations.id, row.id),
            row.assigneeId === null ? isNull(conversations.assigneeId) : eq(conversations.assigneeId, row.assigneeId),
          ),
        ),
      eventInsert(
        rt,
        userId,
        "conversation.assigned",
        { conversationId: row.id, assigneeId, accountId: row.accountId },
        { accountId: row.accountId, onlyIf: sql`changes() > 0` },
      ),
    );
  }
  if (writes.length > 0) {
    await rt.db.batch(writes as [(typeof writes)[number], ...typeof writes]);
    if (reassigned) await eventsWritten(rt);
  }
  return conversationView(rt, userId, await ownedConversation(rt, userId, row.id));
}
