// The rules a contact's runner follows, one event at a time: window, opt-out, replies, triggers, steps.
import { eq } from "drizzle-orm";
import { flowVersions } from "../../../db/schema";
import type { StopReason } from "../../../db/schema/flow-runs";
import { AppError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import type { InboundEvent } from "../../../queues/inbound";
import type { Runtime } from "../../runtime";
import type { FlowContent, FlowStep } from "../model";
import { standingOf } from "./liveness";
import type { LiveFlow } from "./match";
import { optsIn, optsOut } from "./opt-out";
import { type ExecutionEnd, recordEnd, recordStart, recordWait, StepFailure } from "./record";
import { ContactUnavailable, markInboundRead, sendToContact, sentBefore, unavailableReason, WINDOW_MS } from "./send";
import {
  type ContactState,
  type ContactStorage,
  type Execution,
  emptyContact,
  type Halt,
  nextWakeOf,
  noHalt,
} from "./state";
import { answerStep, runStep, type StepOutcome } from "./steps";

/**
 * The rules a contact's runner (src/durable/contact-runner.ts) follows, one event at a time: the person's window,
 * opt-out and takeover, a reply going to the execution waiting for it before any trigger, a matched flow starting
 * its pinned version, and every execution walking its steps until it waits or ends (completed, stopped or failed),
 * within the deployment's limits of steps and messages per execution.
 */

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
    private readonly halted: Halt = noHalt,
  ) {}

  static async open(rt: Runtime, storage: ContactStorage, accountId: string, contactId: string, halted?: Halt) {
    return new ContactSession(rt, storage, await loadState(storage, accountId, contactId), halted);
  }

  save() {
    return this.storage.put("contact", this.state);
  }

  /** Sends one message of `exec` under the platform rules, once per key, within the execution's message limit. */
  async send(exec: Execution, key: string, message: Parameters<typeof sendToContact>[5]) {
    if (await sentBefore(this.storage, exec, key)) return;
    this.count(exec, "messages");
    await sendToContact(this.rt, this.storage, this.state, exec, key, message);
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

  /**
   * Counts a step `exec` is about to run, or a message it is about to send; past the deployment's limit the
   * execution ends there, with the step named.
   */
  private count(exec: Execution, what: "steps" | "messages") {
    const { config } = this.rt;
    const [max, going, limit] =
      what === "steps"
        ? [config.flow_max_steps_per_execution, "would be this execution's step", "runs at most"]
        : [config.flow_max_messages_per_execution, "would send this execution's message", "sends at most"];
    exec[what] = (exec[what] ?? 0) + 1;
    if (exec[what] <= max) return;
    const name = versions.get(exec.versionId)?.steps.find((s) => s.id === exec.stepId)?.name ?? exec.stepId;
    throw new StepFailure(
      "execution_limit",
      `Step "${name}" ${going} ${max + 1}: an execution ${limit} ${max} ${what}`,
    );
  }

  /** Runs `exec` from its current step until it waits or ends; records where it got to. */
  async run(exec: Execution, first?: StepOutcome | (() => Promise<StepOutcome>)): Promise<void> {
    let step: FlowStep | undefined;
    try {
      const content = await contentOf(this.rt, exec.versionId);
      let result = typeof first === "function" ? await first() : first;
      for (;;) {
        if (result) {
          if (result.kind === "wait") return await this.wait(exec);
          const next = nextStepId(content, exec.stepId, result.handle);
          if (next === undefined) return await this.finish(exec, { status: "completed" });
          exec.stepId = next;
          exec.status = "running";
          exec.tries = undefined;
        }
        const halt = this.halted(exec);
        if (halt) return await this.finish(exec, { status: "stopped", reason: halt });
        step = content.steps.find((s) => s.id === exec.stepId);
        if (!step) throw new StepFailure("step_missing", `Step ${exec.stepId} is not in the flow's pinned version`);
        this.count(exec, "steps");
        result = await runStep(this, exec, step);
      }
    } catch (error) {
      if (error instanceof ContactUnavailable) {
        return await this.finish(exec, { status: "stopped", reason: error.reason });
      }
      const failure =
        error instanceof StepFailure
          ? error
          : error instanceof AppError
            ? new StepFailure(error.code, error.message)
            : null;
      if (!failure) throw error;
      await this.finish(exec, { status: "errored", nodeId: step?.id ?? exec.stepId, failure });
    }
  }

  /** The execution waits (input or delay): the state and the row say where. */
  private async wait(exec: Execution) {
    await this.save();
    await recordWait(this.rt, exec);
  }

  /** The one place an execution ends, whatever ended it: forgotten here with its sends, and its end recorded. */
  async finish(exec: Execution, end: ExecutionEnd): Promise<void> {
    this.state.executions = this.state.executions.filter((e) => e.id !== exec.id);
    await this.save();
    if (exec.sent.length > 0) await this.storage.delete(exec.sent.map((k) => `sent:${k}`));
    await recordEnd(this.rt, exec, end);
  }

  /** Stops every execution of the contact at once, waiting or not. */
  async finishAll(reason: StopReason): Promise<void> {
    for (const exec of [...this.state.executions]) await this.finish(exec, { status: "stopped", reason });
  }

  /**
   * Before a waiting execution's next step (its delay ended, or input came): it goes on only if nobody stopped it
   * and its flow still runs its version; otherwise it ends here, stopped, having sent nothing.
   */
  async mayGoOn(exec: Execution): Promise<boolean> {
    const halt = this.halted(exec);
    if (!halt && (await standingOf(this.rt, exec.id)) === "goes_on") return true;
    await this.finish(exec, { status: "stopped", reason: halt ?? "flow_stopped" });
    return false;
  }

  /** Starts `flow` for the contact from its trigger, unless the flow stopped running that version meanwhile. */
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
      steps: 0,
      messages: 0,
    };
    if (!(await recordStart(this.rt, exec))) return;
    this.state.executions.push(exec);
    await this.save();
    await this.run(exec, { kind: "next", handle: null });
  }

  /** Runs the executions whose delay is over (and still may go on). */
  async wakeDue(): Promise<void> {
    const now = this.rt.clock.now();
    for (const exec of [...this.state.executions]) {
      if (exec.status !== "waiting_delay" || exec.wakeAt! > now) continue;
      if (!(await this.mayGoOn(exec))) continue;
      exec.status = "running";
      exec.wakeAt = undefined;
      await this.run(exec, { kind: "next", handle: null });
    }
  }

  /** The newest execution waiting for the person's input that may still go on (the others end on the way). */
  async waitingForInput(): Promise<Execution | undefined> {
    for (let exec = this.lastWaiting(); exec; exec = this.lastWaiting()) {
      if (await this.mayGoOn(exec)) return exec;
    }
    return undefined;
  }

  private lastWaiting = () => this.state.executions.findLast((e) => e.status === "waiting_input");
}

