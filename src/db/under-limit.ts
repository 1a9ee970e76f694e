// `insertUnderLimits`: an insert that happens only while every row cap holds, checked inside the one statement.
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/** A cap on rows: fewer than `max` rows of `table` may match `where` before the insert. */
export interface Limit {
  table: SQLiteTable;
  where: SQL | undefined;
  max: number;
}

/** A whole row, each value given or computed by SQL in the insert itself (such as a subquery). */
export type RowOf<T extends SQLiteTable> = { [K in keyof T["$inferSelect"]]: T["$inferSelect"][K] | SQL };

const under = ({ table, where, max }: Limit) =>
  sql`(SELECT count(*) FROM ${table}${where ? sql` WHERE ${where}` : sql``}) < ${max}`;

/**
 * Inserts `row` only while every limit holds, checked inside the one statement (`INSERT … SELECT … WHERE count <
 * max`), so two requests at once can never both take the last place. Answers the row inserted, or undefined when a
 * limit (or a unique key: conflicts insert nothing) kept it out; the caller says which and why.
 */
export async function insertUnderLimits<T extends SQLiteTable>(
  db: Db,
  table: T,
  row: RowOf<T>,
  limits: readonly Limit[],
): Promise<T["$inferSelect"] | undefined> {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = (row as Record<string, unknown>)[key];
    return is(value, SQL) ? value : sql.param(value, column);
  });
  const allowed = limits.length > 0 ? sql` WHERE ${sql.join(limits.map(under), sql` AND `)}` : sql``;
  const [inserted] = await db
    .insert(table)
    .select(sql`SELECT ${sql.join(values, sql`, `)}${allowed}`)
    .onConflictDoNothing()
    .returning();
  return inserted as T["$inferSelect"] | undefined;
}
