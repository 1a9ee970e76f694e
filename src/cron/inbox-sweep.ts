// The minute's inbox sweep: replies whose queue message was lost are queued again, abandoned ones settled.
import { sweepReplies } from "../services/inbox/replies";
import type { Runtime } from "../services/runtime";
import type { Job } from ".";

/** Every minute: re-queue replies still pending, fail as ambiguous those left mid-call (never sent again). */
export const inboxSweep: Job = {
  schedule: "* * * * *",
  run: (rt: Runtime) => sweepReplies(rt),
};
