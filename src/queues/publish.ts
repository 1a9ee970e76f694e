import { z } from "@hono/zod-openapi";
import { publishTarget } from "../services/posts/publish";
import type { Runtime } from "../services/runtime";

const PublishMessageSchema = z.object({ targetId: z.string().min(1) });

/** One message is one target to publish. Each is settled on its own: ack, or retry after a delay. */
export async function consumePublishBatch(rt: Runtime, batch: MessageBatch<unknown>): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = PublishMessageSchema.safeParse(message.body);
      if (!parsed.success) {
        console.error("publish queue: dropping a malformed message", message.id);
        message.ack();
        return;
      }
      try {
        const verdict = await publishTarget(rt, parsed.data.targetId);
        if ("retryAfterSeconds" in verdict) message.retry({ delaySeconds: verdict.retryAfterSeconds });
        else message.ack();
      } catch (error) {
        console.error("publish queue: unexpected failure", parsed.data.targetId, error);
        message.retry({ delaySeconds: 2 ** message.attempts });
      }
    }),
  );
}
