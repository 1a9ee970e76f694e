// What a flow is made of: steps, connections, problems, their limits and ids.
import { sha256Hex } from "../../lib/crypto";
import { randomToken } from "../../lib/ids";
import type { TypedStep } from "../../schemas/flow-steps";

/** A step as stored: id, type, name and its type's data (secrets sealed). */
export type FlowStep = TypedStep;

/** A connection: from a step's handle (a button id or branch name; null for its ordinary way on) to a step. */
export interface FlowEdge {
  id: string;
  from: string;
  to: string;
  handle: string | null;
}

/** What a flow is made of; revisions and pinned versions hold exactly this. */
export interface FlowContent {
  steps: FlowStep[];
  edges: FlowEdge[];
}

/** Something that stops a flow being turned on (or, for a live flow, what stops it now). */
export interface Problem {
  code: string;
  message: string;
  nodeId?: string;
}

export const EMPTY_CONTENT: FlowContent = { steps: [], edges: [] };

/** Limits of one flow. */
export const MAX_STEPS = 100;
export const MAX_EDGES = 300;
/** The most a flow's content may take as JSON: it and its restore point are written in one batch, and D1 rows end at 2 MB. */
export const MAX_CONTENT_BYTES = 500_000;

export const newStepId = () => `step_${randomToken(12)}`;
export const newEdgeId = () => `edge_${randomToken(12)}`;
export const newBlockId = () => `blk_${randomToken(8)}`;
export const newButtonId = () => `btn_${randomToken(8)}`;

export const isEmptyContent = (content: FlowContent) => content.steps.length === 0 && content.edges.length === 0;

/** JSON with object keys sorted at every depth, so equal content always reads the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** SHA-256 of the canonical content: equal hashes mean equal steps and connections. */
export const contentHash = (content: FlowContent) =>
  sha256Hex(JSON.stringify(canonical({ steps: content.steps, edges: content.edges })));

/** A step by its id, or else by its name. */
export const findStep = (content: FlowContent, idOrName: string) =>
  content.steps.find((s) => s.id === idOrName) ?? content.steps.find((s) => s.name === idOrName);
