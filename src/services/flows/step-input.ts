// Step data from input: checked by its type's schema, ids given, URLs guarded, secrets sealed.
import { validationError, validationFailure } from "../../lib/errors";
import { assertPublicUrl } from "../../lib/ssrf";
import type { MessageData, StepType } from "../../schemas/flow-steps";
import type { Runtime } from "../runtime";
import { type FlowStep, newBlockId, newButtonId } from "./model";
import { sealStep } from "./secrets";
import { stepKind } from "./step-kinds";

/** Step data checked by its type's schema (defaults filled); a failure names the field under `path`. */
export function parseStepData(type: StepType, raw: unknown, path = "data"): FlowStep["data"] {
  const parsed = stepKind(type).data.safeParse(raw ?? {});
  if (!parsed.success) {
    throw validationFailure(parsed.error.issues.map((i) => ({ ...i, path: [...path.split("."), ...i.path] })));
  }
  return parsed.data as FlowStep["data"];
}

/** Gives content blocks and buttons without an id one; ids must be unique in the step (buttons' are handles). */
function withLocalIds(data: MessageData, path: string): MessageData {
  const seen = new Set<string>();
  const unique = (id: string, where: string) => {
    if (seen.has(id)) throw validationError(where, `the id ${id} is used twice in this step`);
    seen.add(id);
    return id;
  };
  return {
    ...data,
    blocks: data.blocks.map((block, b) => ({
      ...block,
      id: unique(block.id ?? newBlockId(), `${path}.blocks.${b}.id`),
      buttons: block.buttons.map((button, i) => ({
        ...button,
        id: unique(button.id ?? newButtonId(), `${path}.blocks.${b}.buttons.${i}.id`),
      })),
    })),
  };
}

/**
 * A step ready to store in flow `flowId`: data parsed by its type's schema, block and button ids given, an
 * http action's URL through the outbound guard, and secrets sealed (`previous` is the step it replaces).
 */
export async function prepareStep(
  rt: Runtime,
  flowId: string,
  step: { id: string; type: StepType; name: string; data: unknown },
  previous?: FlowStep,
  path = "data",
): Promise<FlowStep> {
  let data = parseStepData(step.type, step.data, path);
  if (step.type === "message") data = withLocalIds(data as MessageData, path);
  const typed = { ...step, data } as FlowStep;
  if (typed.type === "action" && typed.data.kind === "http") {
    assertPublicUrl(typed.data.url, { sandbox: rt.sandbox, field: `${path}.url` });
  }
  return sealStep(rt, flowId, typed, previous);
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** update_node's inputs besides the step's name. */
export interface StepUpdate {
  text?: string;
  link?: string | null;
  keywords?: string[];
  data?: Record<string, unknown>;
  remove_block_ids?: string[];
}

const onlyFor = (field: string, type: StepType, step: FlowStep) => {
  if (step.type !== type) throw validationError(field, `applies to ${type} steps only; this step is a ${step.type}`);
};

/** Content blocks merged by `id`: a known id updates that block's keys, an unknown or absent one adds a block. */
function mergeBlocks(current: unknown, given: unknown): unknown {
  if (!Array.isArray(current) || !Array.isArray(given)) return given;
  const merged: unknown[] = [...current];
  for (const block of given) {
    const at = isObject(block)
      ? merged.findIndex((b) => isObject(b) && b.id === block.id && block.id !== undefined)
      : -1;
    if (at >= 0 && isObject(block)) merged[at] = { ...(merged[at] as object), ...block };
    else merged.push(block);
  }
  return merged;
}

/**
 * update_node's merge: top-level keys of `data` are set, content blocks merge by id, a trigger's `config`
 * merges by key, keys left out are kept; `text` is the first block's text, `link` the outgoing link,
 * `keywords` the trigger's, `remove_block_ids` drops blocks. The result still has to pass the type's schema.
 */
export function mergeStepData(step: FlowStep, update: StepUpdate): Record<string, unknown> {
  const data: Record<string, unknown> = structuredClone(step.data) as Record<string, unknown>;
  for (const [key, value] of Object.entries(update.data ?? {})) {
    if (key === "blocks" && step.type === "message") data.blocks = mergeBlocks(data.blocks, value);
    else if (key === "config" && step.type === "trigger" && isObject(value)) {
      data.config = { ...(data.config as object), ...value };
    } else data[key] = value;
  }
  if (update.text !== undefined) {
    onlyFor("text", "message", step);
    const blocks = (data.blocks as Record<string, unknown>[]) ?? [];
    data.blocks =
      blocks.length > 0 ? [{ ...blocks[0], text: update.text }, ...blocks.slice(1)] : [{ text: update.text }];
  }
  if (update.link !== undefined) {
    onlyFor("link", "message", step);
    data.link = update.link;
  }
  if (update.keywords !== undefined) {
    onlyFor("keywords", "trigger", step);
    data.config = { ...(data.config as object), keywords: update.keywords };
  }
  if (update.remove_block_ids !== undefined) {
    onlyFor("remove_block_ids", "message", step);
    const known = new Set((step.data as MessageData).blocks.map((b) => b.id));
    const unknown = update.remove_block_ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw validationError("remove_block_ids", `no block ${unknown.join(", ")} in this step`);
    data.blocks = (data.blocks as { id?: string }[]).filter((b) => !update.remove_block_ids!.includes(b.id ?? ""));
  }
  return data;
}
