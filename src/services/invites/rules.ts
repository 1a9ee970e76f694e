// The rules of client invites: how long a link works, the platforms and identities it may connect, its state.
import { and, gt, isNull, lt, type SQL } from "drizzle-orm";
import { clientInvites } from "../../db/schema";
import type { PlatformKey } from "../../platforms/catalog";
import { INVITE_PLATFORMS, type INVITE_STATES } from "../../schemas/client-invites";

/** An invite link works for 7 days after it is made. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InvitePlatform = (typeof INVITE_PLATFORMS)[number];

export const isInvitePlatform = (platform: string): platform is InvitePlatform =>
  (INVITE_PLATFORMS as readonly string[]).includes(platform);

/**
 * What an invite may connect of a consent's accounts: LinkedIn invites take the member, never the organization
 * pages they run (the sandbox consent page's identities are members too).
 */
export const offeredIdentity = (platform: PlatformKey, platformUserId: string) =>
  platform !== "linkedin" || !platformUserId.startsWith("urn:li:organization:");

export type InviteState = (typeof INVITE_STATES)[number];

export type InviteRow = typeof clientInvites.$inferSelect;

/** The invite's state, checked in this order, so the first terminal state it reached is the one it keeps. */
export function inviteState(row: InviteRow, now: number): InviteState {
  if (row.revokedAt !== null) return "revoked";
  if (row.accountsAdded >= row.maxAccounts) return "used_up";
  if (now >= row.expiresAt) return "expired";
  return "active";
}

/** The same rule in SQL, for guarded updates: the invite is active at `now`. */
export const isActiveAt = (now: number): SQL =>
  and(
    isNull(clientInvites.revokedAt),
    lt(clientInvites.accountsAdded, clientInvites.maxAccounts),
    gt(clientInvites.expiresAt, now),
  )!;

/** Places a returning client's connection may still take. */
export const placesLeft = (row: InviteRow) => Math.max(0, row.maxAccounts - row.placesTaken);

/** Plain words for a link that no longer works; they say nothing about whose link it was. */
export const DEAD_LINK_WORDS: Record<Exclude<InviteState, "active"> | "unknown", { title: string; message: string }> = {
  unknown: {
    title: "This link does not work",
    message: "This invite link is not valid. Check that it was copied whole.",
  },
  expired: { title: "This link has expired", message: "This invite link has expired. Ask for a new one." },
  revoked: { title: "This link was turned off", message: "This invite link was turned off. Ask for a new one." },
  used_up: {
    title: "This link is used up",
    message: "Every place this invite link offered has been taken. Ask for a new one.",
  },
};
