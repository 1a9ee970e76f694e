// The webhook actions a person takes: Send test, redeliver an event, list the attempts.
import { and, desc, eq, max } from "drizzle-orm";
import { deliveryAttempts, events, webhooks } from "../../db/schema";
import { iso } from "../../lib/clock";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { DeliveriesQueryInput } from "../../schemas/webhooks";
import type { Principal } from "../auth/auth";
import { presentEvent } from "../events";
import { requireCapability } from "../plans";
import type { Runtime } from "../runtime";
import { lastDelivery } from "./deliver";
import { type EventBody, sendEvent } from "./send";
import { endpointOf, getOwnedWebhook, type WebhookRow } from "./store";

/** Send test: at most this many per webhook per minute. */
const TEST_SENDS_PER_MINUTE = 5;

type AttemptRow = typeof deliveryAttempts.$inferSelect;

export const presentAttempt = (row: AttemptRow) => ({
  event_id: row.eventId,
  event: row.event,
  attempt: row.attempt,
  trigger: row.trigger,
  ok: row.ok,
  status: row.status,
  duration_ms: row.durationMs,
  error: row.error,
  at: iso(row.createdAt),
});

/** Sends one event now, outside the retry machinery, and records it like any other request to the endpoint. */
async function sendNow(rt: Runtime, hook: WebhookRow, body: EventBody, trigger: "test" | "redeliver", attempt: number) {
  const result = await sendEvent(rt, await endpointOf(rt, hook), body);
  const now = rt.clock.now();
  const row: Omit<AttemptRow, "seq"> = {
    webhookId: hook.id,
    eventId: body.id,
    event: body.event,
    attempt,
    trigger,
    ok: result.ok,
    status: result.status,
    durationMs: result.durationMs,
    error: result.error,
    createdAt: now,
  };
  await rt.db.batch([
    rt.db.insert(deliveryAttempts).values(row),
    rt.db.update(webhooks).set(lastDelivery(now, result)).where(eq(webhooks.id, hook.id)),
  ]);
  return presentAttempt({ seq: 0, ...row });
}

/**
 * The Send test action: one signed `test` event, sent at once (also to a switched-off webhook), answering
 * with the endpoint's status and the time taken. Five per minute per webhook, then 429.
 */
export async function sendTestEvent(rt: Runtime, principal: Principal, webhookId: string) {
  const hook = await getOwnedWebhook(rt, principal.userId, webhookId);
  requireCapability(principal.plan, "apiAccess");
  const limiter = rt.env.RATE_LIMITER.get(rt.env.RATE_LIMITER.idFromName(`webhook-test:${hook.id}`));
  const decision = await limiter.hit(TEST_SENDS_PER_MINUTE, rt.clock.now(), 60_000);
  if (!decision.allowed) {
    const retryAfter = Math.max(1, Math.ceil((decision.resetAt - rt.clock.now()) / 1000));
    throw new AppError("rate_limited", `Send test: at most ${TEST_SENDS_PER_MINUTE} per minute per webhook`, {
      retry_after: retryAfter,
    });
  }
  const body: EventBody = {
    id: newId("evt"),
    event: "test",
    timestamp: iso(rt.clock.now()),
    data: { webhook_id: hook.id, message: "A test event from Herald: your endpoint is reachable." },
  };
  return sendNow(rt, hook, body, "test", 1);
}

/** Sends one of the user's outbox events to the webhook again, now, with the same event id. */
export async function redeliverEvent(rt: Runtime, principal: Principal, webhookId: string, eventId: string) {
  const hook = await getOwnedWebhook(rt, principal.userId, webhookId);
  requireCapability(principal.plan, "apiAccess");
  const [event] = await rt.db
    .select()
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.userId, principal.userId)));
  if (!event) throw notFound("Event");
  const [previous] = await rt.db
    .select({ n: max(deliveryAttempts.attempt) })
    .from(deliveryAttempts)
    .where(and(eq(deliveryAttempts.webhookId, hook.id), eq(deliveryAttempts.eventId, event.id)));
  return sendNow(rt, hook, presentEvent(event), "redeliver", (previous?.n ?? 0) + 1);
}

/** The webhook's requests, newest first: every automatic try, redelivery and test. */
export async function listAttempts(rt: Runtime, userId: string, webhookId: string, query: DeliveriesQueryInput) {
  const hook = await getOwnedWebhook(rt, userId, webhookId);
  const rows = await rt.db
    .select()
    .from(deliveryAttempts)
    .where(
      and(
        eq(deliveryAttempts.webhookId, hook.id),
        query.event_id ? eq(deliveryAttempts.eventId, query.event_id) : undefined,
      ),
    )
    .orderBy(desc(deliveryAttempts.seq))
    .limit(query.limit);
  return rows.map(presentAttempt);
}
