import { z } from "@hono/zod-openapi";
import { readDailyMetrics } from "../services/analytics/samples";
import type { Runtime } from "../services/runtime";

const MetricsReadSchema = z.object({
  accountId: z.string().min(1),
  targetIds: z.array(z.string().min(1)).min(1).max(100),
});

/** One message is one account's recent posts: one metrics call, one sample each. A failed read is tried again later. */
export async function consumeMetricsReads(rt: Runtime, batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const parsed = MetricsReadSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("metrics-read queue: dropping a malformed message", message.id);
      message.ack();
      continue;
    }
    try {
      await readDailyMetrics(rt, parsed.data);
      message.ack();
    } catch (error) {
      console.error("metrics-read queue: read failed", parsed.data.accountId, error);
      message.retry({ delaySeconds: 600 });
    }
  }
}
