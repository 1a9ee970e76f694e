// Inbound events: queued, claimed once, kept in order per contact, handed to the contact's runner.
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import { inboundEvents } from "../../../db/schema";
import { currentRequestId, log } from "../../../lib/log";
import { mapLimited } from "../../../lib/map-limited";
import { type InboundEvent, inboundQueue } from "../../../queues/inbound";
import type { Received, Verdict } from "../../../queues/queue";
import { eventsWritten } from "../../events";
import { landingOf } from "../../inbox/intake";
import type { Runtime } from "../../runtime";
import { receivedInsert } from "../../webhooks/emit";
import { type LiveFlow, liveFlowsOf, matchFlow } from "./match";
import { isOptOut } from "./opt-out";

/** Contacts handled at once by one batch (each contact's own events stay in order). */
const CONTACTS_AT_ONCE = 8;
/** How long a claim holds an event for the isolate handling it (service time); then another delivery takes it. */
export const CLAIM_LEASE_MS = 60_000;
/**
 * How long after its last try an unfinished event still holds its contact's later events back. Past it the event
 * has failed every try and waits in the dead letters, and the contact's events flow again.
 */
export const ORDER_HOLD_MS = 15 * 60_000;
/**
 * How long an event's claim row (its dedupe) is kept after Herald received it: the `inbound_events` retention rule
 * (src/services/retention.ts, docs/storage.md). A platform event older than this is refused as a replay.
 */
export const INBOUND_DEDUPE_MS = 7 * 86_400_000;
/** A later event waiting behind an earlier one is queued again after this long (a re-send uses up none of its tries). */
const WAIT_BEHIND_S = 2;

/** The Durable Object that runs one contact's flows: one per account and sender. */
export const contactRunner = (rt: Runtime, accountId: string, contactId: string) =>
  rt.env.CONTACT_RUNNER.get(rt.env.CONTACT_RUNNER.idFromName(`${accountId}:${contactId}`));

/** An accepted event whose queue message has not been claimed for this long is queued again by the sweep. */
export const LOST_INBOUND_MS = 5 * 60_000;
/** How often the sweep queues one event again before it leaves it to the dead letters. */
export const INBOUND_REQUEUES = 3;
/** D1 binds at most 100 parameters to a statement: 9 a row. */
const ROWS_PER_INSERT = 11;

/**
 * Keeps normalized inbound events (the platforms' webhooks, the polls, the sandbox) in `inbound_events` with what
 * they carry, then queues them for the consumer: an event accepted is handled even when its queue message is lost
 * (the minute's sweep, `requeueLostInbound`). One already kept (a redelivery) is queued again as it was: its claim
 * makes the second delivery do nothing.
 */
export async function queueInbound(rt: Runtime, events: InboundEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    accountId: event.accountId,
    externalId: event.id,
    kind: event.kind,
    senderId: event.senderId,
    receivedAt: event.at,
    payload: JSON.stringify(event),
  }));
  const inserts = chunk(rows, ROWS_PER_INSERT).map((part) =>
    rt.db.insert(inboundEvents).values(part).onConflictDoNothing(),
  );
  await rt.db.batch(inserts as unknown as [(typeof inserts)[number]]);
  await inboundQueue.send(rt, events);
}

const chunk = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * The minute's sweep for inbound events whose queue message was lost: accepted (or last claimed) more than
 * `LOST_INBOUND_MS` ago, not done, and no claim holding them. Each is queued again at most `INBOUND_REQUEUES` times;
 * one that fails every try of every delivery stays in the dead letters, as before.
 */
export async function requeueLostInbound(rt: Runtime): Promise<{ requeued: number }> {
  const now = rt.clock.now();
  const lost = await rt.db
    .update(inboundEvents)
    .set({ requeues: sql`${inboundEvents.requeues} + 1`, leaseUntil: now })
    .where(
      sql`(${inboundEvents.accountId}, ${inboundEvents.externalId}) IN (SELECT account_id, external_id FROM inbound_events WHERE done_at IS NULL AND payload IS NOT NULL AND requeues < ${INBOUND_REQUEUES} AND received_at <= ${now - LOST_INBOUND_MS} AND lease_until <= ${now - LOST_INBOUND_MS} LIMIT 200)`,
    )
    .returning({ payload: inboundEvents.payload });
  const events = lost.flatMap((row) => (row.payload ? [JSON.parse(row.payload) as InboundEvent] : []));
  if (events.length > 0) await inboundQueue.send(rt, events);
  return { requeued: events.length };
}

/**
 * The inbound queue's consumer. Each event is claimed in `inbound_events` with a lease before anything runs: a
 * redelivery of an event already handed over is skipped, one whose claim is held waits for the lease, and one whose
 * claimer died (its lease lapsed) is taken again, so an event is never lost and never handled twice at once. A
 * contact's events keep their order: one waits (queued again) while an earlier event of the same contact is
 * unfinished, so when one must be retried the later ones wait behind it. The live flow an event's trigger answers
 * is found here, and the event handed to the contact's runner, which decides (a reply to a waiting step goes there
 * instead) and remembers what it handled, so a handover repeated after a crash does nothing twice.
 */
