import { dispatchPlugChecks, pruneCheckCounts } from "../services/plugs/checks";
import type { Job } from ".";

/** Every minute: start and end plug windows, and queue the checks that are due. */
export const plugChecks: Job = {
  schedule: "* * * * *",
  async run(rt) {
    const result = await dispatchPlugChecks(rt);
    await pruneCheckCounts(rt);
    return result;
  },
};
