// Opaque cursors for newest-first lists, and the page of rows with the next page's cursor.
import { AppError } from "./errors";

/** Where a newest-first page ended: the last row's position (its creation time, or a sequence) and id. */
export interface Cursor {
  position: number;
  id: string;
}

/** An opaque cursor for the page after the row at `position` with `id`. */
const encodeCursor = (position: number, id: string) => btoa(JSON.stringify([position, id])).replace(/=+$/, "");

/** Reads a cursor this API handed out; anything else is 400 `validation_error` on `cursor`. */
export function decodeCursor(text: string): Cursor {
  try {
    const [position, id] = JSON.parse(atob(text));
    if (typeof position === "number" && typeof id === "string") return { position, id };
  } catch {}
  throw new AppError("validation_error", "cursor: not a cursor from this list", {
    issues: [{ path: "cursor", message: "not a cursor from this list" }],
  });
}

/**
 * One page of a newest-first list read with one row more than `limit`: the rows to show, and the cursor for the
 * next page (null on the last), made from the last row's `position` and id.
 */
export function pageOf<T extends { id: string }>(rows: T[], limit: number, position: (row: T) => number) {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, next_cursor: rows.length > limit && last ? encodeCursor(position(last), last.id) : null };
}
