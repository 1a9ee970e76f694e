// The hourly housekeeping job: prunes growing tables past their retention, unused media, and stale uploads.
import { abortStaleUploads } from "../services/media/uploads";
import { pruneExpired, pruneUnusedMedia } from "../services/retention";
import type { Job } from ".";

/**
 * Hourly: every table that grows with traffic forgets the rows past its retention, library media no post has used
 * for 30 days is removed, and uploads not completed within 24 hours are aborted (`services/retention.ts`).
 */
export const housekeeping: Job = {
  schedule: "0 * * * *",
  async run(rt) {
    return {
      ...(await pruneExpired(rt)),
      media_removed: await pruneUnusedMedia(rt),
      uploads_aborted: await abortStaleUploads(rt),
    };
  },
};
