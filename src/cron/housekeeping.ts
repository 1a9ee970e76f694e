// The hourly housekeeping job: prunes every table that grows with traffic past its retention.
import { pruneExpired } from "../services/retention";
import type { Job } from ".";

/** Hourly: every table that grows with traffic forgets the rows past its retention (`services/retention.ts`). */
export const housekeeping: Job = {
  schedule: "0 * * * *",
  run: (rt) => pruneExpired(rt),
};
