// Flows as stored: created, listed, read with their problems, renamed and deleted.
import type { z } from "@hono/zod-openapi";
import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { afterCursor } from "../../db/paging";
import { accounts, flows } from "../../db/schema";
import { iso } from "../../lib/clock";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PlatformKey } from "../../platforms/catalog";
import type { FlowCreateSchema } from "../../schemas/flows";
import type { Runtime } from "../runtime";
import { storedTemplates } from "../whatsapp-templates";
import { resolveFlowAccount } from "./accounts";
import { flowItemsDelete } from "./collected-items";
import { contentHash, EMPTY_CONTENT, type FlowContent, findStep, type Problem } from "./model";
import { contentProblems, triggerOf } from "./problems";
import { stopRunsOfStoppedFlow } from "./run/liveness";
import { redactStep } from "./secrets";
import { plural, summaryOf } from "./step-kinds";

export type FlowRow = typeof flows.$inferSelect;

export const contentOf = (row: Pick<FlowRow, "steps" | "edges">): FlowContent => ({
  steps: row.steps,
  edges: row.edges,
});

/** The user's flow (not deleted), or 404. */
export async function loadOwnedFlow(rt: Runtime, userId: string, flowId: string): Promise<FlowRow> {
  const [row] = await rt.db
    .select()
    .from(flows)
    .where(and(eq(flows.id, flowId), eq(flows.userId, userId), isNull(flows.deletedAt)));
  if (!row) throw notFound("Flow");
  return row;
}

type Trigger = NonNullable<ReturnType<typeof triggerOf>>;

/** Whether two triggers could both fire on the same message: same kind, same posts, a keyword in common. */
function sameKeywordLive(mine: Trigger, minePost: string | null, other: Trigger, otherPost: string | null) {
  const [a, b] = [mine.data.config, other.data.config];
  if (a.kind !== b.kind) return [];
  if (minePost && otherPost && minePost !== otherPost) return [];
  if (a.media_ids?.length && b.media_ids?.length && !a.media_ids.some((m) => b.media_ids!.includes(m))) return [];
  if (a.match === "any" || b.match === "any") return ["(any message)"];
  const theirs = new Set(b.keywords.map((k) => k.toLowerCase()));
  return a.keywords.filter((k) => theirs.has(k.toLowerCase()));
}

/**
 * Message steps that send a WhatsApp template: only an approved template of the flow's account can be sent (what
 * Herald last read or was told by Meta's status webhook), with as many parameters as its body has variables when
 * the template list said how many; other platforms have no templates.
 */
async function templateProblems(rt: Runtime, row: FlowRow): Promise<Problem[]> {
  const steps = row.steps.flatMap((s) =>
    s.type === "message" && s.data.template ? [{ ...s, template: s.data.template }] : [],
  );
  if (steps.length === 0) return [];
  if (row.platform !== "whatsapp") {
    return steps.map((s) => ({
      code: "template_not_available",
      message: `Step "${s.name}" sends a message template: only WhatsApp flows can`,
      nodeId: s.id,
    }));
  }
  const known = await storedTemplates(rt, row.accountId);
  return steps.flatMap((s): Problem[] => {
    const { name, language } = s.template;
    const template = known.find((t) => t.name === name && t.language === language);
    if (template?.status === "approved") {
      const given = s.template.parameters?.length ?? 0;
      const wanted = template.bodyParameters;
      if (wanted === null || wanted === given) return [];
      return [
        {
          code: "template_parameters_mismatch",
          message: `Step "${s.name}" sends template ${name} (${language}) with ${plural(given, "parameter")}, but its body has ${plural(wanted, "variable")}: give one value for each, in order`,
          nodeId: s.id,
        },
      ];
    }
    const state = template
      ? `is ${template.status}${template.reason ? ` (${template.reason})` : ""}`
      : "is not one of the account's templates (list them to read them again)";
    return [
      {
        code: "template_not_approved",
        message: `Step "${s.name}" sends template ${name} (${language}), which ${state}: only an approved template can be sent`,
        nodeId: s.id,
      },
    ];
  });
}

/** Problems that depend on more than the content: the account, and keywords other live flows of it answer. */
async function surroundingProblems(rt: Runtime, row: FlowRow): Promise<Problem[]> {
  const [[account], live, templates] = await Promise.all([
    rt.db.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, row.accountId)),
    rt.db
      .select({ id: flows.id, name: flows.name, steps: flows.steps, edges: flows.edges, postId: flows.postId })
      .from(flows)
      .where(
        and(
          eq(flows.accountId, row.accountId),
          eq(flows.status, "live"),
          ne(flows.id, row.id),
          isNull(flows.deletedAt),
        ),
      ),
    templateProblems(rt, row),
  ]);
  const problems: Problem[] = [];
  if (!account || account.status === "disconnected") {
    problems.push({ code: "account_disconnected", message: "The flow's account is disconnected: reconnect it" });
  } else if (account.status === "reauth_required") {
    problems.push({
      code: "account_missing_permission",
      message: "The flow's account must be reconnected to grant Herald its messaging permissions",
    });
  }
  const mine = triggerOf(contentOf(row));
  if (mine) {
    for (const other of live) {
      const theirs = triggerOf(contentOf(other));
      const shared = theirs ? sameKeywordLive(mine, row.postId, theirs, other.postId) : [];
      if (shared.length > 0) {
        problems.push({
          code: "keyword_in_use",
          message: `Live flow "${other.name}" (${other.id}) of the same account already answers ${shared.join(", ")}`,
          nodeId: mine.id,
        });
      }
    }
  }
  problems.push(...templates);
  return problems;
}

