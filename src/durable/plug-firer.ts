// The PlugFirer Durable Object: one plug's armed → fired move and its action, one at a time.
import { DurableObject } from "cloudflare:workers";
import { inRequest } from "../lib/log";
import { firePlug } from "../services/plugs/fire";
import { createRuntime } from "../services/runtime";

/** One object per plug: its armed → fired move and its one action happen here, one at a time. */
export class PlugFirer extends DurableObject<Env> {
  /** Fires the plug, as part of request `requestId` (the plug check that found its threshold crossed). */
  async fire(plugId: string, value: number, requestId?: string) {
    return inRequest(requestId, "plug", () =>
      this.ctx.blockConcurrencyWhile(async () => firePlug(await createRuntime(this.env), plugId, value)),
    );
  }
}
