// The feed checks queue: one RSS feed to check per message.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/** One check of one RSS feed per message. */
export const feedCheckQueue = defineQueue({
  name: "herald-feed-checks",
  binding: (env) => env.FEED_CHECK_QUEUE,
  schema: z.object({ feedId: z.string().min(1) }),
});

export type FeedCheckMessage = z.infer<typeof feedCheckQueue.schema>;
