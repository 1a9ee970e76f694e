import { createApp } from "./app";
import { jobsForCron, runJobs } from "./cron";
import { consumeFeedChecks } from "./queues/feed-checks";
import { consumeMetricsReads } from "./queues/metrics-reads";
import { consumePlugChecks } from "./queues/plug-checks";
import { consumePublishBatch } from "./queues/publish";
import { consumeRevocations } from "./queues/revocations";
import { consumeWebhookBatch } from "./queues/webhooks";
import { createRuntime } from "./services/runtime";

export { PlugFirer } from "./durable/plug-firer";
export { RateLimiter } from "./durable/rate-limiter";
export { Scheduler } from "./durable/scheduler";
export { SlotPicker } from "./durable/slot-picker";
export { WebhookFanout } from "./durable/webhook-fanout";

const app = createApp();

/** Queue name → consumer. Names are set in wrangler.toml. */
const CONSUMERS: Record<
  string,
  (rt: Awaited<ReturnType<typeof createRuntime>>, batch: MessageBatch<unknown>) => Promise<void>
> = {
  "herald-publish": consumePublishBatch,
  "herald-plug-checks": consumePlugChecks,
  "herald-webhooks": consumeWebhookBatch,
  "herald-feed-checks": consumeFeedChecks,
  "herald-revocations": consumeRevocations,
  "herald-metrics-reads": consumeMetricsReads,
};

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    const rt = await createRuntime(env);
    ctx.waitUntil(runJobs(rt, jobsForCron(controller.cron)));
  },
  async queue(batch, env) {
    const consume = CONSUMERS[batch.queue];
    if (!consume) throw new Error(`no consumer for queue ${batch.queue}`);
    await consume(await createRuntime(env), batch);
  },
} satisfies ExportedHandler<Env>;
