// `column` kept from SQLite's index choice (`+column`), for statements that name their rows by id.
import { type Column, type SQL, sql } from "drizzle-orm";

/**
 * `column` as a term SQLite may not answer from an index (`+column`, SQLite's own way to say so). A statement that
 * names its rows by id (`id IN (…)`, `id IN json_each(…)`) and also checks their status must reach them through the
 * ids: with no statistics to weigh a list of ids against an equality on an indexed status, SQLite takes the status
 * index and reads every row of that status (every queued target, in a burst) to find the few it was given.
 */
export const notIndexed = (column: Column): SQL => sql`+${column}`;
