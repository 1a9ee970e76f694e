import { pruneIdempotencyKeys } from "../services/idempotency";
import type { Job } from ".";

/** Hourly: forget idempotency keys past their 24-hour window. */
export const housekeeping: Job = {
  schedule: "0 * * * *",
  async run(rt) {
    return {
      idempotency_keys_pruned: await pruneIdempotencyKeys(rt),
    };
  },
};