export const opensWindow = (kind: InboundEvent["kind"]) => kind !== "comment";

/** How long a contact's runner remembers the events it handled: a redelivery comes within minutes. */
const HANDLED_MEMORY_MS = 86_400_000;

/** Notes `event` handled (for the save that ends its handling), forgetting notes older than a day. */
function noteHandled(state: ContactState, event: InboundEvent, now: number) {
  const kept = Object.entries(state.handled ?? {}).filter(([, at]) => at > now - HANDLED_MEMORY_MS);
  state.handled = Object.fromEntries([...kept, [event.id, now]]);
}

/**
 * One inbound event for the contact, in order, once (a redelivery of one handled here is skipped). The person's own
 * message opens the 24-hour window (a comment does not). "stop" opts them out and stops every execution of theirs
 * at once, "start" opts back in; nothing runs while they are out or a person has taken over. A message while an
 * execution waits for input is that input, whatever triggers it matches; otherwise `match` (the live flow whose
 * trigger it answers) starts. Answers the next wake-up, if any.
 */
export async function handleInbound(
  rt: Runtime,
  storage: ContactStorage,
  event: InboundEvent,
  match: LiveFlow | null,
  halted?: Halt,
): Promise<number | null> {
  const session = await ContactSession.open(rt, storage, event.accountId, event.senderId, halted);
  const { state } = session;
  if (state.handled?.[event.id] !== undefined) return nextWakeOf(state);
  const now = rt.clock.now();
  if (opensWindow(event.kind)) state.windowUntil = Math.max(state.windowUntil ?? 0, now + WINDOW_MS);
  if (event.kind !== "comment" && optsOut(event.text)) {
    state.optedOutAt = now;
    await session.finishAll("opted_out");
  } else {
    if (event.kind !== "comment" && optsIn(event.text)) state.optedOutAt = null;
    if (unavailableReason(state, now) === null) {
      const waiting = event.kind === "comment" ? undefined : await session.waitingForInput();
      // An answer or a trigger is taken: the person sees it read (on WhatsApp) before the reply.
      if (waiting || match) await markInboundRead(rt, event);
      if (waiting) {
        waiting.lastText = event.text;
        await session.run(waiting, () => answerStep(session, waiting, event.text));
      } else if (match) {
        await session.start(match, event);
      }
    }
  }
  noteHandled(state, event, now);
  await session.save();
  return nextWakeOf(state);
}

/** The alarm (or a sandbox clock move): runs what is due, answers the next wake-up. */
export async function runDue(rt: Runtime, storage: ContactStorage, halted?: Halt): Promise<number | null> {
  const state = await storage.get<ContactState>("contact");
  if (!state) return null;
  const session = new ContactSession(rt, storage, state, halted);
  await session.wakeDue();
  return nextWakeOf(state);
}

/** The owner stopped one execution (its row already says so): it ends here before its next step. */
export async function stopExecution(rt: Runtime, storage: ContactStorage, executionId: string) {
  const state = await storage.get<ContactState>("contact");
  if (!state) return null;
  const exec = state.executions.find((e) => e.id === executionId);
  if (exec) await new ContactSession(rt, storage, state).finish(exec, { status: "stopped", reason: "owner" });
  return nextWakeOf(state);
}

/**
 * The owner's say over the contact: opted out (every execution of theirs stops at once) or back in, and a person
 * taking over for a while (0 ends it; executions end quietly when they would message the contact meanwhile).
 */
export async function setContactControls(
  rt: Runtime,
  storage: ContactStorage,
  contact: { accountId: string; contactId: string },
  controls: { optedOut?: boolean; humanMinutes?: number },
): Promise<ContactState> {
  const session = await ContactSession.open(rt, storage, contact.accountId, contact.contactId);
  const now = rt.clock.now();
  if (controls.optedOut !== undefined) session.state.optedOutAt = controls.optedOut ? now : null;
  if (controls.optedOut) await session.finishAll("opted_out");
  if (controls.humanMinutes !== undefined) {
    session.state.humanUntil = controls.humanMinutes > 0 ? now + controls.humanMinutes * 60_000 : null;
  }
  await session.save();
  return session.state;
}
