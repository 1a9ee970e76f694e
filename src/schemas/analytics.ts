import { z } from "@hono/zod-openapi";
import { Timestamp } from "./common";

export const AnalyticsOverviewQuery = z.object({
  from: Timestamp.optional().openapi({ description: "Start of the period (default: 30 days before `to`)" }),
  to: Timestamp.optional().openapi({ description: "End of the period, exclusive (default: now)" }),
  account_ids: z
    .array(z.string().min(1).max(100))
    .max(50)
    .optional()
    .openapi({ description: "Only these accounts (default: all)" }),
});

const Counts = {
  published: z.number().int().openapi({ description: "Posts that went live in the period" }),
  failed: z.number().int().openapi({ description: "Posts that could not be published in the period" }),
  plug_firings: z.number().int().openapi({ description: "Plugs whose action ran in the period" }),
};

export const AnalyticsOverviewSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    accounts: z.array(z.object({ account_id: z.string(), platform: z.string(), ...Counts })),
    platforms: z.array(z.object({ platform: z.string(), ...Counts })),
    feeds: z.object({
      items_posted: z.number().int().openapi({ description: "Feed items that became posts in the period" }),
      posts_made: z.number().int(),
    }),
    webhooks: z.object({
      delivered: z.number().int().openapi({ description: "Events delivered with a 2xx in the period" }),
      failed: z.number().int().openapi({ description: "Events that failed every try in the period" }),
    }),
  })
  .openapi("AnalyticsOverview");

export type AnalyticsOverviewInput = z.infer<typeof AnalyticsOverviewQuery>;
