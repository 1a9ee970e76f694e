// The metrics reads queue: one account's published posts whose metrics are read in one call, or its followers.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/**
 * One account's published posts (≤ 100) whose metrics the daily analytics job reads in one call, or (`followers`)
 * the account's profile read for today's follower snapshot.
 */
export const metricsReadQueue = defineQueue({
  name: "herald-metrics-reads",
  binding: (env) => env.METRICS_QUEUE,
  schema: z.object({
    accountId: z.string().min(1),
    targetIds: z.array(z.string().min(1)).max(100),
    followers: z.boolean().optional(),
  }),
});

export type MetricsReadMessage = z.infer<typeof metricsReadQueue.schema>;
