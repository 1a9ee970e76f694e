// Cursor paging: the rows after a cursor in newest-first order.
import { and, eq, lt, or, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Cursor } from "../lib/cursor";

/** Rows after `cursor` in newest-first order (by position, then id); everything without one. */
export const afterCursor = (position: SQLiteColumn, id: SQLiteColumn, cursor: Cursor | undefined): SQL | undefined =>
  cursor ? or(lt(position, cursor.position), and(eq(position, cursor.position), lt(id, cursor.id))) : undefined;
