// The client's side of an invite link: its page, a platform's consent from it, the accounts landing.
import { and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { insertIf } from "../../db/insert-if";
import { accountGroups, clientInviteAccounts, clientInvites, users } from "../../db/schema";
import { CLIENT_CONNECTED, CLIENT_INVITE_USED_UP } from "../../db/schema/notifications";
import { sha256Hex } from "../../lib/crypto";
import type { ApiErrorCode } from "../../lib/error-codes";
import { AppError } from "../../lib/errors";
import { type PlatformKey, platformLabel } from "../../platforms/catalog";
import {
  connectionWrites,
  type PreparedConnection,
  prepareConnection,
  requireRoomForAccounts,
  writtenAccounts,
} from "../accounts/connect";
import {
  type BrowserProof,
  beginConsent,
  type CallbackQuery,
  type ConsentState,
  exchangeConsent,
  inviteTokenOf,
  oauthConnectionOf,
  requireGranted,
} from "../accounts/consent";
import { notificationInsert } from "../notifications";
import type { Runtime } from "../runtime";
import { displayName } from "../users";
import { type InviteRow, type InviteState, inviteState, isActiveAt, offeredIdentity, placesLeft } from "./rules";

/**
 * The client's side of an invite link: the page, starting a platform's consent from it, and the return from the
 * platform, where the accounts land in the owner's group. The client has no Herald account; what they see names
 * the owner and the group, never the owner's email or other groups.
 */

/** An invite as the client's page shows it. */
export interface InvitePage {
  token: string;
  /** Not shown: to tell whether the browser is signed in as someone else. */
  ownerId: string;
  ownerName: string;
  groupName: string;
  platforms: { key: PlatformKey; label: string }[];
  placesLeft: number;
}

export type InviteLookup =
  | { state: "active"; page: InvitePage }
  | { state: "unknown" | Exclude<InviteState, "active"> };

interface Found {
  invite: InviteRow;
  owner: { id: string; name: string | null; email: string };
  groupName: string;
}

async function findInvite(rt: Runtime, where: SQL): Promise<Found | undefined> {
  const [row] = await rt.db
    .select({
      invite: clientInvites,
      owner: { id: users.id, name: users.name, email: users.email },
      groupName: accountGroups.name,
    })
    .from(clientInvites)
    .innerJoin(users, eq(users.id, clientInvites.userId))
    .leftJoin(accountGroups, eq(accountGroups.id, clientInvites.groupId))
    .where(where);
  // An invite whose group is gone was revoked with it; it has nothing to show.
  return row ? { ...row, groupName: row.groupName ?? "" } : undefined;
}

const pageOf = (token: string, found: Found): InvitePage => ({
  token,
  ownerId: found.owner.id,
  ownerName: displayName(found.owner),
  groupName: found.groupName,
  platforms: (found.invite.platforms as PlatformKey[]).map((key) => ({ key, label: platformLabel(key) })),
  placesLeft: placesLeft(found.invite),
});

/** `GET /invite/<token>`: the invite's page while it is active, else only which way the link is dead. */
export async function openInvite(rt: Runtime, token: string): Promise<InviteLookup> {
  const found = await findInvite(rt, eq(clientInvites.tokenHash, await sha256Hex(token)));
  if (!found) return { state: "unknown" };
  const state = inviteState(found.invite, rt.clock.now());
  return state === "active" ? { state, page: pageOf(token, found) } : { state };
}

const INACTIVE_WORDS: Record<Exclude<InviteState, "active">, string> = {
  expired: "has expired",
  revoked: "was turned off",
  used_up: "has no place left",
};

const notActive = (state: Exclude<InviteState, "active">, when = "") =>
  new AppError("invite_gone", `This invite link ${INACTIVE_WORDS[state]}${when}; nothing was connected.`, {
    state,
  });

/** The refusals every step shares: a dead link, a platform it does not offer, a browser signed in as someone else. */
function requireUsable(found: Found, platform: string, browser: BrowserProof, now: number, when = "") {
  const state = inviteState(found.invite, now);
  if (state !== "active") throw notActive(state, when);
  if (!found.invite.platforms.includes(platform)) {
    throw new AppError(
      "platform_not_offered",
      `This invite does not offer ${platformLabel(platform)}; nothing was connected.`,
    );
  }
  if (browser.sessionUserId && browser.sessionUserId !== found.owner.id) {
    throw new AppError(
      "other_user_signed_in",
      `This browser is signed in to Herald as another user than ${displayName(found.owner)}, who sent this invite. Sign out of Herald, then open the link again; nothing was connected.`,
    );
  }
}

/** Runs `work` for the owner; a plan without room is said to the client without the owner's plan or counts. */
async function forOwner<T>(found: Found, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof AppError && error.code === "feature_disabled")) throw error;
    throw new AppError(
      "feature_disabled",
      `This link cannot add accounts now: ${displayName(found.owner)}'s Herald plan has no room for more. Nothing was connected.`,
    );
  }
}

