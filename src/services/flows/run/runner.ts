// The rules a contact's runner follows, one event at a time: window, opt-out, replies, triggers, steps, resumes.
import { eq } from "drizzle-orm";
import { flowVersions } from "../../../db/schema";
import type { StopReason } from "../../../db/schema/flow-runs";
import { AppError } from "../../../lib/errors";
import { newId } from "../../../lib/ids";
import { log } from "../../../lib/log";
import type { InboundEvent } from "../../../queues/inbound";
import type { Runtime } from "../../runtime";
import type { FlowContent, FlowStep } from "../model";
import { standingOf, stopRunsOfContact } from "./liveness";
import type { LiveFlow } from "./match";
import { isOptOut, optsIn } from "./opt-out";
import { type ExecutionEnd, recordEnd, recordStart, recordWait, StepFailure } from "./record";
import { Halted, markInboundRead, PRIVATE_REPLY_MS, platformSend, WINDOW_MS } from "./send";
import {
  CONTACT_KEY,
  CONTROLS_KEY,
  type ContactControls,
  type ContactState,
  type ContactStorage,
  EXEC_PREFIX,
  type Execution,
  emptyContact,
  execKey,
  type Halt,
  KEPT_TEXT_CHARS,
  noControls,
  noHalt,
  unavailableReason,
  upgradedContact,
} from "./state";
import { answerStep, runStep, type StepOutcome } from "./steps";

/**
 * The rules a contact's runner (src/durable/contact-runner.ts) follows, one event at a time: the person's window,
 * opt-out and takeover, a reply going to the execution waiting for it before any trigger, a matched flow starting
 * its pinned version (one execution per flow at a time), and every execution walking its steps until it waits or
 * ends (completed, stopped or failed), within the deployment's limits of steps and messages per execution. Before
 * every send and action an execution checks that it may still go on; a run a crash left midway is resumed on the
 * runner's next wake, after its last recorded send.
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

/** How long a contact's runner remembers the events it handled (a redelivery comes within minutes), and how many. */
const HANDLED_MEMORY_MS = 86_400_000;
const HANDLED_MEMORY_MAX = 500;
/** Private replies are remembered while a comment may have one (7 days), at most this many. */
const PRIVATE_REPLIES_MAX = 500;
/** How long after a run was left midway (a crash, an error) the runner wakes to resume it (service time). */
export const RESUME_AFTER_MS = 30_000;

/** The newest `max` entries of a memory (id → when) that are later than `since`. */
const recent = (memory: Record<string, number> | undefined, since: number, max: number) =>
  Object.fromEntries(
    Object.entries(memory ?? {})
      .filter(([, at]) => at > since)
      .sort((a, b) => b[1] - a[1])
      .slice(0, max),
  );

/** Runs an execution from the step it is on, which already counted when it was reached (a resume). */
const RESUME = Symbol("resume");
type RunStart = StepOutcome | (() => Promise<StepOutcome>) | typeof RESUME;

/** One contact's working session: the state as read, each execution under its own key, written as it goes. */
export class ContactSession {
  private constructor(
    readonly rt: Runtime,
    readonly storage: ContactStorage,
    readonly state: ContactState,
    private readonly executions: Map<string, Execution>,
    private readonly halted: Halt,
  ) {}

  /** The contact's session, a new contact's when `contact` is given; null when nothing is stored and none is. */
  static async open(
    rt: Runtime,
    storage: ContactStorage,
    contact: { accountId: string; contactId: string } | null,
    halted: Halt = noHalt,
  ): Promise<ContactSession | null> {
    const stored = await upgradedContact(storage);
    if (!stored && !contact) return null;
    const state = stored ?? emptyContact(contact!.accountId, contact!.contactId);
    const now = rt.clock.now();
    state.handled = recent(state.handled, now - HANDLED_MEMORY_MS, HANDLED_MEMORY_MAX);
    state.privateReplies = recent(state.privateReplies, now - PRIVATE_REPLY_MS, PRIVATE_REPLIES_MAX);
    const executions = await storage.list<Execution>({ prefix: EXEC_PREFIX });
    return new ContactSession(rt, storage, state, new Map([...executions.values()].map((e) => [e.id, e])), halted);
  }

  /** Told once, after the next write: what the state holds then is stored (an inbound event noted handled). */
  private written: (() => void) | undefined;
  afterNextWrite(tell: () => void) {
    this.written = tell;
  }

