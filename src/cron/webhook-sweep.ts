// The minute's webhook sweep: fans out missed outbox events and resends lost or abandoned deliveries.
import { fanOut, requeueStalled } from "../services/webhooks/fanout";
import type { Job } from ".";

/**
 * Every minute, the safety net of webhook delivery: fan out any outbox events the fan-out object's
 * alarm missed, and send again deliveries whose message was lost or whose try was abandoned.
 */
export const webhookSweep: Job = {
  schedule: "* * * * *",
  async run(rt) {
    const fanned = await fanOut(rt);
    return { ...fanned, requeued: await requeueStalled(rt) };
  },
};
