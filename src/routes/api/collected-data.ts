// REST routes for what flows collected: a flow's summary and the export.
import { CollectedDataPageSchema, CollectedDataQuery, CollectedDataSummarySchema } from "../../schemas/collected-data";
import { ok } from "../../schemas/common";
import { FlowIdParam } from "../../schemas/flows";
import { collectedDataSummary, exportCollectedData } from "../../services/flows/collected-data";
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

export const collectedDataRoutes = createRouter()
  .openapi(summary, async (c) => {
    const data = await collectedDataSummary(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(exportItems, async (c) => {
    const data = await exportCollectedData(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, data }, 200);
  });
