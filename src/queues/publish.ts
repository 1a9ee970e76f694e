import { z } from "@hono/zod-openapi";
import { publishTargets } from "../services/posts/publish";
import type { Runtime } from "../services/runtime";

const PublishMessageSchema = z.object({ targetId: z.string().min(1) });

/** One message is one target to publish. The batch is published together; each message is settled on its own. */
export async function consumePublishBatch(rt: Runtime, batch: MessageBatch<unknown>): Promise<void> {
  const valid: { message: Message<unknown>; targetId: string }[] = [];
  for (const message of batch.messages) {
    const parsed = PublishMessageSchema.safeParse(message.body);
    if (parsed.success) valid.push({ message, targetId: parsed.data.targetId });
    else {
      console.error("publish queue: dropping a malformed message", message.id);
      message.ack();
    }
  }
  try {
    const verdicts = await publishTargets(
      rt,
      valid.map((v) => v.targetId),
    );
    for (const { message, targetId } of valid) {
      const verdict = verdicts.get(targetId);
      if (verdict && "retryAfterSeconds" in verdict) message.retry({ delaySeconds: verdict.retryAfterSeconds });
      else message.ack();
    }
  } catch (error) {
    // Targets claimed before the failure stay publishing; the sweep fails them as may-have-posted.
    console.error("publish queue: batch failed", error);
    for (const { message } of valid) message.retry({ delaySeconds: Math.min(2 ** message.attempts, 300) });
  }
}
