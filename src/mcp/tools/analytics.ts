import { z } from "@hono/zod-openapi";
import { AnalyticsOverviewQuery, AnalyticsOverviewSchema } from "../../schemas/analytics";
import { analyticsOverview } from "../../services/analytics";
import { defineTool } from "../define";
import { camelShape } from "../input";

export const getAnalyticsOverviewTool = defineTool({
  name: "get_analytics_overview",
  title: "Analytics overview",
  description:
    "What happened over a period (default the last 30 days): per account and per platform the posts published and failed and the plugs that fired, the feed items that became posts, and webhook deliveries that succeeded or failed.",
  input: z.object(camelShape(AnalyticsOverviewQuery.shape)).strict(),
  output: AnalyticsOverviewSchema,
  scopes: ["posts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: ({ rt, principal }, { from, to, accountIds }) =>
    analyticsOverview(rt, principal.userId, { from, to, account_ids: accountIds }),
});
