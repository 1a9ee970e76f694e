// `rowsUnchanged`: a guard that holds while rows read earlier are still exactly as they were.
import { getTableColumns, getTableName, Param, SQL, type SQLChunk, StringChunk } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * True while each of `rows` (distinct by primary key) is still in `table` exactly as given, every column: a write
 * checked against rows read earlier takes it as its guard, so it happens only if what it was checked against holds.
 * NULL compares as NULL, JSON as JSON (its formatting is not a change); it binds `boundValues(...rows)` parameters. Built as one flat run of text and
 * parameters: it sits on a hot path, and drizzle's nested `sql` fragments cost more to turn into a query than the
 * query costs to run.
 */
export function rowsUnchanged<T extends SQLiteTable>(table: T, rows: readonly T["$inferSelect"][]): SQL {
  const name = quoted(getTableName(table));
  const columns = Object.entries(getTableColumns(table));
  const chunks: SQLChunk[] = [new StringChunk(`((SELECT count(*) FROM ${name} WHERE (${rows.length === 0 ? "0" : ""}`)];
  rows.forEach((row, i) => {
    columns.forEach(([key, column], j) => {
      const before = j > 0 ? " AND " : i > 0 ? ") OR (" : "";
      const ref = `${name}.${quoted(column.name)}`;
      const value = (row as Record<string, unknown>)[key];
      if (value === null || value === undefined) {
        chunks.push(new StringChunk(`${before}${ref} IS NULL`));
      } else if (column.columnType === "SQLiteTextJson") {
        chunks.push(new StringChunk(`${before}json(${ref}) = json(`), new Param(value, column), new StringChunk(")"));
      } else {
        chunks.push(new StringChunk(`${before}${ref} = `), new Param(value, column));
      }
    });
  });
  chunks.push(new StringChunk(`)) = ${rows.length})`));
  return new SQL(chunks);
}
