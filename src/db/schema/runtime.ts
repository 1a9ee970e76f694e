// Run-time tables: sandbox settings and the clock offset, and when each job last ran.
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Run-time settings: in sandbox mode the config overrides and the clock offset live here. */
export const settings = sqliteTable("settings", {
  key: text("key").primaryKey(),
  value: text("value", { mode: "json" }).notNull(),
});

/** When each cron job (and the publish scheduler) last ran, for /api/v1/health. */
export const jobRuns = sqliteTable("job_runs", {
  name: text("name").primaryKey(),
  lastRunAt: integer("last_run_at").notNull(),
  lastDurationMs: integer("last_duration_ms").notNull(),
  lastError: text("last_error"),
});
