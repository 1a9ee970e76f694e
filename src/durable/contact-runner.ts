// The ContactRunner Durable Object: one contact's flow events and delays, handled one at a time, in order.
import { DurableObject } from "cloudflare:workers";
import type { StopReason } from "../db/schema/flow-runs";
import type { InboundEvent } from "../queues/inbound";
import type { LiveFlow } from "../services/flows/run/match";
import { handleInbound, runDue, setContactControls, stopExecution } from "../services/flows/run/runner";
import { type ContactStorage, type Execution, nextWakeOf } from "../services/flows/run/state";
import { createRuntime, type Runtime } from "../services/runtime";

/** The halt that stops every execution of the contact, not one. */
const EVERY_EXECUTION = "*";

/**
 * One object per contact (`<account id>:<sender id>`): that person's events and delays are handled here one at a
 * time, in the order they came, and its one alarm rings at the earliest delay's end. A stop (the owner's, or an
 * opt-out) is heard at once: a run under way ends before its next step, then the stop takes its turn. The rules live
 * in services/flows/run.
 */
export class ContactRunner extends DurableObject<Env> {
  /** The work in hand: each call waits for the one before it (platform calls may take a while, so no input gate). */
  private tail: Promise<unknown> = Promise.resolve();
  /** Executions to stop before their next step (by id, or every one), heard while other work runs. */
  private halts = new Map<string, StopReason>();
  private halted = (exec: Execution) => this.halts.get(exec.id) ?? this.halts.get(EVERY_EXECUTION) ?? null;

  private serially<T>(work: (rt: Runtime, storage: ContactStorage) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => work(await createRuntime(this.env), this.ctx.storage as ContactStorage));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Halts `key` until `work` (in turn) has ended what it halts. */
  private async haltingWhile<T>(key: string, reason: StopReason, work: () => Promise<T>): Promise<T> {
    this.halts.set(key, reason);
    try {
      return await work();
    } finally {
      this.halts.delete(key);
    }
  }

  /** Sets the one alarm to the earliest wake-up (service time), or clears it. */
  private async wakeAt(rt: Runtime, at: number | null) {
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.max(rt.clock.toRealTime(at), Date.now() + 1));
  }

  async receive(event: InboundEvent, match: LiveFlow | null): Promise<void> {
    await this.serially(async (rt, storage) =>
      this.wakeAt(rt, await handleInbound(rt, storage, event, match, this.halted)),
    );
  }

  /** Runs what is due now (the sandbox clock moved past it) instead of waiting for the alarm. */
  async wake(): Promise<void> {
    await this.serially(async (rt, storage) => this.wakeAt(rt, await runDue(rt, storage, this.halted)));
  }

  /**
   * The owner stopped an execution (its row says so already): it ends before its next step. Answers at once; the
   * execution is forgotten here in turn, after the work in hand.
   */
  async stop(executionId: string): Promise<void> {
    this.haltingWhile(executionId, "owner", () =>
      this.serially(async (rt, storage) => this.wakeAt(rt, await stopExecution(rt, storage, executionId))),
    ).catch((error) => console.error("contact runner: a stopped execution was not forgotten", executionId, error));
  }

  async setControls(
    contact: { accountId: string; contactId: string },
    controls: { optedOut?: boolean; humanMinutes?: number },
  ) {
    const work = () =>
      this.serially(async (rt, storage) => {
        const state = await setContactControls(rt, storage, contact, controls);
        await this.wakeAt(rt, nextWakeOf(state));
        return { optedOutAt: state.optedOutAt, humanUntil: state.humanUntil, windowUntil: state.windowUntil };
      });
    return controls.optedOut ? this.haltingWhile(EVERY_EXECUTION, "opted_out", work) : work();
  }

  override async alarm(): Promise<void> {
    await this.wake();
  }
}