/**
 * What stops the flow being turned on (every rule, for a draft or a flow turned off), or for a live flow the
 * problem it has now (set while it runs); empty when there is none.
 */
export async function flowProblems(rt: Runtime, row: FlowRow): Promise<Problem[]> {
  if (row.status === "live") return row.runtimeProblem ? [row.runtimeProblem] : [];
  const ctx = { platform: row.platform as PlatformKey, postLinked: row.postId !== null };
  return [...contentProblems(contentOf(row), ctx), ...(await surroundingProblems(rt, row))];
}

export interface FlowViewOptions {
  /** A step id or name: its full data is added as `node`. */
  nodeId?: string;
  /** Something the caller must know about the write (an automation it turned off). */
  notice?: string;
}

const summary = (row: FlowRow) => ({
  id: row.id,
  name: row.name,
  account_id: row.accountId,
  platform: row.platform as PlatformKey,
  status: row.status,
  content_hash: row.contentHash,
  edit_seq: row.editSeq,
  post_id: row.postId,
  armed: row.postArmed,
  live_version_id: row.liveVersionId,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});

/** A flow as the API shows it: steps as one-line summaries, connections, problems; secrets redacted. */
export async function presentFlow(rt: Runtime, row: FlowRow, options: FlowViewOptions = {}) {
  const content = contentOf(row);
  const node = options.nodeId === undefined ? undefined : findStep(content, options.nodeId);
  if (options.nodeId !== undefined && !node) throw notFound(`Step ${options.nodeId}`);
  return {
    ...summary(row),
    nodes: content.steps.map((s) => ({ id: s.id, type: s.type, name: s.name, summary: summaryOf(s) })),
    edges: content.edges,
    problems: await flowProblems(rt, row),
    ...(node ? { node: redactStep(node) } : {}),
    ...(options.notice ? { notice: options.notice } : {}),
  };
}

export type FlowView = Awaited<ReturnType<typeof presentFlow>>;

export async function getFlow(rt: Runtime, userId: string, flowId: string, nodeId?: string): Promise<FlowView> {
  return presentFlow(rt, await loadOwnedFlow(rt, userId, flowId), { nodeId });
}

/** A new flow row (a draft) with its content; not yet written. */
export async function newFlowRow(
  rt: Runtime,
  userId: string,
  account: { id: string; platform: string },
  name: string,
  content: FlowContent = EMPTY_CONTENT,
  id = newId("flow"),
): Promise<FlowRow> {
  const now = rt.clock.now();
  return {
    id,
    userId,
    accountId: account.id,
    platform: account.platform,
    name,
    status: "draft",
    steps: content.steps,
    edges: content.edges,
    contentHash: await contentHash(content),
    editSeq: 1,
    generatedHash: null,
    generatedAt: null,
    liveVersionId: null,
    postId: null,
    postArmed: false,
    armedVersionId: null,
    runtimeProblem: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
}

/** An empty draft on one of the user's messaging accounts. */
export async function createFlow(
  rt: Runtime,
  userId: string,
  input: z.infer<typeof FlowCreateSchema>,
): Promise<FlowView> {
  const account = await resolveFlowAccount(rt, userId, input.account_id, input.platform_user_id);
  const row = await newFlowRow(rt, userId, account, input.name);
  await rt.db.insert(flows).values(row);
  return presentFlow(rt, row);
}

/** The user's flows, newest first, a page at a time. */
export async function listFlows(
  rt: Runtime,
  userId: string,
  query: { account_id?: string; status?: FlowRow["status"]; limit: number; cursor?: string },
) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await rt.db
    .select()
    .from(flows)
    .where(
      and(
        eq(flows.userId, userId),
        isNull(flows.deletedAt),
        query.account_id ? eq(flows.accountId, query.account_id) : undefined,
        query.status ? eq(flows.status, query.status) : undefined,
        afterCursor(flows.createdAt, flows.id, after),
      ),
    )
    .orderBy(desc(flows.createdAt), desc(flows.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (row) => row.createdAt);
  return { data: page.map((row) => ({ ...summary(row), step_count: row.steps.length })), next_cursor };
}

/** Renames a flow in any state: the name is not content, so it needs no revision and races no edit. */
export async function renameFlow(rt: Runtime, userId: string, flowId: string, name: string): Promise<FlowView> {
  await loadOwnedFlow(rt, userId, flowId);
  const [row] = await rt.db
    .update(flows)
    .set({ name, updatedAt: rt.clock.now() })
    .where(and(eq(flows.id, flowId), isNull(flows.deletedAt)))
    .returning();
  if (!row) throw notFound("Flow");
  return presentFlow(rt, row);
}

/**
 * Deletes a flow in any state (a live one stops, and its executions under way with it), and every answer it
 * collected with it. The row stays, marked deleted, for what it already ran; a scheduled post it listened on has no
 * automation any more.
 */
export async function deleteFlow(rt: Runtime, userId: string, flowId: string) {
  const row = await loadOwnedFlow(rt, userId, flowId);
  const now = rt.clock.now();
  await runBatch(rt.db, [
    rt.db
      .update(flows)
      .set({ deletedAt: now, postId: null, postArmed: false, editSeq: row.editSeq + 1, updatedAt: now })
      .where(eq(flows.id, flowId)),
    stopRunsOfStoppedFlow(rt, flowId),
    flowItemsDelete(rt, userId, flowId),
  ]);
  return { id: flowId, deleted: true as const };
}

/** Step names are unique in a flow, so a step can be named instead of given by id. */
export function assertNameFree(content: FlowContent, name: string, exceptId?: string, field = "name") {
  const holder = content.steps.find((s) => s.name === name && s.id !== exceptId);
  if (holder) throw validationError(field, `step ${holder.id} is already named "${name}"`);
}
