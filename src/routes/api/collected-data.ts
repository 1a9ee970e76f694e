// REST routes for what flows collected: a flow's summary, the export, and deleting answers.
import {
  CollectedDataDeletedSchema,
  CollectedDataPageSchema,
  CollectedDataQuery,
  CollectedDataSummarySchema,
} from "../../schemas/collected-data";
import { DeletedSchema, IdParam, ok } from "../../schemas/common";
import { FlowIdParam } from "../../schemas/flows";
import {
  collectedDataSummary,
  deleteCollectedItem,
  deleteFlowCollectedData,
  exportCollectedData,
} from "../../services/flows/collected-data";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Flows"];

const summary = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/flows/{id}/collected-data/summary",
  operationId: "getCollectedDataSummary",
  tags,
  summary: "What a flow has collected: counts per field and the latest answers (previews only)",
  description:
    "The agent tool `get_collected_data`. A recent item's `preview` is left out when the answer looks like an email or a phone number, and for email and phone fields; the whole answers are in the export.",
  request: { params: FlowIdParam },
  responses: { 200: ok(CollectedDataSummarySchema, "The flow's collected data, summarised") },
});

const exportItems = authedRoute("flows:read", {
  method: "get",
  path: "/api/v1/collected-data",
  operationId: "exportCollectedData",
  tags,
  summary: "Export collected data, newest first, a page at a time",
  description:
    "The agent tool `export_collected_data`. Pass `nextCursor` from one page as `cursor` for the next (null on the last); items collected while you page do not shift later pages. Being rolled out to admin accounts first: until it reaches you, 403 `not_enabled`.",
  request: { query: CollectedDataQuery },
  errors: ["not_enabled"],
  responses: { 200: ok(CollectedDataPageSchema, "A page of collected items") },
});

const removeItem = authedRoute("flows:write", {
  method: "delete",
  path: "/api/v1/collected-data/{id}",
  operationId: "deleteCollectedItem",
  tags,
  summary: "Delete one collected answer",
  description:
    "The agent tool `delete_collected_data` with `itemId`. Gone at once from the export and the summary; not behind the export's rollout. Answers are also deleted with their flow, and a year after they came.",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

const removeFlowItems = authedRoute("flows:write", {
  method: "delete",
  path: "/api/v1/flows/{id}/collected-data",
  operationId: "deleteFlowCollectedData",
  tags,
  summary: "Delete every answer a flow collected",
  description:
    "The agent tool `delete_collected_data` with `flowId`. The flow stays (deleting the flow deletes its answers too); answers collected later are kept until deleted.",
  request: { params: FlowIdParam },
  responses: { 200: ok(CollectedDataDeletedSchema, "How many answers were deleted") },
});

export const collectedDataRoutes = createRouter()
  .openapi(summary, async (c) => {
    const data = await collectedDataSummary(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(exportItems, async (c) => {
    const data = await exportCollectedData(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(removeItem, async (c) => {
    const data = await deleteCollectedItem(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(removeFlowItems, async (c) => {
    const data = await deleteFlowCollectedData(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
