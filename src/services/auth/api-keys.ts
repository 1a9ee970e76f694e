// API keys: created (by a person or a key, never an app's token), listed and revoked, with the per-user cap.
import { and, count, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { insertIf } from "../../db/insert-if";
import { apiKeys, members, type Role, users } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { hashApiKey, mintApiKey, revokeAtGate } from "../key-gate";
import { leasesEnded } from "../key-gate/leases";
import { roleAllows } from "../roles";
import { onPrimary, type Runtime } from "../runtime";
import { type Principal, roleOf } from "./auth";

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

/** The person a key acts for: `coalesce` as keys made before workspaces name no person (their founder's). */
const keyPerson = sql`coalesce(${apiKeys.personId}, ${apiKeys.userId})`;

/** The member a key acts as, as the list shows it; null once that person is no longer a member. */
const holder = (row: {
  memberId: string | null;
  personId: string;
  email: string | null;
  name: string | null;
  role: Role | null;
}) =>
  row.memberId === null
    ? null
    : { id: row.memberId, person_id: row.personId, email: row.email!, name: row.name, role: row.role! };

export type ApiKeyView = ReturnType<typeof present> & { member: ReturnType<typeof holder> };

/**
 * The keys of the workspace `principal` acts in that it may see and revoke: every key for a role that manages
 * keys (`accounts:write`: owner, admin), else only the person's own.
 */
function keysOf(principal: Principal): SQL {
  const inWorkspace = eq(apiKeys.userId, principal.userId);
  if (roleAllows(roleOf(principal), "accounts:write")) return inWorkspace;
  return and(inWorkspace, sql`${keyPerson} = ${principal.member?.personId ?? principal.userId}`)!;
}

/** Keys with the member each acts as (its person's active membership of the key's workspace). */
async function keyViews(rt: Runtime, where: SQL): Promise<ApiKeyView[]> {
  const rows = await onPrimary(rt)
    .db.select({
      key: apiKeys,
      memberId: members.id,
      personId: sql<string>`${keyPerson}`,
      email: users.email,
      name: users.name,
      role: members.role,
    })
    .from(apiKeys)
    .leftJoin(
      members,
      and(
        eq(members.workspaceId, apiKeys.userId),
        sql`${members.personId} = ${keyPerson}`,
        eq(members.status, "active"),
      ),
    )
    .leftJoin(users, eq(users.id, members.personId))
    .where(where)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({ ...present(row.key), member: holder(row) }));
}

/** Active keys a user may hold: enough for every app and environment, few enough to audit on one page. */
export const ACTIVE_KEYS_PER_USER = 50;

/**
 * Creates a key for the caller: only the signed-in person or an API key may. An app's OAuth token holds the scopes
 * the person granted it; a key holds every scope and outlives the app's removal, so a token may not make one. The
 * cap of active keys is checked in the insert, so requests at once cannot pass it.
 */
export async function createApiKeyAs(rt: Runtime, principal: Principal, name: string) {
  if (principal.via === "oauth") {
    throw new AppError(
      "insufficient_scope",
      "An OAuth token cannot create API keys: sign in to Herald's settings page, or use an API key",
    );
  }
  const { key, row } = await newKey(rt, principal.userId, principal.member?.personId ?? principal.userId, name);
  const active = rt.db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, principal.userId), isNull(apiKeys.revokedAt)));
  const written = await insertIf(rt.db, apiKeys, row, sql`(${active}) < ${ACTIVE_KEYS_PER_USER}`).returning({
    id: apiKeys.id,
  });
  if (written.length === 0) {
    throw new AppError(
      "limit_reached",
      `You hold ${ACTIVE_KEYS_PER_USER} active API keys, the most there can be; revoke one you no longer use`,
    );
  }
  return { ...present(row), key };
}

/**
 * Creates a key in workspace `userId` for the person `personId` (a member of it: its founder when not given); the
 * whole key is in the answer and nowhere else, ever.
 */
export async function createApiKey(rt: Runtime, userId: string, name: string, personId = userId) {
  const { key, row } = await newKey(rt, userId, personId, name);
  await rt.db.insert(apiKeys).values(row);
  return { ...present(row), key };
}

async function newKey(rt: Runtime, userId: string, personId: string, name: string) {
  const key = await mintApiKey(rt);
  const row: KeyRow = {
    id: newId("key"),
    userId,
    personId,
    name,
    prefix: key.slice(0, PREFIX_LENGTH),
    hash: await hashApiKey(key),
    createdAt: rt.clock.now(),
    lastUsedAt: null,
    revokedAt: null,
  };
  return { key, row };
}

/** The workspace's keys the principal may see (all for an owner or admin, else their own), newest first. */
export const listApiKeys = (rt: Runtime, principal: Principal) => keyViews(rt, keysOf(principal));

/**
 * Revokes a key the principal may see (`keysOf`: an editor or viewer only their own; another's is 404). Its gate is told first: from the answer on, the key's very next request is refused everywhere, even
 * if the write below were lost (the key would then be listed as active but refused, never the other way round).
 */
export async function revokeApiKey(rt: Runtime, principal: Principal, keyId: string): Promise<ApiKeyView> {
  const mine = and(eq(apiKeys.id, keyId), keysOf(principal));
  const [existing] = await onPrimary(rt).db.select().from(apiKeys).where(mine);
  if (!existing) throw notFound("API key");
  if (existing.revokedAt === null) {
    const leasesEndIn = await revokeAtGate(rt.env, existing.hash);
    await rt.db
      .update(apiKeys)
      .set({ revokedAt: rt.clock.now() })
      .where(and(mine, isNull(apiKeys.revokedAt)));
    // Another isolate may still admit the key on its lease that long: the revocation is answered after it.
    await leasesEnded(leasesEndIn);
  }
  const [revoked] = await keyViews(rt, eq(apiKeys.id, keyId));
  return revoked!;
}
