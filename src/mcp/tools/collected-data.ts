// Agent tools for what flows collected: read it, export it, delete it, and list flows with their stats.
import { z } from "@hono/zod-openapi";
import { validationError } from "../../lib/errors";
import {
  CollectedDataPageSchema,
  CollectedDataQuery,
  CollectedDataSummarySchema,
  EXPORT_LIMIT_DEFAULT,
  EXPORT_LIMIT_MAX,
  FlowStatsQuery,
  FlowStatsSchema,
} from "../../schemas/collected-data";
import {
  collectedDataSummary,
  collectedItemOf,
  deleteCollectedItem,
  deleteFlowCollectedData,
  exportCollectedData,
  requireExportEnabled,
} from "../../services/flows/collected-data";
import { listFlowsWithStats } from "../../services/flows/stats";
import { defineTool } from "../define";
import { camelShape } from "../input";
import { FlowIdInput } from "./flows";

const readTool = { readOnly: true, idempotent: true, openWorld: false } as const;

export const getCollectedDataTool = defineTool({
  name: "get_collected_data",
  title: "Summarise a flow's collected data",
  description:
    "A summary of what a flow has collected: per field (label and type) how many answers and how many valid, and the latest items with a `preview` each. The preview is left out when the answer looks like an email or a phone number (and for email and phone fields); export_collected_data gives whole answers.",
  input: z.object({ flowId: FlowIdInput }).strict(),
  output: CollectedDataSummarySchema,
  scopes: ["flows:read"],
  ...readTool,
  run: ({ rt, principal }, { flowId }) => collectedDataSummary(rt, principal.userId, flowId),
});

const { flow_id, field_type, since, cursor } = CollectedDataQuery.shape;

export const exportCollectedDataTool = defineTool({
  name: "export_collected_data",
  title: "Export collected data",
  description:
    "The answers people gave your flows' questions, newest first: `id`, `flowId`, `flowName`, `fieldType`, `fieldLabel`, `value`, `valid`, `collectedAt`. Filter by `flowId`, `fieldType`, `since` (an ISO date or timestamp); `limit` 1 to 500 (default 100); pass `nextCursor` back as `cursor` for the next page. `total` counts every matching item. Being rolled out to admin accounts first; until then calls are refused (`not_enabled`).",
  input: z
    .object({
      ...camelShape({ flow_id, field_type, since, cursor }),
      limit: z
        .number()
        .int()
        .min(1)
        .max(EXPORT_LIMIT_MAX)
        .default(EXPORT_LIMIT_DEFAULT)
        .describe(`Items per page, 1 to ${EXPORT_LIMIT_MAX}`),
    })
    .strict(),
  output: CollectedDataPageSchema,
  scopes: ["flows:read"],
  gate: ({ rt, principal }) => requireExportEnabled(rt, principal.userId),
  ...readTool,
  run: ({ rt, principal }, input) =>
    exportCollectedData(rt, principal.userId, {
      flow_id: input.flowId,
      field_type: input.fieldType,
      since: input.since,
      limit: input.limit,
      cursor: input.cursor,
    }),
});

const DeleteInput = z
  .object({
    itemId: z.string().min(1).max(100).optional().describe("Delete this one answer (an item's `id`)"),
    flowId: FlowIdInput.optional().describe("Delete every answer this flow collected (the flow stays)"),
  })
  .strict();

/** Exactly one of `itemId` and `flowId`. */
function deleteTarget({ itemId, flowId }: z.infer<typeof DeleteInput>): { itemId: string } | { flowId: string } {
  if (itemId !== undefined && flowId === undefined) return { itemId };
  if (flowId !== undefined && itemId === undefined) return { flowId };
  throw validationError("itemId", "give itemId or flowId, not both");
}

export const deleteCollectedDataTool = defineTool({
  name: "delete_collected_data",
  title: "Delete collected data",
  description:
    "Deletes answers people gave your flows' questions: one answer (`itemId`, an item's `id` from export_collected_data or get_collected_data) or every answer one flow collected (`flowId`; the flow stays). Always asks for confirmation. Answers are also deleted with their flow, and a year after they came.",
  input: DeleteInput,
  output: z.object({ deletedItems: z.number().int().describe("How many answers were deleted") }),
  scopes: ["flows:write"],
  destructive: true,
  readOnly: false,
  idempotent: true,
  openWorld: false,
  preview: async ({ rt, principal }, input) => {
    const target = deleteTarget(input);
    if ("itemId" in target) {
      const item = await collectedItemOf(rt, principal.userId, target.itemId);
      return {
        summary: `Delete the answer ${item.id} to "${item.fieldLabel}" that flow "${item.flowName}" collected at ${item.collectedAt}.`,
        details: { itemId: item.id },
      };
    }
    const summary = await collectedDataSummary(rt, principal.userId, target.flowId);
    return {
      summary: `Delete all ${summary.total} answers flow "${summary.flowName}" collected; the flow stays.`,
      details: { flowId: summary.flowId, answers: summary.total },
    };
  },
  run: async ({ rt, principal }, input) => {
    const target = deleteTarget(input);
    if ("itemId" in target) {
      await deleteCollectedItem(rt, principal.userId, target.itemId);
      return { deletedItems: 1 };
    }
    const { deletedItems } = await deleteFlowCollectedData(rt, principal.userId, target.flowId);
    return { deletedItems };
  },
});

const { from, to, account_id } = FlowStatsQuery.shape;

export const listFlowsWithStatsTool = defineTool({
  name: "list_flows_with_stats",
  title: "List flows with their numbers",
  description:
    "Every flow (oldest first) with what it did over a window (default the last 30 days; `from`/`to` take dates or timestamps): executions started, executions that completed or stopped with an error, and items collected. `accountId` keeps one account's flows.",
  input: z.object({ from, to, ...camelShape({ account_id }) }).strict(),
  output: FlowStatsSchema,
  scopes: ["flows:read"],
  ...readTool,
  run: ({ rt, principal }, { from, to, accountId }) =>
    listFlowsWithStats(rt, principal.userId, { from, to, account_id: accountId }),
});
