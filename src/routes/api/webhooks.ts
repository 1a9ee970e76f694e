// REST routes for webhooks: the events offered, manage them, send a test, rotate the secret, deliveries.
import { z } from "@hono/zod-openapi";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import {
  DeliveriesQuery,
  DeliveryAttemptSchema,
  EventIdParam,
  WebhookCreateBody,
  WebhookEventTypeSchema,
  WebhookPatchBody,
  WebhookSchema,
  WebhookWithSecretSchema,
} from "../../schemas/webhooks";
import { listAttempts, redeliverEvent, sendTestEvent } from "../../services/webhooks/actions";
import { eventsOffered } from "../../services/webhooks/catalog";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  presentWebhook,
  rotateSigningSecret,
  updateWebhook,
} from "../../services/webhooks/store";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Webhooks"];

const list = authedRoute("webhooks:read", {
  operationId: "listWebhooks",
  method: "get",
  path: "/api/v1/webhooks",
  tags,
  summary: "List webhooks, including those that are off",
  responses: { 200: ok(z.array(WebhookSchema), "The user's webhooks, oldest first") },
});

const eventTypes = authedRoute("webhooks:read", {
  operationId: "listWebhookEvents",
  method: "get",
  path: "/api/v1/webhooks/events",
  tags,
  summary: "The events a webhook can subscribe to",
  description:
    "Every event, with when it is sent and whether your plan allows it (`needs` says what it lacks). `test` is not listed: Send test sends it whatever a webhook subscribes to. Each event's body is described under `webhooks` in this document.",
  responses: { 200: ok(z.array(WebhookEventTypeSchema), "The events, in the order the dashboard shows them") },
});

const create = authedRoute("webhooks:write", {
  operationId: "createWebhook",
  method: "post",
  path: "/api/v1/webhooks",
  tags,
  summary: "Add a webhook",
  description:
    'The answer holds `signing_secret`, shown this once (it is stored encrypted). Events are POSTed signed: by default `X-Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; with `signature_format: "standard"`, the Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature`), which the `standardwebhooks` and `svix` libraries verify. `target_url` must be a public https URL. The plan limits how many `webhook`, `custom` and `n8n` webhooks a user has (`feature_disabled`); `make` and `zapier` do not count, and are capped at 25 per user. One webhook per endpoint: a URL differing from another of yours only in query or fragment is `webhook_exists` (409). `post.review_decision` needs a plan with client review links and `post.plug_fired` one with plugs (400).',
  request: { body: jsonBody(WebhookCreateBody) },
  responses: { 201: ok(WebhookWithSecretSchema, "The webhook, with its signing secret") },
  errors: ["feature_disabled", "webhook_exists", "encryption_not_configured"],
});

const update = authedRoute("webhooks:write", {
  operationId: "updateWebhook",
  method: "patch",
  path: "/api/v1/webhooks/{id}",
  tags,
  summary: "Change a webhook, or switch it on or off",
  description:
    "`active: true` switches it on with the failure count at zero; it then receives events written from that moment. A new `signature_format` applies to every request from now on, retries included; the signing secret stays the same.",
  request: { params: IdParam, body: jsonBody(WebhookPatchBody) },
  responses: { 200: ok(WebhookSchema, "The webhook") },
  errors: ["webhook_exists"],
});

const remove = authedRoute("webhooks:write", {
  operationId: "deleteWebhook",
  method: "delete",
  path: "/api/v1/webhooks/{id}",
  tags,
  summary: "Delete a webhook",
  description: "Its delivery history goes with it; the same URL can be added again.",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

const test = authedRoute("webhooks:write", {
  operationId: "sendTestEvent",
  method: "post",
  path: "/api/v1/webhooks/{id}/test",
  tags,
  summary: "Send test: one signed `test` event, now",
  description:
    "Signed in the webhook's `signature_format`. Answers with the endpoint's status code (null when it did not answer) and the time taken. Works on a switched-off webhook. At most 5 per minute per webhook (then 429 `rate_limited` with `retry_after` seconds).",
  request: { params: IdParam },
  responses: { 200: ok(DeliveryAttemptSchema, "How the endpoint answered") },
  errors: ["feature_disabled", "encryption_not_configured"],
});

const rotate = authedRoute("webhooks:write", {
  operationId: "rotateWebhookSecret",
  method: "post",
  path: "/api/v1/webhooks/{id}/rotate-secret",
  tags,
  summary: "Replace the signing secret",
  description: "The new secret is shown this once and signs every request from now on; the old one stops at once.",
  request: { params: IdParam },
  responses: { 200: ok(WebhookWithSecretSchema, "The webhook, with its new signing secret") },
  errors: ["encryption_not_configured"],
});

const deliveries = authedRoute("webhooks:read", {
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/api/v1/webhooks/{id}/deliveries",
  tags,
  summary: "Recent requests to the endpoint",
  description: "Every automatic try (1 to 5 per event), redelivery and test, newest first.",
  request: { params: IdParam, query: DeliveriesQuery },
  responses: { 200: ok(z.array(DeliveryAttemptSchema), "Requests, newest first") },
});

const redeliver = authedRoute("webhooks:write", {
  operationId: "redeliverEvent",
  method: "post",
  path: "/api/v1/webhooks/{id}/deliveries/{eventId}/redeliver",
  tags,
  summary: "Send one event again, now",
  description:
    "Sends one of the user's events (see GET /api/v1/events) to this webhook with the same event id, and answers with how the endpoint answered.",
  request: { params: EventIdParam },
  responses: { 200: ok(DeliveryAttemptSchema, "How the endpoint answered") },
  errors: ["feature_disabled", "encryption_not_configured"],
});

export const webhookRoutes = createRouter()
  .openapi(list, async (c) => {
    const rows = await listWebhooks(c.var.rt, c.var.principal.userId);
    return c.json({ success: true as const, data: rows.map(presentWebhook) }, 200);
  })
  .openapi(eventTypes, async (c) => {
    return c.json({ success: true as const, data: eventsOffered(c.var.principal.plan) }, 200);
  })
  .openapi(create, async (c) => {
    const data = await createWebhook(c.var.rt, c.var.principal, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(update, async (c) => {
    const data = await updateWebhook(c.var.rt, c.var.principal, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteWebhook(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(test, async (c) => {
    const data = await sendTestEvent(c.var.rt, c.var.principal, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(rotate, async (c) => {
    const data = await rotateSigningSecret(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(deliveries, async (c) => {
    const data = await listAttempts(c.var.rt, c.var.principal.userId, c.req.valid("param").id, c.req.valid("query"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(redeliver, async (c) => {
    const { id, eventId } = c.req.valid("param");
    const data = await redeliverEvent(c.var.rt, c.var.principal, id, eventId);
    return c.json({ success: true as const, data }, 200);
  });
