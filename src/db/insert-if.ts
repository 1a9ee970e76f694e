// `insertIf`: a one-row insert that happens only while a condition holds, for guarded writes in a batch.
import { getTableColumns, Param, type SQL, type SQLChunk, SQL as SQLFragment, StringChunk, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * An insert of one row that happens only when `condition` holds when it runs (`INSERT … SELECT <values>
 * WHERE <condition>`): in a batch, a row that belongs to a guarded update is written only if that update's
 * guard holds too. Values are bound in the table's column order, mapped as drizzle maps them (JSON, booleans),
 * NULL written as such (so it binds `boundValues(row)` parameters), as one flat run (drizzle's nested fragments
 * cost a create more than its insert costs D1).
 */
export function insertIf<T extends SQLiteTable>(db: Db, table: T, row: T["$inferInsert"], condition: SQL) {
  const values: SQLChunk[] = [];
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (values.length > 0) values.push(new StringChunk(", "));
    const value = (row as Record<string, unknown>)[key];
    values.push(value === null || value === undefined ? new StringChunk("NULL") : new Param(value, column));
  }
  return db.insert(table).select(sql`SELECT ${new SQLFragment(values)} WHERE ${condition}`);
}
