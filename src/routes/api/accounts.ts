// REST routes for connected accounts: list, read, move to a group, disconnect.
import { z } from "@hono/zod-openapi";
import { AccountGroupPatch } from "../../schemas/account-groups";
import { AccountListQuery, AccountSchema } from "../../schemas/accounts";
import { IdParam, jsonBody, ok } from "../../schemas/common";
import { setAccountGroup } from "../../services/accounts/account-groups";
import { getOwnedAccount, listAccounts, presentAccount } from "../../services/accounts/accounts";
import { disconnectAccount } from "../../services/accounts/connect";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const list = authedRoute("accounts:read", {
  operationId: "listConnectedAccounts",
  method: "get",
  path: "/api/v1/connected-accounts",
  tags: ["Accounts"],
  summary: "List connected accounts",
  request: { query: AccountListQuery },
  responses: { 200: ok(z.array(AccountSchema), "The user's connected accounts, oldest first") },
});

const get = authedRoute("accounts:read", {
  operationId: "getConnectedAccount",
  method: "get",
  path: "/api/v1/connected-accounts/{id}",
  tags: ["Accounts"],
  summary: "Get one connected account",
  request: { params: IdParam },
  responses: { 200: ok(AccountSchema, "The account") },
});

const move = authedRoute("accounts:write", {
  operationId: "updateConnectedAccount",
  method: "patch",
  path: "/api/v1/connected-accounts/{id}",
  tags: ["Accounts"],
  summary: "Move an account into one of your groups, or out of its group",
  description: "An account sits in at most one group. Another user's group is 404.",
  request: { params: IdParam, body: jsonBody(AccountGroupPatch) },
  responses: { 200: ok(AccountSchema, "The account") },
});

const disconnect = authedRoute("accounts:write", {
  operationId: "disconnectAccount",
  method: "delete",
  path: "/api/v1/connected-accounts/{id}",
  tags: ["Accounts"],
  summary: "Disconnect an account",
  description:
    "Deletes the account's stored credentials and marks it `disconnected`. Posts scheduled to it fail at publish time with `account_disconnected`; connecting the same identity again brings it back. Sends `account.disconnected` (reason `owner`) once. The platform is then asked to revoke the tokens (X, Mastodon accounts connected through OAuth), in the background: a revocation that fails never blocks the disconnect.",
  request: { params: IdParam },
  responses: { 200: ok(AccountSchema, "The account, now disconnected") },
});

export const accountRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listAccounts(c.var.rt, c.var.principal.userId, c.req.valid("query").platform);
    return c.json({ success: true as const, data: rows.map(presentAccount) }, 200);
  })
  .openapi(get, async (c) => {
    const row = await getOwnedAccount(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data: presentAccount(row) }, 200);
  })
  .openapi(move, async (c) => {
    const { group_id: groupId } = c.req.valid("json");
    const row = await setAccountGroup(c.var.rt, c.var.principal.userId, c.req.valid("param").id, groupId);
    return c.json({ success: true as const, data: presentAccount(row) }, 200);
  })
  .openapi(disconnect, async (c) => {
    const row = await disconnectAccount(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data: presentAccount(row) }, 200);
  });
