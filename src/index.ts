import { createApp } from "./app";
import { jobsForCron, runJobs } from "./cron";
import { createRuntime } from "./services/runtime";

export { RateLimiter } from "./durable/rate-limiter";

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    const rt = await createRuntime(env);
    ctx.waitUntil(runJobs(rt, jobsForCron(controller.cron)));
  },
} satisfies ExportedHandler<Env>;
