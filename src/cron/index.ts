// The scheduled jobs by name and cron expression, and the runner that records each run for /health.
import { recordRun } from "../services/health";
import type { Runtime } from "../services/runtime";
import { analyticsReads } from "./analytics";
import { feedChecks } from "./feed-checks";
import { housekeeping } from "./housekeeping";
import { inboxPolls } from "./inbox-polls";
import { inboxSweep } from "./inbox-sweep";
import { plugChecks } from "./plug-checks";
import { publishSweep } from "./publish-sweep";
import { reportMails } from "./report-mails";
import { tokenRefresh } from "./token-refresh";
import { webhookSweep } from "./webhook-sweep";

/** A scheduled job: run by its cron expression, by `POST /api/v1/sandbox/tick`, and timed for /health. */
export interface Job {
  schedule: string;
  run(rt: Runtime): Promise<unknown>;
}

export const JOBS: Record<string, Job> = {
  "publish-sweep": publishSweep,
  "plug-checks": plugChecks,
  "webhook-sweep": webhookSweep,
  "feed-checks": feedChecks,
  housekeeping,
  "token-refresh": tokenRefresh,
  "analytics-reads": analyticsReads,
  "inbox-sweep": inboxSweep,
  "inbox-polls": inboxPolls,
  "report-mails": reportMails,
};

/** Runs the named jobs one after another, recording each run (and its error) for /api/v1/health. */
export async function runJobs(rt: Runtime, names: string[]): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const name of names) {
    const job = JOBS[name];
    if (!job) continue;
    results[name] = await recordRun(rt, name, () => job.run(rt));
  }
  return results;
}

export const jobsForCron = (cron: string) => Object.keys(JOBS).filter((name) => JOBS[name]?.schedule === cron);
