// Zod schemas of connected accounts: the platform key, an account and its destinations, the list's filter.
import { z } from "@hono/zod-openapi";
import { ACCOUNT_STATUSES } from "../db/schema/accounts";
import { PLATFORM_KEYS } from "../platforms/catalog";

export const PlatformKeySchema = z.enum(PLATFORM_KEYS).openapi("PlatformKey");

export const DestinationSchema = z
  .object({ id: z.string().min(1).max(200), label: z.string().min(1).max(200) })
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
