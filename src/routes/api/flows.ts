// REST routes for flows: list, create, generate, read, rename, delete, duplicate, turn on and off; AI credits; the
// step data schemas as OpenAPI components.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { DeletedSchema, jsonBody, jsonContent, ok } from "../../schemas/common";
import { STEP_DATA_COMPONENTS, STEP_TYPES } from "../../schemas/flow-steps";
import {
  AiCreditsSchema,
  FlowCreateSchema,
  FlowGenerateSchema,
  FlowGetQuery,
  FlowIdParam,
  FlowListQuery,
  FlowRenameSchema,
  FlowSchema,
  FlowSummarySchema,
  GeneratedFlowSchema,
} from "../../schemas/flows";
import { aiCreditUsage } from "../../services/ai/ai-credits";
import { generateFlow } from "../../services/flows/generate";
import { activateFlow, deactivateFlow, duplicateFlow } from "../../services/flows/lifecycle";
import { STEP_KINDS } from "../../services/flows/step-kinds";
import { createFlow, deleteFlow, getFlow, listFlows, renameFlow } from "../../services/flows/store";
import { authedRoute } from "../define";
import type { AppEnv } from "../env";
import { createRouter } from "../router";

const tags = ["Flows"];
export const flowStateConflict = ["state_error"] as const;
export const restorePointFailed = ["upstream_error"] as const;

const list = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/flows",
  operationId: "listFlows",
  tags,
  summary: "List flows, newest first",
  description: "Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.",
  request: { query: FlowListQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.array(FlowSummarySchema), next_cursor: z.string().nullable() }),
      "A page of flows",
    ),
  },
});

const create = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows",
  operationId: "createFlow",
  tags,
  summary: "Create an empty draft flow on a messaging account",
  request: { body: jsonBody(FlowCreateSchema) },
  errors: ["validation_error", "platform_user_id_required"],
  responses: { 201: ok(FlowSchema, "The draft") },
});

const generate = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/generate",
  operationId: "generateFlow",
  tags,
  summary: "Build a whole flow from a description (15 AI credits)",
  description:
    "Workers AI builds it when the deployment has the AI binding, a deterministic local builder otherwise (a keyword trigger, a message and a collect step). With `iterate_on_flow_id` it replaces every step of that flow, which must be an empty draft or exactly what generate_flow last built. Out of AI credits: 403 `feature_disabled`, nothing built.",
  request: { body: jsonBody(FlowGenerateSchema) },
  errors: ["feature_disabled", "validation_error", "platform_user_id_required", "state_error", "upstream_error"],
  responses: {
    201: ok(GeneratedFlowSchema, "The flow built, who built it, and the month's AI credits"),
  },
});

const credits = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/ai-credits",
  operationId: "getAiCredits",
  tags,
  summary: "AI credits used this month (UTC) and the plan's allowance",
  responses: { 200: ok(AiCreditsSchema, "This month's AI credits") },
});

const get = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/flows/{id}",
  operationId: "getFlow",
  tags,
  summary: "Get a flow: steps (summaries), connections and problems",
  description: "With `node_id` (a step's id or name) the answer adds that step's full data as `node`.",
  request: { params: FlowIdParam, query: FlowGetQuery },
  responses: { 200: ok(FlowSchema, "The flow") },
});

const rename = authedRoute("flows:write", {
  method: "patch",
  path: "/api/v1/flows/{id}",
  operationId: "renameFlow",
  tags,
  summary: "Rename a flow (in any state)",
  request: { params: FlowIdParam, body: jsonBody(FlowRenameSchema) },
  responses: { 200: ok(FlowSchema, "The flow") },
});

const remove = authedRoute("flows:write", {
  method: "delete",
  path: "/api/v1/flows/{id}",
  operationId: "deleteFlow",
  tags,
  summary: "Delete a flow (a live one stops; a post it listened on has no automation any more)",
  description: "Every answer the flow collected is deleted with it.",
  request: { params: FlowIdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

const duplicate = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/{id}/duplicate",
  operationId: "duplicateFlow",
  tags,
  summary: "Duplicate a flow as a draft with new ids",
  description: "The copy listens on no scheduled post. Duplicate a live flow to edit it.",
  request: { params: FlowIdParam },
  responses: { 201: ok(FlowSchema, "The copy") },
});

const activate = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/{id}/activate",
  operationId: "activateFlow",
  tags,
  summary: "Turn a flow on (only with no problems); its content is pinned as the version that runs",
  request: { params: FlowIdParam },
  errors: ["state_error", "upstream_error"],
  responses: {
    200: ok(FlowSchema, "The live flow"),
  },
});

const deactivate = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/{id}/deactivate",
  operationId: "deactivateFlow",
  tags,
  summary: "Turn a live flow off",
  request: { params: FlowIdParam },
  errors: ["state_error"],
  responses: { 200: ok(FlowSchema, "The flow, off") },
});

export const flowRoutes = createRouter()
  .openapi(list, async (c) => {
    const page = await listFlows(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, ...page }, 200);
  })
  .openapi(create, async (c) => {
    const data = await createFlow(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(generate, async (c) => {
    const data = await generateFlow(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(credits, async (c) => {
    return c.json({ success: true as const, data: await aiCreditUsage(c.var.rt, c.var.principal.userId) }, 200);
  })
  .openapi(get, async (c) => {
    const { id } = c.req.valid("param");
    const data = await getFlow(c.var.rt, c.var.principal.userId, id, c.req.valid("query").node_id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(rename, async (c) => {
    const data = await renameFlow(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("json").name);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteFlow(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(duplicate, async (c) => {
    const data = await duplicateFlow(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(activate, async (c) => {
    const data = await activateFlow(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(deactivate, async (c) => {
    const data = await deactivateFlow(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });

/** Each step type's `data` schema as an OpenAPI component: `FlowStep.data` is one of them (herald://node-types too). */
export function registerStepDataSchemas(app: OpenAPIHono<AppEnv>) {
  for (const type of STEP_TYPES) app.openAPIRegistry.register(STEP_DATA_COMPONENTS[type], STEP_KINDS[type].data);
}
