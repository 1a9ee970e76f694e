// REST routes for analytics: the overview, a post's metrics, followers, link clicks, best times, the report.
import { z } from "@hono/zod-openapi";
import { AnalyticsOverviewQuery, AnalyticsOverviewSchema, PostAnalyticsSchema } from "../../schemas/analytics";
import {
  AccountIdParam,
  FollowerGrowthQuery,
  FollowerGrowthSchema,
  LinkClicksAnswerSchema,
  LinkClicksQuery,
} from "../../schemas/audience";
import { BestTimesQuery, BestTimesSchema } from "../../schemas/best-times";
import { IdParam, ok } from "../../schemas/common";
import { ReportQuery, ReportSchema } from "../../schemas/report";
import { getBestTimes } from "../../services/analytics/best-times";
import { getFollowerGrowth } from "../../services/analytics/followers";
import { getLinkClicks } from "../../services/analytics/links";
import { getAnalyticsOverview } from "../../services/analytics/overview";
import { getPostAnalytics } from "../../services/analytics/post";
import { buildReport, reportJson } from "../../services/analytics/report";
import { reportFile } from "../../services/analytics/report-file";
import { authedRoute } from "../define";
import { download } from "../download";
import { createRouter } from "../router";

const tags = ["Analytics"];

const overview = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/analytics/overview",
  operationId: "getAnalyticsOverview",
  tags,
  summary: "What happened on your accounts in a window, per account and per platform",
  description:
    "Posts published and failed, the latest metrics of the posts published in the window (as plugs and the daily read took them), plug firings, posts made from feed items, and webhook deliveries. `from` and `to` take timestamps or dates (whole UTC days); the default window is the last 30 days.",
  request: { query: AnalyticsOverviewQuery },
  responses: { 200: ok(AnalyticsOverviewSchema, "Rows per account, totals per platform") },
});

const post = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/analytics/posts/{id}",
  operationId: "getPostAnalytics",
  tags,
  summary: "A post's metrics history on each of its accounts",
  description:
    "One sample each time Herald read the post's metrics: every plug check and the daily read of posts younger than 30 days.",
  request: { params: IdParam },
  responses: { 200: ok(PostAnalyticsSchema, "Each target's readings, oldest first") },
});

const followers = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/analytics/accounts/{accountId}/followers",
  operationId: "getFollowerGrowth",
  tags,
  summary: "An account's follower count per day, and its change in a window",
  description:
    "Read once a day from the account's profile on platforms that report followers (docs/platforms.md). `from` and `to` as for the overview; the default window is the last 30 days.",
  request: { params: AccountIdParam, query: FollowerGrowthQuery },
  responses: { 200: ok(FollowerGrowthSchema, "The daily counts, oldest first, and the change") },
});

const links = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/analytics/links",
  operationId: "getLinkClicks",
  tags,
  summary: "Clicks on your posts' short links, per link and per day",
  description:
    "Every `/l/<code>` link visited in the window (with `post_id`: every link of that post), with its URL, post and platform. Visits by known crawlers and link-preview fetchers are counted apart (`bots`), not as clicks. Days are UTC.",
  request: { query: LinkClicksQuery },
  responses: { 200: ok(LinkClicksAnswerSchema, "The links, most clicked first") },
});

const bestTimes = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/analytics/best-times",
  operationId: "getBestTimes",
  tags,
  summary: "The weekday and hour cells when the account's posts did best",
  description:
    "From the account's own published posts of the last `days` days (engagement per 1,000 followers where the counts are known), in the owner's zone. Below 10 posts it falls back to the workspace's accounts on the same platform, and below that answers `basis: insufficient` with no cells. The method is in docs/analytics.md.",
  request: { query: BestTimesQuery },
  responses: { 200: ok(BestTimesSchema, "The best cells, with the basis they rest on") },
});

const report = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/analytics/report",
  operationId: "getAnalyticsReport",
  tags,
  summary: "The report to hand a client: totals against the period before, followers, posts, links, best times",
  description:
    "For `account_ids`, a client group's accounts (`group_id`), or every account. `format=csv` answers one CSV file with a table per section (columns in docs/analytics.md; cells a spreadsheet would run as formulas start with `'`); `format=pdf` a PDF with the workspace, the group, the period and the charts.",
  request: { query: ReportQuery },
  responses: {
    200: {
      description: "The report",
      content: {
        "application/json": { schema: z.object({ success: z.literal(true), data: ReportSchema }) },
        "text/csv": { schema: z.string() },
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
  },
});

export const analyticsRoutes = createRouter()
  .openapi(overview, async (c) => {
    const data = await getAnalyticsOverview(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(post, async (c) => {
    const data = await getPostAnalytics(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(links, async (c) => {
    const data = await getLinkClicks(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(bestTimes, async (c) => {
    const data = await getBestTimes(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(report, async (c) => {
    const { format, ...input } = c.req.valid("query");
    const made = await buildReport(c.var.rt, c.var.principal.userId, input);
    if (format === "json") return c.json({ success: true as const, data: reportJson(made) }, 200);
    return download(c, await reportFile(made, format));
  })
  .openapi(followers, async (c) => {
    const { accountId } = c.req.valid("param");
    const data = await getFollowerGrowth(c.var.rt, c.var.principal.userId, accountId, c.req.valid("query"));
    return c.json({ success: true as const, data }, 200);
  });
