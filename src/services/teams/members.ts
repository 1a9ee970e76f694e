// A workspace's members: list, invite (a seat taken in the invitation's own insert), change role, remove, transfer.
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { apiKeys, members, type Role, users, workspaces } from "../../db/schema";
import { insertUnderLimits } from "../../db/under-limit";
import { iso } from "../../lib/clock";
import { sha256Hex } from "../../lib/crypto";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId, randomToken } from "../../lib/ids";
import { log } from "../../lib/log";
import { grantUserOf, removeConnectedApp } from "../../oauth/grants";
import type { Principal } from "../auth/auth";
import { forgetRememberedPlans } from "../key-gate";
import { sendMail } from "../mail";
import { planOf } from "../plans";
import { aRole, atLeast, requireRole } from "../roles";
import type { Runtime } from "../runtime";
import { onPrimary } from "../runtime";

/** How long an invitation link holds. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type MemberRow = typeof members.$inferSelect;

/** The member a principal acts as; Herald itself (no member) acts as the founder, the owner. */
const actor = (principal: Principal) =>
  principal.member ?? { id: "", personId: principal.userId, role: "owner" as Role };

/** The rows that hold a seat of `workspaceId` at `now`: active members and invitations still valid. */
const holdsSeat = (workspaceId: string, now: number) =>
  and(
    eq(members.workspaceId, workspaceId),
    or(eq(members.status, "active"), and(eq(members.status, "invited"), gt(members.expiresAt, now))),
  );

const present = (row: MemberRow, name: string | null) => ({
  id: row.id,
  email: row.email,
  name,
  role: row.role,
  status: row.status,
  person_id: row.personId,
  joined_at: row.joinedAt === null ? null : iso(row.joinedAt),
  last_active_at: row.lastActiveAt === null ? null : iso(row.lastActiveAt),
  expires_at: row.expiresAt === null ? null : iso(row.expiresAt),
});

export type MemberView = ReturnType<typeof present>;

/** The workspace's members and open invitations, the owner first, then by when they came. */
export async function listMembers(rt: Runtime, workspaceId: string): Promise<MemberView[]> {
  const rows = await rt.db
    .select({ member: members, name: users.name })
    .from(members)
    .leftJoin(users, eq(users.id, members.personId))
    .where(holdsSeat(workspaceId, rt.clock.now()))
    .orderBy(sql`${members.role} = 'owner' DESC`, asc(members.createdAt), asc(members.id));
  return rows.map((r) => present(r.member, r.name));
}

/** The seats the workspace holds now, and its plan's limit. */
export async function seatsOf(rt: Runtime, workspaceId: string, plan: string) {
  const [row] = await rt.db
    .select({ used: sql<number>`count(*)` })
    .from(members)
    .where(holdsSeat(workspaceId, rt.clock.now()));
  return { used: row?.used ?? 0, limit: planOf(plan).seats };
}

const roleRefused = (role: Role, message: string) => new AppError("insufficient_role", message, { role });

/**
 * Invites `email` with `role`: nobody invites above their own role, and the seat is taken in the invitation's own
 * insert (the plan's seats, counting the owner, members and invitations still valid), so invitations at once never
 * take more seats than are free. The link (7 days) is in the answer once and in the mail; an expired invitation of
 * the same email is replaced.
 */
