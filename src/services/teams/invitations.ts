// Accepting an invitation: the invited person (by their login's email) joins the workspace with the invited role.
import { and, eq, gt } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { members, users, workspaces } from "../../db/schema";
import { sha256Hex } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { onPrimary, type Runtime } from "../runtime";

const expired = () => new AppError("invitation_expired", "The invitation expired, was used or was revoked");

const inviterMember = alias(members, "inviter_member");

/**
 * What an invitation link shows before it is accepted (the workspace, who invited, the role, the invited email), or
 * 410 `invitation_expired`.
 */
export async function openInvitation(rt: Runtime, token: string) {
  const hash = await sha256Hex(token);
  const [row] = await onPrimary(rt)
    .db.select({
      id: members.id,
      email: members.email,
      role: members.role,
      workspace: workspaces.name,
      inviterName: users.name,
      inviterEmail: users.email,
    })
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .leftJoin(inviterMember, eq(inviterMember.id, members.invitedBy))
    .leftJoin(users, eq(users.id, inviterMember.personId))
    .where(and(eq(members.inviteHash, hash), eq(members.status, "invited"), gt(members.expiresAt, rt.clock.now())));
  if (!row) throw expired();
  const { inviterName, inviterEmail, ...invitation } = row;
  return { ...invitation, inviter: inviterName || inviterEmail || "Someone" };
}

/**
 * The person `personId` accepts the invitation of `token`: their login's email must be the invited one
 * (case-insensitive; else 403 `invitation_email_mismatch` and nothing changes); a used, expired or revoked link is 410
 * `invitation_expired`. The seat was taken by the invitation; the accepting write is guarded so a link is used once.
 */
export async function acceptInvitation(rt: Runtime, personId: string, token: string) {
  const invitation = await openInvitation(rt, token);
  const [person] = await rt.db.select({ email: users.email }).from(users).where(eq(users.id, personId));
  if (!person || person.email.toLowerCase() !== invitation.email) {
    throw new AppError(
      "invitation_email_mismatch",
      "The invitation is for another email: sign in as the person it was sent to",
    );
  }
  const now = rt.clock.now();
  const [joined] = await rt.db
    .update(members)
    .set({ status: "active", personId, joinedAt: now, inviteHash: null, expiresAt: null })
    .where(
      and(
        eq(members.id, invitation.id),
        eq(members.inviteHash, await sha256Hex(token)),
        eq(members.status, "invited"),
        gt(members.expiresAt, now),
      ),
    )
    .returning();
  if (!joined) throw expired();
  return {
    workspace_id: joined.workspaceId,
    workspace_name: invitation.workspace,
    member_id: joined.id,
    role: joined.role,
  };
}
