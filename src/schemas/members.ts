// Zod schemas of a workspace's members, invitations and settings: a member, an invitation made, the bodies.
import { z } from "@hono/zod-openapi";
import { MEMBER_STATUSES, ROLES, WORKSPACE_NAME_MAX } from "../db/schema/teams";
import { Timestamp } from "./common";

/** The roles an invitation or a role change may give: the one owner changes only by a transfer of ownership. */
export const GRANTABLE_ROLES = ["admin", "editor", "viewer"] as const;

export const MemberSchema = z
  .object({
    id: z.string().openapi({ example: "mem_4fQm9Zx2" }),
    email: z.string(),
    name: z.string().nullable().openapi({ description: "The person's display name; null while invited" }),
    role: z.enum(ROLES),
    status: z.enum(MEMBER_STATUSES),
    person_id: z
      .string()
      .nullable()
      .openapi({ description: "The person's login (what an inbox assignee names); null while invited" }),
    joined_at: Timestamp.nullable(),
    last_active_at: Timestamp.nullable(),
    expires_at: Timestamp.nullable().openapi({ description: "Until when the invitation holds; null once joined" }),
  })
  .openapi("Member");

export const InvitedMemberSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    status: z.literal("invited"),
    invite_url: z.string().openapi({ description: "The invitation link. Shown once, here (and in the mail)." }),
    expires_at: Timestamp,
    emailed: z.boolean().openapi({ description: "Whether the mail with the link went out (else share it yourself)" }),
  })
  .openapi("InvitedMember");

export const InviteMemberBody = z
  .object({
    email: z.email().max(320),
    role: z.enum(GRANTABLE_ROLES),
  })
  .openapi("InviteMember");

export const UpdateMemberBody = z.object({ role: z.enum(GRANTABLE_ROLES) }).openapi("UpdateMember");

export const AcceptInvitationBody = z.object({ token: z.string().min(1).max(200) }).openapi("AcceptInvitation");

export const WorkspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    plan: z.string(),
    seats: z.object({ used: z.number().int(), limit: z.number().int() }),
    role: z.enum(ROLES).openapi({ description: "The caller's role here" }),
  })
  .openapi("Workspace");

export const UpdateWorkspaceBody = z
  .object({ name: z.string().trim().min(1).max(WORKSPACE_NAME_MAX) })
  .openapi("UpdateWorkspace");
