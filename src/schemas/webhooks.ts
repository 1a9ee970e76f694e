// Zod schemas of webhooks: the events, an endpoint with its signature format, its deliveries and attempts.
import { z } from "@hono/zod-openapi";
import { INTEGRATION_TYPES, SIGNATURE_FORMATS } from "../db/schema/webhooks";

/** The events a webhook may subscribe to, every one of them sent (SPEC: Event kinds sent); `data` of each: `webhook-events.ts`. */
export const WEBHOOK_EVENTS = [
  "post.published",
  "post.failed",
  "flow.triggered",
  "flow.error",
  "flow.completed",
  "message.received",
  "comment.received",
  "account.disconnected",
  "whatsapp.template_status",
  "post.review_decision",
  "post.plug_fired",
  "conversation.assigned",
  "inbox.reply_sent",
  "inbox.reply_failed",
  "test",
] as const;

const EventName = z
  .string()
  .min(1)
  .max(100)
  .openapi({ enum: [...WEBHOOK_EVENTS], description: "An event name (GET /api/v1/webhooks/events lists them)" });

const SignatureFormat = z.enum(SIGNATURE_FORMATS).openapi({
  description:
    "`service` (the default): `X-Service-Signature: t=<unix>,v1=<hex>`. `standard`: the Standard Webhooks headers `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64>`, which the `standardwebhooks` and `svix` libraries verify. Changing it keeps the signing secret.",
});

const TargetUrl = z
  .string()
  .min(1)
  .max(2048)
  .openapi({ description: "A public https URL", example: "https://example.com/hooks/herald" });

const AccountIds = z
  .array(z.string().min(1).max(100))
  .max(100)
  .openapi({ description: "Only events about these accounts are sent; empty means every account" });

export const WebhookCreateBody = z
  .object({
    target_url: TargetUrl,
    events: z.array(EventName).min(1).max(WEBHOOK_EVENTS.length),
    integration_type: z.enum(INTEGRATION_TYPES).optional().openapi({ description: "Default `webhook`" }),
    account_ids: AccountIds.optional(),
    signature_format: SignatureFormat.optional(),
  })
  .strict()
  .openapi("WebhookCreate");
export type WebhookCreateInput = z.infer<typeof WebhookCreateBody>;

export const WebhookPatchBody = z
  .object({
    target_url: TargetUrl.optional(),
    events: z.array(EventName).min(1).max(WEBHOOK_EVENTS.length).optional(),
    account_ids: AccountIds.optional(),
    signature_format: SignatureFormat.optional(),
    active: z.boolean().optional().openapi({ description: "`true` switches it on with the failure count at zero" }),
  })
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: "give at least one field to change" })
  .openapi("WebhookUpdate");
export type WebhookUpdateInput = z.infer<typeof WebhookPatchBody>;

export const WebhookSchema = z
  .object({
    id: z.string().openapi({ example: "wh_3hZ0cQ8vXb1mK2pLr9Ta" }),
    target_url: z.string(),
    events: z.array(z.string()),
    integration_type: z.enum(INTEGRATION_TYPES),
    account_ids: z.array(z.string()),
    signature_format: SignatureFormat,
    active: z.boolean(),
    consecutive_failures: z
      .number()
      .int()
      .openapi({ description: "Events in a row whose every try failed; at 3 it is switched off" }),
    switched_off_at: z.string().nullable().openapi({ description: "When delivery failures switched it off" }),
    last_delivery_at: z.string().nullable(),
    last_status: z
      .number()
      .int()
      .nullable()
      .openapi({ description: "HTTP status; null when the endpoint did not answer" }),
    last_error: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Webhook");

export const WebhookWithSecretSchema = WebhookSchema.extend({
  signing_secret: z.string().openapi({
    description:
      "Shown only in this answer. `whsec_` and 40 characters that are also base64, so it serves either signature format as it is.",
    example: "whsec_…",
  }),
}).openapi("WebhookWithSecret");

export const DeliveryAttemptSchema = z
  .object({
    event_id: z.string(),
    event: z.string(),
    attempt: z.number().int(),
    trigger: z.enum(["delivery", "redeliver", "test"]),
    ok: z.boolean().openapi({ description: "A 2xx within the time limit" }),
    status: z.number().int().nullable().openapi({ description: "HTTP status; null when the endpoint did not answer" }),
    duration_ms: z.number().int(),
    error: z.string().nullable(),
    at: z.string(),
  })
  .openapi("DeliveryAttempt");

export const DeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  event_id: z.string().min(1).max(100).optional(),
});
export type DeliveriesQueryInput = z.infer<typeof DeliveriesQuery>;

export const EventIdParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" } }),
  eventId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "eventId", in: "path" } }),
});

export const WebhookEventTypeSchema = z
  .object({
    event: z.enum(WEBHOOK_EVENTS),
    summary: z.string().openapi({ description: "When it is sent" }),
    allowed: z.boolean().openapi({ description: "Whether the caller's plan may subscribe to it" }),
    needs: z.string().nullable().openapi({ description: "What the plan lacks for it, when not allowed" }),
  })
  .openapi("WebhookEventType");