  /** The contact's state, and `exec` while it is under way, written together. */
  private async persist(exec?: Execution) {
    const execution = exec && this.executions.has(exec.id) ? { [execKey(exec.id)]: exec } : {};
    await this.storage.put<unknown>({ [CONTACT_KEY]: this.state, ...execution });
    this.written?.();
    this.written = undefined;
  }

  save() {
    return this.persist();
  }

  /** The controls as they are now: the owner or the person may change them while a run is under way. */
  async controls(): Promise<ContactControls> {
    return (await this.storage.get<ContactControls>(CONTROLS_KEY)) ?? noControls;
  }

  /** The earliest wake-up: a delay's end, or a little later when a run was left midway; null for none. */
  nextWake(): number | null {
    const now = this.rt.clock.now();
    const wakes = [...this.executions.values()].map((e) =>
      e.status === "waiting_delay"
        ? e.wakeAt!
        : e.status === "running" || e.answer !== undefined
          ? now + RESUME_AFTER_MS
          : null,
    );
    const due = wakes.filter((at): at is number => at !== null);
    return due.length > 0 ? Math.min(...due) : null;
  }

  private byStart = () => [...this.executions.values()].sort((a, b) => a.startedAt - b.startedAt);

  /**
   * Before anything an execution does outside (a message, an action, an AI reply): it goes on only if nobody stopped
   * it (its owner, the contact's opt-out), no person took the contact over (when it would message them), and its row
   * and its flow still say it runs. Otherwise it stops there (`Halted`), having done nothing more.
   */
  async ensureStanding(exec: Execution, messagesContact: boolean): Promise<void> {
    const halt = this.halted(exec);
    if (halt) throw new Halted(halt);
    const unavailable = unavailableReason(await this.controls(), this.rt.clock.now());
    if (unavailable === "opted_out" || (unavailable && messagesContact)) throw new Halted(unavailable);
    if ((await standingOf(this.rt, exec.id)) !== "goes_on") throw new Halted("flow_stopped");
  }

