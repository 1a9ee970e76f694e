// Zod schemas of RSS feeds: the modes, the template, create and update bodies, a feed with its AI image use.
import { z } from "@hono/zod-openapi";
import { PlatformKeySchema } from "./accounts";

export const RSS_MODES = ["draft", "ai_draft", "ai_schedule"] as const;
const RSS_IMAGES = ["none", "feed", "ai"] as const;

const TemplateSchema = z
  .object({ instructions: z.string().max(2000), tone: z.string().max(100) })
  .strict()
  .openapi("RssTemplate");

const fields = {
  platforms: z.array(PlatformKeySchema).min(1).max(20).openapi({ description: "Every account of these platforms" }),
  account_ids: z.array(z.string().min(1).max(100)).min(1).max(50),
  mode: z.enum(RSS_MODES).openapi({ description: "Default `draft`" }),
  template: TemplateSchema.nullable().openapi({ description: "`null` clears it" }),
  image: z.enum(RSS_IMAGES).openapi({
    description:
      "Default `none`. `feed`: the item's own image when it is public https. `ai`: one generated image per item, within the plan's monthly AI image allowance (see `ai_images`); none once it is used up",
  }),
  daily_cap: z.number().int().min(1).max(50).openapi({ description: "AI posts a day from this feed; default 3" }),
};

export const RssFeedCreateSchema = z
  .object({
    url: z
      .string()
      .min(1)
      .max(2048)
      .openapi({ description: "A public http(s) feed URL", example: "https://example.com/feed.xml" }),
    platforms: fields.platforms.optional(),
    account_ids: fields.account_ids.optional(),
    mode: fields.mode.default("draft"),
    template: fields.template.default(null),
    image: fields.image.default("none"),
    daily_cap: fields.daily_cap.default(3),
  })
  .strict()
  .openapi("RssFeedCreate");

export const RssFeedUpdateSchema = z
  .object({ ...fields, paused: z.boolean() })
  .partial()
  .strict()
  .openapi("RssFeedUpdate", {
    description: "`paused: false` also resumes a stopped feed and resets its failure count",
  });

const AiImageUsageSchema = z
  .object({
    month: z.string().openapi({ description: "The UTC calendar month counted, YYYY-MM", example: "2026-11" }),
    used: z.number().int().openapi({ description: "AI images made this month, across all of the user's feeds" }),
    allowance: z.number().int().openapi({ description: "AI images the plan includes per month" }),
  })
  .openapi("AiImageUsage", {
    description:
      'The user\'s monthly AI image allowance for `image: "ai"` (the same on every feed). When it is used up, posts go without an image.',
  });

export const RssPauseSchema = z.object({ paused: z.boolean() }).strict().openapi("RssPause");

export const RssFeedSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    platforms: z.array(z.string()),
    account_ids: z.array(z.string()),
    mode: z.enum(RSS_MODES),
    template: TemplateSchema.nullable(),
    image: z.enum(RSS_IMAGES),
    daily_cap: z.number().int(),
    today_count: z.number().int().openapi({ description: "AI posts made from this feed today (UTC)" }),
    ai_images: AiImageUsageSchema,
    paused: z.boolean(),
    status: z.enum(["active", "paused", "stopped"]),
    last_checked_at: z.string().nullable(),
    last_error: z.string().nullable(),
    consecutive_failures: z.number().int(),
    created_at: z.string(),
  })
  .openapi("RssFeed");

export type RssFeedCreateInput = z.infer<typeof RssFeedCreateSchema>;
export type RssFeedUpdateInput = z.infer<typeof RssFeedUpdateSchema>;
