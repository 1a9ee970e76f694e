// Webhook integration types and events: which count toward the plan, and which events need a capability.
import { INTEGRATION_TYPES } from "../../db/schema/webhooks";
import { validationError } from "../../lib/errors";
import { EVENT_CATALOG } from "../../schemas/webhook-events";
import { WEBHOOK_EVENTS } from "../../schemas/webhooks";
import { type Plan, planOf } from "../plans";

type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** The integration types that count toward the plan's webhook limit (`make` and `zapier` do not). */
export const COUNTED_TYPES: readonly IntegrationType[] = ["webhook", "custom", "n8n"];
/** The others (`make`, `zapier`): outside the plan's number, but still capped per user. */
export const UNCOUNTED_TYPES = INTEGRATION_TYPES.filter((t) => !COUNTED_TYPES.includes(t));
export const INTEGRATIONS_PER_USER = 25;

/** Events that need a plan capability to be subscribed to. */
const EVENT_CAPABILITY: Partial<Record<WebhookEvent, { capability: keyof Plan; name: string }>> = {
  "post.review_decision": { capability: "reviewLinks", name: "client review links" },
  "post.plug_fired": { capability: "plugs", name: "plugs" },
};

/** Throws 400 naming the entry when an event is unknown or needs something the plan does not include. */
export function checkEvents(planName: string, events: readonly string[]): void {
  const plan = planOf(planName);
  events.forEach((event, i) => {
    if (!(WEBHOOK_EVENTS as readonly string[]).includes(event)) {
      throw validationError(`events.${i}`, `unknown event ${event}; known: ${WEBHOOK_EVENTS.join(", ")}`);
    }
    const needs = EVENT_CAPABILITY[event as WebhookEvent];
    if (needs && !plan[needs.capability]) {
      throw validationError(`events.${i}`, `${event} needs a plan with ${needs.name}; the ${planName} plan has none`);
    }
  });
}

/**
 * The events offered to subscribe to (the dashboard's boxes, `GET /api/v1/webhooks/events`): every event, less
 * `test`, which Send test sends whatever a webhook subscribes to. Each says when it is sent, whether the plan allows
 * it, and if not what it needs.
 */
export function eventsOffered(
  planName: string,
): { event: WebhookEvent; summary: string; allowed: boolean; needs: string | null }[] {
  const plan = planOf(planName);
  return WEBHOOK_EVENTS.filter((event) => event !== "test").map((event) => {
    const needs = EVENT_CAPABILITY[event];
    const allowed = !needs || plan[needs.capability] === true;
    return { event, summary: EVENT_CATALOG[event].summary, allowed, needs: allowed ? null : (needs?.name ?? null) };
  });
}

/** The account an event is about, for the account filter; null when it names none (always sent). */
export function accountOfEvent(event: { accountId: string | null; data: Record<string, unknown> }): string | null {
  const named = event.accountId ?? event.data.accountId ?? event.data.account_id;
  return typeof named === "string" ? named : null;
}
