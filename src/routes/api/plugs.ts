// REST routes for a post's plugs: list, arm and remove them.
import { z } from "@hono/zod-openapi";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import { PlugCreateSchema, PlugDeleteQuery, PlugListSchema, PlugSchema } from "../../schemas/plugs";
import { armPlug, listPlugs, removePlug } from "../../services/plugs/plugs";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Plugs"];

const list = authedRoute("posts:read", {
  operationId: "listPlugs",
  method: "get",
  path: "/api/v1/posts/{id}/plugs",
  tags,
  summary: "A post's plugs, the accounts that can carry one, and the limits in use",
  request: { params: IdParam },
  responses: { 200: ok(PlugListSchema, "Plugs, targets and limits") },
  errors: ["feature_disabled"],
});

const arm = authedRoute("posts:write", {
  operationId: "createPlug",
  method: "post",
  path: "/api/v1/posts/{id}/plugs",
  tags,
  summary: "Arm a plug: a one-time repost or comment when a metric reaches its goal",
  description:
    "On a scheduled post the plug waits; its window starts when the post goes live on that account (24 hours on X, checked every 30 minutes; 48 hours elsewhere, every 5 minutes for the first hour, then every 30).",
  request: { params: IdParam, body: jsonBody(PlugCreateSchema) },
  responses: { 201: ok(PlugSchema, "The armed plug") },
  errors: [
    "feature_disabled",
    "post_is_draft",
    "target_not_live",
    "unsupported_platform",
    "unsupported_metric",
    "unsupported_action",
    "plug_limit",
  ],
});

const remove = authedRoute("posts:write", {
  operationId: "deletePlug",
  method: "delete",
  path: "/api/v1/posts/{id}/plugs",
  tags,
  summary: "Remove a plug, in any state but while its action runs",
  request: { params: IdParam, query: PlugDeleteQuery },
  responses: { 200: ok(DeletedSchema.extend({ plug_id: z.string() }), "Removed") },
  errors: ["feature_disabled", "firing"],
});

export const plugRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json(
      { success: true as const, data: await listPlugs(c.var.rt, c.var.principal, c.req.valid("param").id) },
      200,
    );
  })
  .openapi(arm, async (c) => {
    const data = await armPlug(c.var.rt, c.var.principal, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(remove, async (c) => {
    const data = await removePlug(c.var.rt, c.var.principal, c.req.valid("param").id, c.req.valid("query").plug_id);
    return c.json({ success: true as const, data }, 200);
  });
