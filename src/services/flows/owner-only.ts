// Content only the owner sets in Herald's editor, refused on every edit route and tool.
import { validationError } from "../../lib/errors";
import type { MessageData, StepType } from "../../schemas/flow-steps";
import type { FlowEdge, FlowStep } from "./model";
import { isObject, type StepUpdate } from "./step-input";

/**
 * Content only the owner sets, in Herald's own editor (SPEC: the validation_error refusals under Agent
 * tools): refused on every edit route and tool, with nothing changed. Products and prices, the post a
 * scheduled-post automation listens on, anything but a payment step's name, removing a button that has a
 * connection, and connections out of a payment step.
 */
const PRODUCT_KEYS = new Set(["product_id", "product_ids", "products", "price"]);

function productKeyIn(value: unknown, path: string): string | undefined {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = productKeyIn(item, `${path}.${i}`);
      if (found) return found;
    }
  } else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (PRODUCT_KEYS.has(key)) return `${path}.${key}`;
      const found = productKeyIn(item, `${path}.${key}`);
      if (found) return found;
    }
  }
  return undefined;
}

/** Refuses step data (as given to add_node or update_node) that holds owner-only values. */
export function refuseOwnerOnlyData(type: StepType, data: unknown, postLinked: boolean, path = "data") {
  const product = productKeyIn(data, path);
  if (product) throw validationError(product, "product selections are set by the owner in Herald, not here");
  if (type !== "trigger" || !isObject(data) || !isObject(data.config)) return;
  if ("post_id" in data.config) {
    throw validationError(
      `${path}.config.post_id`,
      "the post a scheduled-post automation listens on is chosen by the owner in Herald, not here",
    );
  }
  if (postLinked && "media_ids" in data.config) {
    throw validationError(
      `${path}.config.media_ids`,
      "this flow listens on a scheduled post, which only the owner changes in Herald",
    );
  }
}

/** A payment step may only be renamed here. */
export function refusePaymentUpdate(step: FlowStep, update: StepUpdate) {
  if (step.type !== "payment") return;
  const given = (Object.keys(update) as (keyof StepUpdate)[]).filter((k) => update[k] !== undefined);
  const [first] = given;
  if (first)
    throw validationError(first, "a payment step is configured by the owner in Herald: only its name can change here");
}

/** Refuses new message data that drops a button a connection leaves from. */
export function refuseConnectedButtonRemoval(step: FlowStep, next: MessageData, edges: FlowEdge[]) {
  if (step.type !== "message") return;
  const kept = new Set(next.blocks.flatMap((b) => b.buttons.map((x) => x.id)));
  for (const button of step.data.blocks.flatMap((b) => b.buttons)) {
    if (!kept.has(button.id) && edges.some((e) => e.from === step.id && e.handle === button.id)) {
      throw validationError(
        "data.blocks",
        `button "${button.label}" (${button.id}) has a connection: removing it is for the owner in Herald`,
      );
    }
  }
}

/** Connections out of a payment step are the owner's. */
export function refusePaymentConnection(from: FlowStep | undefined, field: string) {
  if (from?.type === "payment") {
    throw validationError(field, "connections out of a payment step are set by the owner in Herald, not here");
  }
}
