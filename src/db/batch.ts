// Atomic D1 batches (`runBatch`) and reads of several services sharing one round trip (`readTogether`).
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

/** Queries not yet run, and how to read their answers: reads of several services can share one round trip. */
export interface Read<T> {
  statements: BatchItem<"sqlite">[];
  answer(results: unknown[]): T;
}

type Answers<R extends readonly Read<unknown>[]> = { [K in keyof R]: R[K] extends Read<infer T> ? T : never };

/** Runs every read's queries in one D1 round trip and answers each read's value, in order. */
export async function readTogether<const R extends readonly Read<unknown>[]>(db: Db, reads: R): Promise<Answers<R>> {
  const results: unknown[] = await runBatch(
    db,
    reads.flatMap((read) => read.statements),
  );
  let next = 0;
  return reads.map((read) => {
    const own = results.slice(next, next + read.statements.length);
    next += read.statements.length;
    return read.answer(own);
  }) as Answers<R>;
}
