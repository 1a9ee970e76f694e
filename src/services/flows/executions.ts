// A flow's executions as the owner sees them, newest first, and stopping one under way.
import { and, desc, eq, isNull } from "drizzle-orm";
import { afterCursor } from "../../db/paging";
import { flowExecutions } from "../../db/schema";
import type { EXECUTION_STATUSES } from "../../db/schema/flow-runs";
import { iso, isoOrNull } from "../../lib/clock";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { notFound } from "../../lib/errors";
import { currentRequestId, log } from "../../lib/log";
import type { Runtime } from "../runtime";
import { flowStateError } from "./errors";
import { contactRunner } from "./run/inbound";
import { loadOwnedFlow } from "./store";

/**
 * The owner's view of a flow's runs: the executions (one per person the flow started for), newest first, and a stop
 * for one under way. The contact's runner owns a run's progress; the `flow_executions` row is the record they read.
 */

type ExecutionRow = typeof flowExecutions.$inferSelect;

const presentExecution = (row: ExecutionRow) => ({
  id: row.id,
  flow_id: row.flowId,
  account_id: row.accountId,
  contact_id: row.contactId,
  step_id: row.stepId,
  status: row.status,
  stop_reason: row.stopReason,
  error_message: row.errorMessage,
  started_at: iso(row.startedAt),
  updated_at: iso(row.updatedAt),
  ended_at: isoOrNull(row.endedAt),
});

/** A flow's executions, newest first, a page at a time; `status` keeps one kind. */
export async function listExecutions(
  rt: Runtime,
  userId: string,
  flowId: string,
  query: { status?: (typeof EXECUTION_STATUSES)[number]; limit: number; cursor?: string },
) {
  await loadOwnedFlow(rt, userId, flowId);
  const rows = await rt.db
    .select()
    .from(flowExecutions)
    .where(
      and(
        eq(flowExecutions.flowId, flowId),
        query.status ? eq(flowExecutions.status, query.status) : undefined,
        afterCursor(flowExecutions.startedAt, flowExecutions.id, query.cursor ? decodeCursor(query.cursor) : undefined),
      ),
    )
    .orderBy(desc(flowExecutions.startedAt), desc(flowExecutions.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (row) => row.startedAt);
  return { data: page.map(presentExecution), next_cursor };
}

/**
 * The owner stops an execution under way: its row says `stopped` at once (a guarded update, so a run that ended
 * meanwhile is `state_error`), and its contact's runner ends it before its next step, sending nothing more. If the
 * runner cannot be told now, the row still stops it: the runner checks it before the execution's next step.
 */
export async function stopFlowExecution(rt: Runtime, userId: string, flowId: string, executionId: string) {
  await loadOwnedFlow(rt, userId, flowId);
  const now = rt.clock.now();
  const mine = and(eq(flowExecutions.id, executionId), eq(flowExecutions.flowId, flowId));
  const [stopped] = await rt.db
    .update(flowExecutions)
    .set({ status: "stopped", stopReason: "owner", updatedAt: now, endedAt: now })
    .where(and(mine, isNull(flowExecutions.endedAt)))
    .returning();
  if (!stopped) {
    const [row] = await rt.db.select().from(flowExecutions).where(mine);
    if (!row) throw notFound("Execution");
    throw flowStateError(`The execution has already ended (${row.status})`, { status: row.status });
  }
  try {
    await contactRunner(rt, stopped.accountId, stopped.contactId).stop(executionId, currentRequestId());
  } catch (error) {
    log.error("flows.stop_not_told", { execution_id: executionId, error, next: "the run ends at its next step" });
  }
  return presentExecution(stopped);
}
