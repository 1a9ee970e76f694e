/** Who holds a key or a grant, as D1 has them: read by the gate, and by the Worker for keys without a tag. */

import { and, eq, isNull, lt, or, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, members, users } from "../../db/schema";
import { ACTIVITY_RESOLUTION_MS, memberActivity } from "../teams/activity";
import type { GrantHolder, KeyHolder } from "./terms";

/** A key's person; a key made before workspaces names none, and acts for its workspace's founder. */
const keyPerson = sql`coalesce(${apiKeys.personId}, ${apiKeys.userId})`;

const memberColumns = { id: members.id, personId: members.personId, role: members.role };

/** The active member `person` of `workspace` (a key's or a grant's), as a condition on `members`. */
const activeMember = (workspace: string | SQLWrapper, person: string | SQLWrapper) =>
  and(eq(members.workspaceId, workspace), eq(members.personId, person), eq(members.status, "active"));

/**
 * The holder of a live (not revoked) key whose person is still an active member of its workspace, with their role;
 * read on the primary so a revocation is never missed.
 */
export async function findKeyHolder(db: Db, hash: string): Promise<KeyHolder | undefined> {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      userId: apiKeys.userId,
      lastUsedAt: apiKeys.lastUsedAt,
      plan: users.plan,
      member: memberColumns,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .innerJoin(members, activeMember(apiKeys.userId, keyPerson))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)));
  return row && { ...row, member: { ...row.member, personId: row.member.personId! } };
}

/**
 * Who an OAuth grant acts for (for the bucket its tokens count in), read on the primary so a change of plan or role
 * is never missed: the active member the grant names (`mem_…`), or for a grant made before workspaces (named by its
 * login's id), the login as a member of its own workspace.
 */
export async function findGrantHolder(db: Db, grantUserId: string): Promise<GrantHolder | undefined> {
  const which = grantUserId.startsWith("mem_")
    ? and(eq(members.id, grantUserId), eq(members.status, "active"))
    : activeMember(grantUserId, grantUserId);
  const [row] = await db
    .select({ workspaceId: members.workspaceId, plan: users.plan, member: memberColumns })
    .from(members)
    .innerJoin(users, eq(users.id, members.workspaceId))
    .where(which);
  return row && { ...row, member: { ...row.member, personId: row.member.personId! } };
}

/**
 * Records a key's use, and its member's activity in the workspace (`last_active_at`), in one batch, each unless
 * someone recorded one within the minute: off the request's path, so a busy key costs no write per request.
 */
export const recordLastUse = (db: Db, holder: Pick<KeyHolder, "keyId" | "member">, now: number) =>
  db.batch([
    db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, holder.keyId),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, now - ACTIVITY_RESOLUTION_MS)),
        ),
      ),
    memberActivity(db, holder.member.id, now),
  ]);
