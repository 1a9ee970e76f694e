// The WebhookFanout Durable Object: turns new outbox events into queued webhook deliveries, one run at a time.
import { DurableObject } from "cloudflare:workers";
import { inRequest } from "../lib/log";
import { recordRun } from "../services/health";
import { createRuntime } from "../services/runtime";
import { FANOUT_RUN, fanOut } from "../services/webhooks/fanout";

/**
 * Serializes the webhook fan-out: every event write wakes this one object, and its alarm turns the new
 * outbox events into queued deliveries. Wakes that arrive before the alarm rings share one run; a wake
 * during a run sets the next alarm, so nothing written meanwhile waits for the minute sweep.
 */
export class WebhookFanout extends DurableObject<Env> {
  async wake(): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now());
  }

  override async alarm(): Promise<void> {
    await inRequest(undefined, "alarm", async () => {
      const rt = await createRuntime(this.env);
      await recordRun(rt, FANOUT_RUN, () => fanOut(rt));
    });
  }
}
