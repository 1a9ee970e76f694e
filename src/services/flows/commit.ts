// Committing a flow's content: guarded on its edit sequence, with the version saved before an edit.
import { and, eq, isNull, sql } from "drizzle-orm";
import { insertIf } from "../../db/insert-if";
import { flows, flowVersions } from "../../db/schema";
import { FLOW_AUTOMATION_DISARMED } from "../../db/schema/notifications";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { notificationInsert } from "../notifications";
import type { Runtime } from "../runtime";
import { concurrentChange, notADraft, restorePointFailed } from "./errors";
import { contentHash, type FlowContent, MAX_CONTENT_BYTES, MAX_EDGES, MAX_STEPS } from "./model";
import { type FlowRow, type FlowView, presentFlow } from "./store";

/** A statement true only while the flow is still at edit sequence `seq`. */
export const flowAtSeq = (flowId: string, seq: number) =>
  sql`(SELECT ${flows.editSeq} FROM ${flows} WHERE ${flows.id} = ${flowId}) = ${seq}`;

/** Saves `row`'s content as an immutable version, unless one holds it already; only while the flow is at its `seq`. */
export const saveVersion = (rt: Runtime, row: FlowRow, reason: (typeof flowVersions.$inferInsert)["reason"]) =>
  insertIf(
    rt.db,
    flowVersions,
    {
      id: newId("frev"),
      flowId: row.id,
      userId: row.userId,
      reason,
      steps: row.steps,
      edges: row.edges,
      contentHash: row.contentHash,
      seq: row.editSeq,
      createdAt: rt.clock.now(),
    },
    flowAtSeq(row.id, row.editSeq),
  ).onConflictDoNothing();

/** The id of the flow's version holding `hash`, for pinning it in the statement that saved it. */
export const versionHolding = (flowId: string, hash: string) =>
  sql<string>`(SELECT ${flowVersions.id} FROM ${flowVersions} WHERE ${flowVersions.flowId} = ${flowId} AND ${flowVersions.contentHash} = ${hash})`;

export const DISARMED_NOTICE =
  "This flow was set to turn on with its scheduled post; this edit turned that off. The owner must turn it on again in Herald.";

/** Why a write that lost its guard was refused: the flow is gone, no longer a draft, or changed meanwhile. */
export async function lostGuard(rt: Runtime, row: FlowRow): Promise<AppError> {
  const [now] = await rt.db
    .select({ status: flows.status })
    .from(flows)
    .where(and(eq(flows.id, row.id), isNull(flows.deletedAt)));
  if (!now) return notFound("Flow");
  if (row.status === "draft" && now.status !== "draft") return notADraft(now.status);
  return concurrentChange();
}

/** Runs a flow write's batch; a storage failure means nothing was written (D1 batches are atomic). */
export async function runFlowBatch<T extends readonly unknown[]>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.error("flows.write_failed", { error, next: "nothing was written" });
    throw restorePointFailed();
  }
}

/**
 * Writes new content over a draft (the edit tools, revert, and generate_flow's rebuild), rules 2 and 3 in one
 * atomic D1 batch: the content as it stands is saved as a "Before AI edit" revision (unless one holds it),
 * and the new content replaces it, both only while the flow is still at the edit sequence this write read.
 * A concurrent write that got there first makes this one fail with `state_error` (`wait_then_retry`) having
 * changed nothing; a batch that cannot be written is `upstream_error` (retriable), nothing changed either. An
 * automation set to turn on with its post is turned off, and the owner told.
 */
export async function commitContent(
  rt: Runtime,
  row: FlowRow,
  next: FlowContent,
  options: { generated?: boolean } = {},
): Promise<FlowView> {
  if (row.status !== "draft") throw notADraft(row.status);
  if (next.steps.length > MAX_STEPS) throw validationError("steps", `a flow has at most ${MAX_STEPS} steps`);
  if (next.edges.length > MAX_EDGES) throw validationError("edges", `a flow has at most ${MAX_EDGES} connections`);
  if (new TextEncoder().encode(JSON.stringify(next)).byteLength > MAX_CONTENT_BYTES) {
    throw validationError("steps", `a flow's content is at most ${MAX_CONTENT_BYTES} bytes`);
  }
  const hash = await contentHash(next);
  const now = rt.clock.now();
  const seq = row.editSeq;
  const update = rt.db
    .update(flows)
    .set({
      steps: next.steps,
      edges: next.edges,
      contentHash: hash,
      editSeq: seq + 1,
      postArmed: false,
      armedVersionId: null,
      ...(options.generated ? { generatedHash: hash, generatedAt: now } : {}),
      updatedAt: now,
    })
    .where(and(eq(flows.id, row.id), eq(flows.editSeq, seq), eq(flows.status, "draft"), isNull(flows.deletedAt)))
    .returning();
  const disarmed = row.postArmed
    ? [
        notificationInsert(
          rt,
          {
            userId: row.userId,
            kind: FLOW_AUTOMATION_DISARMED,
            message: `Flow "${row.name}" was edited, so it will no longer turn on with its scheduled post. Turn it on again when it is ready.`,
            data: { flow_id: row.id, post_id: row.postId },
          },
          { onlyIf: flowAtSeq(row.id, seq + 1), at: now },
        ),
      ]
    : [];
  const [, [updated]] = await runFlowBatch(() =>
    rt.db.batch([saveVersion(rt, row, "before_edit"), update, ...disarmed]),
  );
  if (!updated) throw await lostGuard(rt, row);
  return presentFlow(rt, updated, row.postArmed ? { notice: DISARMED_NOTICE } : {});
}
