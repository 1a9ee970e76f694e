/** D1 binds at most 100 parameters per statement. */
const D1_MAX_PARAMS = 100;

/** Splits `items` into runs that fit one statement when each item binds `paramsPerItem` parameters. */
export function chunksFor<T>(items: readonly T[], paramsPerItem: number, reserved = 0): T[][] {
  const size = Math.max(1, Math.floor((D1_MAX_PARAMS - reserved) / paramsPerItem));
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** Parameters one row binds when inserted (one per column). */
export const paramsPerRow = (row: object) => Object.keys(row).length;
