// Turning a flow on (activate_flow, its content pinned as a version) and off.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { flows } from "../../db/schema";
import { newId } from "../../lib/ids";
import type { Runtime } from "../runtime";
import { lostGuard, runFlowBatch, saveVersion, versionHolding } from "./commit";
import { flowStateError, hasProblems } from "./errors";
import { type FlowEdge, newEdgeId, newStepId } from "./model";
import { stopRunsOfStoppedFlow } from "./run/liveness";
import { resealSteps } from "./secrets";
import { type FlowView, flowProblems, loadOwnedFlow, newFlowRow, presentFlow } from "./store";

/**
 * activate_flow: turns a draft (or a flow turned off) live, only with no problems. The content it runs is
 * pinned as an immutable version (`live_version_id`) in the same batch, guarded on the edit sequence the
 * problems were checked at. A scheduled post's automation is turned on with its post by the owner instead.
 */
export async function activateFlow(rt: Runtime, userId: string, flowId: string): Promise<FlowView> {
  const row = await loadOwnedFlow(rt, userId, flowId);
  if (row.status === "live") return presentFlow(rt, row);
  if (row.postId) {
    throw flowStateError(
      `This flow is the automation of post ${row.postId}: the owner turns it on with its post in Herald`,
      { post_id: row.postId },
    );
  }
  const problems = await flowProblems(rt, row);
  if (problems.length > 0) throw hasProblems("turned on", problems);
  const now = rt.clock.now();
  const [, [updated]] = await runFlowBatch(() =>
    rt.db.batch([
      saveVersion(rt, row, "turned_on"),
      rt.db
        .update(flows)
        .set({
          status: "live",
          liveVersionId: versionHolding(row.id, row.contentHash),
          runtimeProblem: null,
          editSeq: row.editSeq + 1,
          updatedAt: now,
        })
        .where(
          and(
            eq(flows.id, row.id),
            eq(flows.editSeq, row.editSeq),
            inArray(flows.status, ["draft", "off"]),
            isNull(flows.deletedAt),
          ),
        )
        .returning(),
    ]),
  );
  if (!updated) throw await lostGuard(rt, row);
  return presentFlow(rt, updated);
}

/**
 * Turns a live flow off; it keeps its content and can be turned on again. Its executions under way stop in the same
 * batch (each ends before its next step).
 */
export async function deactivateFlow(rt: Runtime, userId: string, flowId: string): Promise<FlowView> {
  const row = await loadOwnedFlow(rt, userId, flowId);
  if (row.status === "off") return presentFlow(rt, row);
  if (row.status !== "live") throw flowStateError(`A ${row.status} flow is not live`, { status: row.status });
  const [[updated]] = await runFlowBatch(() =>
    rt.db.batch([
      rt.db
        .update(flows)
        .set({ status: "off", postArmed: false, editSeq: row.editSeq + 1, updatedAt: rt.clock.now() })
        .where(and(eq(flows.id, row.id), eq(flows.editSeq, row.editSeq), eq(flows.status, "live")))
        .returning(),
      stopRunsOfStoppedFlow(rt, row.id),
    ]),
  );
  if (!updated) throw await lostGuard(rt, row);
  return presentFlow(rt, updated);
}

/** duplicate_flow: a draft copy with new step and connection ids (and the same AI reply budget), on no post. */
export async function duplicateFlow(rt: Runtime, userId: string, flowId: string): Promise<FlowView> {
  const source = await loadOwnedFlow(rt, userId, flowId);
  const id = newId("flow");
  const ids = new Map(source.steps.map((s) => [s.id, newStepId()]));
  const steps = (await resealSteps(rt, source.id, id, source.steps)).map((s) => ({ ...s, id: ids.get(s.id)! }));
  const edges = source.edges.map(
    (e): FlowEdge => ({
      id: newEdgeId(),
      from: ids.get(e.from) ?? e.from,
      to: ids.get(e.to) ?? e.to,
      handle: e.handle,
    }),
  );
  const account = { id: source.accountId, platform: source.platform };
  const row = {
    ...(await newFlowRow(rt, userId, account, `${source.name} (copy)`.slice(0, 100), { steps, edges }, id)),
    aiRepliesPerDay: source.aiRepliesPerDay,
  };
  await rt.db.insert(flows).values(row);
  return presentFlow(rt, row);
}
