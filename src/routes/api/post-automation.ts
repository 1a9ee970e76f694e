// REST routes for a scheduled post's automation: read, attach, arm and detach it.
import { notFound } from "../../lib/errors";
import {
  AutomationArmSchema,
  AutomationAttachSchema,
  AutomationDetachedSchema,
  PostAutomationSchema,
} from "../../schemas/automation";
import { IdParam, jsonBody, ok } from "../../schemas/common";
import {
  attachAutomation,
  detachAutomation,
  postAutomation,
  setAutomationArmed,
} from "../../services/flows/automation";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Scheduled-post automation"];
const path = "/api/v1/posts/{id}/automation";
const SCOPES = ["posts:write", "flows:write"] as const;

const get = authedRoute("posts:read", {
  method: "get",
  path,
  operationId: "getPostAutomation",
  tags,
  summary: "A scheduled post's automation: the flow that listens for comments on it, and its state",
  request: { params: IdParam },
  responses: { 200: ok(PostAutomationSchema, "The automation") },
});

const attach = authedRoute(SCOPES, {
  method: "put",
  path,
  operationId: "attachPostAutomation",
  tags,
  summary: "Attach a draft flow to a scheduled post (owner only: no agent tool does this)",
  description:
    "The flow listens for comments on this post once it is live on the flow's account. `armed: true` also sets it to turn on with the post.",
  request: { params: IdParam, body: jsonBody(AutomationAttachSchema) },
  errors: ["state_error"],
  responses: { 200: ok(PostAutomationSchema, "The automation") },
});

const arm = authedRoute(SCOPES, {
  method: "patch",
  path,
  operationId: "armPostAutomation",
  tags,
  summary: "Set the automation to turn on with its post, or not (owner only)",
  description:
    "Turning it on needs a flow with no problems; the flow's content is pinned then, and any later edit of the flow turns the setting off. On a post already live it turns the flow on at once; `armed: false` turns a live one off.",
  request: { params: IdParam, body: jsonBody(AutomationArmSchema) },
  errors: ["state_error"],
  responses: { 200: ok(PostAutomationSchema, "The automation") },
});

const detach = authedRoute(SCOPES, {
  method: "delete",
  path,
  operationId: "detachPostAutomation",
  tags,
  summary: "Remove the automation from a scheduled post (detach_post_automation)",
  description: "The flow stays, listening on no post; a live one is turned off.",
  request: { params: IdParam },
  errors: ["state_error"],
  responses: { 200: ok(AutomationDetachedSchema, "Detached") },
});

export const postAutomationRoutes = createRouter()
  .openapi(get, async (c) => {
    const data = await postAutomation(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    if (!data) throw notFound("Automation of this post");
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(attach, async (c) => {
    const data = await attachAutomation(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(arm, async (c) => {
    const { armed } = c.req.valid("json");
    const data = await setAutomationArmed(c.var.rt, c.var.principal.userId, c.req.valid("param").id, armed);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(detach, async (c) => {
    const data = await detachAutomation(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
