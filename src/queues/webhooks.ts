// The webhooks queue: one try of one webhook delivery per message.
import { z } from "@hono/zod-openapi";
import { MAX_TRIES } from "../db/schema/webhooks";
import { defineQueue } from "./queue";

/**
 * One try of one delivery per message (`attempt` 1 to 5). The service queues each next try itself, with its delay;
 * a message whose try was already made is dropped by the claim.
 */
export const webhookQueue = defineQueue({
  name: "herald-webhooks",
  binding: (env) => env.WEBHOOK_QUEUE,
  schema: z.object({ deliveryId: z.string().min(1), attempt: z.number().int().min(1).max(MAX_TRIES) }),
  deadLetterQueue: "herald-webhooks-dlq",
});

export type DeliveryMessage = z.infer<typeof webhookQueue.schema>;
