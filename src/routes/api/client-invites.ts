// REST routes for client invites: create, list and turn them off.
import { z } from "@hono/zod-openapi";
import {
  ClientInviteCreateSchema,
  ClientInviteDeleteQuery,
  ClientInviteListQuery,
  ClientInviteSchema,
  CreatedClientInviteSchema,
} from "../../schemas/client-invites";
import { jsonBody, ok } from "../../schemas/common";
import { createClientInvite, listClientInvites, revokeClientInvite } from "../../services/invites/manage";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Client invites"];

const create = authedRoute("accounts:write", {
  operationId: "createClientInvite",
  method: "post",
  path: "/api/v1/client-invites",
  tags,
  summary: "Create an invite link for a client to connect their accounts into one of your groups",
  description:
    "Plans: Studio, Pro, Agency (others: 403 `feature_disabled`). The link (`url`, shown only in this answer) works for 7 days and for up to `max_accounts` accounts; the client needs no Herald account. Each account counts toward your plan's account limit. Another user's group is 404.",
  request: { body: jsonBody(ClientInviteCreateSchema) },
  responses: { 201: ok(CreatedClientInviteSchema, "The invite, with its link") },
});

const list = authedRoute("accounts:read", {
  operationId: "listClientInvites",
  method: "get",
  path: "/api/v1/client-invites",
  tags,
  summary: "List your client invites with their state and the accounts each added",
  request: { query: ClientInviteListQuery },
  responses: { 200: ok(z.array(ClientInviteSchema), "Invites, newest first") },
});

const remove = authedRoute("accounts:write", {
  operationId: "revokeClientInvite",
  method: "delete",
  path: "/api/v1/client-invites",
  tags,
  summary: "Turn an invite off",
  description:
    "The link stops working; the accounts it added stay connected. An invite that is no longer active is left as it is: 409 `invite_not_active` with its `state`.",
  request: { query: ClientInviteDeleteQuery },
  errors: ["invite_not_active"],
  responses: {
    200: ok(ClientInviteSchema, "The invite, now revoked"),
  },
});

export const clientInviteRoutes = createRouter()
  .openapi(create, async (c) => {
    const data = await createClientInvite(c.var.rt, c.var.principal, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    const groupId = c.req.valid("query").group_id;
    const data = await listClientInvites(c.var.rt, c.var.principal.userId, { groupId });
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await revokeClientInvite(c.var.rt, c.var.principal.userId, c.req.valid("query").invite_id);
    return c.json({ success: true as const, data }, 200);
  });
