// Zod schemas of analytics: the overview's period and answer, a post's metrics and their history.
import { z } from "@hono/zod-openapi";
import { IdListQuery } from "./common";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const timestamp = z.iso.datetime({ offset: true });

/** A calendar date (a whole UTC day) or an ISO 8601 timestamp with its offset. */
export const isDateOrTimestamp = (value: string) =>
  DATE.test(value) ? !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) : timestamp.safeParse(value).success;

const WindowBound = z
  .string()
  .max(40)
  .refine(isDateOrTimestamp, "an ISO 8601 date (YYYY-MM-DD) or timestamp (2026-11-01T09:00:00Z)");

/** An analytics window's `from` and `to` query parameters. */
export const windowFields = {
  from: WindowBound.optional().openapi({
    description: "Start of the window: a timestamp, or a date (from its UTC midnight). Default: 30 days before `to`",
    example: "2026-11-01",
  }),
  to: WindowBound.optional().openapi({
    description: "End of the window: a timestamp, or a date (to the end of that UTC day). Default: now",
    example: "2026-11-30",
  }),
};

export const AnalyticsOverviewQuery = z.object({
  ...windowFields,
  account_ids: IdListQuery.optional().openapi({ description: "Comma-separated account ids (default: every account)" }),
});

export const MetricTotalsSchema = z
  .object({ likes: z.number().int(), comments: z.number().int(), reposts: z.number().int(), views: z.number().int() })
  .openapi("MetricTotals");

const counts = {
  posts_published: z.number().int().openapi({ description: "Targets published in the window" }),
  posts_failed: z.number().int().openapi({ description: "Targets that failed in the window" }),
  metrics: MetricTotalsSchema.openapi({
    description: "Sum of the latest metrics reading of each post published in the window",
  }),
  metrics_read: z
    .number()
    .int()
    .openapi({ description: "How many of the published posts have a metrics reading (the rest count as zero)" }),
  plug_firings: z.number().int().openapi({ description: "Plugs whose action ran in the window" }),
  feed_items_posted: z.number().int().openapi({ description: "Posts made from RSS feed items in the window" }),
  webhook_deliveries: z
    .object({ ok: z.number().int(), failed: z.number().int() })
    .openapi({ description: "Deliveries of events about the account that ended in the window (after every try)" }),
};

export const AnalyticsOverviewSchema = z
  .object({
    from: z.string().openapi({ example: "2026-11-01T00:00:00.000Z" }),
    to: z.string().openapi({ example: "2026-12-01T00:00:00.000Z" }),
    accounts: z.array(
      z.object({
        account_id: z.string(),
        platform: z.string(),
        name: z.string(),
        status: z.string(),
        ...counts,
      }),
    ),
    platforms: z.array(z.object({ platform: z.string(), accounts: z.number().int(), ...counts })),
    webhook_deliveries: z.object({ ok: z.number().int(), failed: z.number().int() }).openapi({
      description:
        "Every delivery that ended in the window, with those of events naming no account (with `account_ids`: only events about those accounts)",
    }),
  })
  .openapi("AnalyticsOverview");

export const MetricSampleSchema = MetricTotalsSchema.extend({
  read_at: z.string(),
  source: z.enum(["plug_check", "daily"]).openapi({ description: "What read them: a plug check or the daily read" }),
}).openapi("MetricSample");

export const PostAnalyticsSchema = z
  .object({
    post_id: z.string(),
    status: z.string(),
    targets: z.array(
      z.object({
        account_id: z.string(),
        platform: z.string(),
        status: z.string(),
        platform_post_id: z.string().nullable(),
        published_at: z.string().nullable(),
        latest: MetricSampleSchema.nullable(),
        history: z.array(MetricSampleSchema).openapi({ description: "Every reading, oldest first" }),
      }),
    ),
  })
  .openapi("PostAnalytics");
