import { createApp } from "./app";
import { jobsForCron, runJobs } from "./cron";
import { CONSUMERS } from "./queues";
import { createRuntime } from "./services/runtime";

export { PlugFirer } from "./durable/plug-firer";
export { RateLimiter } from "./durable/rate-limiter";
export { Scheduler } from "./durable/scheduler";
export { SlotPicker } from "./durable/slot-picker";
export { WebhookFanout } from "./durable/webhook-fanout";

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    const rt = await createRuntime(env);
    ctx.waitUntil(runJobs(rt, jobsForCron(controller.cron)));
  },
  async queue(batch, env) {
    const consumer = CONSUMERS.find((c) => c.queue === batch.queue);
    if (!consumer) throw new Error(`no consumer for queue ${batch.queue}`);
    await consumer.consume(await createRuntime(env), batch);
  },
} satisfies ExportedHandler<Env>;
