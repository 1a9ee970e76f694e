// The minute's plug job: opens and closes plug windows, queues due checks, settles abandoned firings.
import { dispatchPlugChecks, pruneCheckCounts, settleAbandonedFirings } from "../services/plugs/checks";
import type { Job } from ".";

/** Every minute: start and end plug windows, queue the checks that are due, and settle abandoned firings. */
export const plugChecks: Job = {
  schedule: "* * * * *",
  async run(rt) {
    const result = await dispatchPlugChecks(rt);
    const abandoned = await settleAbandonedFirings(rt);
    await pruneCheckCounts(rt);
    return { ...result, abandoned };
  },
};
