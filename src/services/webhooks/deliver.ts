// Webhook delivery: each queued try claimed, sent, recorded, retried later or switched off.
import { and, eq, exists, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import { chunksFor } from "../../db/limits";
import { deliveryAttempts, events, MAX_TRIES, users, webhookDeliveries, webhooks } from "../../db/schema";
import { WEBHOOK_SWITCHED_OFF } from "../../db/schema/notifications";
import { log } from "../../lib/log";
import type { Received, Verdict } from "../../queues/queue";
import { type DeliveryMessage, webhookQueue } from "../../queues/webhooks";
import { presentEvent } from "../events";
import { notificationInsert } from "../notifications";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import { type Endpoint, type SendResult, sendEvent } from "./send";
import { endpointOf, type WebhookRow } from "./store";

/** Events in a row whose every try failed before a webhook is switched off. */
const SWITCH_OFF_AFTER = 3;
/** Requests in flight at once from one consumer invocation (Workers opens six connections at a time). */
const CONCURRENCY = 6;

type Claimed = typeof webhookDeliveries.$inferSelect;

/** The columns every request to an endpoint updates on its webhook. */
export const lastDelivery = (now: number, result: SendResult) => ({
  lastDeliveryAt: now,
  lastStatus: result.status,
  lastError: result.error,
});

/** Takes each message's try: pending → sending, only when the delivery has made exactly the tries before it. */
async function claim(rt: Runtime, messages: DeliveryMessage[]): Promise<Claimed[]> {
  const now = rt.clock.now();
  const statements = messages.map((m) =>
    rt.db
      .update(webhookDeliveries)
      .set({ status: "sending", attempts: m.attempt, nextAttemptAt: now, updatedAt: now })
      .where(
        and(
          eq(webhookDeliveries.id, m.deliveryId),
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.attempts, m.attempt - 1),
        ),
      )
      .returning(),
  );
  return (await runBatch(rt.db, statements)).flat();
}

