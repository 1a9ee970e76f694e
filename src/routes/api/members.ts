// REST routes for a workspace's people: members and invitations (invite, list, role, remove, transfer), accepting
// an invitation, and the workspace's settings.
import { z } from "@hono/zod-openapi";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import {
  AcceptInvitationBody,
  InvitedMemberSchema,
  InviteMemberBody,
  MemberSchema,
  UpdateMemberBody,
  UpdateWorkspaceBody,
  WorkspaceSchema,
} from "../../schemas/members";
import { acceptInvitation } from "../../services/teams/invitations";
import {
  changeMemberRole,
  inviteMember,
  leaveWorkspace,
  listMembers,
  removeMember,
  transferOwnership,
} from "../../services/teams/members";
import { getWorkspace, updateWorkspace } from "../../services/teams/workspace";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Members"];

const list = authedRoute("workspace:read", {
  operationId: "listMembers",
  method: "get",
  path: "/api/v1/members",
  tags,
  summary: "List the workspace's members and open invitations",
  responses: { 200: ok(z.array(MemberSchema), "Members, the owner first, then by when they were invited") },
});

const invite = authedRoute("workspace:write", {
  operationId: "inviteMember",
  method: "post",
  path: "/api/v1/members",
  tags,
  summary: "Invite someone to the workspace",
  description:
    "Mails an invitation link valid 7 days; the link is in this answer once and never again. Nobody invites above their own role (403 `insufficient_role`); the owner changes only by a transfer. Each invitation takes a seat of the plan until it is accepted, revoked or expires (403 `seat_limit`, counted inside the invitation's own write).",
  request: { body: jsonBody(InviteMemberBody) },
  errors: ["seat_limit", "member_exists"],
  responses: { 201: ok(InvitedMemberSchema, "The invitation, with its link shown once") },
});

const update = authedRoute("workspace:write", {
  operationId: "updateMember",
  method: "patch",
  path: "/api/v1/members/{id}",
  tags,
  summary: "Change a member's role",
  description:
    "The member's keys, sessions and OAuth grants act with the new role from this answer on. An admin cannot change the owner, nobody grants a role above their own (403 `insufficient_role`); the owner steps down only by a transfer (403 `last_owner`).",
  request: { params: IdParam, body: jsonBody(UpdateMemberBody) },
  errors: ["last_owner"],
  responses: { 200: ok(MemberSchema, "The member") },
});

const remove = authedRoute("workspace:write", {
  operationId: "removeMember",
  method: "delete",
  path: "/api/v1/members/{id}",
  tags,
  summary: "Remove a member, or revoke an invitation",
  description:
    "A removed person's API keys in this workspace are revoked, their OAuth grants removed and their sessions here end: each is 401 on its next request. An invitation not yet accepted is revoked and its seat freed. An admin cannot remove the owner (403 `insufficient_role`), and the owner cannot leave (403 `last_owner`).",
  request: { params: IdParam },
  errors: ["last_owner"],
  responses: { 200: ok(DeletedSchema, "Removed") },
});

const transfer = authedRoute("workspace:write", {
  operationId: "transferOwnership",
  method: "post",
  path: "/api/v1/members/{id}/transfer-ownership",
  tags,
  summary: "Make a member the owner",
  description: "Only the owner may; they become an admin, in the same write.",
  request: { params: IdParam },
  responses: { 200: ok(MemberSchema, "The new owner") },
});

const leave = authedRoute("workspace:read", {
  operationId: "leaveWorkspace",
  method: "post",
  path: "/api/v1/workspace/leave",
  tags,
  summary: "Leave the workspace",
  description:
    "The caller's member leaves, whatever their role: as on removal, their API keys in this workspace (this one included) are revoked, their OAuth grants removed and their sessions here end, each 401 on its next request. The owner cannot leave (403 `last_owner`): transfer ownership first.",
  errors: ["last_owner"],
  responses: { 200: ok(DeletedSchema, "Left: the member that was") },
});

const accept = authedRoute("workspace:read", {
  operationId: "acceptInvitation",
  method: "post",
  path: "/api/v1/invitations/accept",
  tags,
  summary: "Accept an invitation",
  description:
    "As the invited person, with any credential of theirs: their login's email must be the invited one (403 `invitation_email_mismatch`, nothing changes). A used, expired or revoked link is 410 `invitation_expired`.",
  request: { body: jsonBody(AcceptInvitationBody) },
  errors: ["invitation_email_mismatch", "invitation_expired"],
  responses: {
    200: ok(
      z.object({ workspace_id: z.string(), workspace_name: z.string(), member_id: z.string(), role: z.string() }),
      "The workspace joined",
    ),
  },
});

const workspace = authedRoute("workspace:read", {
  operationId: "getWorkspace",
  method: "get",
  path: "/api/v1/workspace",
  tags,
  summary: "The workspace's settings, seats and your role",
  responses: { 200: ok(WorkspaceSchema, "The workspace") },
});

const updateSettings = authedRoute("workspace:write", {
  operationId: "updateWorkspace",
  method: "patch",
  path: "/api/v1/workspace",
  tags,
  summary: "Change the workspace's settings",
  request: { body: jsonBody(UpdateWorkspaceBody) },
  responses: { 200: ok(WorkspaceSchema, "The workspace") },
});

export const memberRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json({ success: true as const, data: await listMembers(c.var.rt, c.var.principal.userId) }, 200);
  })
  .openapi(invite, async (c) => {
    const data = await inviteMember(c.var.rt, c.var.principal, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(update, async (c) => {
    const { id } = c.req.valid("param");
    const data = await changeMemberRole(c.var.rt, c.var.principal, id, c.req.valid("json").role);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await removeMember(c.var.rt, c.var.principal, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(transfer, async (c) => {
    const data = await transferOwnership(c.var.rt, c.var.principal, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(leave, async (c) => {
    return c.json({ success: true as const, data: await leaveWorkspace(c.var.rt, c.var.principal) }, 200);
  })
  .openapi(accept, async (c) => {
    const { principal } = c.var;
    const person = principal.member?.personId ?? principal.userId;
    const data = await acceptInvitation(c.var.rt, person, c.req.valid("json").token);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(workspace, async (c) => {
    return c.json({ success: true as const, data: await getWorkspace(c.var.rt, c.var.principal) }, 200);
  })
  .openapi(updateSettings, async (c) => {
    const data = await updateWorkspace(c.var.rt, c.var.principal, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  });
