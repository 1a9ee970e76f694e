import { createMessageBatch, env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { configFromVars } from "../../../src/services/config";
import { api, newUser } from "../helpers/api";
import { BASE, resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import {
  addWebhook,
  attempts,
  deliveryRow,
  emit,
  setConfig,
  settledDelivery,
  sweep,
  webhookOf,
} from "../helpers/webhooks";

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
let webhook: Awaited<ReturnType<typeof addWebhook>>;
beforeEach(async () => {
  net.reset();
  user = await newUser("creator");
  await resetClock(user.key);
  // Retries at once, so five tries take seconds; the test of the delays themselves sets the defaults.
  await setConfig(user.key, { webhook_retry_delays_s: [0, 0, 0, 0], webhook_timeout_ms: 10_000 });
  webhook = await addWebhook(user.key, { target_url: `https://${HOST}/hook`, events: ["flow.error"] });
});

const notifications = async () => (await api("GET", "/api/v1/notifications", { key: user.key })).body.data;
const failEvent = async (n: number) => {
  const [id] = await emit(user.key, "flow.error", { n });
  return id!;
};

// Five tries through the real queue take about five seconds per event.
const slow = { timeout: 60_000 };

describe("an endpoint that fails", slow, () => {
  it("answering 500: five tries with growing delays, the same event id each time, every try recorded", async () => {
    await setConfig(user.key, { webhook_retry_delays_s: [30, 120, 600, 3600] });
    net.serve(HOST, 500);
    const eventId = await failEvent(1);
    const [first] = await eventually(async () => {
      const made = await attempts(user.key, webhook.id);
      return made.length === 1 ? made : undefined;
    }, "the first try");
    expect(first).toMatchObject({ event_id: eventId, attempt: 1, ok: false, status: 500, error: "HTTP 500" });
    const afterFirst = (await deliveryRow(webhook.id, eventId))!;
    expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
    expect(afterFirst.next_attempt_at - Date.parse(first!.at)).toBe(30_000);

    // The later tries, run as the queue would deliver them; what each one queues next is recorded.
    const queued: { body: unknown; delaySeconds?: number }[] = [];
    const recordingEnv = {
      ...env,
      WEBHOOK_QUEUE: { sendBatch: async (messages: typeof queued) => void queued.push(...messages) },
    } as unknown as Env;
    for (const attempt of [2, 3, 4, 5]) {
      const body = { deliveryId: afterFirst.id, attempt };
      const batch = createMessageBatch("herald-webhooks", [
        { id: `try${attempt}`, timestamp: new Date(), attempts: 1, body },
      ]);
      await worker.queue(batch, recordingEnv);
    }
    expect(queued).toEqual([
      {
        body: { deliveryId: afterFirst.id, attempt: 3, request_id: expect.stringMatching(/^queue-/) },
        delaySeconds: 120,
      },
      {
        body: { deliveryId: afterFirst.id, attempt: 4, request_id: expect.stringMatching(/^queue-/) },
        delaySeconds: 600,
      },
      {
        body: { deliveryId: afterFirst.id, attempt: 5, request_id: expect.stringMatching(/^queue-/) },
        delaySeconds: 3600,
      },
    ]);

    const made = await attempts(user.key, webhook.id);
    expect(made.map((a) => [a.attempt, a.status, a.event_id])).toEqual([1, 2, 3, 4, 5].map((n) => [n, 500, eventId]));
    const requests = net.received(HOST);
    expect(requests).toHaveLength(5);
    expect(new Set(requests.map((r) => r.headers["x-service-event-id"]))).toEqual(new Set([eventId]));
    expect(new Set(requests.map((r) => r.raw)).size).toBe(1);
    expect((await deliveryRow(webhook.id, eventId))!.status).toBe("failed");
    expect(await webhookOf(user.key, webhook.id)).toMatchObject({
      active: true,
      consecutive_failures: 1,
      last_status: 500,
      last_error: "HTTP 500",
    });
  });

  it("answering too slowly: the try times out with no status, and is made again", async () => {
    await setConfig(user.key, { webhook_timeout_ms: 50 });
    net.serve(HOST, "hang");
    const eventId = await failEvent(1);
    expect((await settledDelivery(webhook.id, eventId)).status).toBe("failed");
    const made = await attempts(user.key, webhook.id);
    expect(made).toHaveLength(5);
    for (const a of made)
      expect(a).toMatchObject({ event_id: eventId, status: null, error: "no answer within 0.05 s" });
    expect(net.received(HOST)).toHaveLength(5);
    expect(await webhookOf(user.key, webhook.id)).toMatchObject({ last_status: null, consecutive_failures: 1 });
  });

  it("gives the endpoint 10 seconds and five tries spread over an hour unless told otherwise", async () => {
    expect(configFromVars({})).toMatchObject({
      webhook_timeout_ms: 10_000,
      webhook_retry_delays_s: [30, 120, 600, 3600],
    });
    expect((await setConfig(user.key, { webhook_timeout_ms: 10_001 })).status).toBe(400);
    expect((await setConfig(user.key, { webhook_retry_delays_s: [0, 0, 0, 0, 0] })).status).toBe(400);
  });

  it("refusing the connection: five tries with no status", async () => {
    net.serve(HOST, "refuse");
    const eventId = await failEvent(1);
    expect((await settledDelivery(webhook.id, eventId)).status).toBe("failed");
    const made = await attempts(user.key, webhook.id);
    expect(made.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5]);
    for (const a of made) expect(a).toMatchObject({ status: null, error: expect.stringMatching(/^no connection/) });
  });
});

describe("switching off", slow, () => {
  it("happens after exactly 3 events in a row fail every try; a success in between starts the count again", async () => {
    net.serve(HOST, 500);
    expect((await settledDelivery(webhook.id, await failEvent(1))).status).toBe("failed");
    expect(await webhookOf(user.key, webhook.id)).toMatchObject({ active: true, consecutive_failures: 1 });

    net.serve(HOST, 200);
    expect((await settledDelivery(webhook.id, await failEvent(2))).status).toBe("succeeded");
    expect(await webhookOf(user.key, webhook.id)).toMatchObject({ active: true, consecutive_failures: 0 });

    net.serve(HOST, 500);
    const [third, fourth] = await Promise.all([failEvent(3), failEvent(4)]);
    await settledDelivery(webhook.id, third);
    await settledDelivery(webhook.id, fourth);
    expect(await webhookOf(user.key, webhook.id)).toMatchObject({ active: true, consecutive_failures: 2 });
    expect(await notifications()).toEqual([]);

    expect((await settledDelivery(webhook.id, await failEvent(5))).status).toBe("failed");
    const off = await webhookOf(user.key, webhook.id);
    expect(off).toMatchObject({ active: false, consecutive_failures: 3, switched_off_at: expect.any(String) });
    const notes = await notifications();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: "webhook_switched_off",
      data: { webhook_id: webhook.id, target_url: `https://${HOST}/hook` },
    });

    // Off: nothing is sent. The event stays in the outbox for catching up.
    const whileOff = await failEvent(6);
    await sweep(user.key);
    expect(await deliveryRow(webhook.id, whileOff)).toBeNull();
    expect(net.received(HOST).filter((r) => r.body.id === whileOff)).toEqual([]);
    const outbox = (await api("GET", "/api/v1/events?limit=100", { key: user.key })).body.data;
    expect(outbox.map((e: { id: string }) => e.id)).toContain(whileOff);

    // Switched on again: the count is zero and delivery resumes.
    net.serve(HOST, 200);
    const on = await api("PATCH", `/api/v1/webhooks/${webhook.id}`, { key: user.key, body: { active: true } });
    expect(on.body.data).toMatchObject({ active: true, consecutive_failures: 0 });
    expect((await settledDelivery(webhook.id, await failEvent(7))).status).toBe("succeeded");
    expect(await notifications()).toHaveLength(1);
  });
});