async function load(rt: Runtime, claimed: Claimed[]) {
  const hookIds = [...new Set(claimed.map((d) => d.webhookId))];
  const eventIds = [...new Set(claimed.map((d) => d.eventId))];
  const [hooks, rows] = await Promise.all([
    Promise.all(
      chunksFor(hookIds, 1).map((ids) =>
        rt.db
          .select({ webhook: webhooks, plan: users.plan })
          .from(webhooks)
          .innerJoin(users, eq(users.id, webhooks.userId))
          .where(inArray(webhooks.id, ids)),
      ),
    ),
    Promise.all(chunksFor(eventIds, 1).map((ids) => rt.db.select().from(events).where(inArray(events.id, ids)))),
  ]);
  return {
    hooks: new Map(hooks.flat().map((h) => [h.webhook.id, h])),
    events: new Map(rows.flat().map((e) => [e.id, e])),
  };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of results. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

type AfterTry = { kind: "succeeded" } | { kind: "retry"; delaySeconds: number } | { kind: "failed" };

/** What follows a try: done, another try after the configured delay, or (after the last try) failed. */
function afterTry(rt: Runtime, attempts: number, result: SendResult): AfterTry {
  if (result.ok) return { kind: "succeeded" };
  const delay = rt.config.webhook_retry_delays_s[attempts - 1];
  return attempts < MAX_TRIES && delay !== undefined ? { kind: "retry", delaySeconds: delay } : { kind: "failed" };
}

/**
 * The statements that record one automatic try: the attempt, the delivery's next state and the
 * webhook's last result and failure count. On an event's last failed try the count goes up, and the
 * third in a row switches the webhook off and writes the owner's notification, in the same batch.
 */
function outcomeStatements(
  rt: Runtime,
  delivery: Claimed,
  hook: WebhookRow,
  event: string,
  result: SendResult,
  next: AfterTry,
) {
  const now = rt.clock.now();
  const statements: BatchItem<"sqlite">[] = [
    rt.db.insert(deliveryAttempts).values({
      webhookId: hook.id,
      eventId: delivery.eventId,
      event,
      attempt: delivery.attempts,
      trigger: "delivery",
      ok: result.ok,
      status: result.status,
      durationMs: result.durationMs,
      error: result.error,
      createdAt: now,
    }),
  ];
  const mine = and(
    eq(webhookDeliveries.id, delivery.id),
    eq(webhookDeliveries.status, "sending"),
    eq(webhookDeliveries.attempts, delivery.attempts),
  );
  const setDelivery = (set: Partial<Claimed>) =>
    rt.db
      .update(webhookDeliveries)
      .set({ ...set, updatedAt: now })
      .where(mine);
  const setHook = (set: Record<string, unknown>) =>
    rt.db
      .update(webhooks)
      .set({ ...lastDelivery(now, result), ...set })
      .where(eq(webhooks.id, hook.id));

  if (next.kind === "succeeded") {
    statements.push(setDelivery({ status: "succeeded" }), setHook({ consecutiveFailures: 0 }));
  } else if (next.kind === "retry") {
    statements.push(setDelivery({ status: "pending", nextAttemptAt: now + next.delaySeconds * 1000 }), setHook({}));
  } else {
    const switchesOff = sql`${webhooks.active} = 1 AND ${webhooks.consecutiveFailures} + 1 >= ${SWITCH_OFF_AFTER}`;
    statements.push(
      setDelivery({ status: "failed" }),
      setHook({
        consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`,
        active: sql`CASE WHEN ${switchesOff} THEN 0 ELSE ${webhooks.active} END`,
        switchedOffAt: sql`CASE WHEN ${switchesOff} THEN ${now} ELSE ${webhooks.switchedOffAt} END`,
      }),
      switchOffNotice(rt, hook, now),
    );
  }
  return statements;
}

/** The owner's notification, written only when the statement before it switched the webhook off just now. */
const switchOffNotice = (rt: Runtime, hook: WebhookRow, now: number) =>
  notificationInsert(
    rt,
    {
      userId: hook.userId,
      kind: WEBHOOK_SWITCHED_OFF,
      message: `Webhook ${hook.targetUrl} was switched off: ${SWITCH_OFF_AFTER} events in a row failed every try. Fix the endpoint, then switch it on again.`,
      data: { webhook_id: hook.id, target_url: hook.targetUrl },
    },
    {
      dedupeKey: `${WEBHOOK_SWITCHED_OFF}:${hook.id}:${now}`,
      at: now,
      onlyIf: exists(
        rt.db
          .select({ id: webhooks.id })
          .from(webhooks)
          .where(and(eq(webhooks.id, hook.id), eq(webhooks.active, false), eq(webhooks.switchedOffAt, now))),
      ),
    },
  );

/** Sends one event to a webhook; a signing secret that cannot be opened fails this try alone, sending nothing. */
async function signedSend(rt: Runtime, hook: WebhookRow, body: ReturnType<typeof presentEvent>): Promise<SendResult> {
  let endpoint: Endpoint;
  try {
    endpoint = await endpointOf(rt, hook);
  } catch (error) {
    log.error("webhooks.secret_unreadable", { webhook_id: hook.id, error });
    return { ok: false, status: null, durationMs: 0, error: "The webhook's signing secret cannot be read; rotate it" };
  }
  return sendEvent(rt, endpoint, body);
}

/**
 * Makes the tries the queue asks for. Each try is claimed first, so a duplicated message makes no
 * second request. Deliveries to a webhook that is off, deleted, or whose owner's plan has no API access
 * are cancelled without a request. Each try's outcome is written on its own as soon as it is known, so one
 * delivery's trouble (a signing secret that cannot be opened, a failed write) touches no other; failed tries with
 * tries left go back on the queue with the configured delay.
 */
export async function deliverQueued(rt: Runtime, received: Received<DeliveryMessage>[]): Promise<Verdict[]> {
  // Every message is acknowledged: the outcome of its try is written here, and the next try queued as its own message.
  const verdicts = received.map((): Verdict => "ack");
  const claimed = await claim(
    rt,
    received.map((m) => m.body),
  );
  if (claimed.length === 0) return verdicts;
  const { hooks, events: eventRows } = await load(rt, claimed);

  const sendable = claimed.filter((d) => {
    const found = hooks.get(d.webhookId);
    return found?.webhook.active && planOf(found.plan).apiAccess && eventRows.has(d.eventId);
  });
  const cancelled = claimed.filter((d) => !sendable.includes(d)).map((d) => d.id);
  const nexts = await pooled(sendable, CONCURRENCY, async (delivery): Promise<AfterTry> => {
    const hook = hooks.get(delivery.webhookId)!.webhook;
    const event = eventRows.get(delivery.eventId)!;
    const result = await signedSend(rt, hook, presentEvent(event));
    const next = afterTry(rt, delivery.attempts, result);
    try {
      await runBatch(rt.db, outcomeStatements(rt, delivery, hook, event.type, result, next));
    } catch (error) {
      // Left `sending`: the stall sweep makes it again, as its next try.
      log.error("webhooks.outcome_not_written", {
        delivery_id: delivery.id,
        error,
        next: "the stall sweep makes it again",
      });
      return { kind: "failed" } as const;
    }
    return next;
  });

  const now = rt.clock.now();
  const cancels = chunksFor(cancelled, 1, 3).map((ids) =>
    rt.db
      .update(webhookDeliveries)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(inArray(webhookDeliveries.id, ids), eq(webhookDeliveries.status, "sending"))),
  );
  await runBatch(rt.db, cancels);

  // The next tries, each after its configured delay (tries of one batch may wait differently).
  const retries = sendable.flatMap((delivery, i) => {
    const next = nexts[i]!;
    return next.kind === "retry" ? [{ delivery, delaySeconds: next.delaySeconds }] : [];
  });
  for (const delaySeconds of new Set(retries.map((r) => r.delaySeconds))) {
    const due = retries.filter((r) => r.delaySeconds === delaySeconds);
    await webhookQueue.send(
      rt,
      due.map(({ delivery }) => ({ deliveryId: delivery.id, attempt: delivery.attempts + 1 })),
      { delaySeconds },
    );
  }
  return verdicts;
}
