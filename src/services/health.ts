// Health: how each job and piece of machinery last ran, recorded and read for /api/v1/health.
import { readTogether } from "../db/batch";
import { createDb } from "../db/client";
import { jobRuns, settings } from "../db/schema";
import { isoOrNull } from "../lib/clock";
import { log } from "../lib/log";
import { retentionStatusRead } from "./retention";
import type { Runtime } from "./runtime";

/**
 * Runs `work`, then records when it ran, how long it took and how it ended; rethrows its error. Only the
 * error's code or class is kept (its message can carry SQL and other tenants' values); the whole error
 * goes to the operator's log.
 */
export async function recordRun<T>(rt: Runtime, name: string, work: () => Promise<T>): Promise<T> {
  const started = rt.clock.now();
  let error: string | null = null;
  try {
    return await work();
  } catch (e) {
    error = errorClass(e);
    log.error("job.failed", { job: name, error: e });
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

/** An error code (`D1_ERROR`, an AppError's or a platform's code) or class name that /health may show. */
const SHOWABLE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * What may be shown of an error: its code (Herald's, a platform's, or the `D1_ERROR:`-style prefix of its
 * message or of a cause's), else its class name. Never its message.
 */
export function errorClass(error: unknown): string {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && SHOWABLE.test(code)) return code;
    const prefix = /^([A-Z][A-Z0-9_]{2,}):/.exec(e.message)?.[1];
    if (prefix) return prefix;
  }
  const name = error instanceof Error ? error.constructor.name || error.name : typeof error;
  return SHOWABLE.test(name) ? name : "Error";
}

/**
 * What /api/v1/health shows: how each job and piece of machinery last ran, and how far behind retention is, read in
 * one round trip.
 */
export async function machineryStatus(rt: Runtime, jobs: Record<string, { schedule: string }>, others: string[]) {
  const [rows, retention] = await readTogether(rt.db, [
    { statements: [rt.db.select().from(jobRuns)], answer: ([all]) => all as (typeof jobRuns.$inferSelect)[] },
    retentionStatusRead(rt),
  ]);
  const runs = new Map(rows.map((r) => [r.name, r]));
  const describe = (name: string) => {
    const run = runs.get(name);
    return {
      last_run_at: isoOrNull(run?.lastRunAt),
      last_duration_ms: run?.lastDurationMs ?? null,
      // Rows written before only codes were kept may hold a message: never shown.
      last_error: run?.lastError ? (SHOWABLE.test(run.lastError) ? run.lastError : "Error") : null,
    };
  };
  return {
    jobs: Object.entries(jobs).map(([name, job]) => ({ name, schedule: job.schedule, ...describe(name) })),
    machinery: others.map((name) => ({ name, ...describe(name) })),
    retention,
  };
}

/** The bench's one-insert floor: a single-row write, the least a route that creates something can do. */
export const writeFloorRow = (env: Env, now: number) =>
  createDb(env.DB)
    .insert(settings)
    .values({ key: "bench_floor", value: now })
    .onConflictDoUpdate({ target: settings.key, set: { value: now } });
