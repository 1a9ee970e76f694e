// Many rows in one INSERT: the rows travel as one JSON value, so the statement is compiled once and binds one value.
import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";
import { fixedStatement, placeholder } from "./fixed-statement";

/**
 * An insert of many rows in one statement. The rows travel as one JSON parameter (objects keyed by column name, each
 * value as D1 stores it) and `json_each` turns them back into rows, so the statement is built once per isolate (a
 * fixed statement) and binds one value however many rows it writes; drizzle's insert binds a parameter per column
 * per row (at most 100 per statement) and builds its SQL anew each time. A column a row leaves out gets drizzle's
 * default for it, or NULL (an autoincrement key numbers itself). `doNothingOn`: a row that conflicts on that
 * column is not written.
 */
export function rowsInsert<T extends SQLiteTable>(table: T, conflict?: { doNothingOn: SQLiteColumn }) {
  const columns = Object.entries(getTableColumns(table));
  const insert = fixedStatement<"rows">((db) => {
    const fields = columns.map(([, column]) => sql`value ->> ${sql.raw(`'${column.name}'`)}`);
    // In the table's column order, as drizzle names the columns of an INSERT … SELECT. Without the WHERE, SQLite
    // would read an ON CONFLICT after it as the ON of a join.
    const select = sql`SELECT ${sql.join(fields, sql`, `)} FROM json_each(${placeholder("rows")}) WHERE true`;
    const statement = db.insert(table).select(select);
    return conflict ? statement.onConflictDoNothing({ target: conflict.doNothingOn }) : statement;
  });
  return (db: Db, rows: readonly T["$inferInsert"][]) =>
    insert(db, { rows: JSON.stringify(rows.map((row) => stored(columns, row))) });
}

/** A row as D1 stores it, by column name: each value through its column's mapping (JSON as text, booleans as 0/1). */
function stored(columns: [string, SQLiteColumn][], row: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = row[key] === undefined ? (column.defaultFn?.() ?? column.default) : row[key];
    if (is(value, SQL)) throw new Error(`rowsInsert: ${column.name} has an SQL default; give it a value`);
    out[column.name] = value === null || value === undefined ? null : column.mapToDriverValue(value);
  }
  return out;
}
