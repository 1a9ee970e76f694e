// The minute's RSS job: queues a check of each active feed that is due.
import { dispatchFeedChecks } from "../services/rss/check";
import type { Job } from ".";

/** Every minute: queue one check for each active RSS feed that is due. */
export const feedChecks: Job = {
  schedule: "* * * * *",
  run: (rt) => dispatchFeedChecks(rt),
};
