/** Who holds a key, and a user's plan, as D1 has them: read by the gate, and by the Worker for keys without a tag. */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, users } from "../../db/schema";
import type { KeyHolder } from "./terms";

/** A key's last use is recorded to the minute, off the request's path, so a busy key costs no write per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** The holder of a live (not revoked) key, read on the primary so a revocation is never missed. */
export async function findKeyHolder(db: Db, hash: string): Promise<KeyHolder | undefined> {
  const [row] = await db
    .select({ keyId: apiKeys.id, userId: apiKeys.userId, lastUsedAt: apiKeys.lastUsedAt, plan: users.plan })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
  return row;
}

/** A user's plan (for the bucket OAuth tokens count in), read on the primary so a plan change is never missed. */
export async function findUserPlan(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return row?.plan;
}

/** Whether a key's last use is worth recording now. */
export const lastUseIsStale = (lastUsedAt: number | null, now: number) =>
  lastUsedAt === null || now - lastUsedAt > LAST_USED_RESOLUTION_MS;

/** Records a key's use, unless someone recorded one within the minute. */
export const recordLastUse = (db: Db, keyId: string, now: number) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(eq(apiKeys.id, keyId), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - LAST_USED_RESOLUTION_MS))),
    );
