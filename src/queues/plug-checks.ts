// The plug checks queue: one account's due plugs per message, read in one metrics call.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/** X reads up to 100 posts' metrics in one call (GET /2/tweets?ids=): one message is one account's call. */
export const PLUGS_PER_CHECK = 100;

/** One account's due plugs per message: one metrics call reads them all. */
export const plugCheckQueue = defineQueue({
  name: "herald-plug-checks",
  binding: (env) => env.PLUG_CHECK_QUEUE,
  schema: z.object({
    accountId: z.string().min(1),
    plugIds: z.array(z.string().min(1)).min(1).max(PLUGS_PER_CHECK),
  }),
});

export type PlugCheckMessage = z.infer<typeof plugCheckQueue.schema>;
