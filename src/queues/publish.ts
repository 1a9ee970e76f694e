// The publish queue: one post target to publish per message.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/** One target to publish per message; the consumer publishes a batch together and settles each message. */
export const publishQueue = defineQueue({
  name: "herald-publish",
  binding: (env) => env.PUBLISH_QUEUE,
  schema: z.object({ targetId: z.string().min(1) }),
  deadLetterQueue: "herald-publish-dlq",
});

export type PublishMessage = z.infer<typeof publishQueue.schema>;