  /**
   * Sends one message of `exec` under the platform rules, once per key, within the execution's message limit: the
   * key is written with the execution before the platform call, so a step run again (a retry, a resume) does not
   * send it twice.
   */
  async send(exec: Execution, key: string, message: Parameters<typeof platformSend>[3]) {
    if (exec.sent.includes(key)) return;
    await this.ensureStanding(exec, true);
    this.count(exec, "messages");
    const call = await platformSend(this.rt, this.state, exec, message);
    exec.sent.push(key);
    await this.persist(exec);
    await call();
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

  /** Runs `exec` until it waits or ends; records where it got to. */
  async run(exec: Execution, first: RunStart): Promise<void> {
    let step: FlowStep | undefined;
    try {
      const content = await contentOf(this.rt, exec.versionId);
      let counted = first === RESUME;
      let result = first === RESUME ? undefined : typeof first === "function" ? await first() : first;
      exec.answer = undefined;
      for (;;) {
        if (result) {
          if (result.kind === "wait") return await this.wait(exec);
          const next = nextStepId(content, exec.stepId, result.handle);
          if (next === undefined) return await this.finish(exec, { status: "completed" });
          exec.stepId = next;
          exec.status = "running";
          exec.tries = undefined;
          counted = false;
        }
        const halt = this.halted(exec);
        if (halt) return await this.finish(exec, { status: "stopped", reason: halt });
        step = content.steps.find((s) => s.id === exec.stepId);
        if (!step) throw new StepFailure("step_missing", `Step ${exec.stepId} is not in the flow's pinned version`);
        if (!counted) this.count(exec, "steps");
        counted = false;
        result = await runStep(this, exec, step);
      }
    } catch (error) {
      if (error instanceof Halted) return await this.finish(exec, { status: "stopped", reason: error.reason });
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
    await this.persist(exec);
    await recordWait(this.rt, exec);
  }

  /**
   * The one place an execution ends, whatever ended it: its end recorded, then forgotten here (a crash in between
   * finds it again, its row ended, and forgets it).
   */
  async finish(exec: Execution, end: ExecutionEnd): Promise<void> {
    await recordEnd(this.rt, exec, end);
    await this.forget(exec);
  }

  private async forget(exec: Execution) {
    this.executions.delete(exec.id);
    await this.storage.delete([execKey(exec.id)]);
    await this.save();
  }

  /** Stops every execution of the contact at once, waiting or not. */
  async finishAll(reason: StopReason): Promise<void> {
    for (const exec of this.byStart()) await this.finish(exec, { status: "stopped", reason });
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

  /**
   * Starts `flow` for the contact from its trigger, unless an execution of that flow is still under way for them (one
   * per flow: a contact cannot pile up runs) or the flow stopped running that version meanwhile. The execution is
   * stored (with the event noted handled) before its row is written and its first step runs.
   */
  async start(flow: LiveFlow, event: InboundEvent): Promise<void> {
    const trigger = flow.steps.find((s) => s.type === "trigger");
    if (!trigger) return;
    const underWay = this.byStart().find((e) => e.flowId === flow.flowId);
    if (underWay && (await this.mayGoOn(underWay))) return;
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
      lastText: event.text.slice(0, KEPT_TEXT_CHARS),
      sent: [],
      steps: 0,
      messages: 0,
    };
    this.executions.set(exec.id, exec);
    await this.persist(exec);
    if (!(await recordStart(this.rt, exec))) return await this.forget(exec);
    await this.run(exec, { kind: "next", handle: null });
  }

  /** The person's answer to `exec`, waiting for it: taken (stored, so a crash cannot lose it), then applied. */
  async answer(exec: Execution, text: string): Promise<void> {
    exec.lastText = text.slice(0, KEPT_TEXT_CHARS);
    exec.answer = text;
    await this.persist(exec);
    await this.run(exec, () => answerStep(this, exec, text));
  }

  /**
   * Executions a crash (or an error midway) left running or holding an answer not yet applied: each goes on where
   * it was (its recorded sends are not made again), unless it was stopped meanwhile. One that fails again this way
   * is left for the next wake; the contact's other work goes on.
   */
  async resumeUnfinished(): Promise<void> {
    for (const exec of this.byStart()) {
      if (exec.status !== "running" && exec.answer === undefined) continue;
      try {
        const standing = await standingOf(this.rt, exec.id);
        if (standing === "unrecorded") {
          if (!(await recordStart(this.rt, exec))) {
            await this.forget(exec);
            continue;
          }
        } else if (!(await this.mayGoOn(exec))) {
          continue;
        }
        const answer = exec.answer;
        await this.run(exec, answer !== undefined ? () => answerStep(this, exec, answer) : RESUME);
      } catch (error) {
        log.error("flows.resume_failed", { execution_id: exec.id, error, next: "tried at the next wake" });
      }
    }
  }

  /** Runs the executions whose delay is over (and still may go on), earliest first. */
  async wakeDue(): Promise<void> {
    const now = this.rt.clock.now();
    const due = this.byStart()
      .filter((e) => e.status === "waiting_delay" && e.wakeAt! <= now)
      .sort((a, b) => a.wakeAt! - b.wakeAt!);
    for (const exec of due) {
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

  private lastWaiting = () => this.byStart().findLast((e) => e.status === "waiting_input");
}

export const opensWindow = (kind: InboundEvent["kind"]) => kind !== "comment";

/**
 * One inbound event for the contact, in order, once (a redelivery of one handled here is skipped). It is noted
 * handled with the first thing it changes (the execution it starts, the answer it gives), and `handedOver` is told
 * then: the rest of the run follows in the runner, and a crash in it is resumed, never started again. Runs left
 * midway by a crash go on first. The person's own message opens the 24-hour window (a comment does not). "stop" opts them out and stops
 * every execution of theirs, "start" opts back in; nothing runs while they are out or a person has taken over. A
 * message while an execution waits for input is that input, whatever triggers it matches; otherwise `match` (the
 * live flow whose trigger it answers) starts. Answers the next wake-up, if any.
 */
export async function handleInbound(
  rt: Runtime,
  storage: ContactStorage,
  event: InboundEvent,
  match: LiveFlow | null,
  halted?: Halt,
  handedOver: () => void = () => {},
): Promise<number | null> {
  const contact = { accountId: event.accountId, contactId: event.senderId };
  const session = (await ContactSession.open(rt, storage, contact, halted))!;
  await session.resumeUnfinished();
  const { state } = session;
  if (state.handled?.[event.id] !== undefined) return session.nextWake();
  const now = rt.clock.now();
  state.handled = { ...state.handled, [event.id]: now };
  session.afterNextWrite(handedOver);
  if (opensWindow(event.kind)) state.windowUntil = Math.max(state.windowUntil ?? 0, now + WINDOW_MS);
  if (isOptOut(event)) {
    await session.save();
    await optOut(rt, storage, event, { optedOut: true });
    await session.finishAll("opted_out");
  } else {
    if (event.kind !== "comment" && optsIn(event.text)) await optOut(rt, storage, event, { optedOut: false });
    if (unavailableReason(await session.controls(), now) === null) {
      const waiting = event.kind === "comment" ? undefined : await session.waitingForInput();
      // An answer or a trigger is taken: the person sees it read (on WhatsApp) before the reply.
      if (waiting || match) await markInboundRead(rt, event);
      if (waiting) await session.answer(waiting, event.text);
      else if (match) await session.start(match, event);
    }
  }
  await session.save();
  return session.nextWake();
}

/** The contact opting out, heard at once (before their earlier work ends), unless this event was handled before. */
export async function optOutAtOnce(rt: Runtime, storage: ContactStorage, event: InboundEvent): Promise<void> {
  const state = await upgradedContact(storage);
  if (state?.handled?.[event.id] !== undefined) return;
  await optOut(rt, storage, event, { optedOut: true });
}

const optOut = (rt: Runtime, storage: ContactStorage, event: InboundEvent, change: { optedOut: boolean }) =>
  setContactControls(rt, storage, { accountId: event.accountId, contactId: event.senderId }, change);

/** The alarm (or a sandbox clock move): resumes what was left midway, runs what is due, answers the next wake-up. */
export async function runDue(rt: Runtime, storage: ContactStorage, halted?: Halt): Promise<number | null> {
  const session = await ContactSession.open(rt, storage, null, halted);
  if (!session) return null;
  await session.resumeUnfinished();
  await session.wakeDue();
  await session.save();
  return session.nextWake();
}

/** The owner stopped one execution (its row already says so): it ends here before its next step. */
export async function stopExecution(rt: Runtime, storage: ContactStorage, executionId: string) {
  const session = await ContactSession.open(rt, storage, null);
  if (!session) return null;
  const exec = (await storage.get<Execution>(execKey(executionId))) ?? undefined;
  if (exec) await session.finish(exec, { status: "stopped", reason: "owner" });
  return session.nextWake();
}

/** Every execution of the contact, stopped in D1 already (they opted out), forgotten here in turn. */
export async function forgetStopped(rt: Runtime, storage: ContactStorage): Promise<number | null> {
  const session = await ContactSession.open(rt, storage, null);
  if (!session) return null;
  await session.finishAll("opted_out");
  return session.nextWake();
}

/**
 * The owner's (or the person's) say over the contact, applied at once, even while a run is under way: opted out
 * (every unfinished execution of theirs is stopped in D1 now, and each run in progress stops before its next send)
 * or back in, and a person taking over for a while (0 ends it; an execution that would message the contact
 * meanwhile is stopped). Answers the controls with the window.
 */
export async function setContactControls(
  rt: Runtime,
  storage: ContactStorage,
  contact: { accountId: string; contactId: string },
  change: { optedOut?: boolean; humanMinutes?: number },
) {
  const now = rt.clock.now();
  const controls = { ...((await storage.get<ContactControls>(CONTROLS_KEY)) ?? noControls) };
  if (change.optedOut !== undefined) controls.optedOutAt = change.optedOut ? (controls.optedOutAt ?? now) : null;
  if (change.humanMinutes !== undefined) {
    controls.humanUntil = change.humanMinutes > 0 ? now + change.humanMinutes * 60_000 : null;
  }
  await storage.put(CONTROLS_KEY, controls);
  if (change.optedOut) await stopRunsOfContact(rt, contact.accountId, contact.contactId);
  const state = await upgradedContact(storage);
  return { ...controls, windowUntil: state?.windowUntil ?? null };
}

/**
 * What a person on the inbox may be sent now, as the contact's runner knows it: opted out or not, a person's
 * takeover and its end, the window their messages opened, and the comments that already had their private reply.
 */
export async function contactStanding(storage: ContactStorage) {
  const controls = (await storage.get<ContactControls>(CONTROLS_KEY)) ?? noControls;
  const state = await upgradedContact(storage);
  return {
    optedOutAt: controls.optedOutAt,
    humanUntil: controls.humanUntil,
    windowUntil: state?.windowUntil ?? null,
    privateReplies: Object.keys(state?.privateReplies ?? {}),
  };
}

/**
 * The inbox's private reply to a comment, noted as the comment's one private reply (as a flow's is), unless it had
 * one already: answers whether this one may be sent, and the runner's next wake-up.
 */
export async function notePrivateReply(
  rt: Runtime,
  storage: ContactStorage,
  contact: { accountId: string; contactId: string },
  comment: { id: string; at: number },
) {
  const session = (await ContactSession.open(rt, storage, contact))!;
  const taken = session.state.privateReplies[comment.id] === undefined;
  if (taken) {
    session.state.privateReplies[comment.id] = comment.at;
    await session.save();
  }
  return { taken, nextWake: session.nextWake() };
}
