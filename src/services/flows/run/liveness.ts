// An execution goes on only while its flow runs the version it pinned; stopped flows end their runs.
import { and, eq, inArray, isNull, not, type SQLWrapper, sql } from "drizzle-orm";
import { flowExecutions, flows } from "../../../db/schema";
import type { Runtime } from "../../runtime";

/**
 * An execution goes on only while its flow runs the version it pinned: live, not deleted, that version still its
 * live one (a flow that stops ends its runs: docs/decisions/flows.md). Turning a flow off, deleting it or pinning
 * another version stops its unfinished executions in the same batch (`stopRunsOfStoppedFlow`), so they show stopped
 * at once; the contact's runner reads the row and the flow before every send and every action of an execution, and
 * before its next step after a wait (`standingOf`), and ends it there, sending nothing more.
 */

/** True while flow `flowId` is live on version `versionId` (values, or the columns of a row in scope). */
export const flowRuns = (flowId: SQLWrapper | string, versionId: SQLWrapper | string) =>
  sql`EXISTS (SELECT 1 FROM ${flows} WHERE ${flows.id} = ${flowId} AND ${flows.status} = 'live' AND ${flows.deletedAt} IS NULL AND ${flows.liveVersionId} = ${versionId})`;

const flowRunsRow = flowRuns(flowExecutions.flowId, flowExecutions.versionId);

/**
 * For the batch that turns a flow off, deletes it or pins another version (after that change): every unfinished
 * execution the flow no longer runs is stopped. Harmless where the change did not happen (the flow still runs them).
 */
export function stopRunsOfStoppedFlow(rt: Runtime, flowId: string) {
  const now = rt.clock.now();
  return rt.db
    .update(flowExecutions)
    .set({ status: "stopped", stopReason: "flow_stopped", updatedAt: now, endedAt: now })
    .where(and(eq(flowExecutions.flowId, flowId), isNull(flowExecutions.endedAt), not(flowRunsRow)));
}

/**
 * Where an execution stands before its next step or send: going on, already ended in D1 (stopped by its owner or
 * an opt-out, or its flow's stop), its flow no longer running its version, or not recorded yet (a crash came between
 * the runner noting its start and its row being written).
 */
export type Standing = "goes_on" | "ended" | "flow_stopped" | "unrecorded";

export async function standingOf(rt: Runtime, executionId: string): Promise<Standing> {
  const [row] = await rt.db
    .select({ endedAt: flowExecutions.endedAt, runs: sql<number>`${flowRunsRow}` })
    .from(flowExecutions)
    .where(eq(flowExecutions.id, executionId));
  if (!row) return "unrecorded";
  if (row.endedAt !== null) return "ended";
  return row.runs ? "goes_on" : "flow_stopped";
}

/**
 * The contact opted out: every unfinished execution of theirs is stopped in D1 at once (`opted_out`), whatever its
 * runner is doing; the runner forgets them in turn and sends nothing more (it reads the row before every send).
 */
export function stopRunsOfContact(rt: Runtime, accountId: string, contactId: string) {
  const now = rt.clock.now();
  return rt.db
    .update(flowExecutions)
    .set({ status: "stopped", stopReason: "opted_out", updatedAt: now, endedAt: now })
    .where(
      and(
        inArray(flowExecutions.status, ["running", "waiting_input", "waiting_delay"]),
        eq(flowExecutions.accountId, accountId),
        eq(flowExecutions.contactId, contactId),
        isNull(flowExecutions.endedAt),
      ),
    );
}
