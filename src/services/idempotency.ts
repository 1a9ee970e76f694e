import { and, eq, lt } from "drizzle-orm";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "../lib/errors";
import type { Runtime } from "./runtime";

const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

type IdempotencyClaim = { kind: "first" } | { kind: "replay"; status: number; body: string };

/**
 * Claims `key` for this request. The first request with a key proceeds; a later one with the same
 * request replays the first answer; a different request under the same key is refused (409
 * `idempotency_conflict`), as is one arriving while the first is still being answered.
 */
export async function claimIdempotencyKey(
  rt: Runtime,
  userId: string,
  key: string,
  requestHash: string,
): Promise<IdempotencyClaim> {
  const now = rt.clock.now();
  // A key older than the window is free again.
  await rt.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_WINDOW_MS),
      ),
    );
  const [claimed] = await rt.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, responseStatus: null, responseBody: null, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (claimed) return { kind: "first" };

  const [existing] = await rt.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!existing) return claimIdempotencyKey(rt, userId, key, requestHash);
  if (existing.requestHash !== requestHash) {
    throw new AppError("idempotency_conflict", "This Idempotency-Key was used with a different request");
  }
  if (existing.responseStatus === null || existing.responseBody === null) {
    throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still being answered");
  }
  return { kind: "replay", status: existing.responseStatus, body: existing.responseBody };
}

/** Keeps a successful answer for replay; anything else frees the key so the client can try again. */
export async function settleIdempotencyKey(
  rt: Runtime,
  userId: string,
  key: string,
  answer: { status: number; body: string },
) {
  const where = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  if (answer.status >= 200 && answer.status < 300) {
    await rt.db.update(idempotencyKeys).set({ responseStatus: answer.status, responseBody: answer.body }).where(where);
  } else {
    await rt.db.delete(idempotencyKeys).where(where);
  }
}

export async function pruneIdempotencyKeys(rt: Runtime): Promise<number> {
  const removed = await rt.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, rt.clock.now() - IDEMPOTENCY_WINDOW_MS))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
