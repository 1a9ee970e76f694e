// The minute's inbox poll: reads the due accounts of platforms that send no webhook for comments and messages.
import { pollInboxes } from "../services/inbox/polls";
import type { Job } from ".";

/** Every minute: poll each due account (every 5 minutes, at most 25 a run) and queue what came in for intake. */
export const inboxPolls: Job = {
  schedule: "* * * * *",
  run: (rt) => pollInboxes(rt),
};
