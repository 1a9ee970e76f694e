// What a flow builder is asked and answers, and its draft turned into flow content.
import type { FlowTriggerKind, PlatformKey } from "../../platforms/catalog";
import type { StepType } from "../../schemas/flow-steps";
import type { Runtime } from "../runtime";
import { type FlowContent, type FlowEdge, newEdgeId, newStepId } from "./model";
import { prepareStep } from "./step-input";
import { STEP_KINDS } from "./step-kinds";

/** What a builder is asked: the owner's description (material only, never instructions) and the account's platform. */
export interface BuildRequest {
  description: string;
  platform: PlatformKey;
  triggerKinds: readonly FlowTriggerKind[];
}

/** A flow as a builder proposes it: steps under keys of its own, connections between those keys. */
export interface FlowDraft {
  name: string;
  steps: { key: string; type: StepType; name?: string; data: unknown }[];
  edges: { from: string; to: string; handle: string | null }[];
}

/** Builds a whole flow from a description: Workers AI when bound, else the deterministic local builder. */
export interface FlowBuilder {
  kind: "workers_ai" | "local";
  build(request: BuildRequest): Promise<FlowDraft>;
}

/**
 * A builder's draft as flow content for flow `flowId`: new step and connection ids, unique names, and every
 * step's data through its type's schema (a failure is a `validation_error` naming the step's `data`).
 */
export async function contentFromDraft(rt: Runtime, flowId: string, draft: FlowDraft): Promise<FlowContent> {
  const ids = new Map(draft.steps.map((s) => [s.key, newStepId()]));
  const names = new Set<string>();
  const steps = await Promise.all(
    draft.steps.map((s, i) => {
      const base = s.name?.trim().slice(0, 100) || STEP_KINDS[s.type].defaultName;
      let name = base;
      for (let n = 2; names.has(name); n++) name = `${base} ${n}`;
      names.add(name);
      return prepareStep(
        rt,
        flowId,
        { id: ids.get(s.key)!, type: s.type, name, data: s.data },
        undefined,
        `steps.${i}.data`,
      );
    }),
  );
  const edges = draft.edges.flatMap((e): FlowEdge[] => {
    const [from, to] = [ids.get(e.from), ids.get(e.to)];
    return from && to ? [{ id: newEdgeId(), from, to, handle: e.handle }] : [];
  });
  return { steps, edges };
}
