// Zod schemas of what flows collected: an item, the export's filters and paging, a flow's summary.
import { z } from "@hono/zod-openapi";
import { COLLECT_FIELD_TYPES } from "../db/schema/flow-runs";
import { FLOW_STATUSES } from "../db/schema/flows";
import { PlatformKeySchema } from "./accounts";
import { AnalyticsOverviewQuery, isDateOrTimestamp } from "./analytics";

/** The most items one export page holds (SPEC Limits: `limit` 1 to 500, default 100). */
export const EXPORT_LIMIT_MAX = 500;
export const EXPORT_LIMIT_DEFAULT = 100;

const FieldType = z.enum(COLLECT_FIELD_TYPES);

/** SPEC's collected data item, in SPEC's own (camelCase) names on both surfaces. */
export const CollectedItemSchema = z
  .object({
    id: z.string().openapi({ example: "item_5Jq0vR2nKx8tLm3pW7Ya" }),
    flowId: z.string(),
    flowName: z.string().openapi({ description: "The flow's name when the answer came" }),
    fieldType: FieldType,
    fieldLabel: z.string(),
    value: z.string(),
    valid: z.boolean().openapi({ description: "Whether the answer passed the field type's check" }),
    collectedAt: z.string().openapi({ example: "2026-11-22T09:30:00.000Z" }),
  })
  .openapi("CollectedItem");

const Since = z
  .string()
  .max(40)
  .refine(isDateOrTimestamp, "an ISO 8601 date (YYYY-MM-DD) or timestamp (2026-11-01T09:00:00Z)")
  .openapi({
    description: "Only items collected at or after this: a timestamp, or a date (from its UTC midnight)",
    example: "2026-11-01",
  });

const Cursor = z
  .string()
  .max(200)
  .openapi({ description: "`nextCursor` of the page before; the first page without it" });

/** The export's filters and paging, as the REST query names them (the agent tool takes them in camelCase). */
export const CollectedDataQuery = z.object({
  flow_id: z.string().min(1).max(100).optional().openapi({ description: "Only this flow's items (deleted ones too)" }),
  field_type: FieldType.optional().openapi({ description: "Only answers to this kind of field" }),
  since: Since.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(EXPORT_LIMIT_MAX)
    .default(EXPORT_LIMIT_DEFAULT)
    .openapi({ description: `Items per page, 1 to ${EXPORT_LIMIT_MAX}` }),
  cursor: Cursor.optional(),
});
export type CollectedDataQueryInput = z.infer<typeof CollectedDataQuery>;

export const CollectedDataPageSchema = z
  .object({
    items: z.array(CollectedItemSchema).openapi({ description: "Newest first (by collection time, then id)" }),
    nextCursor: z.string().nullable().openapi({ description: "Pass as `cursor` for the next page; null on the last" }),
    total: z.number().int().openapi({ description: "Items matching the filters now, over every page" }),
  })
  .openapi("CollectedDataPage");

/** What deleting a flow's collected answers answers. */
export const CollectedDataDeletedSchema = z
  .object({
    flowId: z.string(),
    deletedItems: z.number().int().openapi({ description: "How many answers were deleted" }),
  })
  .openapi("CollectedDataDeleted");

export const CollectedDataSummarySchema = z
  .object({
    flowId: z.string(),
    flowName: z.string(),
    total: z.number().int(),
    valid: z.number().int(),
    fields: z
      .array(
        z.object({
          fieldLabel: z.string(),
          fieldType: FieldType,
          total: z.number().int(),
          valid: z.number().int(),
        }),
      )
      .openapi({ description: "Per field (label and type), most answered first" }),
    recent: z
      .array(
        z.object({
          id: z.string(),
          fieldLabel: z.string(),
          fieldType: FieldType,
          valid: z.boolean(),
          collectedAt: z.string(),
          preview: z.string().optional().openapi({
            description:
              "The answer's first characters; left out when it looks like an email or a phone number (and for email and phone fields)",
          }),
        }),
      )
      .openapi({ description: "The latest items, newest first" }),
  })
  .openapi("CollectedDataSummary");

const { from, to } = AnalyticsOverviewQuery.shape;

export const FlowStatsQuery = z.object({
  from,
  to,
  account_id: z.string().min(1).max(100).optional().openapi({ description: "Only this account's flows" }),
});

const count = z.number().int();

export const FlowStatsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    flows: z.array(
      z.object({
        flowId: z.string(),
        flowName: z.string(),
        status: z.enum(FLOW_STATUSES),
        accountId: z.string(),
        platform: PlatformKeySchema,
        executions: z
          .object({ started: count, completed: count, errored: count })
          .openapi({ description: "Runs started in the window, and runs that ended in it completed or errored" }),
        itemsCollected: count.openapi({ description: "Answers kept in the window (valid or not)" }),
      }),
    ),
  })
  .openapi("FlowStats");
