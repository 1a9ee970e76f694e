// The Worker's entry: requests, cron triggers and queue batches, and the Durable Object classes it exports.
import { createApp } from "./app";
import { jobsForCron, runJobs } from "./cron";
import { inRequest, log } from "./lib/log";
import { formatD1Rows, formatRoundTrips, withRoundTrips } from "./lib/round-trips";
import { CONSUMERS } from "./queues";
import { createRuntime } from "./services/runtime";

export { ContactRunner } from "./durable/contact-runner";
export { PlugFirer } from "./durable/plug-firer";
export { Scheduler } from "./durable/scheduler";
export { SlotPicker } from "./durable/slot-picker";
export { WebhookFanout } from "./durable/webhook-fanout";
export { RateLimiter } from "./services/key-gate/rate-limiter";

const app = createApp();

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
    ctx.waitUntil(inRequest(undefined, "cron", () => runJobs(rt, jobsForCron(controller.cron))));
  },
  async queue(batch, env) {
    const consumer = CONSUMERS.find((c) => c.queue === batch.queue);
    if (!consumer) throw new Error(`no consumer for queue ${batch.queue}`);
    if (env.COUNT_ROUND_TRIPS !== "true") return consumer.consume(await createRuntime(env), batch);
    // A batch answers nobody, so what it cost goes to the log: one JSON line per batch, with when it started and
    // how long it ran (the bench places each batch on its timeline with them).
    const startedAt = Date.now();
    const [, { path }] = await withRoundTrips(env, undefined, async (counted) =>
      consumer.consume(await createRuntime(counted), batch),
    );
    const timing = { started_at: startedAt, ms: Date.now() - startedAt };
    log.info("queue.round_trips", {
      round_trips: { consumer: batch.queue, messages: batch.messages.length, ...timing, ...path },
    });
  },
} satisfies ExportedHandler<Env>;
