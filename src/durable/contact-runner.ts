import { DurableObject } from "cloudflare:workers";
import type { InboundEvent } from "../queues/inbound";
import type { LiveFlow } from "../services/flows/run/match";
import { handleInbound, runDue, setContactControls } from "../services/flows/run/runner";
import type { ContactStorage } from "../services/flows/run/state";
import { createRuntime, type Runtime } from "../services/runtime";

/**
 * One object per contact (`<account id>:<sender id>`): that person's events and delays are handled here one at a
 * time, in the order they came, and its one alarm rings at the earliest delay's end. The rules live in
 * services/flows/run.
 */
export class ContactRunner extends DurableObject<Env> {
  /** The work in hand: each call waits for the one before it (platform calls may take a while, so no input gate). */
  private tail: Promise<unknown> = Promise.resolve();

  private serially<T>(work: (rt: Runtime, storage: ContactStorage) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => work(await createRuntime(this.env), this.ctx.storage as ContactStorage));
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Sets the one alarm to the earliest wake-up (service time), or clears it. */
  private async wakeAt(rt: Runtime, at: number | null) {
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(Math.max(rt.clock.toRealTime(at), Date.now() + 1));
  }

  async receive(event: InboundEvent, match: LiveFlow | null): Promise<void> {
    await this.serially(async (rt, storage) => this.wakeAt(rt, await handleInbound(rt, storage, event, match)));
  }

  /** Runs what is due now (the sandbox clock moved past it) instead of waiting for the alarm. */
  async wake(): Promise<void> {
    await this.serially(async (rt, storage) => this.wakeAt(rt, await runDue(rt, storage)));
  }

  async setControls(
    contact: { accountId: string; contactId: string },
    controls: { optedOut?: boolean; humanMinutes?: number },
  ) {
    return this.serially(async (rt, storage) => {
      const state = await setContactControls(rt, storage, contact, controls);
      return { optedOutAt: state.optedOutAt, humanUntil: state.humanUntil, windowUntil: state.windowUntil };
    });
  }

  override async alarm(): Promise<void> {
    await this.wake();
  }
}
