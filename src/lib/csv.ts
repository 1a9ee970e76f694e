/**
 * CSV as spreadsheets read it (RFC 4180): every cell quoted, quotes doubled, CRLF between rows. A cell that a
 * spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return first) gets a leading `'`.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

const cell = (value: unknown) => {
  const text = String(value ?? "");
  return `"${(FORMULA_START.test(text) ? `'${text}` : text).replaceAll('"', '""')}"`;
};

/** One row, ended by CRLF. */
export const csvRow = (values: readonly unknown[]) => `${values.map(cell).join(",")}\r\n`;
