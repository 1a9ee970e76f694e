// The Scheduler Durable Object: one alarm kept at the next due post, so posts go out on the second.
import { DurableObject } from "cloudflare:workers";
import { inRequest } from "../lib/log";
import { recordRun } from "../services/health";
import { dispatchDue, nextDueAt, SCHEDULER_RUN } from "../services/posts/dispatch";
import { createRuntime } from "../services/runtime";

/**
 * Keeps one alarm set to the next time a post is due, so posts go out on the second rather than on the
 * next cron minute. The cron sweep runs the same dispatch every minute as the safety net.
 */
export class Scheduler extends DurableObject<Env> {
  /** Makes sure the alarm rings no later than `at` (ms since the epoch, real time). */
  async wakeBy(at: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || at < current) await this.ctx.storage.setAlarm(Math.max(at, Date.now()));
  }

  override async alarm(): Promise<void> {
    return inRequest(undefined, "alarm", () => this.dispatch());
  }

  private async dispatch(): Promise<void> {
    const rt = await createRuntime(this.env);
    await recordRun(rt, SCHEDULER_RUN, () => dispatchDue(rt));
    const next = await nextDueAt(rt);
    if (next !== null) await this.ctx.storage.setAlarm(Math.max(rt.clock.toRealTime(next), Date.now() + 1));
  }
}
