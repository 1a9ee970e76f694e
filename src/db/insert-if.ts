import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "./client";

/**
 * An insert of one row that happens only when `condition` holds when it runs (`INSERT … SELECT <values>
 * WHERE <condition>`): in a batch, a row that belongs to a guarded update is written only if that update's
 * guard holds too. Values are bound in the table's column order, mapped as drizzle maps them (JSON, booleans).
 */
export function insertIf<T extends SQLiteTable>(db: Db, table: T, row: T["$inferInsert"], condition: SQL) {
  const values = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = (row as Record<string, unknown>)[key];
    return value === undefined || value === null ? sql`NULL` : sql.param(value, column);
  });
  return db.insert(table).select(sql`SELECT ${sql.join(values, sql`, `)} WHERE ${condition}`);
}
