import { type Column, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

/** One column's value as remembered: NULL as NULL, JSON as JSON (its formatting is not a change). */
function sameValue(column: Column, value: unknown): SQL {
  if (value === null || value === undefined) return sql`${column} IS NULL`;
  if (column.columnType === "SQLiteTextJson") return sql`json(${column}) = json(${sql.param(value, column)})`;
  return sql`${column} = ${sql.param(value, column)}`;
}

/**
 * True while each of `rows` (distinct by primary key) is still in `table` exactly as given, every column: a write
 * checked against rows read earlier takes it as its guard, so it happens only if what it was checked against holds.
 */
export function rowsUnchanged<T extends SQLiteTable>(table: T, rows: readonly T["$inferSelect"][]): SQL {
  const columns = Object.entries(getTableColumns(table));
  const matches = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map(([key, column]) => sameValue(column, (row as Record<string, unknown>)[key])),
        sql` AND `,
      )})`,
  );
  return sql`((SELECT count(*) FROM ${table} WHERE ${sql.join(matches, sql` OR `)}) = ${rows.length})`;
}

/** The parameters `rowsUnchanged` binds for each row of `table`, at most (one per column; it binds one more in all). */
export const paramsPerRowUnchanged = (table: SQLiteTable) => Object.keys(getTableColumns(table)).length;
