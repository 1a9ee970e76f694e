// The hourly token job: renews platform tokens before they expire and forgets abandoned connections.
import { refreshExpiringCredentials } from "../services/accounts/credentials";
import type { Job } from ".";

/** Hourly: renews platform tokens expiring within the next 75 minutes; forgets abandoned OAuth connections. */
export const tokenRefresh: Job = {
  schedule: "0 * * * *",
  run: refreshExpiringCredentials,
};
