import { z } from "@hono/zod-openapi";
import { checkPlugs } from "../services/plugs/checks";
import type { Runtime } from "../services/runtime";

const PlugCheckSchema = z.object({ accountId: z.string().min(1), plugIds: z.array(z.string().min(1)).min(1).max(100) });

/**
 * One message is one account's due plugs. A failed metrics read is not retried here: the plugs stay leased
 * and the next cron run after the lease checks them again.
 */
export async function consumePlugChecks(rt: Runtime, batch: MessageBatch<unknown>): Promise<void> {
  const fire = (plugId: string, value: number) =>
    rt.env.PLUG_FIRER.get(rt.env.PLUG_FIRER.idFromName(plugId)).fire(plugId, value);
  for (const message of batch.messages) {
    const parsed = PlugCheckSchema.safeParse(message.body);
    if (!parsed.success) {
      console.error("plug-check queue: dropping a malformed message", message.id);
      message.ack();
      continue;
    }
    try {
      await checkPlugs(rt, parsed.data, fire);
    } catch (error) {
      console.error("plug-check queue: check failed; the lease will bring it back", parsed.data.accountId, error);
    }
    message.ack();
  }
}
