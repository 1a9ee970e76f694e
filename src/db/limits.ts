// D1's 100 bound parameters per statement: chunking items to fit, and counting what a statement binds.
/** D1 binds at most 100 parameters per statement. */
const D1_MAX_PARAMS = 100;

/** Splits `items` into runs that fit one statement when each item binds `paramsPerItem` parameters. */
export function chunksFor<T>(items: readonly T[], paramsPerItem: number, reserved = 0): T[][] {
  const size = Math.max(1, Math.floor((D1_MAX_PARAMS - reserved) / paramsPerItem));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Whether a statement binding `params` parameters fits D1. */
export const fitsOneStatement = (params: number) => params <= D1_MAX_PARAMS;

/** The values of `rows` that are bound as parameters where NULL is written as a literal (`insertIf`, `rowsUnchanged`). */
export const boundValues = (...rows: object[]) =>
  rows.reduce<number>((n, row) => n + Object.values(row).filter((v) => v !== null && v !== undefined).length, 0);

/** Parameters one row binds when inserted (one per column). */
export const paramsPerRow = (row: object) => Object.keys(row).length;
