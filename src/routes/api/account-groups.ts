// REST routes for account groups: list, read, create, change and delete them.
import { z } from "@hono/zod-openapi";
import { GroupCreateSchema, GroupSchema, GroupUpdateSchema } from "../../schemas/account-groups";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from "../../services/accounts/account-groups";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Account groups"];

const list = authedRoute("accounts:read", {
  operationId: "listAccountGroups",
  method: "get",
  path: "/api/v1/account-groups",
  tags,
  summary: "List your account groups",
  responses: { 200: ok(z.array(GroupSchema), "Groups, oldest first") },
});

const get = authedRoute("accounts:read", {
  operationId: "getAccountGroup",
  method: "get",
  path: "/api/v1/account-groups/{id}",
  tags,
  summary: "Get one account group",
  request: { params: IdParam },
  responses: { 200: ok(GroupSchema, "The group") },
});

const create = authedRoute("accounts:write", {
  operationId: "createAccountGroup",
  method: "post",
  path: "/api/v1/account-groups",
  tags,
  summary: "Create an account group",
  description:
    "A named set of your accounts (a client's, a brand's). An account sits in at most one group: listing it here moves it out of any other. Every plan has groups.",
  request: { body: jsonBody(GroupCreateSchema) },
  errors: ["group_name_taken"],
  responses: { 201: ok(GroupSchema, "The group") },
});

const update = authedRoute("accounts:write", {
  operationId: "updateAccountGroup",
  method: "patch",
  path: "/api/v1/account-groups/{id}",
  tags,
  summary: "Rename a group or set its accounts",
  description: "With `account_ids`, exactly those accounts are in the group afterwards; the others are left ungrouped.",
  request: { params: IdParam, body: jsonBody(GroupUpdateSchema) },
  errors: ["group_name_taken"],
  responses: { 200: ok(GroupSchema, "The group") },
});

const remove = authedRoute("accounts:write", {
  operationId: "deleteAccountGroup",
  method: "delete",
  path: "/api/v1/account-groups/{id}",
  tags,
  summary: "Delete a group",
  description:
    "Its accounts stay connected, ungrouped. Its client invites that are still active are turned off (`revoked`); the accounts they added stay.",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

export const accountGroupRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json({ success: true as const, data: await listGroups(c.var.rt, c.var.principal.userId) }, 200);
  })
  .openapi(get, async (c) => {
    const data = await getGroup(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(create, async (c) => {
    const data = await createGroup(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(update, async (c) => {
    const data = await updateGroup(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteGroup(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
