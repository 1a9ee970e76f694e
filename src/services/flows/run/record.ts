import { and, eq, sql } from "drizzle-orm";
import { runBatch } from "../../../db/batch";
import { collectedItems, flowExecutions, flows } from "../../../db/schema";
import { newId } from "../../../lib/ids";
import { eventInsert, eventsWritten } from "../../events";
import type { Runtime } from "../../runtime";
import type { Problem } from "../model";
import type { FieldType } from "./answers";
import type { Execution } from "./state";

/**
 * What a run writes to D1: the execution row as it goes (start, each wait, the end), the answers collected, the
 * `flow.triggered` and `flow.error` events (in the same batch as the change they report) and the flow's runtime
 * problem. The contact's runner decides; these only record.
 */

/** The execution row and `flow.triggered`, written together: the event exists exactly when the execution does. */
export async function recordStart(rt: Runtime, exec: Execution): Promise<void> {
  const now = rt.clock.now();
  await runBatch(rt.db, [
    rt.db.insert(flowExecutions).values({
      id: exec.id,
      flowId: exec.flowId,
      userId: exec.userId,
      accountId: exec.accountId,
      versionId: exec.versionId,
      contactId: exec.contactId,
      status: "running",
      stepId: exec.stepId,
      errorMessage: null,
      errorNodeId: null,
      startedAt: exec.startedAt,
      updatedAt: now,
      endedAt: null,
    }),
    eventInsert(
      rt,
      exec.userId,
      "flow.triggered",
      {
        flowId: exec.flowId,
        executionId: exec.id,
        platform: exec.platform,
        accountId: exec.accountId,
        senderId: exec.contactId,
      },
      { accountId: exec.accountId },
    ),
  ]);
  await eventsWritten(rt);
}

/** Where the execution is now: waiting (input or time) or ended as completed. */
export async function recordProgress(rt: Runtime, exec: Execution, ended: boolean): Promise<void> {
  const now = rt.clock.now();
  await rt.db
    .update(flowExecutions)
    .set({
      status: ended ? "completed" : exec.status,
      stepId: exec.stepId,
      updatedAt: now,
      endedAt: ended ? now : null,
    })
    .where(eq(flowExecutions.id, exec.id));
}

/** Why a step failed: `code` names the rule (it becomes the flow's runtime problem), `message` says it plainly. */
export class StepFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The execution ends on a failed step: its row says so, the flow shows the problem (until the owner turns it on
 * again), and `flow.error` goes to the user's webhooks, all in one batch. SPEC's `flow.error` names no account,
 * so it is sent to every webhook subscribed to it, whatever its account filter.
 */
export async function recordFailure(rt: Runtime, exec: Execution, nodeId: string, failure: StepFailure) {
  const now = rt.clock.now();
  const problem: Problem = { code: failure.code, message: failure.message, nodeId };
  await runBatch(rt.db, [
    rt.db
      .update(flowExecutions)
      .set({
        status: "errored",
        stepId: nodeId,
        errorMessage: failure.message,
        errorNodeId: nodeId,
        updatedAt: now,
        endedAt: now,
      })
      .where(eq(flowExecutions.id, exec.id)),
    rt.db
      .update(flows)
      .set({ runtimeProblem: problem })
      .where(and(eq(flows.id, exec.flowId), eq(flows.liveVersionId, exec.versionId))),
    eventInsert(rt, exec.userId, "flow.error", {
      flowId: exec.flowId,
      executionId: exec.id,
      flowName: exec.flowName,
      errorMessage: failure.message,
      errorNodeId: nodeId,
    }),
  ]);
  await eventsWritten(rt);
}

/** One answer to a collect step, kept valid or not, with the flow's name as it is now. */
export async function recordAnswer(
  rt: Runtime,
  exec: Execution,
  step: { id: string; fieldType: FieldType; label: string },
  answer: { value: string; valid: boolean },
): Promise<void> {
  await rt.db.insert(collectedItems).values({
    id: newId("item"),
    userId: exec.userId,
    flowId: exec.flowId,
    // The flow's name when the answer came (renames included), or its name at the start if it is gone.
    flowName: sql`coalesce((SELECT ${flows.name} FROM ${flows} WHERE ${flows.id} = ${exec.flowId}), ${exec.flowName})`,
    executionId: exec.id,
    stepId: step.id,
    fieldType: step.fieldType,
    fieldLabel: step.label,
    value: answer.value,
    valid: answer.valid,
    collectedAt: rt.clock.now(),
  });
}
