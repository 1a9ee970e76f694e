// REST routes for a flow's executions: list them and stop one.
import { z } from "@hono/zod-openapi";
import { jsonContent, ok } from "../../schemas/common";
import { ExecutionListQuery, ExecutionParams, FlowExecutionSchema, FlowIdParam } from "../../schemas/flows";
import { listExecutions, stopFlowExecution } from "../../services/flows/executions";
import { authedRoute } from "../define";
import { createRouter } from "../router";
import { flowStateConflict } from "./flows";

const tags = ["Flows"];

const list = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/flows/{id}/executions",
  operationId: "listFlowExecutions",
  tags,
  summary: "A flow's executions (one per person it started for), newest first",
  description:
    "`status` keeps one kind. Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.",
  request: { params: FlowIdParam, query: ExecutionListQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.array(FlowExecutionSchema), next_cursor: z.string().nullable() }),
      "A page of executions",
    ),
  },
});

const stop = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/{id}/executions/{executionId}/stop",
  operationId: "stopFlowExecution",
  tags,
  summary: "Stop an execution under way: it ends before its next step and sends nothing more",
  description: "An execution that has already ended (completed, stopped or errored) is `state_error`.",
  request: { params: ExecutionParams },
  errors: flowStateConflict,
  responses: { 200: ok(FlowExecutionSchema, "The execution, stopped") },
});

export const flowExecutionRoutes = createRouter()
  .openapi(list, async (c) => {
    const page = await listExecutions(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("query"));
    return c.json({ success: true as const, ...page }, 200);
  })
  .openapi(stop, async (c) => {
    const { id, executionId } = c.req.valid("param");
    const data = await stopFlowExecution(c.var.rt, c.var.principal.userId, id, executionId);
    return c.json({ success: true as const, data }, 200);
  });
