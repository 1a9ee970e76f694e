// The agent tool for the analytics overview of a period.
import { z } from "@hono/zod-openapi";
import { AnalyticsOverviewQuery, AnalyticsOverviewSchema } from "../../schemas/analytics";
import { getAnalyticsOverview } from "../../services/analytics/overview";
import { defineTool } from "../define";

const { from, to } = AnalyticsOverviewQuery.shape;

export const getAnalyticsOverviewTool = defineTool({
  name: "get_analytics_overview",
  title: "Analytics overview",
  description:
    "What happened over a window (default the last 30 days; `from`/`to` take dates or timestamps), per account and per platform: posts published and failed, the latest metrics of the posts published in it (likes, comments, reposts, views), plug firings, posts made from feed items, and webhook deliveries that succeeded or failed.",
  input: z
    .object({
      from,
      to,
      accountIds: z
        .array(z.string().min(1).max(100))
        .max(100)
        .optional()
        .describe("Only these accounts (default: all)"),
    })
    .strict(),
  output: AnalyticsOverviewSchema,
  scopes: ["posts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: ({ rt, principal }, { from, to, accountIds }) =>
    getAnalyticsOverview(rt, principal.userId, { from, to, account_ids: accountIds }),
});
