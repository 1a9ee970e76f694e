// Idempotency keys: the first request with a key claims it, a repeat replays its answer, a different one is refused.
import { and, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import { idempotencyKeys } from "../db/schema";
import { AppError } from "../lib/errors";
import type { Runtime } from "./runtime";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long a claim without an answer holds its key: past it, the request that claimed it is taken for dead. */
export const IDEMPOTENCY_LEASE_MS = 60_000;

/**
 * `claimedAt` identifies this request's claim, so a request outliving its lease cannot settle its successor's. A
 * claim whose request died after making its resource (`resourceId`) but before its answer was kept is `recovered`:
 * this request answers with that resource instead of making another.
 */
export type IdempotencyClaim =
  | { kind: "first"; claimedAt: number; recovered?: string }
  | { kind: "replay"; status: number; body: string };

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
  // A key older than the window is free again, and so is one claimed by a request that died before answering.
  await rt.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        or(
          lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_WINDOW_MS),
          and(
            isNull(idempotencyKeys.responseStatus),
            isNull(idempotencyKeys.resourceId),
            lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_LEASE_MS),
          ),
        ),
      ),
    );
  const [claimed] = await rt.db
    .insert(idempotencyKeys)
    .values({ userId, key, requestHash, responseStatus: null, responseBody: null, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (claimed) return { kind: "first", claimedAt: now };

  const [existing] = await rt.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!existing) return claimIdempotencyKey(rt, userId, key, requestHash);
  if (existing.requestHash !== requestHash) {
    throw new AppError("idempotency_conflict", "This Idempotency-Key was used with a different request");
  }
  if (existing.responseStatus === null || existing.responseBody === null) {
    if (existing.resourceId !== null && existing.createdAt < now - IDEMPOTENCY_LEASE_MS) {
      return { kind: "first", claimedAt: existing.createdAt, recovered: existing.resourceId };
    }
    throw new AppError("idempotency_in_progress", "A request with this Idempotency-Key is still being answered");
  }
  return { kind: "replay", status: existing.responseStatus, body: existing.responseBody };
}

/**
 * What a route learns of its request's claim: the resource a first try made before it died (`recovered`: answer
 * with it), and how to record the resource it makes now, in the batch that makes it.
 */
export interface IdempotencyContext {
  recovered?: string;
  record(resourceId: string, made: SQL): ReturnType<typeof recordResource>;
}

/**
 * The statement that records what the claimed request made (`resourceId`), to run in the batch that makes it, after
 * it: it writes only while `made` holds (the thing exists) and the claim is still this request's, unanswered.
 */
export const recordResource = (
  rt: Runtime,
  userId: string,
  key: string,
  claimedAt: number,
  resourceId: string,
  made: SQL,
) =>
  rt.db
    .update(idempotencyKeys)
    .set({ resourceId })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.createdAt, claimedAt),
        isNull(idempotencyKeys.responseStatus),
        made,
      ),
    );

/**
 * Keeps the answer for replay, unless it was a refusal (4xx), which changed nothing: that frees the key so the
 * client can correct the request. A server error is kept like a success, as Stripe does: the request may have
 * written before it failed, so a retry under the same key must not run it again.
 */
export async function settleIdempotencyKey(
  rt: Runtime,
  userId: string,
  key: string,
  claimedAt: number,
  answer: { status: number; body: string },
) {
  const where = and(
    eq(idempotencyKeys.userId, userId),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.createdAt, claimedAt),
    isNull(idempotencyKeys.responseStatus),
  );
  if (answer.status >= 400 && answer.status < 500) {
    await rt.db.delete(idempotencyKeys).where(where);
  } else {
    await rt.db.update(idempotencyKeys).set({ responseStatus: answer.status, responseBody: answer.body }).where(where);
  }
}
