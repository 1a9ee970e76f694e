// The edit tools (update_node, add_node, delete_node, add_edge, delete_edge, revert), one function each.
import type { z } from "@hono/zod-openapi";
import { and, eq } from "drizzle-orm";
import { flowVersions } from "../../db/schema";
import { notFound, validationError } from "../../lib/errors";
import type { MessageData, StepType } from "../../schemas/flow-steps";
import type { EdgeAddSchema, NodeAddSchema } from "../../schemas/flows";
import type { Runtime } from "../runtime";
import { commitContent } from "./commit";
import { notADraft } from "./errors";
import { type FlowEdge, type FlowStep, findStep, newEdgeId, newStepId } from "./model";
import {
  refuseConnectedButtonRemoval,
  refuseOwnerOnlyData,
  refusePaymentConnection,
  refusePaymentUpdate,
} from "./owner-only";
import { mergeStepData, prepareStep, type StepUpdate } from "./step-input";
import { handlesOf, STEP_KINDS } from "./step-kinds";
import { assertNameFree, contentOf, type FlowRow, type FlowView, loadOwnedFlow } from "./store";

/*
 * The edit tools (update_node, add_node, delete_node, add_edge, delete_edge, revert_flow_to_version), one
 * service function each, shared by REST and the agent tools. Each reads the flow, works out its new content
 * (refusing bad and owner-only input before anything is written) and commits it (rules 2 and 3).
 */

/** The user's flow, refused unless it is a draft (rule 2) before any input is looked at. */
async function loadDraft(rt: Runtime, userId: string, flowId: string): Promise<FlowRow> {
  const row = await loadOwnedFlow(rt, userId, flowId);
  if (row.status !== "draft") throw notADraft(row.status);
  return row;
}

function stepOf(row: FlowRow, idOrName: string): FlowStep {
  const step = findStep(contentOf(row), idOrName);
  if (!step) throw notFound(`Step ${idOrName}`);
  return step;
}

/** A free name for a new step: the one asked for (refused when taken) or its type's, numbered. */
function nameFor(row: FlowRow, type: StepType, asked: string | undefined): string {
  if (asked !== undefined) {
    assertNameFree(contentOf(row), asked);
    return asked;
  }
  const base = STEP_KINDS[type].defaultName;
  const taken = new Set(row.steps.map((s) => s.name));
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base} ${n}`;
  return name;
}

/** update_node: merges the inputs into one step (see `mergeStepData`), or renames it. */
export async function updateNode(
  rt: Runtime,
  userId: string,
  flowId: string,
  nodeId: string,
  input: StepUpdate & { name?: string },
): Promise<FlowView> {
  const row = await loadDraft(rt, userId, flowId);
  const step = stepOf(row, nodeId);
  const { name, ...update } = input;
  refusePaymentUpdate(step, update);
  refuseOwnerOnlyData(step.type, update.data, row.postId !== null);
  if (name !== undefined) assertNameFree(contentOf(row), name, step.id);
  const merged = mergeStepData(step, update);
  const next = await prepareStep(rt, row.id, { ...step, name: name ?? step.name, data: merged }, step);
  if (next.type === "message") refuseConnectedButtonRemoval(step, next.data as MessageData, row.edges);
  return commitContent(rt, row, {
    steps: row.steps.map((s) => (s.id === step.id ? next : s)),
    // Connections from a postback button that became a url button are kept: the flow shows the problem.
    edges: row.edges,
  });
}

/** add_node: a new step of `type` (not yet connected). */
export async function addNode(
  rt: Runtime,
  userId: string,
  flowId: string,
  input: z.infer<typeof NodeAddSchema>,
): Promise<FlowView> {
  const row = await loadDraft(rt, userId, flowId);
  refuseOwnerOnlyData(input.type, input.data, row.postId !== null);
  const step = await prepareStep(rt, row.id, {
    id: newStepId(),
    type: input.type,
    name: nameFor(row, input.type, input.name),
    data: input.data ?? {},
  });
  return commitContent(rt, row, { steps: [...row.steps, step], edges: row.edges });
}

/** delete_node: removes a step and every connection into or out of it. */
export async function deleteNode(rt: Runtime, userId: string, flowId: string, nodeId: string): Promise<FlowView> {
  const row = await loadDraft(rt, userId, flowId);
  const step = stepOf(row, nodeId);
  return commitContent(rt, row, {
    steps: row.steps.filter((s) => s.id !== step.id),
    edges: row.edges.filter((e) => e.from !== step.id && e.to !== step.id),
  });
}

/** add_edge: connects a step's handle (a postback button's id, `true`/`false`, `valid`/`invalid`, or none) to a step. */
export async function addEdge(
  rt: Runtime,
  userId: string,
  flowId: string,
  input: z.infer<typeof EdgeAddSchema>,
): Promise<FlowView> {
  const row = await loadDraft(rt, userId, flowId);
  const content = contentOf(row);
  const from = findStep(content, input.from);
  refusePaymentConnection(from, "from");
  if (!from) throw validationError("from", `no step ${input.from} in this flow`);
  const to = findStep(content, input.to);
  if (!to) throw validationError("to", `no step ${input.to} in this flow`);
  if (to.type === "trigger") throw validationError("to", "a trigger starts the flow: nothing connects into it");
  const handle = input.handle ?? null;
  const handles = handlesOf(from);
  if (!handles.includes(handle)) {
    const named = handles.map((h) => (h === null ? "none (the ordinary way on)" : h)).join(", ");
    throw validationError("handle", `step "${from.name}" has the handles: ${named}`);
  }
  const taken = row.edges.find((e) => e.from === from.id && e.handle === handle);
  if (taken) {
    throw validationError(
      "handle",
      `that way out of "${from.name}" already leads to ${taken.to} (connection ${taken.id})`,
    );
  }
  const edge: FlowEdge = { id: newEdgeId(), from: from.id, to: to.id, handle };
  return commitContent(rt, row, { steps: row.steps, edges: [...row.edges, edge] });
}

/** delete_edge: removes one connection. */
export async function deleteEdge(rt: Runtime, userId: string, flowId: string, edgeId: string): Promise<FlowView> {
  const row = await loadDraft(rt, userId, flowId);
  const edge = row.edges.find((e) => e.id === edgeId);
  if (!edge) throw notFound(`Connection ${edgeId}`);
  refusePaymentConnection(findStep(contentOf(row), edge.from), "edge_id");
  return commitContent(rt, row, { steps: row.steps, edges: row.edges.filter((e) => e.id !== edgeId) });
}

/** revert_flow_to_version: the flow's content becomes a revision's (the current one is saved first, as for any edit). */
export async function revertFlow(rt: Runtime, userId: string, flowId: string, revisionId: string): Promise<FlowView> {
  const row = await loadDraft(rt, userId, flowId);
  const [revision] = await rt.db
    .select()
    .from(flowVersions)
    .where(and(eq(flowVersions.id, revisionId), eq(flowVersions.flowId, row.id)));
  if (!revision) throw notFound(`Revision ${revisionId}`);
  return commitContent(rt, row, { steps: revision.steps, edges: revision.edges });
}
