import { z } from "@hono/zod-openapi";
import { checkFeed } from "../services/rss/check";
import type { Runtime } from "../services/runtime";

const FeedCheckSchema = z.object({ feedId: z.string().min(1) });

/**
 * One message is one check of one feed. Its outcome (success or failure) is written by the check itself,
 * so the message is acknowledged either way; an unexpected error is logged and the next due time brings
 * the feed back.
 */
export async function consumeFeedChecks(rt: Runtime, batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const parsed = FeedCheckSchema.safeParse(message.body);
    if (parsed.success) {
      try {
        await checkFeed(rt, parsed.data.feedId);
      } catch (error) {
        console.error("feed-check queue: check failed", parsed.data.feedId, error);
      }
    } else {
      console.error("feed-check queue: dropping a malformed message", message.id);
    }
    message.ack();
  }
}
