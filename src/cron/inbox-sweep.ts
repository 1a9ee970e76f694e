// The minute's inbox sweep: replies and inbound events whose queue message was lost are queued again, abandoned
// replies settled.
import { requeueLostInbound } from "../services/flows/run/inbound";
import { sweepReplies } from "../services/inbox/replies";
import type { Runtime } from "../services/runtime";
import type { Job } from ".";

/**
 * Every minute: re-queue replies still pending, fail as ambiguous those left mid-call (never sent again), and queue
 * again the comments and messages accepted whose queue message never reached the consumer.
 */
export const inboxSweep: Job = {
  schedule: "* * * * *",
  run: async (rt: Runtime) => ({ replies: await sweepReplies(rt), inbound: await requeueLostInbound(rt) }),
};
