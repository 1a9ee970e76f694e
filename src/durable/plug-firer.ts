// The PlugFirer Durable Object: one plug's armed → fired move and its action, one at a time.
import { DurableObject } from "cloudflare:workers";
import { firePlug } from "../services/plugs/fire";
import { createRuntime } from "../services/runtime";

/** One object per plug: its armed → fired move and its one action happen here, one at a time. */
export class PlugFirer extends DurableObject<Env> {
  async fire(plugId: string, value: number) {
    return this.ctx.blockConcurrencyWhile(async () => firePlug(await createRuntime(this.env), plugId, value));
  }
}
