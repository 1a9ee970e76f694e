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

export const LinkClicksQuery = z.object({
  ...windowFields,
  post_id: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .openapi({ description: "Only this post's links (all of them, visited in the window or not)" }),
});

const visits = {
  clicks: z.number().int().openapi({ description: "Visits by people" }),
  bots: z.number().int().openapi({ description: "Visits by known crawlers and link-preview fetchers (not clicks)" }),
};

export const LinkClicksSchema = z
  .object({
    code: z.string(),
    short_url: z.string().openapi({ example: "https://herald.example/l/3hZ0cQ8v" }),
    url: z.string().openapi({ description: "Where the link leads (with the UTM parameters it was published with)" }),
    post_id: z.string(),
    account_id: z.string(),
    platform: z.string(),
    ...visits,
    days: z
      .array(z.object({ date: z.string(), ...visits }))
      .openapi({ description: "Every UTC day of the window, oldest first" }),
  })
  .openapi("LinkClicks");

export const LinkClicksAnswerSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    ...visits,
    links: z.array(LinkClicksSchema).openapi({ description: "Most clicked first" }),
  })
  .openapi("LinkClicksAnswer");
