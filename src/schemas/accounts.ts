// Zod schemas of connected accounts: the platform key, an account and its destinations, the list's filter.
import { z } from "@hono/zod-openapi";
import { ACCOUNT_STATUSES } from "../db/schema/accounts";
import { PLATFORM_KEYS } from "../platforms/catalog";

export const PlatformKeySchema = z.enum(PLATFORM_KEYS).openapi("PlatformKey");

export const DestinationRulesSchema = z
  .object({
    post_kinds: z.array(z.string().min(1).max(20)).max(10).optional(),
    flair_required: z.boolean().optional(),
    flairs: z
      .array(z.object({ id: z.string().min(1).max(100), text: z.string().max(200) }))
      .max(200)
      .optional(),
    title_max: z.number().int().positive().optional(),
    text_required: z.boolean().optional(),
  })
  .openapi("DestinationRules", {
    description:
      "What the platform says a post to this destination must be (a subreddit's post kinds and flair), checked when a post is scheduled",
  });

export const DestinationSchema = z
  .object({
    id: z.string().min(1).max(200),
    label: z.string().min(1).max(200),
    rules: DestinationRulesSchema.optional(),
  })
  .openapi("Destination");

export const AccountSchema = z
  .object({
    id: z.string().openapi({ example: "acct_3hZ0cQ8vXb1mK2pLr9Ta" }),
    platform: PlatformKeySchema,
    name: z.string(),
    platform_user_id: z.string(),
    text_limit: z.number().int(),
    group_id: z.string().nullable(),
    status: z.enum(ACCOUNT_STATUSES),
    subscription_tier: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("ConnectedAccount");

export const AccountListQuery = z.object({ platform: PlatformKeySchema.optional() });
