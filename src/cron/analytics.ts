// The daily analytics job: queues a metrics read of each recent published post, batched per account.
import { dispatchDailyReads } from "../services/analytics/samples";
import type { Job } from ".";

/** Daily: queue a metrics read of every post published in the last 30 days, batched per account. */
export const analyticsReads: Job = {
  schedule: "30 3 * * *",
  run: dispatchDailyReads,
};