export async function inviteMember(rt: Runtime, principal: Principal, input: { email: string; role: Role }) {
  const me = actor(principal);
  if (!atLeast(me.role, input.role)) {
    throw roleRefused(me.role, `A workspace ${me.role} may not invite an ${input.role}`);
  }
  const workspaceId = principal.userId;
  const email = input.email.trim().toLowerCase();
  const now = rt.clock.now();
  const token = randomToken(43);
  await rt.db
    .delete(members)
    .where(
      and(
        eq(members.workspaceId, workspaceId),
        eq(members.email, email),
        eq(members.status, "invited"),
        lte(members.expiresAt, now),
      ),
    );
  const limit = planOf(principal.plan).seats;
  const row = await insertUnderLimits(
    rt.db,
    members,
    {
      id: newId("mem"),
      workspaceId,
      personId: null,
      email,
      role: input.role,
      status: "invited",
      inviteHash: await sha256Hex(token),
      expiresAt: now + INVITATION_TTL_MS,
      invitedBy: me.id || null,
      createdAt: now,
      joinedAt: null,
      lastActiveAt: null,
    },
    [{ table: members, where: holdsSeat(workspaceId, now), max: limit }],
  );
  if (!row) {
    const [existing] = await onPrimary(rt)
      .db.select({ status: members.status })
      .from(members)
      .where(and(eq(members.workspaceId, workspaceId), eq(members.email, email)));
    if (existing) {
      throw new AppError("member_exists", `${email} is already ${existing.status} here`, { status: existing.status });
    }
    throw new AppError("seat_limit", `The plan's ${limit} seat${limit === 1 ? " is" : "s are"} taken`, { limit });
  }
  const url = `${rt.config.public_base_url}/join/${token}`;
  const emailed = await mailInvitation(rt, principal, row, url);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status: "invited" as const,
    invite_url: url,
    expires_at: iso(row.expiresAt!),
    emailed,
  };
}

/** Mails the invitation link; a mail that cannot go out leaves the invitation (its link is in the answer). */
async function mailInvitation(rt: Runtime, principal: Principal, row: MemberRow, url: string): Promise<boolean> {
  const [names] = await rt.db
    .select({ workspace: workspaces.name, inviter: users.name, inviterEmail: users.email })
    .from(workspaces)
    .leftJoin(users, eq(users.id, actor(principal).personId))
    .where(eq(workspaces.id, principal.userId));
  const who = names?.inviter ?? names?.inviterEmail ?? "Someone";
  const where = names?.workspace ?? "a workspace";
  try {
    await sendMail(rt, {
      to: row.email,
      subject: `${who} invited you to ${where} on Herald`,
      text: [
        `${who} invited you to join ${where} on Herald as ${aRole(row.role)}.`,
        "",
        `Accept by ${iso(row.expiresAt!).slice(0, 10)} (the link holds 7 days): ${url}`,
        "",
        `Sign in or sign up as ${row.email} to accept. If you did not expect this, ignore this mail.`,
      ].join("\n"),
    });
    return true;
  } catch (error) {
    log.error("members.invitation_not_mailed", { member_id: row.id, error });
    return false;
  }
}

/** The member `id` of the workspace (on the primary: a role just changed is read as changed), or 404. */
async function memberOf(rt: Runtime, workspaceId: string, id: string): Promise<MemberRow> {
  const [row] = await onPrimary(rt)
    .db.select()
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.id, id)));
  if (!row || (row.status === "invited" && (row.expiresAt ?? 0) <= rt.clock.now())) throw notFound("Member");
  return row;
}

/** Refuses touching `target`: the owner is changed only by a transfer, and nobody acts on a role above their own. */
function requireMayTouch(me: { id: string; role: Role }, target: MemberRow, what: string) {
  if (target.role === "owner") {
    if (me.role === "owner") {
      throw new AppError("last_owner", `The owner cannot ${what} themselves: transfer ownership first`);
    }
    throw roleRefused(me.role, `A workspace ${me.role} may not ${what} the owner`);
  }
  if (!atLeast(me.role, target.role))
    throw roleRefused(me.role, `A workspace ${me.role} may not ${what} an ${target.role}`);
}

/** The member as the list shows it. */
async function view(rt: Runtime, row: MemberRow): Promise<MemberView> {
  if (!row.personId) return present(row, null);
  const [person] = await rt.db.select({ name: users.name }).from(users).where(eq(users.id, row.personId));
  return present(row, person?.name ?? null);
}

