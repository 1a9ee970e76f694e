// Zod schemas of the analytics report: its query and its JSON answer.
import { z } from "@hono/zod-openapi";
import { windowFields } from "./analytics";
import { FollowerPointSchema } from "./audience";
import { BestTimeCellSchema } from "./best-times";
import { IdListQuery } from "./common";

export const ReportQuery = z.object({
  ...windowFields,
  account_ids: IdListQuery.optional().openapi({ description: "Comma-separated account ids (not with `group_id`)" }),
  group_id: z.string().min(1).max(100).optional().openapi({ description: "A client group: its accounts" }),
  format: z.enum(["json", "csv", "pdf"]).default("json").openapi({ description: "`csv` and `pdf` answer a file" }),
});

const totals = z.object({
  posts_published: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  reposts: z.number().int(),
  views: z.number().int(),
  engagement: z.number().int().openapi({ description: "likes + comments + reposts" }),
  link_clicks: z.number().int().openapi({ description: "People's clicks on the posts' short links (bots apart)" }),
});
const change = z.object({ value: z.number().int(), percent: z.number().nullable() });

export const ReportSchema = z
  .object({
    workspace: z.string(),
    group: z.object({ id: z.string(), name: z.string() }).nullable(),
    from: z.string(),
    to: z.string(),
    previous: z
      .object({ from: z.string(), to: z.string() })
      .openapi({ description: "The window just before, as long" }),
    accounts: z.array(z.object({ account_id: z.string(), platform: z.string(), name: z.string() })),
    totals,
    previous_totals: totals,
    change: z.record(z.string(), change).openapi({ description: "Per total: the difference and its percentage" }),
    followers: z.array(
      z.object({
        account_id: z.string(),
        platform: z.string(),
        name: z.string(),
        start: z.number().int().nullable(),
        end: z.number().int().nullable(),
        change: z.number().int(),
        change_percent: z.number().nullable(),
        points: z.array(FollowerPointSchema),
      }),
    ),
    posts: z
      .array(
        z.object({
          post_id: z.string(),
          text: z.string(),
          platforms: z.array(z.string()),
          published_at: z.string(),
          likes: z.number().int(),
          comments: z.number().int(),
          reposts: z.number().int(),
          views: z.number().int(),
          engagement: z.number().int(),
        }),
      )
      .openapi({ description: "Every post published in the period, most engagement first" }),
    links: z.array(
      z.object({
        code: z.string(),
        short_url: z.string(),
        url: z.string(),
        post_id: z.string(),
        account_id: z.string(),
        platform: z.string(),
        clicks: z.number().int(),
        bots: z.number().int(),
      }),
    ),
    best_times: z.array(
      z.object({
        account_id: z.string(),
        platform: z.string(),
        name: z.string(),
        basis: z.enum(["account", "workspace", "insufficient"]),
        zone: z.string(),
        days: z.number().int(),
        posts: z.number().int(),
        minimum_posts: z.number().int(),
        unit: z.string(),
        cells: z.array(BestTimeCellSchema),
        message: z.string(),
      }),
    ),
  })
  .openapi("AnalyticsReport");
