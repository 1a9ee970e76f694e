import { and, desc, eq, isNull } from "drizzle-orm";
import { apiKeys } from "../db/schema";
import { iso, isoOrNull } from "../lib/clock";
import { sha256Hex } from "../lib/crypto";
import { notFound } from "../lib/errors";
import { newId, randomToken } from "../lib/ids";
import type { Runtime } from "./runtime";

const PREFIX_LENGTH = 10;

type KeyRow = typeof apiKeys.$inferSelect;

const present = (row: KeyRow) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  created_at: iso(row.createdAt),
  last_used_at: isoOrNull(row.lastUsedAt),
  revoked_at: isoOrNull(row.revokedAt),
});

export type ApiKeyView = ReturnType<typeof present>;

/** Creates a key; the whole key is in the answer and nowhere else, ever. */
export async function createApiKey(rt: Runtime, userId: string, name: string) {
  const key = `sk_${randomToken(40)}`;
  const row: KeyRow = {
    id: newId("key"),
    userId,
    name,
    prefix: key.slice(0, PREFIX_LENGTH),
    hash: await sha256Hex(key),
    createdAt: rt.clock.now(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await rt.db.insert(apiKeys).values(row);
  return { ...present(row), key };
}

export async function listApiKeys(rt: Runtime, userId: string): Promise<ApiKeyView[]> {
  const rows = await rt.db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(present);
}

export async function revokeApiKey(rt: Runtime, userId: string, keyId: string): Promise<ApiKeyView> {
  const [row] = await rt.db
    .update(apiKeys)
    .set({ revokedAt: rt.clock.now() })
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return present(row);
  const [existing] = await rt.db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, userId)));
  if (!existing) throw notFound("API key");
  return present(existing);
}
