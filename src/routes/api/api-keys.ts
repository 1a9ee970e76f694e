// REST routes for API keys: create, list and revoke them.
import { z } from "@hono/zod-openapi";
import { ApiKeySchema, CreateApiKeyBody, CreatedApiKeySchema } from "../../schemas/api-keys";
import { IdParam, jsonBody, ok } from "../../schemas/common";
import { createApiKeyAs, listApiKeys, revokeApiKey } from "../../services/auth/api-keys";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const create = authedRoute("accounts:write", {
  operationId: "createApiKey",
  method: "post",
  path: "/api/v1/api-keys",
  tags: ["API keys"],
  summary: "Create an API key",
  description:
    "The answer holds the whole key; it is stored only as a hash and is never shown again. Only an API key (or the signed-in person, on the settings page) may create one: an OAuth token is refused with 403 `insufficient_scope`, so an app can never hold a credential that outlives its removal. A user holds at most 50 active keys (409 `limit_reached`: revoke one).",
  request: { body: jsonBody(CreateApiKeyBody) },
  errors: ["insufficient_scope", "limit_reached"],
  responses: {
    201: ok(CreatedApiKeySchema, "The new key, shown once"),
  },
});

const list = authedRoute("accounts:read", {
  operationId: "listApiKeys",
  method: "get",
  path: "/api/v1/api-keys",
  tags: ["API keys"],
  summary: "List API keys",
  description:
    "Each key with the member it acts as (`member`: null once that person left the workspace). An owner or admin sees every key of the workspace; an editor or viewer only their own.",
  responses: { 200: ok(z.array(ApiKeySchema), "The keys, newest first, revoked ones included") },
});

const revoke = authedRoute("accounts:write", {
  operationId: "revokeApiKey",
  method: "delete",
  path: "/api/v1/api-keys/{id}",
  tags: ["API keys"],
  summary: "Revoke an API key",
  description:
    "The key is refused on every request made after this answer, everywhere: the answer waits (at most 2 s) until no Worker instance may still admit it. Revoking a revoked key answers with it unchanged.",
  request: { params: IdParam },
  responses: { 200: ok(ApiKeySchema, "The revoked key") },
});

export const apiKeyRoutes = createRouter()
  .openapi(create, async (c) => {
    const data = await createApiKeyAs(c.var.rt, c.var.principal, c.req.valid("json").name);
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    const data = await listApiKeys(c.var.rt, c.var.principal);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(revoke, async (c) => {
    const data = await revokeApiKey(c.var.rt, c.var.principal, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
