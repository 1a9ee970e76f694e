import { jobRuns } from "../db/schema";
import { isoOrNull } from "../lib/clock";
import type { Runtime } from "./runtime";

/** Runs `work`, then records when it ran, how long it took and how it ended; rethrows its error. */
export async function recordRun<T>(rt: Runtime, name: string, work: () => Promise<T>): Promise<T> {
  const started = rt.clock.now();
  let error: string | null = null;
  try {
    return await work();
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
    throw e;
  } finally {
    await runRecord(rt, name, {
      lastRunAt: started,
      lastDurationMs: Math.max(0, rt.clock.now() - started),
      lastError: error,
    });
  }
}

type Run = Omit<typeof jobRuns.$inferInsert, "name">;

/** The statement that records how a job or piece of machinery last ran, as /api/v1/health shows it; it can join a batch. */
export const runRecord = (rt: Runtime, name: string, run: Run) =>
  rt.db
    .insert(jobRuns)
    .values({ name, ...run })
    .onConflictDoUpdate({ target: jobRuns.name, set: run });

export async function machineryStatus(rt: Runtime, jobs: Record<string, { schedule: string }>, others: string[]) {
  const runs = new Map((await rt.db.select().from(jobRuns)).map((r) => [r.name, r]));
  const describe = (name: string) => {
    const run = runs.get(name);
    return {
      last_run_at: isoOrNull(run?.lastRunAt),
      last_duration_ms: run?.lastDurationMs ?? null,
      last_error: run?.lastError ?? null,
    };
  };
  return {
    jobs: Object.entries(jobs).map(([name, job]) => ({ name, schedule: job.schedule, ...describe(name) })),
    machinery: others.map((name) => ({ name, ...describe(name) })),
  };
}
