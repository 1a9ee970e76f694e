import { createApp } from "./app";
import { jobsForCron, runJobs } from "./cron";
import { formatD1Rows, formatRoundTrips, withRoundTrips } from "./lib/round-trips";
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

/**
 * Serves one request. With `COUNT_ROUND_TRIPS=true` (tests, the bench) the bindings are counted and the answer
 * says what the request cost in `X-Herald-Round-Trips` and `X-Herald-D1-Rows` (a queue batch logs it); otherwise
 * the app gets the env as is.
 */
const serve: ExportedHandlerFetchHandler<Env> = (request, env, ctx) =>
  env.COUNT_ROUND_TRIPS === "true" ? serveCounted(request, env, ctx) : app.fetch(request, env, ctx);

async function serveCounted(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const [answer, { path, background }] = await withRoundTrips(env, ctx, async (countedEnv, countedCtx) =>
    app.fetch(request, countedEnv, countedCtx),
  );
  const response = new Response(answer.body, answer);
  response.headers.set("X-Herald-Round-Trips", formatRoundTrips(path, background));
  response.headers.set("X-Herald-D1-Rows", formatD1Rows(path));
  return response;
}

export default {
  fetch: serve,
  async scheduled(controller, env, ctx) {
    const rt = await createRuntime(env);
    ctx.waitUntil(runJobs(rt, jobsForCron(controller.cron)));
  },
  async queue(batch, env) {
    const consume = CONSUMERS[batch.queue];
    if (!consume) throw new Error(`no consumer for queue ${batch.queue}`);
    if (env.COUNT_ROUND_TRIPS !== "true") return consume(await createRuntime(env), batch);
    // A batch answers nobody, so what it cost goes to the log: one JSON line per batch.
    const [, { path }] = await withRoundTrips(env, undefined, async (counted) =>
      consume(await createRuntime(counted), batch),
    );
    console.log(JSON.stringify({ round_trips: { consumer: batch.queue, messages: batch.messages.length, ...path } }));
  },
} satisfies ExportedHandler<Env>;
