// The minute's publish sweep: the safety net behind the scheduler's alarm for posts that are due.
import { dispatchDue, nextDueAt, wakeScheduler } from "../services/posts/dispatch";
import { failAbandoned } from "../services/posts/publish";
import { followUpRepeats } from "../services/posts/repeat";
import type { Runtime } from "../services/runtime";
import type { Job } from ".";

/**
 * Every minute: queue whatever is due that the scheduler's alarm missed, re-send lost messages, fail
 * abandoned publishes, schedule the next copies of evergreen posts published since, and make sure the alarm is set
 * for the next due post.
 */
export const publishSweep: Job = {
  schedule: "* * * * *",
  async run(rt: Runtime) {
    const { queued } = await dispatchDue(rt);
    const abandoned = await failAbandoned(rt);
    const repeated = await followUpRepeats(rt);
    const next = await nextDueAt(rt);
    if (next !== null) await wakeScheduler(rt, next);
    return { queued, abandoned, repeated };
  },
};
