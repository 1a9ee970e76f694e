// A workspace's founding: the workspace a new login gets, with that login as its owner, written in the login's batch.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { insertIf } from "../../db/insert-if";
import { members, users, workspaces } from "../../db/schema";
import { newId } from "../../lib/ids";

/**
 * The inserts that found the workspace of a new login (`founder`, not yet written): the workspace of the same id
 * (named `name`: the founder's display name), and its owner, the founder. Batched after the login's insert, each writes only if that
 * insert did (an email already taken writes nothing).
 */
export function foundingInserts(db: Db, founder: { id: string; email: string; createdAt: number }, name: string) {
  const written = sql`EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${founder.id} AND ${users.email} = ${founder.email})`;
  return [
    insertIf(db, workspaces, { id: founder.id, name, createdAt: founder.createdAt }, written),
    insertIf(
      db,
      members,
      {
        id: newId("mem"),
        workspaceId: founder.id,
        personId: founder.id,
        email: founder.email,
        role: "owner",
        status: "active",
        createdAt: founder.createdAt,
        joinedAt: founder.createdAt,
      },
      written,
    ),
  ] as const;
}
