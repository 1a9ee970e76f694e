// What a run writes to D1: the execution row, answers collected, its events and the flow's runtime problem.
import { and, eq, isNull, sql } from "drizzle-orm";
import { runBatch } from "../../../db/batch";
import { insertIf } from "../../../db/insert-if";
import { collectedItems, flowExecutions, flows } from "../../../db/schema";
import type { StopReason } from "../../../db/schema/flow-runs";
import { eventInsert, eventsWritten } from "../../events";
import type { Runtime } from "../../runtime";
import { flowCompletedInsert } from "../../webhooks/emit";
import type { Problem } from "../model";
import type { FieldType } from "./answers";
import { flowRuns } from "./liveness";
import type { Execution } from "./state";

/**
 * What a run writes to D1: the execution row as it goes (start, each wait, the end), the answers collected, the
 * `flow.triggered`, `flow.completed` and `flow.error` events (in the same batch as the change they report) and the
 * flow's runtime problem. The contact's runner decides; these only record. Once a row has ended (the owner stopped it, its flow
 * stopped) nothing here writes over it.
 */

/**
 * The execution row and `flow.triggered`, written together and only while the flow still runs the execution's
 * version: the event exists exactly when the execution does. Answers whether it started.
 */
export async function recordStart(rt: Runtime, exec: Execution): Promise<boolean> {
  const now = rt.clock.now();
  const [started] = await runBatch(rt.db, [
    insertIf(
      rt.db,
      flowExecutions,
      {
        id: exec.id,
        flowId: exec.flowId,
        userId: exec.userId,
        accountId: exec.accountId,
        versionId: exec.versionId,
        contactId: exec.contactId,
        status: "running",
        stepId: exec.stepId,
        stopReason: null,
        errorMessage: null,
        errorNodeId: null,
        startedAt: exec.startedAt,
        updatedAt: now,
        endedAt: null,
      },
      flowRuns(exec.flowId, exec.versionId),
    ).returning({ id: flowExecutions.id }),
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
      {
        accountId: exec.accountId,
        onlyIf: sql`EXISTS (SELECT 1 FROM ${flowExecutions} WHERE ${flowExecutions.id} = ${exec.id})`,
      },
    ),
  ]);
  if (!started?.length) return false;
  await eventsWritten(rt);
  return true;
}

/** The row, while it has not ended. */
const unended = (exec: Execution) => and(eq(flowExecutions.id, exec.id), isNull(flowExecutions.endedAt));

/** Where the execution waits now: for input or for time. */
export async function recordWait(rt: Runtime, exec: Execution): Promise<void> {
  await rt.db
    .update(flowExecutions)
    .set({ status: exec.status, stepId: exec.stepId, updatedAt: rt.clock.now() })
    .where(unended(exec));
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

/** How an execution ended: decided in one place (`ContactSession.finish`), recorded here. */
export type ExecutionEnd =
  | { status: "completed" }
  | { status: "stopped"; reason: StopReason }
  | { status: "errored"; nodeId: string; failure: StepFailure };

/**
 * The execution's end. Stopped: its row says so. Completed: its row says so and `flow.completed` goes to the user's
 * webhooks, in one batch. Errored: its row says so, the flow shows the problem
 * (until the owner turns it on again) and `flow.error` goes to the user's webhooks, all in one batch. SPEC's
 * `flow.error` names no account, so it is sent to every webhook subscribed to it, whatever its account filter.
 */
export async function recordEnd(rt: Runtime, exec: Execution, end: ExecutionEnd): Promise<void> {
  const now = rt.clock.now();
  // What follows an end (the problem, the event) follows only this end: one the owner stopped meanwhile stays so.
  const endedHere = sql`EXISTS (SELECT 1 FROM ${flowExecutions} WHERE ${flowExecutions.id} = ${exec.id} AND ${flowExecutions.status} = ${end.status} AND ${flowExecutions.endedAt} = ${now})`;
  if (end.status !== "errored") {
    const ended = rt.db
      .update(flowExecutions)
      .set({
        status: end.status,
        stepId: exec.stepId,
        stopReason: end.status === "stopped" ? end.reason : null,
        updatedAt: now,
        endedAt: now,
      })
      .where(unended(exec));
    if (end.status === "stopped") {
      await ended;
      return;
    }
    await rt.db.batch([ended, (await flowCompletedInsert(rt, exec, now, endedHere)).insert]);
    await eventsWritten(rt);
    return;
  }
  const { failure, nodeId } = end;
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
      .where(unended(exec)),
    rt.db
      .update(flows)
      .set({ runtimeProblem: problem })
      .where(and(eq(flows.id, exec.flowId), eq(flows.liveVersionId, exec.versionId), endedHere)),
    eventInsert(
      rt,
      exec.userId,
      "flow.error",
      {
        flowId: exec.flowId,
        executionId: exec.id,
        flowName: exec.flowName,
        errorMessage: failure.message,
        errorNodeId: nodeId,
      },
      { onlyIf: endedHere },
    ),
  ]);
  await eventsWritten(rt);
}

/**
 * One answer to a collect step, kept valid or not, with the flow's name as it is now. Its id is the answer's place in
 * the run (the step's visit and the tries before it), so an answer applied again after a crash is kept once.
 */
export async function recordAnswer(
  rt: Runtime,
  exec: Execution,
  step: { id: string; fieldType: FieldType; label: string },
  answer: { value: string; valid: boolean },
): Promise<void> {
  await rt.db
    .insert(collectedItems)
    .values({
      id: `item_${exec.id.replace(/^exec_/, "")}_${exec.steps ?? 0}_${exec.tries ?? 0}`,
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
    })
    .onConflictDoNothing();
}