/**
 * A button on the invite page: starts that platform's consent for the owner, bound to this browser and to the
 * invite (each consent its own 10-minute state). Answers where to send the browser.
 */
export async function startInviteConsent(
  rt: Runtime,
  token: string,
  platform: string,
  browser: BrowserProof & { nonce: string },
) {
  const found = await findInvite(rt, eq(clientInvites.tokenHash, await sha256Hex(token)));
  if (!found) throw new AppError("not_found", "This invite link is not valid; nothing was connected.");
  requireUsable(found, platform, browser, rt.clock.now());
  if (placesLeft(found.invite) === 0) throw notActive("used_up");
  await forOwner(found, () => requireRoomForAccounts(rt, found.owner.id, 1));
  const connection = oauthConnectionOf(rt, platform as PlatformKey, { invite: true });
  const begun = await beginConsent(rt, {
    userId: found.owner.id,
    platform: platform as PlatformKey,
    connection,
    invite: { id: found.invite.id, token },
    browserNonce: browser.nonce,
  });
  return begun.authorizationUrl;
}

/**
 * What the page after consent says: what happened (a refusal by its code from the catalog), and the invite again
 * while it can take more.
 */
export type InviteOutcome = { message: string; page?: InvitePage } & ({ ok: true } | { ok: false; code: ApiErrorCode });

/**
 * Takes `n` places on the invite, or none: one guarded update, so concurrent returns can never take more places
 * than `max_accounts`, nor any once the invite is revoked or expired.
 */
async function takePlaces(rt: Runtime, inviteId: string, n: number) {
  const taken = await rt.db
    .update(clientInvites)
    .set({ placesTaken: sql`${clientInvites.placesTaken} + ${n}` })
    .where(
      and(
        eq(clientInvites.id, inviteId),
        isActiveAt(rt.clock.now()),
        sql`${clientInvites.placesTaken} + ${n} <= ${clientInvites.maxAccounts}`,
      ),
    )
    .returning({ id: clientInvites.id });
  return taken.length > 0;
}

const giveBackPlaces = (rt: Runtime, inviteId: string, n: number) =>
  rt.db
    .update(clientInvites)
    .set({ placesTaken: sql`max(${clientInvites.placesTaken} - ${n}, 0)` })
    .where(eq(clientInvites.id, inviteId));

/**
 * The return from the platform for a consent started on an invite (its state already claimed by this browser).
 * Refusals are answered as outcomes, never with anything connected or a place kept.
 */
export async function completeInviteConsent(
  rt: Runtime,
  pending: ConsentState,
  query: CallbackQuery,
  browser: BrowserProof,
): Promise<InviteOutcome> {
  const found = await findInvite(rt, eq(clientInvites.id, pending.inviteId!));
  const token = await inviteTokenOf(rt, pending);
  if (!found || !token) return { ok: false, code: "not_found", message: "This invite link is not valid." };
  const again = async () => {
    const fresh = await openInvite(rt, token);
    return fresh.state === "active" ? fresh.page : undefined;
  };
  try {
    const connected = await connectThroughInvite(rt, found, pending, query, browser);
    return { ok: true, message: connected, page: await again() };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false, code: error.code, message: error.message, page: await again() };
  }
}

async function connectThroughInvite(
  rt: Runtime,
  found: Found,
  pending: ConsentState,
  query: CallbackQuery,
  browser: BrowserProof,
): Promise<string> {
  const platform = pending.platform as PlatformKey;
  const label = platformLabel(platform);
  if (query.error) throw new AppError("connect_denied", `You did not allow ${label}; nothing was connected.`);
  const code = requireGranted(platform, query);
  requireUsable(found, platform, browser, rt.clock.now(), ` while you were at ${label}`);
  const invite = found.invite;
  // Claimed before the platform is asked anything, and given back if the connection does not happen.
  if (!(await takePlaces(rt, invite.id, 1))) {
    const [now] = await rt.db.select().from(clientInvites).where(eq(clientInvites.id, invite.id));
    const state = inviteState(now!, rt.clock.now());
    throw notActive(state === "active" ? "used_up" : state, ` while you were at ${label}`);
  }
  let taken = 1;
  try {
    const connection = oauthConnectionOf(rt, platform, { invite: true });
    const listed = (await exchangeConsent(rt, pending, connection, code)).filter((a) =>
      offeredIdentity(platform, a.identity.platformUserId),
    );
    const prepared = await forOwner(found, () => prepareConnection(rt, found.owner.id, platform, listed));
    const joining = await joiningAccounts(rt, invite, prepared);
    const need = joining.filter(Boolean).length;
    if (need < taken) await giveBackPlaces(rt, invite.id, taken - need);
    else if (need > taken && !(await takePlaces(rt, invite.id, need - taken))) {
      throw new AppError(
        "invite_full",
        `This ${label} consent brings ${need} accounts and the link has room for fewer; nothing was connected.`,
      );
    }
    taken = need;
    const names = await forOwner(found, () => writeThroughInvite(rt, found, prepared, joining));
    return `Connected ${names.join(", ")} (${label}) to ${found.groupName}.`;
  } catch (error) {
    if (taken > 0) await giveBackPlaces(rt, invite.id, taken);
    throw error;
  }
}

