// REST routes that edit a flow: its steps and connections, its revisions, and a revert.
import { z } from "@hono/zod-openapi";
import { jsonBody, jsonContent, ok } from "../../schemas/common";
import {
  EdgeAddSchema,
  EdgeParams,
  FlowIdParam,
  FlowSchema,
  NodeAddSchema,
  NodeParams,
  NodeUpdateSchema,
  RevertSchema,
  RevisionListQuery,
  RevisionSchema,
} from "../../schemas/flows";
import { addEdge, addNode, deleteEdge, deleteNode, revertFlow, updateNode } from "../../services/flows/edits";
import { listRevisions } from "../../services/flows/revisions";
import { authedRoute } from "../define";
import { createRouter } from "../router";
import { flowStateConflict, restorePointFailed } from "./flows";

const tags = ["Flow edits"];
const EDIT_RULES =
  "Drafts only. The flow as it stands is saved first as a revision (Before AI edit), in the same write; a concurrent change makes one of two writes fail with `state_error` (`wait_then_retry`), having changed nothing. An edit turns off an automation set to turn on with its post (`notice`).";
const editResponses = (description: string) => ({ 200: ok(FlowSchema, description) });
const EDIT_ERRORS = [...flowStateConflict, ...restorePointFailed];

const updateNodeRoute = authedRoute("flows:write", {
  method: "patch",
  path: "/api/v1/flows/{id}/nodes/{nodeId}",
  operationId: "updateFlowNode",
  tags,
  summary: "Update one step (update_node)",
  description: `Top-level keys of \`data\` are set, content blocks merge by \`id\`, a trigger's \`config\` merges by key, keys left out are kept; \`text\`, \`link\`, \`keywords\` and \`remove_block_ids\` are shorthands. ${EDIT_RULES}`,
  request: { params: NodeParams, body: jsonBody(NodeUpdateSchema) },
  errors: EDIT_ERRORS,
  responses: editResponses("The flow"),
});

const addNodeRoute = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/{id}/nodes",
  operationId: "addFlowNode",
  tags,
  summary: "Add a step (add_node)",
  description: `The step is not connected yet: add connections with POST …/edges. ${EDIT_RULES}`,
  request: { params: FlowIdParam, body: jsonBody(NodeAddSchema) },
  errors: EDIT_ERRORS,
  responses: editResponses("The flow"),
});

const deleteNodeRoute = authedRoute("flows:write", {
  method: "delete",
  path: "/api/v1/flows/{id}/nodes/{nodeId}",
  operationId: "deleteFlowNode",
  tags,
  summary: "Remove a step and its connections (delete_node)",
  description: EDIT_RULES,
  request: { params: NodeParams },
  errors: EDIT_ERRORS,
  responses: editResponses("The flow"),
});

const addEdgeRoute = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/{id}/edges",
  operationId: "addFlowEdge",
  tags,
  summary: "Connect two steps (add_edge)",
  description: `\`handle\` is where it leaves \`from\`: a postback button's id, \`true\`/\`false\` of a condition, \`valid\`/\`invalid\` of a collect step, or none. ${EDIT_RULES}`,
  request: { params: FlowIdParam, body: jsonBody(EdgeAddSchema) },
  errors: EDIT_ERRORS,
  responses: editResponses("The flow"),
});

const deleteEdgeRoute = authedRoute("flows:write", {
  method: "delete",
  path: "/api/v1/flows/{id}/edges/{edgeId}",
  operationId: "deleteFlowEdge",
  tags,
  summary: "Remove a connection (delete_edge)",
  description: EDIT_RULES,
  request: { params: EdgeParams },
  errors: EDIT_ERRORS,
  responses: editResponses("The flow"),
});

const revisions = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/flows/{id}/revisions",
  operationId: "listFlowRevisions",
  tags,
  summary: "A flow's saved versions, newest first (get_flow_revisions)",
  request: { params: FlowIdParam, query: RevisionListQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.array(RevisionSchema), next_cursor: z.string().nullable() }),
      "A page of revisions",
    ),
  },
});

const revert = authedRoute("flows:write", {
  method: "post",
  path: "/api/v1/flows/{id}/revert",
  operationId: "revertFlow",
  tags,
  summary: "Restore a revision (revert_flow_to_version)",
  description: EDIT_RULES,
  request: { params: FlowIdParam, body: jsonBody(RevertSchema) },
  errors: EDIT_ERRORS,
  responses: editResponses("The flow, as the revision held it"),
});

export const flowEditRoutes = createRouter()
  .openapi(updateNodeRoute, async (c) => {
    const { id, nodeId } = c.req.valid("param");
    const data = await updateNode(c.var.rt, c.var.principal.userId, id, nodeId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(addNodeRoute, async (c) => {
    const data = await addNode(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(deleteNodeRoute, async (c) => {
    const { id, nodeId } = c.req.valid("param");
    const data = await deleteNode(c.var.rt, c.var.principal.userId, id, nodeId);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(addEdgeRoute, async (c) => {
    const data = await addEdge(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(deleteEdgeRoute, async (c) => {
    const { id, edgeId } = c.req.valid("param");
    const data = await deleteEdge(c.var.rt, c.var.principal.userId, id, edgeId);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(revisions, async (c) => {
    const page = await listRevisions(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("query"));
    return c.json({ success: true as const, ...page }, 200);
  })
  .openapi(revert, async (c) => {
    const { revision_id } = c.req.valid("json");
    const data = await revertFlow(c.var.rt, c.var.principal.userId, c.req.valid("param").id, revision_id);
    return c.json({ success: true as const, data }, 200);
  });
