// The OpenAPI `webhooks` entries: the request Herald makes to a subscriber for each event.
import { type OpenAPIHono, z } from "@hono/zod-openapi";
import { EVENT_CATALOG } from "../../schemas/webhook-events";
import { WEBHOOK_EVENTS } from "../../schemas/webhooks";
import type { AppEnv } from "../env";

/** The requests Herald makes to subscribers, one OpenAPI 3.1 `webhooks` entry per event (SPEC: Events). */

const EventHeaders = z.object({
  "X-Service-Event": z.string().openapi({ description: "The event name, in both signature formats" }),
  "X-Service-Event-Id": z.string().optional().openapi({ description: "`signature_format: service`: the event id" }),
  "X-Service-Timestamp": z.string().optional().openapi({ description: "`service`: when it was sent, unix seconds" }),
  "X-Service-Signature": z.string().optional().openapi({
    description:
      '`service`: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the signing secret as it is shown. Reject a `t` more than 5 minutes from now.',
  }),
  "webhook-id": z.string().optional().openapi({ description: "`signature_format: standard`: the event id" }),
  "webhook-timestamp": z.string().optional().openapi({ description: "`standard`: when it was sent, unix seconds" }),
  "webhook-signature": z.string().optional().openapi({
    description:
      '`standard` ([Standard Webhooks](https://www.standardwebhooks.com/)): `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">` keyed with the bytes the secret\'s part after `whsec_` encodes in base64. The `standardwebhooks` and `svix` libraries verify it as it is.',
  }),
});

/** `post.published` → `PostPublished`. */
const pascal = (event: string) =>
  event
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");

/**
 * Registers every event's request: `receive<Event>` (what the subscriber's endpoint receives), with no credential
 * of Herald's (the request proves itself by its signature).
 */
export function registerEventWebhooks(app: OpenAPIHono<AppEnv>) {
  for (const event of WEBHOOK_EVENTS) {
    const { summary, data } = EVENT_CATALOG[event];
    const body = z
      .object({
        id: z.string().openapi({ description: "The event id (`evt_…`): the same on every try; skip one seen before" }),
        event: z.literal(event),
        timestamp: z.string().openapi({ description: "When the event was written (ISO 8601, UTC): it orders events" }),
        data: data.openapi(`${pascal(event)}EventData`),
      })
      .openapi(`${pascal(event)}Event`);
    app.openAPIRegistry.registerWebhook({
      method: "post",
      path: event,
      operationId: `receive${pascal(event)}`,
      summary,
      tags: ["Webhooks"],
      request: { headers: EventHeaders, body: { content: { "application/json": { schema: body } }, required: true } },
      security: [],
      responses: { 200: { description: "Any 2xx within 10 seconds takes it; anything else is tried again" } },
    });
  }
}
