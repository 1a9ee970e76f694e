// The publish queue: up to ten post targets to publish per message.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/**
 * Targets one message carries at most. The dispatcher packs a page's targets this many to a message, so a burst makes
 * a tenth of the messages (and of the queue operations) and a consumer batch holds ten times the targets.
 */
export const TARGETS_PER_MESSAGE = 10;

/**
 * Targets to publish; the consumer publishes every target of a batch together and settles each message by its
 * targets' outcomes. A message of one `targetId` (as they were before messages carried several) is read as such.
 */
export const publishQueue = defineQueue({
  name: "herald-publish",
  binding: (env) => env.PUBLISH_QUEUE,
  schema: z.union([
    z.object({ targetIds: z.array(z.string().min(1)).min(1).max(TARGETS_PER_MESSAGE) }),
    z.object({ targetId: z.string().min(1) }).transform(({ targetId }) => ({ targetIds: [targetId] })),
  ]),
  deadLetterQueue: "herald-publish-dlq",
});

export type PublishMessage = z.infer<typeof publishQueue.schema>;
