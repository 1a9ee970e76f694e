// Webhook fan-out: new outbox events become deliveries, and stalled ones are queued again.
import { and, asc, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { chunksFor, paramsPerRow } from "../../db/limits";
import { events, MAX_TRIES, outboxCursors, users, webhookDeliveries, webhooks } from "../../db/schema";
import { newId } from "../../lib/ids";
import { webhookQueue } from "../../queues/webhooks";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import { accountOfEvent } from "./catalog";

/** The name under which /api/v1/health shows when the fan-out last ran. */
export const FANOUT_RUN = "webhook-fanout";
const CURSOR = "webhooks";
const PAGE = 200;
/** A pending delivery whose message has not been consumed this long after it was due is sent again. */
export const LOST_MESSAGE_MS = 15 * 60_000;
/** A delivery still `sending` this long after it started was abandoned mid-try (its outcome was never written). */
const ABANDONED_SEND_MS = 5 * 60_000;

/** Asks the fan-out object to run soon; several calls before it runs make one run. */
export async function wakeFanout(rt: Runtime): Promise<void> {
  await rt.env.WEBHOOK_FANOUT.get(rt.env.WEBHOOK_FANOUT.idFromName("global")).wake();
}

type EventRow = typeof events.$inferSelect;
type HookRow = { id: string; userId: string; events: string[]; accountIds: string[]; startSeq: number };

function wants(hook: HookRow, event: EventRow): boolean {
  if (event.seq <= hook.startSeq || !hook.events.includes(event.type)) return false;
  const account = accountOfEvent(event);
  return hook.accountIds.length === 0 || account === null || hook.accountIds.includes(account);
}

/** The active webhooks of these users whose plan includes API access (events are delivered only then). */
async function deliveringHooks(rt: Runtime, userIds: string[]): Promise<HookRow[]> {
  const rows = (
    await Promise.all(
      chunksFor(userIds, 1, 1).map((ids) =>
        rt.db
          .select({
            id: webhooks.id,
            userId: webhooks.userId,
            events: webhooks.events,
            accountIds: webhooks.accountIds,
            startSeq: webhooks.startSeq,
            plan: users.plan,
          })
          .from(webhooks)
          .innerJoin(users, eq(users.id, webhooks.userId))
          .where(and(inArray(webhooks.userId, ids), eq(webhooks.active, true))),
      ),
    )
  ).flat();
  return rows.filter((r) => planOf(r.plan).apiAccess);
}

/**
 * Turns new outbox events into deliveries: reads the events after the stored cursor, writes one
 * delivery per event × matching webhook and queues it, then moves the cursor. The (webhook, event)
 * pair is unique, and only rows this run inserted are queued, so the alarm and the cron sweep may run
 * this at the same time and each pair is still queued once. A crash between insert and queue leaves
 * pending rows that `requeueStalled` sends.
 */
export async function fanOut(rt: Runtime): Promise<{ events: number; queued: number }> {
  let scanned = 0;
  let queued = 0;
  for (;;) {
    const [cursor] = await rt.db.select().from(outboxCursors).where(eq(outboxCursors.name, CURSOR));
    const page = await rt.db
      .select()
      .from(events)
      .where(gt(events.seq, cursor?.seq ?? 0))
      .orderBy(asc(events.seq))
      .limit(PAGE);
    if (page.length === 0) break;

    const hooks = await deliveringHooks(rt, [...new Set(page.map((e) => e.userId))]);
    const now = rt.clock.now();
    const pairs = page.flatMap((event) =>
      hooks
        .filter((hook) => hook.userId === event.userId && wants(hook, event))
        .map((hook) => ({
          id: newId("dlv"),
          webhookId: hook.id,
          eventId: event.id,
          status: "pending" as const,
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })),
    );
    const created = (
      await Promise.all(
        chunksFor(pairs, paramsPerRow(pairs[0] ?? {})).map((chunk) =>
          rt.db.insert(webhookDeliveries).values(chunk).onConflictDoNothing().returning({ id: webhookDeliveries.id }),
        ),
      )
    ).flat();
    await webhookQueue.send(
      rt,
      created.map((d) => ({ deliveryId: d.id, attempt: 1 })),
    );

    const last = page[page.length - 1]!.seq;
    await rt.db
      .insert(outboxCursors)
      .values({ name: CURSOR, seq: last })
      .onConflictDoUpdate({ target: outboxCursors.name, set: { seq: sql`max(${outboxCursors.seq}, ${last})` } });
    scanned += page.length;
    queued += created.length;
    if (page.length < PAGE) break;
  }
  return { events: scanned, queued };
}

/**
 * Sends again what was lost: pending deliveries whose message never came (15 minutes past due), and
 * tries abandoned mid-send (still `sending` after 5 minutes, their outcome never written). An abandoned try
 * counts as one of the delivery's 5: it is made again as the next try, and after the last one the delivery fails,
 * so a delivery that keeps being abandoned is not tried forever.
 */
export async function requeueStalled(rt: Runtime): Promise<number> {
  const now = rt.clock.now();
  const stale = and(
    eq(webhookDeliveries.status, "sending"),
    lt(webhookDeliveries.nextAttemptAt, now - ABANDONED_SEND_MS),
  );
  const [lost, abandoned] = await rt.db.batch([
    rt.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: now, updatedAt: now })
      .where(and(eq(webhookDeliveries.status, "pending"), lt(webhookDeliveries.nextAttemptAt, now - LOST_MESSAGE_MS)))
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts }),
    rt.db
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: now, updatedAt: now })
      .where(and(stale, lt(webhookDeliveries.attempts, MAX_TRIES)))
      .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts }),
    rt.db
      .update(webhookDeliveries)
      .set({ status: "failed", updatedAt: now })
      .where(and(stale, gte(webhookDeliveries.attempts, MAX_TRIES))),
  ]);
  const again = [...lost, ...abandoned].map((d) => ({ deliveryId: d.id, attempt: d.attempts + 1 }));
  await webhookQueue.send(rt, again);
  return again.length;
}
