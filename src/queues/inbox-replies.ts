// The inbox replies queue: one reply written in the inbox per message, sent once by its consumer.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/** One pending reply (`msg_…`) to send. */
export const inboxReplyQueue = defineQueue({
  name: "herald-inbox-replies",
  binding: (env) => env.INBOX_REPLY_QUEUE,
  schema: z.object({ messageId: z.string().min(1).max(100) }),
});