describe("recovery", slow, () => {
  it("loses nothing: events that failed while the endpoint was down arrive once it is back", async () => {
    net.serve(HOST, "refuse");
    const ids = await emit(user.key, "flow.error", { n: 1 }, { count: 3 });
    // Down for the first two tries of every event, then back.
    await eventually(async () => {
      const made = await attempts(user.key, webhook.id);
      return ids.every((id) => made.filter((a) => a.event_id === id).length >= 2) ? true : undefined;
    }, "two failed tries of each event");
    net.serve(HOST, 200);
    for (const id of ids) expect((await settledDelivery(webhook.id, id)).status).toBe("succeeded");

    const answered = net.received(HOST).filter((r) => r.body.id && ids.includes(r.body.id));
    expect(new Set(answered.map((r) => r.body.id))).toEqual(new Set(ids));
    expect(await webhookOf(user.key, webhook.id)).toMatchObject({ active: true, consecutive_failures: 0 });
  });

  it("sends again a try abandoned mid-send and a delivery whose message was lost", async () => {
    net.serve(HOST, 200);
    const now = Date.parse(BASE);
    const insertEvent = (id: string) =>
      env.DB.prepare("INSERT INTO events (id, user_id, type, data, created_at) VALUES (?, ?, 'flow.error', '{}', ?)")
        .bind(id, user.userId, now)
        .run();
    const insertDelivery = (id: string, eventId: string, status: string, tries: number, at: number) =>
      env.DB.prepare(
        "INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
        .bind(id, webhook.id, eventId, status, tries, at, at, at)
        .run();
    await insertEvent("evt_abandoned00000000001");
    await insertEvent("evt_lostmessage000000001");
    await insertDelivery("dlv_abandoned", "evt_abandoned00000000001", "sending", 1, now - 6 * 60_000);
    await insertDelivery("dlv_lost", "evt_lostmessage000000001", "pending", 2, now - 16 * 60_000);
    const swept = await sweep(user.key);
    expect(swept.body.data.results["webhook-sweep"].requeued).toBe(2);

    expect((await settledDelivery(webhook.id, "evt_abandoned00000000001")).status).toBe("succeeded");
    expect((await settledDelivery(webhook.id, "evt_lostmessage000000001")).status).toBe("succeeded");
    const made = await attempts(user.key, webhook.id);
    // The abandoned first try counts: the one made now is the second.
    expect(made.map((a) => [a.event_id, a.attempt]).sort()).toEqual([
      ["evt_abandoned00000000001", 2],
      ["evt_lostmessage000000001", 3],
    ]);
  });

  it("a webhook whose signing secret cannot be opened fails its own delivery, not its neighbours'", async () => {
    const OTHER = "other-hooks.example.com";
    net.serve(HOST, 200);
    net.serve(OTHER, 200);
    const broken = await addWebhook(user.key, { target_url: `https://${OTHER}/hook`, events: ["flow.error"] });
    await setConfig(user.key, { webhook_retry_delays_s: [3600, 3600, 3600, 3600] });
    await env.DB.prepare("UPDATE webhooks SET secret_sealed = 'not-a-sealed-secret' WHERE id = ?")
      .bind(broken.id)
      .run();
    const eventId = await failEvent(1);
    expect((await settledDelivery(webhook.id, eventId)).status).toBe("succeeded");
    const tried = await eventually(async () => {
      const [first] = await attempts(user.key, broken.id, eventId);
      return first;
    }, "the broken webhook's try to be recorded");
    expect(tried).toMatchObject({ ok: false, error: expect.stringMatching(/signing secret/) });
    expect(net.received(OTHER)).toHaveLength(0);
    expect(net.received(HOST)).toHaveLength(1);
  });

  it("a delivery retried by the stall sweep still counts toward its 5 tries: abandoned on its last, it fails", async () => {
    net.serve(HOST, 200);
    const now = Date.parse(BASE);
    await env.DB.prepare(
      "INSERT INTO events (id, user_id, type, data, created_at) VALUES (?, ?, 'flow.error', '{}', ?)",
    )
      .bind("evt_abandonedlast000001", user.userId, now)
      .run();
    await env.DB.prepare(
      "INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, next_attempt_at, created_at, updated_at) VALUES ('dlv_last', ?, 'evt_abandonedlast000001', 'sending', 5, ?, ?, ?)",
    )
      .bind(webhook.id, now - 6 * 60_000, now, now)
      .run();
    const swept = await sweep(user.key);
    expect(swept.body.data.results["webhook-sweep"].requeued).toBe(0);
    const row = await env.DB.prepare("SELECT status, attempts FROM webhook_deliveries WHERE id = 'dlv_last'").first();
    expect(row).toEqual({ status: "failed", attempts: 5 });
    expect(net.received(HOST)).toHaveLength(0);
  });
});
