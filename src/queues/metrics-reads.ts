// The metrics reads queue: one account's published posts whose metrics are read in one call.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/** One account's published posts (≤ 100) whose metrics the daily analytics job reads in one call. */
export const metricsReadQueue = defineQueue({
  name: "herald-metrics-reads",
  binding: (env) => env.METRICS_QUEUE,
  schema: z.object({
    accountId: z.string().min(1),
    targetIds: z.array(z.string().min(1)).min(1).max(100),
  }),
});

export type MetricsReadMessage = z.infer<typeof metricsReadQueue.schema>;
