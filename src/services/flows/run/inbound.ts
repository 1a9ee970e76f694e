import { and, eq } from "drizzle-orm";
import { inboundEvents } from "../../../db/schema";
import { mapLimited } from "../../../lib/map-limited";
import { type InboundEvent, inboundQueue } from "../../../queues/inbound";
import type { Received, Verdict } from "../../../queues/queue";
import type { Runtime } from "../../runtime";
import { type LiveFlow, liveFlowsOf, matchFlow } from "./match";

/** Contacts handled at once by one batch (each contact's own events stay in order). */
const CONTACTS_AT_ONCE = 8;

/** The Durable Object that runs one contact's flows: one per account and sender. */
export const contactRunner = (rt: Runtime, accountId: string, contactId: string) =>
  rt.env.CONTACT_RUNNER.get(rt.env.CONTACT_RUNNER.idFromName(`${accountId}:${contactId}`));

/** Queues normalized inbound events (the platforms' webhooks, the sandbox) for the consumer. */
export async function queueInbound(rt: Runtime, events: InboundEvent[]): Promise<void> {
  if (events.length > 0) await inboundQueue.send(rt, events);
}

/**
 * The inbound queue's consumer. Each event is taken once: the first insert of its (account, platform id) into
 * `inbound_events` decides, before anything runs, so the same comment or message delivered again is skipped. The
 * live flow its trigger answers is found here, and the event handed to the contact's runner, which decides (a
 * reply to a waiting step goes there instead). If the runner fails, the event is forgotten again and retried.
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

async function takeOne(
  rt: Runtime,
  event: InboundEvent,
  liveOf: (accountId: string) => Promise<LiveFlow[]>,
): Promise<Verdict> {
  const taken = await rt.db
    .insert(inboundEvents)
    .values({
      accountId: event.accountId,
      externalId: event.id,
      kind: event.kind,
      senderId: event.senderId,
      receivedAt: event.at,
    })
    .onConflictDoNothing()
    .returning({ id: inboundEvents.externalId });
  if (taken.length === 0) return "ack";
  try {
    const match = matchFlow(await liveOf(event.accountId), event) ?? null;
    await contactRunner(rt, event.accountId, event.senderId).receive(event, match);
    return "ack";
  } catch (error) {
    console.error("inbound: the contact's runner failed; the event is tried again", event.id, error);
    await rt.db
      .delete(inboundEvents)
      .where(and(eq(inboundEvents.accountId, event.accountId), eq(inboundEvents.externalId, event.id)));
    return "retry";
  }
}
