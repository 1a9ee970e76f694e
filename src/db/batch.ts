import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client";

/**
 * Runs statements in one atomic D1 batch (D1 has no interactive transactions) and answers each one's result, in
 * order. No statements is no batch: D1's `batch` needs at least one.
 */
export async function runBatch<S extends BatchItem<"sqlite">>(db: Db, statements: readonly S[]): Promise<Awaited<S>[]> {
  const [first, ...rest] = statements;
  if (!first) return [];
  return (await db.batch([first, ...rest])) as Awaited<S>[];
}