/**
 * For each account the consent brings, whether it joins the group through this invite (taking a place) or is one
 * the invite already has: an account already in the group, or one this invite added before, is refreshed only.
 */
async function joiningAccounts(rt: Runtime, invite: InviteRow, prepared: PreparedConnection) {
  const held = [...prepared.existing.values()];
  const linked = new Set(
    held.length === 0
      ? []
      : (
          await rt.db
            .select({ accountId: clientInviteAccounts.accountId })
            .from(clientInviteAccounts)
            .where(
              and(
                eq(clientInviteAccounts.inviteId, invite.id),
                inArray(
                  clientInviteAccounts.accountId,
                  held.map((a) => a.id),
                ),
              ),
            )
        ).map((r) => r.accountId),
  );
  return prepared.found.map(({ identity }) => {
    const account = prepared.existing.get(identity.platformUserId);
    return !account || (account.groupId !== invite.groupId && !linked.has(account.id));
  });
}

/**
 * One batch: the accounts (in the group) and their credentials, the invite's record of the accounts it added, and
 * the owner's notifications: one per account, and one when this made the invite used up.
 */
async function writeThroughInvite(rt: Runtime, found: Found, prepared: PreparedConnection, joining: boolean[]) {
  const { invite, groupName } = found;
  const now = rt.clock.now();
  const { statements, accountIds, fits } = await connectionWrites(rt, prepared, { groupId: invite.groupId });
  const added = accountIds.filter((_, i) => joining[i]);
  const label = platformLabel(prepared.platform);
  // Each written only with the accounts: while they fit the owner's plan (`fits`).
  const notices = prepared.found.map(({ identity }, i) =>
    notificationInsert(
      rt,
      {
        userId: invite.userId,
        kind: CLIENT_CONNECTED,
        message: `${identity.name} (${label}) ${joining[i] ? "connected" : "reconnected"} to ${groupName} through an invite`,
        data: {
          invite_id: invite.id,
          group_id: invite.groupId,
          account_id: accountIds[i],
          platform: prepared.platform,
        },
      },
      { onlyIf: fits, at: now },
    ),
  );
  const record =
    added.length === 0
      ? []
      : [
          ...added.map((accountId) =>
            insertIf(
              rt.db,
              clientInviteAccounts,
              { inviteId: invite.id, accountId, connectedAt: now },
              fits,
            ).onConflictDoNothing(),
          ),
          rt.db
            .update(clientInvites)
            .set({
              accountsAdded: sql`(SELECT count(*) FROM ${clientInviteAccounts} WHERE ${clientInviteAccounts.inviteId} = ${invite.id})`,
            })
            .where(eq(clientInvites.id, invite.id)),
          usedUpNotice(rt, found, now),
        ];
  const results = await runBatch(rt.db, [...statements, ...record, ...notices]);
  return (await writtenAccounts(rt, prepared, results)).map((a) => a.name);
}

/** The owner's notification that the invite is used up, written only when the batch it is in made it so. */
const usedUpNotice = (rt: Runtime, { invite, groupName }: Found, now: number) =>
  notificationInsert(
    rt,
    {
      userId: invite.userId,
      kind: CLIENT_INVITE_USED_UP,
      message: `Your invite to ${groupName} is used up: clients connected ${invite.maxAccounts} accounts through it`,
      data: { invite_id: invite.id, group_id: invite.groupId },
    },
    {
      dedupeKey: `${CLIENT_INVITE_USED_UP}:${invite.id}`,
      at: now,
      onlyIf: exists(
        rt.db
          .select({ id: clientInvites.id })
          .from(clientInvites)
          .where(
            and(eq(clientInvites.id, invite.id), sql`${clientInvites.accountsAdded} >= ${clientInvites.maxAccounts}`),
          ),
      ),
    },
  );
