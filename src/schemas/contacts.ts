// Zod schemas of a contact on a messaging account and the controls its owner may set.
import { z } from "@hono/zod-openapi";

/** A person on one of the user's messaging accounts, by the platform-scoped id their events carry. */
export const ContactParams = z.object({
  accountId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "accountId", in: "path" }, example: "acct_3hZ0cQ8vXb1mK2pLr9Ta" }),
  contactId: z
    .string()
    .min(1)
    .max(200)
    .openapi({
      param: { name: "contactId", in: "path" },
      description: "The person's platform-scoped id (`sender_id`)",
    }),
});

/** What the owner may set on a contact (either or both). */
export const CONTACT_CONTROLS = {
  opted_out: z
    .boolean()
    .optional()
    .openapi({ description: "Opt the person out of automations (every run of theirs stops at once), or back in" }),
  human_takeover_minutes: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .optional()
    .openapi({ description: "A person answers them for this long (0 ends it): automations stay quiet" }),
};

export const ContactControlsBody = z
  .object(CONTACT_CONTROLS)
  .strict()
  .refine((body) => body.opted_out !== undefined || body.human_takeover_minutes !== undefined, {
    message: "give opted_out or human_takeover_minutes",
  })
  .openapi("ContactControls");

export const ContactSchema = z
  .object({
    account_id: z.string(),
    contact_id: z.string(),
    opted_out_at: z.string().nullable(),
    human_until: z.string().nullable(),
    window_until: z.string().nullable().openapi({ description: "When the 24-hour messaging window closes" }),
  })
  .openapi("Contact");
