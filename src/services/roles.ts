// The roles: one table of what each member role may do (the scopes it allows), beside the plans table; the check.
import { ROLES, type Role } from "../db/schema/teams";
import { AppError } from "../lib/errors";
import { type Principal, roleOf, SCOPES, type Scope } from "./auth/auth";

export type { Role };

const READS: readonly Scope[] = [
  "accounts:read",
  "posts:read",
  "flows:read",
  "webhooks:read",
  "inbox:read",
  "workspace:read",
];

/**
 * The one table of what each role may do: the scopes it allows. A credential of a member (an API key, an OAuth
 * grant, a session) acts with the scopes it holds that its member's role allows, read on every request. The owner
 * alone also changes the plan and transfers ownership (`requireOwner`).
 * - owner, admin: everything.
 * - editor: content (posts, media, posting slots, plugs, feeds, flows and their drafts, review links) and the
 *   agent tools, deleting included, and the inbox (answering, assigning, labelling); not connecting or disconnecting accounts, client invites, webhooks, members,
 *   other people's keys or the workspace's settings.
 * - viewer: reads only.
 */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: SCOPES,
  admin: SCOPES,
  editor: [...READS, "posts:write", "flows:write", "inbox:write", "agent:execute", "agent:destructive"],
  viewer: [...READS, "agent:execute"],
};

export const roleAllows = (role: Role, scope: Scope) => ROLE_SCOPES[role].includes(scope);

/** The roles that may do everything `scopes` need, highest first. */
export const rolesAllowing = (scopes: readonly Scope[]) =>
  ROLES.filter((role) => scopes.every((scope) => roleAllows(role, scope)));

/** The role as a sentence says it: "an editor", "a viewer". */
export const aRole = (role: string) => `${/^[aeiou]/.test(role) ? "an" : "a"} ${role}`;

/** A role's place: 0 is the owner's, the highest. */
const rank = (role: Role) => ROLES.indexOf(role);

/** Whether `role` is `other` or above it. */
export const atLeast = (role: Role, other: Role) => rank(role) <= rank(other);

/** Throws 403 `insufficient_role` unless `role` is at least `needed`. */
export function requireRole(role: Role, needed: Role, what: string): void {
  if (!atLeast(role, needed)) {
    throw new AppError(
      "insufficient_role",
      `Only the workspace's ${needed}${needed === "owner" ? "" : "s"} may ${what}`,
      {
        role,
      },
    );
  }
}

/** 403 `insufficient_role` naming the caller's role when it does not allow every one of `scopes`, else nothing. */
export function roleRefusal(principal: Principal, scopes: readonly Scope[]): AppError | undefined {
  const role = roleOf(principal);
  const beyond = scopes.filter((scope) => !roleAllows(role, scope));
  if (beyond.length === 0) return undefined;
  return new AppError("insufficient_role", `A workspace ${role} may not do this (it needs ${beyond.join(", ")})`, {
    role,
    scope: beyond[0],
  });
}

/**
 * The member's role must allow `scope` (403 `insufficient_role`, naming the role), then the credential must hold it
 * (403 `insufficient_scope`): a credential never does more than its member's role allows, whatever scopes it holds.
 */
export function requireScopeOf(principal: Principal, scope: Scope): void {
  const refused = roleRefusal(principal, [scope]);
  if (refused) throw refused;
  if (!principal.scopes.includes(scope)) {
    throw new AppError("insufficient_scope", `This credential lacks the ${scope} scope`, { scope });
  }
}
