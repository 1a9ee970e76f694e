// Zod schemas of an account's audience analytics: its follower growth and its short links' clicks.
import { z } from "@hono/zod-openapi";
import { windowFields } from "./analytics";

export const AccountIdParam = z.object({
  accountId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "accountId", in: "path" } }),
});

export const FollowerGrowthQuery = z.object(windowFields);

export const FollowerPointSchema = z
  .object({
    date: z.string().openapi({ description: "The UTC day of the snapshot", example: "2026-11-02" }),
    followers: z.number().int(),
  })
  .openapi("FollowerPoint");

export const FollowerGrowthSchema = z
  .object({
    account_id: z.string(),
    platform: z.string(),
    reports_followers: z
      .boolean()
      .openapi({ description: "Whether the platform reports followers at all (else `points` stays empty)" }),
    points: z
      .array(FollowerPointSchema)
      .openapi({ description: "One per UTC day Herald read the count, oldest first" }),
    change: z.number().int().openapi({ description: "Last point minus first (0 with fewer than two)" }),
    change_percent: z
      .number()
      .nullable()
      .openapi({ description: "`change` as a percentage of the first point, one decimal; null without a base" }),
  })
  .openapi("FollowerGrowth");
