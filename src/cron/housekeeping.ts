import { pruneIdempotencyKeys } from "../services/idempotency";
import { pruneSlotHolds } from "../services/slots/find";
import type { Job } from ".";

/** Hourly: forget idempotency keys past their 24-hour window and posting-slot holds that lapsed. */
export const housekeeping: Job = {
  schedule: "0 * * * *",
  async run(rt) {
    return {
      idempotency_keys_pruned: await pruneIdempotencyKeys(rt),
      slot_holds_pruned: await pruneSlotHolds(rt),
    };
  },
};