export async function takeInbound(rt: Runtime, messages: Received<InboundEvent>[]): Promise<Verdict[]> {
  const live = new Map<string, Promise<LiveFlow[]>>();
  const liveOf = (accountId: string) => {
    const known = live.get(accountId);
    if (known) return known;
    const flows = liveFlowsOf(rt, accountId);
    live.set(accountId, flows);
    return flows;
  };
  const byContact = new Map<string, number[]>();
  messages.forEach((m, i) => {
    const contact = `${m.body.accountId}:${m.body.senderId}`;
    byContact.set(contact, [...(byContact.get(contact) ?? []), i]);
  });
  const verdicts: Verdict[] = messages.map(() => "ack");
  await mapLimited([...byContact.values()], CONTACTS_AT_ONCE, async (indexes) => {
    for (const i of indexes) verdicts[i] = await takeOne(rt, messages[i]!.body, liveOf);
  });
  return verdicts;
}

const rowOf = (event: InboundEvent) =>
  and(eq(inboundEvents.accountId, event.accountId), eq(inboundEvents.externalId, event.id));

type Claim = { kind: "taken" } | { kind: "done" } | { kind: "held"; seconds: number };

/**
 * Claims `event` until `now + CLAIM_LEASE_MS`: a new event, or one not done whose lease lapsed. It lands in the inbox
 * and its `message.received` or `comment.received` is written in the same batch, each once (a claim taken again, or
 * a delivery while another holds the claim, writes neither again).
 */
export async function claimInbound(rt: Runtime, event: InboundEvent, now: number): Promise<Claim> {
  const leaseUntil = now + CLAIM_LEASE_MS;
  const landing = await landingOf(rt, event);
  const claim = rt.db
    .insert(inboundEvents)
    .values({
      accountId: event.accountId,
      externalId: event.id,
      kind: event.kind,
      senderId: event.senderId,
      receivedAt: event.at,
      leaseUntil,
      doneAt: null,
    })
    .onConflictDoUpdate({
      target: [inboundEvents.accountId, inboundEvents.externalId],
      set: { leaseUntil },
      setWhere: and(isNull(inboundEvents.doneAt), lte(inboundEvents.leaseUntil, now)),
    })
    .returning({ leaseUntil: inboundEvents.leaseUntil });
  const [taken, , , written] = landing
    ? await rt.db.batch([claim, ...landing.writes, receivedInsert(rt, event, landing).insert])
    : [await claim];
  if (written?.length) await eventsWritten(rt);
  if (taken.length > 0) return { kind: "taken" };
  const [row] = await rt.db
    .select({ doneAt: inboundEvents.doneAt, leaseUntil: inboundEvents.leaseUntil })
    .from(inboundEvents)
    .where(rowOf(event));
  if (row?.doneAt != null) return { kind: "done" };
  return { kind: "held", seconds: Math.max(1, Math.ceil(((row?.leaseUntil ?? now) - now) / 1000)) };
}

/** Whether an earlier event of the same contact is still unfinished (and recently tried): `event` waits behind it. */
async function waitsBehind(rt: Runtime, event: InboundEvent, now: number): Promise<boolean> {
  const [earlier] = await rt.db
    .select({ id: inboundEvents.externalId })
    .from(inboundEvents)
    .where(
      and(
        eq(inboundEvents.accountId, event.accountId),
        eq(inboundEvents.senderId, event.senderId),
        isNull(inboundEvents.doneAt),
        gt(inboundEvents.leaseUntil, now - ORDER_HOLD_MS),
        or(
          lt(inboundEvents.receivedAt, event.at),
          and(eq(inboundEvents.receivedAt, event.at), lt(inboundEvents.externalId, event.id)),
        ),
      ),
    )
    .limit(1);
  return earlier !== undefined;
}

/** Gives the claim up now (not done): the event's next delivery takes it again at once. */
const release = (rt: Runtime, event: InboundEvent, now: number) =>
  rt.db
    .update(inboundEvents)
    .set({ leaseUntil: now })
    .where(and(rowOf(event), isNull(inboundEvents.doneAt)));

async function takeOne(
  rt: Runtime,
  event: InboundEvent,
  liveOf: (accountId: string) => Promise<LiveFlow[]>,
): Promise<Verdict> {
  const now = rt.clock.now();
  const claim = await claimInbound(rt, event, now);
  if (claim.kind === "done") return "ack";
  if (claim.kind === "held") return { retryAfterSeconds: claim.seconds };
  try {
    // A "stop" is heard at once, even behind an earlier event of the contact still under way (its runner takes the
    // opt-out out of turn); everything else keeps the contact's order.
    if (!isOptOut(event) && (await waitsBehind(rt, event, now))) {
      await release(rt, event, now);
      await inboundQueue.send(rt, [event], { delaySeconds: WAIT_BEHIND_S });
      return "ack";
    }
    const match = matchFlow(await liveOf(event.accountId), event) ?? null;
    await contactRunner(rt, event.accountId, event.senderId).receive(event, match, currentRequestId());
    await rt.db.update(inboundEvents).set({ doneAt: rt.clock.now(), payload: null }).where(rowOf(event));
    return "ack";
  } catch (error) {
    log.error("inbound.handover_failed", {
      event_id: event.id,
      account_id: event.accountId,
      error,
      next: "tried again",
    });
    await release(rt, event, now).catch(() => undefined);
    return "retry";
  }
}
