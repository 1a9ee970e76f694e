// Account groups: a user's named sets of accounts, listed, made, changed and deleted.
import type { z } from "@hono/zod-openapi";
import { and, asc, eq, inArray } from "drizzle-orm";
import { chunksFor } from "../../db/limits";
import { accountGroups, accounts, clientInvites } from "../../db/schema";
import { iso } from "../../lib/clock";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { GroupCreateSchema, GroupUpdateSchema } from "../../schemas/account-groups";
import { isActiveAt } from "../invites/rules";
import type { Runtime } from "../runtime";
import { type AccountRow, getOwnedAccount, requireOwnedAccounts } from "./accounts";

export type GroupRow = typeof accountGroups.$inferSelect;

export const presentGroup = (row: GroupRow, accountIds: string[]) => ({
  id: row.id,
  name: row.name,
  account_ids: accountIds,
  created_at: iso(row.createdAt),
});

/** The user's group, or 404: another user's group id is indistinguishable from an unknown one. */
export async function getOwnedGroup(rt: Runtime, userId: string, groupId: string): Promise<GroupRow> {
  const [row] = await rt.db
    .select()
    .from(accountGroups)
    .where(and(eq(accountGroups.id, groupId), eq(accountGroups.userId, userId)));
  if (!row) throw notFound("Account group");
  return row;
}

/** The ids of the accounts in each of the user's groups, oldest account first. */
async function membersOf(rt: Runtime, userId: string, groupIds: string[]) {
  const members = new Map<string, string[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return members;
  const rows = await rt.db
    .select({ id: accounts.id, groupId: accounts.groupId })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  for (const row of rows) if (row.groupId) members.get(row.groupId)?.push(row.id);
  return members;
}

export async function listGroups(rt: Runtime, userId: string) {
  const rows = await rt.db
    .select()
    .from(accountGroups)
    .where(eq(accountGroups.userId, userId))
    .orderBy(asc(accountGroups.createdAt), asc(accountGroups.id));
  const members = await membersOf(
    rt,
    userId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentGroup(row, members.get(row.id) ?? []));
}

export async function getGroup(rt: Runtime, userId: string, groupId: string) {
  const row = await getOwnedGroup(rt, userId, groupId);
  return presentGroup(row, (await membersOf(rt, userId, [row.id])).get(row.id) ?? []);
}

const nameTaken = (name: string) =>
  new AppError("group_name_taken", `You already have an account group named "${name}"`, { name });

/** Statements that make exactly `accountIds` the group's accounts (each leaves any other group it was in). */
const membershipWrites = (rt: Runtime, userId: string, groupId: string, accountIds: string[]) => [
  rt.db
    .update(accounts)
    .set({ groupId: null })
    .where(and(eq(accounts.userId, userId), eq(accounts.groupId, groupId))),
  // Each run binds its ids beside the group and the user.
  ...chunksFor(accountIds, 1, 2).map((ids) =>
    rt.db
      .update(accounts)
      .set({ groupId })
      .where(and(eq(accounts.userId, userId), inArray(accounts.id, ids))),
  ),
];

const isUniqueViolation = (error: unknown) => /UNIQUE constraint failed/i.test(String((error as Error)?.message));

export async function createGroup(rt: Runtime, userId: string, input: z.infer<typeof GroupCreateSchema>) {
  const name = input.name.trim();
  const accountIds = [...new Set(input.account_ids ?? [])];
  await requireOwnedAccounts(rt, userId, accountIds, "account_ids");
  const row: GroupRow = { id: newId("grp"), userId, name, createdAt: rt.clock.now() };
  try {
    await rt.db.batch([rt.db.insert(accountGroups).values(row), ...membershipWrites(rt, userId, row.id, accountIds)]);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return getGroup(rt, userId, row.id);
}

/** Renames the group and, with `account_ids`, makes them exactly its accounts (the others are left ungrouped). */
export async function updateGroup(
  rt: Runtime,
  userId: string,
  groupId: string,
  patch: z.infer<typeof GroupUpdateSchema>,
) {
  const group = await getOwnedGroup(rt, userId, groupId);
  const accountIds = patch.account_ids && [...new Set(patch.account_ids)];
  if (accountIds) await requireOwnedAccounts(rt, userId, accountIds, "account_ids");
  const name = patch.name?.trim() ?? group.name;
  try {
    await rt.db.batch([
      rt.db.update(accountGroups).set({ name }).where(eq(accountGroups.id, group.id)),
      ...(accountIds ? membershipWrites(rt, userId, group.id, accountIds) : []),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return getGroup(rt, userId, group.id);
}

/**
 * Deletes the group: its accounts stay connected, ungrouped, and its invites that are still open are revoked (a
 * link must not keep adding accounts to a group that is gone). All in one batch.
 */
export async function deleteGroup(rt: Runtime, userId: string, groupId: string) {
  const group = await getOwnedGroup(rt, userId, groupId);
  const now = rt.clock.now();
  await rt.db.batch([
    rt.db
      .update(accounts)
      .set({ groupId: null })
      .where(and(eq(accounts.userId, userId), eq(accounts.groupId, group.id))),
    rt.db
      .update(clientInvites)
      .set({ revokedAt: now })
      .where(and(eq(clientInvites.groupId, group.id), isActiveAt(now))),
    rt.db.delete(accountGroups).where(eq(accountGroups.id, group.id)),
  ]);
  return { id: group.id, deleted: true as const };
}

/** `PATCH /api/v1/connected-accounts/{id}` `{ group_id }`: moves the account into the user's group, or out (null). */
export async function setAccountGroup(
  rt: Runtime,
  userId: string,
  accountId: string,
  groupId: string | null,
): Promise<AccountRow> {
  const account = await getOwnedAccount(rt, userId, accountId);
  if (groupId !== null) await getOwnedGroup(rt, userId, groupId);
  const [row] = await rt.db.update(accounts).set({ groupId }).where(eq(accounts.id, account.id)).returning();
  return row!;
}
