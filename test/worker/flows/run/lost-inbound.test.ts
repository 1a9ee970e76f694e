// Issue 39: an inbound comment or message Herald accepted is handled even when its queue message is lost (wrangler
// dev drops queue messages at a kill; a crash between accepting and queueing loses one too): it is kept in D1 with
// what it carries before it is queued, and the minute's sweep queues it again.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { INBOUND_REQUEUES, LOST_INBOUND_MS } from "../../../../src/services/flows/run/inbound";
import { api, connect, newUser } from "../../helpers/api";
import { dmFrom, inboundTaken, liveFlow, message, moveClock, settle, textsTo, trigger } from "../../helpers/flow-runs";
import { resetClock } from "../../helpers/posts";
import { outboxEvents } from "../../helpers/webhooks";

let user: Awaited<ReturnType<typeof newUser>>;
let account: { id: string };
beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  account = await connect(user.key, "instagram");
  await liveFlow(
    user.key,
    account.id,
    "Welcome",
    [trigger("dm_keyword", ["hello"]), message("Hi", "Hi there")],
    [["Trigger", "Hi"]],
  );
});

const rowOf = (externalId: string) =>
  env.DB.prepare("SELECT * FROM inbound_events WHERE account_id = ? AND external_id = ?")
    .bind(account.id, externalId)
    .first<Record<string, any>>();
const sweep = () => api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["inbox-sweep"] } });

/** An event accepted as `queueInbound` keeps it, whose queue message never reached the consumer. */
async function acceptedAndLost(externalId: string, sender: string, text: string, requeues = 0) {
  const at = Date.parse((await moveClock(user.key, 0)).now);
  const event = {
    accountId: account.id,
    platform: "instagram",
    kind: "message",
    id: externalId,
    senderId: sender,
    text,
    at,
  };
  await env.DB.prepare(
    `INSERT INTO inbound_events (account_id, external_id, kind, sender_id, received_at, lease_until, done_at, payload, requeues)
     VALUES (?, ?, 'message', ?, ?, 0, NULL, ?, ?)`,
  )
    .bind(account.id, externalId, sender, at, JSON.stringify(event), requeues)
    .run();
}

describe("an accepted inbound event is kept before it is queued", () => {
  it("sandbox inbound keeps the event with its payload, and handling it clears the payload", async () => {
    await dmFrom(user.key, account.id, "kept", "hello");
    const row = await inboundTaken(account.id, "m-kept");
    expect(row).toMatchObject({ payload: null, requeues: 0 });
    expect(await textsTo(user.key, account.id, "kept")).toEqual(["Hi there"]);
  });

  it("one whose queue message was lost is queued again by the sweep once it is overdue, and handled once", async () => {
    await acceptedAndLost("m-lost", "lost", "hello");
    await sweep();
    await settle();
    expect((await rowOf("m-lost"))!.done_at).toBeNull();
    expect(await textsTo(user.key, account.id, "lost")).toEqual([]);

    await moveClock(user.key, LOST_INBOUND_MS + 60_000);
    await Promise.all([sweep(), sweep()]);
    await inboundTaken(account.id, "m-lost");
    expect(await textsTo(user.key, account.id, "lost")).toEqual(["Hi there"]);
    const received = (await outboxEvents(user.key, "message.received")).filter((e) => e.data.messageId === "m-lost");
    expect(received).toHaveLength(1);
    const inbox = (await api("GET", `/api/v1/inbox?account_id=${account.id}`, { key: user.key })).body.data;
    expect(inbox.filter((c: any) => c.contact.id === "lost")).toHaveLength(1);

    // Handled: a later sweep queues nothing again.
    await moveClock(user.key, LOST_INBOUND_MS + 60_000);
    await sweep();
    await settle();
    expect(await textsTo(user.key, account.id, "lost")).toEqual(["Hi there"]);
  });

  it("the sweep gives up on an event it queued again every time it may, leaving it to the dead letters", async () => {
    await acceptedAndLost("m-given-up", "given-up", "hello", INBOUND_REQUEUES);
    await moveClock(user.key, LOST_INBOUND_MS + 60_000);
    await sweep();
    await settle();
    expect(await rowOf("m-given-up")).toMatchObject({ done_at: null, requeues: INBOUND_REQUEUES });
    expect(await textsTo(user.key, account.id, "given-up")).toEqual([]);
  });
});
