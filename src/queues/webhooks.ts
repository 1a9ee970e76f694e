import { z } from "@hono/zod-openapi";
import type { Runtime } from "../services/runtime";
import { MAX_TRIES } from "../services/webhooks/catalog";
import { deliverQueued } from "../services/webhooks/deliver";

const DeliveryMessageSchema = z.object({
  deliveryId: z.string().min(1),
  attempt: z.number().int().min(1).max(MAX_TRIES),
});

/**
 * One message is one try of one event for one webhook. Every message is acked: the service writes the
 * outcome and queues the next try itself (with its delay); if the batch fails before its outcomes are
 * written, the messages come back and the claimed tries are made again by the stalled-delivery sweep.
 */
export async function consumeWebhookBatch(rt: Runtime, batch: MessageBatch<unknown>): Promise<void> {
  const valid = [];
  for (const message of batch.messages) {
    const parsed = DeliveryMessageSchema.safeParse(message.body);
    if (parsed.success) valid.push(parsed.data);
    else console.error("webhook queue: dropping a malformed message", message.id);
  }
  try {
    await deliverQueued(rt, valid);
    batch.ackAll();
  } catch (error) {
    console.error("webhook queue: batch failed", error);
    batch.retryAll({ delaySeconds: 30 });
  }
}
