import { eq } from "drizzle-orm";
import { flowVersions } from "../../../db/schema";
import { AppError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { InboundEvent } from "../../../queues/inbound";
import type { Runtime } from "../../runtime";
import type { FlowContent, FlowStep } from "../model";
import { fold, type LiveFlow } from "./match";
import { recordFailure, recordProgress, recordStart, StepFailure } from "./record";
import { ContactUnavailable, isUnavailable, markInboundRead, sendToContact, WINDOW_MS } from "./send";
import { type ContactState, type ContactStorage, type Execution, emptyContact, nextWakeOf } from "./state";
import { answerStep, runStep, type StepOutcome } from "./steps";

/**
 * The rules a contact's runner (src/durable/contact-runner.ts) follows, one event at a time: the person's window,
 * opt-out and takeover, a reply going to the execution waiting for it before any trigger, a matched flow starting
 * its pinned version, and every execution walking its steps until it waits, ends or fails.
 */

/** Messages that opt a contact out of automations, and back in (folded, the whole message). */
const STOP_WORDS = new Set(["stop", "unsubscribe", "stop all", "opt out"]);
const START_WORDS = new Set(["start", "unstop", "opt in"]);
/** Steps one run may take before it must wait: content rules forbid loops without a wait, this is the backstop. */
const MAX_STEPS_PER_RUN = 200;

/** A flow's pinned versions never change: each is read once per isolate. */
const versions = new Map<string, FlowContent>();

async function contentOf(rt: Runtime, versionId: string): Promise<FlowContent> {
  const cached = versions.get(versionId);
  if (cached) return cached;
  const [row] = await rt.db
    .select({ steps: flowVersions.steps, edges: flowVersions.edges })
    .from(flowVersions)
    .where(eq(flowVersions.id, versionId));
  if (!row) throw new StepFailure("version_missing", `The flow's pinned version ${versionId} is gone`);
  versions.set(versionId, row);
  return row;
}

/** The step a handle of `from` leads to, or undefined at the end of the path. */
export const nextStepId = (content: FlowContent, from: string, handle: string | null) =>
  content.edges.find((e) => e.from === from && e.handle === handle)?.to;

async function loadState(storage: ContactStorage, accountId: string, contactId: string) {
  return (await storage.get<ContactState>("contact")) ?? emptyContact(accountId, contactId);
}

/** One contact's working session: the state as read, written back once the work is done. */
export class ContactSession {
  constructor(
    readonly rt: Runtime,
    readonly storage: ContactStorage,
    readonly state: ContactState,
  ) {}

  static async open(rt: Runtime, storage: ContactStorage, accountId: string, contactId: string) {
    return new ContactSession(rt, storage, await loadState(storage, accountId, contactId));
  }

  save() {
    return this.storage.put("contact", this.state);
  }

  /** Sends one message of `exec` under the platform rules, once per key. */
  send(exec: Execution, key: string, message: Parameters<typeof sendToContact>[5]) {
    return sendToContact(this.rt, this.storage, this.state, exec, key, message);
  }

  /** Whether a step has an ordinary way on (a connection without a handle). */
  hasOrdinaryNext(exec: Execution, stepId: string): boolean {
    const content = versions.get(exec.versionId);
    return content !== undefined && nextStepId(content, stepId, null) !== undefined;
  }

  /** The step the execution is on. */
  async stepOf(exec: Execution): Promise<FlowStep | undefined> {
    return (await contentOf(this.rt, exec.versionId)).steps.find((s) => s.id === exec.stepId);
  }

  /** Runs `exec` from its current step until it waits, ends or fails; records where it got to. */
  async run(exec: Execution, first?: StepOutcome | (() => Promise<StepOutcome>)): Promise<void> {
    let step: FlowStep | undefined;
    try {
      const content = await contentOf(this.rt, exec.versionId);
      let result = typeof first === "function" ? await first() : first;
      for (let n = 0; n < MAX_STEPS_PER_RUN; n++) {
        if (result) {
          if (result.kind === "wait") return await this.settle(exec, false);
          if (result.kind === "end") return await this.settle(exec, true);
          const next = nextStepId(content, exec.stepId, result.handle);
          if (next === undefined) return await this.settle(exec, true);
          exec.stepId = next;
          exec.status = "running";
          exec.tries = undefined;
        }
        step = content.steps.find((s) => s.id === exec.stepId);
        if (!step) throw new StepFailure("step_missing", `Step ${exec.stepId} is not in the flow's pinned version`);
        result = await runStep(this, exec, step);
      }
      throw new StepFailure("too_many_steps", `The flow took ${MAX_STEPS_PER_RUN} steps without waiting`);
    } catch (error) {
      if (error instanceof ContactUnavailable) return await this.settle(exec, true);
      const failure =
        error instanceof StepFailure
          ? error
          : error instanceof AppError
            ? new StepFailure(error.code, error.message)
            : null;
      if (!failure) throw error;
      await this.end(exec);
      await recordFailure(this.rt, exec, step?.id ?? exec.stepId, failure);
    }
  }

  /** The execution waits (input or delay) or has ended; either way the row says where it is. */
  private async settle(exec: Execution, ended: boolean) {
    if (ended) await this.end(exec);
    else await this.save();
    await recordProgress(this.rt, exec, ended);
  }

  /** Forgets an ended execution and its sends. */
  private async end(exec: Execution) {
    this.state.executions = this.state.executions.filter((e) => e.id !== exec.id);
    await this.save();
    if (exec.sent.length > 0) await this.storage.delete(exec.sent.map((k) => `sent:${k}`));
  }

  /** Starts `flow` for the contact from its trigger. */
  async start(flow: LiveFlow, event: InboundEvent): Promise<void> {
    const trigger = flow.steps.find((s) => s.type === "trigger");
    if (!trigger) return;
    const exec: Execution = {
      id: newId("exec"),
      flowId: flow.flowId,
      flowName: flow.flowName,
      userId: flow.userId,
      accountId: event.accountId,
      platform: flow.platform,
      versionId: flow.versionId,
      contactId: event.senderId,
      stepId: trigger.id,
      status: "running",
      startedAt: this.rt.clock.now(),
      comment: event.kind === "comment" ? { id: event.id, at: event.at } : undefined,
      privateReplyDue: event.kind === "comment",
      lastText: event.text,
      sent: [],
    };
    this.state.executions.push(exec);
    await this.save();
    await recordStart(this.rt, exec);
    await this.run(exec, { kind: "next", handle: null });
  }

  /** Runs the executions whose delay is over. */
  async wakeDue(): Promise<void> {
    const now = this.rt.clock.now();
    for (const exec of [...this.state.executions]) {
      if (exec.status !== "waiting_delay" || exec.wakeAt! > now) continue;
      exec.status = "running";
      exec.wakeAt = undefined;
      await this.run(exec, { kind: "next", handle: null });
    }
  }
}

export const opensWindow = (kind: InboundEvent["kind"]) => kind !== "comment";

/**
 * One inbound event for the contact, in order. The person's own message opens the 24-hour window (a comment does
 * not). "stop" opts them out (and ends what runs for them), "start" back in; nothing runs while they are out or a
 * person has taken over. A message while an execution waits for input is that input, whatever triggers it matches;
 * otherwise `match` (the live flow whose trigger it answers) starts. Answers the next wake-up, if any.
 */
export async function handleInbound(
  rt: Runtime,
  storage: ContactStorage,
  event: InboundEvent,
  match: LiveFlow | null,
): Promise<number | null> {
  const session = await ContactSession.open(rt, storage, event.accountId, event.senderId);
  const { state } = session;
  const now = rt.clock.now();
  if (opensWindow(event.kind)) state.windowUntil = Math.max(state.windowUntil ?? 0, now + WINDOW_MS);
  const said = fold(event.text);
  if (event.kind !== "comment" && STOP_WORDS.has(said)) {
    state.optedOutAt = now;
    for (const exec of [...state.executions]) await session.run(exec, { kind: "end" });
    await session.save();
    return nextWakeOf(state);
  }
  if (event.kind !== "comment" && START_WORDS.has(said)) state.optedOutAt = null;
  if (isUnavailable(state, now)) {
    await session.save();
    return nextWakeOf(state);
  }
  const waiting = state.executions.findLast((e) => e.status === "waiting_input");
  // An answer or a trigger is taken: the person sees it read (on WhatsApp) before the reply.
  if ((waiting && event.kind !== "comment") || match) await markInboundRead(rt, event);
  if (waiting && event.kind !== "comment") {
    waiting.lastText = event.text;
    await session.run(waiting, () => answerStep(session, waiting, event.text));
  } else if (match) {
    await session.start(match, event);
  } else {
    await session.save();
  }
  return nextWakeOf(state);
}

/** The alarm (or a sandbox clock move): runs what is due, answers the next wake-up. */
export async function runDue(rt: Runtime, storage: ContactStorage): Promise<number | null> {
  const state = await storage.get<ContactState>("contact");
  if (!state) return null;
  const session = new ContactSession(rt, storage, state);
  await session.wakeDue();
  return nextWakeOf(state);
}

/** The owner's say over the contact: opted out or not, and a human taking over for a while (0 ends it). */
export async function setContactControls(
  rt: Runtime,
  storage: ContactStorage,
  contact: { accountId: string; contactId: string },
  controls: { optedOut?: boolean; humanMinutes?: number },
): Promise<ContactState> {
  const session = await ContactSession.open(rt, storage, contact.accountId, contact.contactId);
  const now = rt.clock.now();
  if (controls.optedOut !== undefined) session.state.optedOutAt = controls.optedOut ? now : null;
  if (controls.humanMinutes !== undefined) {
    session.state.humanUntil = controls.humanMinutes > 0 ? now + controls.humanMinutes * 60_000 : null;
  }
  await session.save();
  return session.state;
}
