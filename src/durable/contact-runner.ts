// The ContactRunner Durable Object: one contact's flow events and delays, handled one at a time, in order.
import { DurableObject } from "cloudflare:workers";
import type { StopReason } from "../db/schema/flow-runs";
import { inRequest, log } from "../lib/log";
import type { InboundEvent } from "../queues/inbound";
import type { LiveFlow } from "../services/flows/run/match";
import { isOptOut } from "../services/flows/run/opt-out";
import {
  contactStanding,
  forgetStopped,
  handleInbound,
  notePrivateReply,
  optOutAtOnce,
  RESUME_AFTER_MS,
  runDue,
  setContactControls,
  stopExecution,
} from "../services/flows/run/runner";
import type { ContactStorage, Execution } from "../services/flows/run/state";
import { createRuntime, type Runtime } from "../services/runtime";

/**
 * One object per contact (`<account id>:<sender id>`): that person's events and delays are handled here one at a
 * time, in the order they came, and its one alarm rings at the earliest delay's end. A halt is heard at once, even
 * while a run is under way: the owner's stop of an execution, the contact's "stop", the owner's opt-out or takeover
 * (each written before it answers; the run in progress reads them, and its row and flow in D1, before every send),
 * then the halt's own work takes its turn. Before any work the alarm is set a little ahead, so a crash in the middle
 * is resumed (services/flows/run: `resumeUnfinished`). The rules live in services/flows/run.
 */
export class ContactRunner extends DurableObject<Env> {
  /** The work in hand: each call waits for the one before it (platform calls may take a while, so no input gate). */
  private tail: Promise<unknown> = Promise.resolve();
  /** Executions the owner stopped, heard while other work runs: each ends before its next step or send. */
  private halts = new Map<string, StopReason>();
  private halted = (exec: Execution) => this.halts.get(exec.id) ?? null;
  private storage = () => this.ctx.storage as unknown as ContactStorage;

  private serially<T>(work: (rt: Runtime, storage: ContactStorage) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      const rt = await createRuntime(this.env);
      // Come back to this work if the process dies in it; the work's end sets the alarm it really needs.
      await this.ctx.storage.setAlarm(rt.clock.toRealTime(rt.clock.now() + RESUME_AFTER_MS));
      return work(rt, this.storage());
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Sets the one alarm to the earliest wake-up (service time), or clears it. */
  private async wakeAt(rt: Runtime, at: number | null) {
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.max(rt.clock.toRealTime(at), Date.now() + 1));
  }

  /** Work that follows a halt, in turn: logged if it fails (the halt itself already holds). */
  private inTurn(what: string, work: (rt: Runtime, storage: ContactStorage) => Promise<number | null>) {
    return this.serially(async (rt, storage) => this.wakeAt(rt, await work(rt, storage))).catch((error) =>
      log.error("flows.runner_work_failed", { what, error }),
    );
  }

  /**
   * An inbound event, handled in turn. Answers once the event is noted handled here (with the execution it starts,
   * or the answer it gives), not when the run ends: the consumer marks it done and moves on, and a later "stop"
   * reaches this object while the run goes on. A failure after that is logged; the alarm resumes the run.
   */
  async receive(event: InboundEvent, match: LiveFlow | null, requestId?: string): Promise<void> {
    return inRequest(requestId, "inbound", () => this.received(event, match));
  }

  private async received(event: InboundEvent, match: LiveFlow | null): Promise<void> {
    if (isOptOut(event)) await optOutAtOnce(await createRuntime(this.env), this.storage(), event);
    let handedOver!: () => void;
    const noted = new Promise<void>((resolve) => {
      handedOver = resolve;
    });
    const work = this.serially(async (rt, storage) =>
      this.wakeAt(rt, await handleInbound(rt, storage, event, match, this.halted, handedOver)),
    );
    await Promise.race([noted, work]);
    work.catch((error) =>
      log.error("flows.run_stopped_midway", { event_id: event.id, error, next: "the alarm resumes it" }),
    );
  }

  /** Runs what is due now (the sandbox clock moved past it) instead of waiting for the alarm. */
  async wake(requestId?: string): Promise<void> {
    await inRequest(requestId, "alarm", () =>
      this.serially(async (rt, storage) => this.wakeAt(rt, await runDue(rt, storage, this.halted))),
    );
  }

  /**
   * The owner stopped an execution (its row says so already): it ends before its next step or send. Answers at once;
   * the execution is forgotten here in turn, after the work in hand.
   */
  async stop(executionId: string, requestId?: string): Promise<void> {
    this.halts.set(executionId, "owner");
    inRequest(requestId, "request", () =>
      this.inTurn(`a stopped execution was not forgotten (${executionId})`, (rt, storage) =>
        stopExecution(rt, storage, executionId),
      ),
    ).finally(() => this.halts.delete(executionId));
  }

  /** The owner's controls, applied at once (not after the work in hand); an opt-out's executions forgotten in turn. */
  async setControls(
    contact: { accountId: string; contactId: string },
    controls: { optedOut?: boolean; humanMinutes?: number },
    requestId?: string,
  ) {
    return inRequest(requestId, "request", () => this.controlled(contact, controls));
  }

  private async controlled(
    contact: { accountId: string; contactId: string },
    controls: { optedOut?: boolean; humanMinutes?: number },
  ) {
    const state = await setContactControls(await createRuntime(this.env), this.storage(), contact, controls);
    if (controls.optedOut) void this.inTurn("an opted-out contact's executions were not forgotten", forgetStopped);
    return { optedOutAt: state.optedOutAt, humanUntil: state.humanUntil, windowUntil: state.windowUntil };
  }

  /** What the inbox may send the contact now (opted out, takeover, window, private replies used): a read, at once. */
  async standing() {
    return contactStanding(this.storage());
  }

  /** The inbox's private reply to a comment, noted in turn (as a flow's is): false when the comment had its one. */
  async takePrivateReply(
    contact: { accountId: string; contactId: string },
    comment: { id: string; at: number },
  ): Promise<boolean> {
    return this.serially(async (rt, storage) => {
      const { taken, nextWake } = await notePrivateReply(rt, storage, contact, comment);
      await this.wakeAt(rt, nextWake);
      return taken;
    });
  }

  override async alarm(): Promise<void> {
    await this.wake(undefined);
  }
}
