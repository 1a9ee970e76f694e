// Zod schemas of client invites, the platforms an invite may offer, its limits and states.
import { z } from "@hono/zod-openapi";
import { PlatformKeySchema } from "./accounts";

export const MAX_ACCOUNTS_LIMIT = 50;
export const DEFAULT_MAX_ACCOUNTS = 5;

/** The platforms an invite may offer (SPEC: "Client invite"); LinkedIn as personal profiles. */
export const INVITE_PLATFORMS = ["facebook", "instagram", "linkedin", "pinterest", "twitter"] as const;

/** An invite's states, derived when read (`inviteState` in `services/invites/rules.ts`). */
export const INVITE_STATES = ["active", "used_up", "expired", "revoked"] as const;

export const ClientInviteCreateSchema = z
  .object({
    group_id: z.string().min(1).max(100).openapi({ description: "The account group the accounts land in" }),
    platforms: z
      .array(z.string().min(1).max(50))
      .min(1)
      .max(INVITE_PLATFORMS.length * 2)
      .openapi({
        description: `Offered platforms: any of ${INVITE_PLATFORMS.join(", ")} (LinkedIn personal profiles) that this deployment can connect`,
        example: ["instagram", "facebook"],
      }),
    max_accounts: z
      .number()
      .int()
      .min(1)
      .max(MAX_ACCOUNTS_LIMIT)
      .default(DEFAULT_MAX_ACCOUNTS)
      .openapi({ description: "Most accounts the link may add" }),
  })
  .strict()
  .openapi("ClientInviteCreate");

export const ClientInviteSchema = z
  .object({
    id: z.string().openapi({ example: "inv_3hZ0cQ8vXb1mK2pLr9Ta" }),
    group_id: z.string(),
    platforms: z.array(PlatformKeySchema),
    max_accounts: z.number().int(),
    state: z.enum(INVITE_STATES).openapi({
      description:
        "Checked in this order: `revoked`, `used_up` (as many accounts added as `max_accounts`), `expired` (7 days after creation), else `active`",
    }),
    places_left: z
      .number()
      .int()
      .openapi({ description: "Places a client may still take (0 once the invite is no longer active)" }),
    accounts: z
      .array(z.object({ id: z.string(), platform: z.string(), name: z.string(), connected_at: z.string() }))
      .openapi({ description: "The accounts clients connected through this invite, oldest first" }),
    created_at: z.string(),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
  })
  .openapi("ClientInvite");

export const CreatedClientInviteSchema = ClientInviteSchema.extend({
  url: z.url().openapi({ description: "The link to send the client; shown only in this answer" }),
}).openapi("CreatedClientInvite");

export const ClientInviteListQuery = z.object({ group_id: z.string().min(1).max(100).optional() });

export const ClientInviteDeleteQuery = z.object({ invite_id: z.string().min(1).max(100) });
