// The hour's scheduled reports: each schedule whose period began has it claimed and its mails queued.
import { dispatchReportMails } from "../services/analytics/report-schedules";
import type { Runtime } from "../services/runtime";
import type { Job } from ".";

/** Every hour: the reports due (a new week or month began in the owner's zone) claimed once, and mails left behind settled. */
export const reportMails: Job = {
  schedule: "0 * * * *",
  run: (rt: Runtime) => dispatchReportMails(rt),
};
