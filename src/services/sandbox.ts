import { asc, eq, inArray } from "drizzle-orm";
import { accounts, sandboxCalls, sandboxFaults, sandboxMetrics } from "../db/schema";
import { iso } from "../lib/clock";
import { randomToken } from "../lib/ids";
import type { PlatformKey } from "../platforms/catalog";
import type { FaultMode } from "../platforms/sandbox";
import type { Metrics } from "../platforms/types";
import { getOwnedAccount } from "./accounts";
import { createApiKey } from "./api-keys";
import type { PlanName } from "./plans";
import type { Runtime } from "./runtime";
import { createUser, findUserByEmail, updateUser } from "./users";

/**
 * Creates a user on `plan` with a fresh API key. Asking again for an existing email signs that user
 * in again: a new password and a new key (the demo seed relies on this to print working keys).
 */
export async function createSandboxUser(rt: Runtime, plan: PlanName, email?: string) {
  const password = randomToken(16);
  const existing = email ? await findUserByEmail(rt, email) : undefined;
  const user = existing
    ? await updateUser(rt, existing.id, { password, plan })
    : await createUser(rt, { email: email ?? `sandbox-${randomToken(10).toLowerCase()}@herald.local`, password, plan });
  const key = await createApiKey(rt, user.id, "Sandbox key");
  return { user_id: user.id, email: user.email, plan, password, api_key: key.key, created: !existing };
}

/** What the sandbox platform received for the user's accounts, oldest first. */
export async function listSandboxCalls(rt: Runtime, userId: string, accountId?: string) {
  const owned = accountId
    ? [(await getOwnedAccount(rt, userId, accountId)).id]
    : (await rt.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.userId, userId))).map((a) => a.id);
  if (owned.length === 0) return [];
  const rows = await rt.db
    .select()
    .from(sandboxCalls)
    .where(inArray(sandboxCalls.accountId, owned))
    .orderBy(asc(sandboxCalls.seq));
  return rows.map((r) => ({
    kind: r.kind,
    platform: r.platform,
    account_id: r.accountId,
    platform_post_id: r.platformPostId,
    parent_platform_post_id: r.parentPlatformPostId,
    ...r.payload,
    at: iso(r.createdAt),
  }));
}

export async function setSandboxMetrics(rt: Runtime, platformPostId: string, metrics: Partial<Metrics>) {
  const [current] = await rt.db.select().from(sandboxMetrics).where(eq(sandboxMetrics.platformPostId, platformPostId));
  const next = { likes: 0, comments: 0, reposts: 0, views: 0, ...stripPlatformPostId(current), ...metrics };
  await rt.db
    .insert(sandboxMetrics)
    .values({ platformPostId, ...next })
    .onConflictDoUpdate({ target: sandboxMetrics.platformPostId, set: next });
  return { platform_post_id: platformPostId, ...next };
}

const stripPlatformPostId = (row?: typeof sandboxMetrics.$inferSelect) => {
  if (!row) return {};
  const { platformPostId: _, ...counts } = row;
  return counts;
};

export async function setSandboxFault(rt: Runtime, platform: PlatformKey, mode: FaultMode, count: number) {
  await rt.db
    .insert(sandboxFaults)
    .values({ platform, mode, remaining: count })
    .onConflictDoUpdate({ target: sandboxFaults.platform, set: { mode, remaining: count } });
  return { platform, mode, remaining: count };
}