/** Changes a member's (or an invitation's) role; their keys, sessions and grants act with it from the answer on. */
export async function changeMemberRole(rt: Runtime, principal: Principal, id: string, role: Role) {
  const me = actor(principal);
  const target = await memberOf(rt, principal.userId, id);
  requireMayTouch(me, target, "change the role of");
  if (!atLeast(me.role, role)) throw roleRefused(me.role, `A workspace ${me.role} may not make anyone an ${role}`);
  const [row] = await rt.db
    .update(members)
    .set({ role })
    .where(and(eq(members.id, id), eq(members.workspaceId, principal.userId)))
    .returning();
  if (!row) throw notFound("Member");
  if (row.personId) await forgetRememberedPlans(rt, principal.userId, { personId: row.personId, memberId: row.id });
  return view(rt, row);
}

/**
 * Removes a member, or revokes an invitation (its seat is free at once). A removed person's keys in the workspace are
 * revoked, their OAuth grants for it removed, and their sessions in it end: every one is refused on its next request.
 */
export async function removeMember(rt: Runtime, principal: Principal, id: string) {
  const me = actor(principal);
  const target = await memberOf(rt, principal.userId, id);
  requireMayTouch(me, target, "remove");
  return dropMembership(rt, principal.userId, id);
}

/**
 * Ends the member `id` of `workspaceId`: the row goes, then every gate reads again and finds no holder (their keys,
 * grants and sessions there are refused from this answer on), then their keys are marked revoked and their grants
 * removed, so a later invitation brings none back.
 */
async function dropMembership(rt: Runtime, workspaceId: string, id: string) {
  const [gone] = await rt.db
    .delete(members)
    .where(and(eq(members.id, id), eq(members.workspaceId, workspaceId)))
    .returning();
  if (!gone) throw notFound("Member");
  if (gone.personId) {
    await forgetRememberedPlans(rt, workspaceId, { personId: gone.personId, memberId: gone.id });
    await rt.db
      .update(apiKeys)
      .set({ revokedAt: rt.clock.now() })
      .where(
        and(
          eq(apiKeys.userId, workspaceId),
          sql`coalesce(${apiKeys.personId}, ${apiKeys.userId}) = ${gone.personId}`,
          isNull(apiKeys.revokedAt),
        ),
      );
    await removeConnectedApp(rt, grantUserOf({ ...gone, personId: gone.personId }));
  }
  return { id: gone.id, deleted: true as const };
}

/**
 * The member a principal acts as leaves the workspace, whatever their role, with what removal does to their
 * credentials there; the owner cannot (403 `last_owner`: transfer ownership first).
 */
export async function leaveWorkspace(rt: Runtime, principal: Principal) {
  const me = actor(principal);
  if (me.role === "owner" || !me.id) {
    throw new AppError("last_owner", "The owner cannot leave the workspace: transfer ownership first");
  }
  return dropMembership(rt, principal.userId, me.id);
}

/** The owner hands the workspace to an active member, and becomes an admin; both in one batch. */
export async function transferOwnership(rt: Runtime, principal: Principal, id: string) {
  const me = actor(principal);
  requireRole(me.role, "owner", "transfer ownership");
  const target = await memberOf(rt, principal.userId, id);
  if (target.status !== "active" || !target.personId) {
    throw validationError("id", "only a member who joined can become the owner");
  }
  if (target.role === "owner") return view(rt, target);
  await runBatch(rt.db, [
    rt.db
      .update(members)
      .set({ role: "owner" })
      .where(and(eq(members.id, target.id), eq(members.status, "active"))),
    rt.db
      .update(members)
      .set({ role: "admin" })
      .where(
        and(eq(members.workspaceId, principal.userId), eq(members.role, "owner"), sql`${members.id} <> ${target.id}`),
      ),
  ]);
  await Promise.all([
    forgetRememberedPlans(rt, principal.userId, { personId: target.personId, memberId: target.id }),
    forgetRememberedPlans(rt, principal.userId, { personId: me.personId, memberId: me.id }),
  ]);
  return view(rt, { ...target, role: "owner" });
}
