import { AppError } from "./errors";

/** Where a newest-first page ended: the last row's position (its creation time, or a sequence) and id. */
export interface Cursor {
  position: number;
  id: string;
}

/** An opaque cursor for the page after the row at `position` with `id`. */
export const encodeCursor = (position: number, id: string) => btoa(JSON.stringify([position, id])).replace(/=+$/, "");

/** Reads a cursor this API handed out; anything else is 400 `validation_error` on `cursor`. */
export function decodeCursor(text: string): Cursor {
  try {
    const [position, id] = JSON.parse(atob(text));
    if (typeof position === "number" && typeof id === "string") return { position, id };
  } catch {}
  throw new AppError(400, "validation_error", "cursor: not a cursor from this list", {
    issues: [{ path: "cursor", message: "not a cursor from this list" }],
  });
}
