// The owner's side of client invites: create, list and turn them off.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { chunksFor } from "../../db/limits";
import { accounts, clientInviteAccounts, clientInvites } from "../../db/schema";
import { iso } from "../../lib/clock";
import { randomBase64Url, sha256Hex } from "../../lib/crypto";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PlatformKey } from "../../platforms/catalog";
import { DEFAULT_MAX_ACCOUNTS, INVITE_PLATFORMS } from "../../schemas/client-invites";
import { getOwnedGroup } from "../accounts/account-groups";
import { oauthConnectionOf } from "../accounts/consent";
import type { Principal } from "../auth/auth";
import { requireCapability } from "../plans";
import type { Runtime } from "../runtime";
import { INVITE_TTL_MS, type InviteRow, inviteState, isActiveAt, isInvitePlatform, placesLeft } from "./rules";

/**
 * The owner's side of client invites: create, list, turn off. REST handlers and agent tools
 * (`create_client_invite`, `list_client_invites`) call these.
 */

export const inviteUrl = (rt: Runtime, token: string) => `${rt.config.public_base_url}/invite/${token}`;

interface AddedAccount {
  id: string;
  platform: string;
  name: string;
  connected_at: string;
}

export function presentInvite(rt: Runtime, row: InviteRow, added: AddedAccount[]) {
  const state = inviteState(row, rt.clock.now());
  return {
    id: row.id,
    group_id: row.groupId,
    platforms: row.platforms as PlatformKey[],
    max_accounts: row.maxAccounts,
    state,
    places_left: state === "active" ? placesLeft(row) : 0,
    accounts: added,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    revoked_at: row.revokedAt === null ? null : iso(row.revokedAt),
  };
}

/**
 * The platforms an invite may offer: those SPEC lists for invites, each only when this deployment can connect it
 * (in sandbox mode, all of them through the sandbox consent page). Anything else is refused naming it.
 */
function offerablePlatforms(rt: Runtime, platforms: string[]): PlatformKey[] {
  const unique = [...new Set(platforms)];
  for (const [i, platform] of unique.entries()) {
    if (!isInvitePlatform(platform)) {
      throw validationError(
        `platforms.${i}`,
        `${platform} cannot be offered on an invite; offer ${INVITE_PLATFORMS.join(", ")}`,
      );
    }
    try {
      oauthConnectionOf(rt, platform, { invite: true });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw validationError(`platforms.${i}`, `${platform} cannot be connected on this deployment: ${error.message}`);
    }
  }
  return unique as PlatformKey[];
}

type InviteInput = { group_id: string; platforms: string[]; max_accounts?: number };

/** What an invite request would create, every rule checked (plan, the owner's group, the platforms): nothing written. */
export async function checkInvite(rt: Runtime, principal: Pick<Principal, "userId" | "plan">, input: InviteInput) {
  requireCapability(principal.plan, "clientInvites");
  const group = await getOwnedGroup(rt, principal.userId, input.group_id);
  return {
    group,
    platforms: offerablePlatforms(rt, input.platforms),
    maxAccounts: input.max_accounts ?? DEFAULT_MAX_ACCOUNTS,
  };
}

/**
 * Creates an invite into one of the owner's groups (plan: client invite links). The link's token is 32 random bytes,
 * kept only as its hash: the `url` is in this answer and nowhere else.
 */
export async function createClientInvite(
  rt: Runtime,
  principal: Pick<Principal, "userId" | "plan">,
  input: InviteInput,
) {
  const { group, platforms, maxAccounts } = await checkInvite(rt, principal, input);
  const token = randomBase64Url(32);
  const now = rt.clock.now();
  const row: InviteRow = {
    id: newId("inv"),
    userId: principal.userId,
    groupId: group.id,
    tokenHash: await sha256Hex(token),
    platforms,
    maxAccounts,
    placesTaken: 0,
    accountsAdded: 0,
    createdAt: now,
    expiresAt: now + INVITE_TTL_MS,
    revokedAt: null,
  };
  await rt.db.insert(clientInvites).values(row);
  return { ...presentInvite(rt, row, []), url: inviteUrl(rt, token) };
}

/** The accounts each invite added, oldest first. */
async function addedAccounts(rt: Runtime, inviteIds: string[]) {
  const added = new Map<string, AddedAccount[]>(inviteIds.map((id) => [id, []]));
  for (const ids of chunksFor(inviteIds, 1, 1)) {
    const rows = await rt.db
      .select({
        inviteId: clientInviteAccounts.inviteId,
        id: accounts.id,
        platform: accounts.platform,
        name: accounts.name,
        connectedAt: clientInviteAccounts.connectedAt,
      })
      .from(clientInviteAccounts)
      .innerJoin(accounts, eq(accounts.id, clientInviteAccounts.accountId))
      .where(inArray(clientInviteAccounts.inviteId, ids))
      .orderBy(asc(clientInviteAccounts.connectedAt), asc(accounts.id));
    for (const row of rows) {
      added.get(row.inviteId)?.push({
        id: row.id,
        platform: row.platform,
        name: row.name,
        connected_at: iso(row.connectedAt),
      });
    }
  }
  return added;
}

/** The owner's invites, newest first, with their state and the accounts each added; one group's with `groupId`. */
export async function listClientInvites(rt: Runtime, userId: string, filter: { groupId?: string } = {}) {
  if (filter.groupId) await getOwnedGroup(rt, userId, filter.groupId);
  const rows = await rt.db
    .select()
    .from(clientInvites)
    .where(
      and(eq(clientInvites.userId, userId), filter.groupId ? eq(clientInvites.groupId, filter.groupId) : undefined),
    )
    .orderBy(desc(clientInvites.createdAt), desc(clientInvites.id));
  const added = await addedAccounts(
    rt,
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentInvite(rt, row, added.get(row.id) ?? []));
}

/**
 * Turns an active invite off; the accounts it added stay connected. An invite no longer active is left as it is,
 * and the answer says so (409 `invite_not_active` with its `state`).
 */
export async function revokeClientInvite(rt: Runtime, userId: string, inviteId: string) {
  const now = rt.clock.now();
  const [revoked] = await rt.db
    .update(clientInvites)
    .set({ revokedAt: now })
    .where(and(eq(clientInvites.id, inviteId), eq(clientInvites.userId, userId), isActiveAt(now)))
    .returning();
  const [row] = revoked
    ? [revoked]
    : await rt.db
        .select()
        .from(clientInvites)
        .where(and(eq(clientInvites.id, inviteId), eq(clientInvites.userId, userId)));
  if (!row) throw notFound("Client invite");
  if (!revoked) {
    const state = inviteState(row, now);
    throw new AppError("invite_not_active", `This invite is already ${state.replace("_", " ")}; nothing changed`, {
      state,
    });
  }
  return presentInvite(rt, row, (await addedAccounts(rt, [row.id])).get(row.id) ?? []);
}
