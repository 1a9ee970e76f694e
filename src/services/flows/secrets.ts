// Step secrets (http action headers): sealed for storage, opened to run, redacted in every answer.
import { validationError } from "../../lib/errors";
import { REDACTED } from "../../schemas/flow-steps";
import type { Runtime } from "../runtime";
import { openSecret, sealSecret } from "../secrets";
import type { FlowStep } from "./model";

/** Request headers of http actions are the secrets steps hold (API keys, bearer tokens). */
const PURPOSE = "flow-step-secret";

type Headers = Record<string, string>;

const headersOf = (step: FlowStep | undefined): Headers | undefined =>
  step?.type === "action" && step.data.kind === "http" ? step.data.headers : undefined;

function withHeaders(step: FlowStep, headers: Headers): FlowStep {
  if (step.type !== "action" || step.data.kind !== "http") return step;
  return { ...step, data: { ...step.data, headers } };
}

async function mapHeaders(step: FlowStep, map: (name: string, value: string) => Promise<string>): Promise<FlowStep> {
  const headers = headersOf(step);
  if (!headers) return step;
  const entries = await Promise.all(
    Object.entries(headers).map(async ([name, value]) => [name, await map(name, value)]),
  );
  return withHeaders(step, Object.fromEntries(entries));
}

/** A step as every answer shows it: each secret replaced by `[redacted]`. */
export function redactStep(step: FlowStep): FlowStep {
  const headers = headersOf(step);
  if (!headers) return step;
  return withHeaders(step, Object.fromEntries(Object.keys(headers).map((name) => [name, REDACTED])));
}

/**
 * Seals the secrets of a step about to be stored in flow `flowId`. Values come from the caller in plain text;
 * `[redacted]` keeps the value stored under that header in `previous` (so a step read and sent back is
 * unchanged), and a value equal to the stored one keeps its ciphertext (so the content hash does not move).
 */
export async function sealStep(rt: Runtime, flowId: string, step: FlowStep, previous?: FlowStep): Promise<FlowStep> {
  const stored = headersOf(previous) ?? {};
  return mapHeaders(step, async (name, value) => {
    const kept = stored[name];
    if (value === REDACTED) {
      if (kept === undefined) {
        throw validationError(
          `data.headers.${name}`,
          `${REDACTED} keeps a stored value, and this step stores none for ${name}`,
        );
      }
      return kept;
    }
    if (kept !== undefined && (await openSecret(rt, PURPOSE, flowId, kept)) === value) return kept;
    return sealSecret(rt, PURPOSE, flowId, value);
  });
}

/** A stored step with its secrets opened: only for running it, never for an answer. */
export const openStep = (rt: Runtime, flowId: string, step: FlowStep) =>
  mapHeaders(step, (_, sealed) => openSecret(rt, PURPOSE, flowId, sealed));

/** Steps of one flow sealed again for another (a duplicate): ciphertexts are bound to their flow. */
export const resealSteps = (rt: Runtime, fromFlowId: string, toFlowId: string, steps: FlowStep[]) =>
  Promise.all(
    steps.map((step) =>
      mapHeaders(step, async (_, sealed) =>
        sealSecret(rt, PURPOSE, toFlowId, await openSecret(rt, PURPOSE, fromFlowId, sealed)),
      ),
    ),
  );
