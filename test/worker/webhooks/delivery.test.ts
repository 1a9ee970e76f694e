import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import worker from "../../../src/index";
import { PLANS } from "../../../src/services/plans";
import { api, connect, newUser } from "../helpers/api";
import { createPost, resetClock } from "../helpers/posts";
import { stubNetwork, verifySignature } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, attempts, deliveryRow, emit, settledDelivery, sweep } from "../helpers/webhooks";

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  net.reset();
  net.serve(HOST, 200);
  user = await newUser("studio");
  await resetClock(user.key);
});

/** The service clock's now in unix seconds: the receiver's "now" in these tests. */
const serviceNow = async () => Math.floor(Date.parse((await api("GET", "/api/v1/health")).body.data.time) / 1000);

const requestsFor = (eventId: string) => net.received(HOST).filter((r) => r.body.id === eventId);
const delivered = (eventId: string) => eventually(async () => requestsFor(eventId)[0], `a request carrying ${eventId}`);

describe("the request a subscriber receives", () => {
  it("is a signed POST that verifies exactly as a subscriber checks it", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/in`, events: ["flow.error"] });
    const data = { flowId: "flow_1", flowName: "Welcome", errorMessage: "Step failed", errorNodeId: "n3" };
    const [eventId] = await emit(user.key, "flow.error", data);
    const got = await delivered(eventId!);

    expect(got.url).toBe(`https://${HOST}/in`);
    expect(got.headers["content-type"]).toBe("application/json");
    expect(got.headers["x-service-event"]).toBe("flow.error");
    expect(got.headers["x-service-event-id"]).toBe(eventId);
    expect(got.body).toEqual({ id: eventId, event: "flow.error", timestamp: expect.any(String), data });
    expect(new Date(got.body.timestamp).toISOString()).toBe(got.body.timestamp);
    const t = Number(got.headers["x-service-timestamp"]);
    expect(got.headers["x-service-signature"]).toMatch(new RegExp(`^t=${t},v1=[0-9a-f]{64}$`));

    const now = await serviceNow();
    const verify = (secret: string, raw = got.raw, at = now) =>
      verifySignature(secret, got.headers["x-service-signature"], raw, at);
    expect(await verify(webhook.signing_secret)).toBe(true);
    expect(await verify("whsec_wrong")).toBe(false);
    expect(await verify(webhook.signing_secret, got.raw.replace("Step failed", "Step passed"))).toBe(false);
    expect(await verify(webhook.signing_secret, JSON.stringify(JSON.parse(got.raw), null, 1))).toBe(false);
    // Five minutes of tolerance: a replay six minutes later is refused.
    expect(await verify(webhook.signing_secret, got.raw, now + 4 * 60)).toBe(true);
    expect(await verify(webhook.signing_secret, got.raw, now + 6 * 60)).toBe(false);
  });

  it("is signed with the new secret after rotation; the old secret no longer verifies", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/rot`, events: ["flow.error"] });
    const rotated = await api("POST", `/api/v1/webhooks/${webhook.id}/rotate-secret`, { key: user.key });
    const secret = rotated.body.data.signing_secret as string;
    const [eventId] = await emit(user.key, "flow.error", { flowId: "f" });
    const got = await delivered(eventId!);
    const now = await serviceNow();
    expect(await verifySignature(webhook.signing_secret, got.headers["x-service-signature"], got.raw, now)).toBe(false);
    expect(await verifySignature(secret, got.headers["x-service-signature"], got.raw, now)).toBe(true);
  });

  it("is a post.published for a post published in the sandbox, signed", async () => {
    const bluesky = await connect(user.key, "bluesky");
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/posts`, events: ["post.published"] });
    const post = await createPost(user.key, {
      text: "Hello webhooks",
      platforms: [{ platform: "bluesky", account_id: bluesky.id }],
      schedule_type: "immediate",
    });
    const got = await eventually(
      async () => net.received(HOST).find((r) => r.body.event === "post.published"),
      "the post.published request",
    );
    const target = (await api("GET", `/api/v1/posts/${post.id}`, { key: user.key })).body.data.platforms[0];
    expect(got.body.data).toEqual({
      postId: post.id,
      platform: "bluesky",
      accountId: bluesky.id,
      platformPostId: target.platform_post_id,
      segments: [target.platform_post_id],
    });
    expect(got.headers["x-service-event"]).toBe("post.published");
    const now = await serviceNow();
    expect(await verifySignature(webhook.signing_secret, got.headers["x-service-signature"], got.raw, now)).toBe(true);
    const tries = await attempts(user.key, webhook.id);
    expect(tries).toMatchObject([{ event: "post.published", attempt: 1, trigger: "delivery", ok: true, status: 200 }]);
    expect(await webhookLast(webhook.id)).toMatchObject({ last_status: 200, last_error: null });
  });
});

const webhookLast = async (id: string) =>
  (await api("GET", "/api/v1/webhooks", { key: user.key })).body.data.find((w: { id: string }) => w.id === id);

describe("which events a webhook gets", () => {
  it("sends only subscribed events, about the chosen accounts, and always those that name no account", async () => {
    const a = await connect(user.key, "bluesky");
    const b = await connect(user.key, "mastodon");
    const posts = await addWebhook(user.key, {
      target_url: `https://${HOST}/posts`,
      events: ["post.published"],
      account_ids: [a.id],
    });
    const others = await addWebhook(user.key, {
      target_url: `https://${HOST}/others`,
      events: ["flow.error", "post.review_decision", "post.plug_fired"],
      account_ids: [a.id],
    });
    const [aPublished] = await emit(user.key, "post.published", { accountId: a.id }, { account_id: a.id });
    const [bPublished] = await emit(user.key, "post.published", { accountId: b.id }, { account_id: b.id });
    const [flowError] = await emit(user.key, "flow.error", { flowId: "f" });
    const [review] = await emit(user.key, "post.review_decision", { postId: "p", kind: "approved" });
    const [aPlug] = await emit(user.key, "post.plug_fired", { plug_id: "pl1", account_id: a.id });
    const [bPlug] = await emit(user.key, "post.plug_fired", { plug_id: "pl2", account_id: b.id });
    await sweep(user.key);

    const sent = async (webhookId: string, eventId: string) => (await deliveryRow(webhookId, eventId!)) !== null;
    expect(await sent(posts.id, aPublished!)).toBe(true);
    expect(await sent(posts.id, bPublished!)).toBe(false);
    expect(await sent(posts.id, flowError!)).toBe(false);
    expect(await sent(others.id, flowError!)).toBe(true);
    expect(await sent(others.id, review!)).toBe(true);
    expect(await sent(others.id, aPlug!)).toBe(true);
    expect(await sent(others.id, bPlug!)).toBe(false);
    expect(await sent(others.id, aPublished!)).toBe(false);

    for (const id of [aPublished!, flowError!, review!, aPlug!]) await delivered(id);
    for (const [webhookId, eventId] of [
      [posts.id, aPublished!],
      [others.id, flowError!],
      [others.id, review!],
      [others.id, aPlug!],
    ] as const) {
      expect((await settledDelivery(webhookId, eventId)).status).toBe("succeeded");
    }
    expect(requestsFor(bPublished!)).toEqual([]);
    expect(requestsFor(bPlug!)).toEqual([]);
  });

  it("does not send events written before the webhook existed", async () => {
    const [before] = await emit(user.key, "flow.error", { n: 1 });
    await sweep(user.key);
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/late`, events: ["flow.error"] });
    const [after] = await emit(user.key, "flow.error", { n: 2 });
    await delivered(after!);
    await sweep(user.key);
    expect(await deliveryRow(webhook.id, before!)).toBeNull();
    expect(requestsFor(before!)).toEqual([]);
  });

  it("delivers only while the plan includes API access", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/api`, events: ["flow.error"] });
    PLANS.studio.apiAccess = false;
    try {
      const [withoutAccess] = await emit(user.key, "flow.error", { n: 1 });
      await sweep(user.key);
      expect(await deliveryRow(webhook.id, withoutAccess!)).toBeNull();
      const test = await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key });
      expect(test.status).toBe(403);
      expect(test.body.error.code).toBe("feature_disabled");
    } finally {
      PLANS.studio.apiAccess = true;
    }
    const [withAccess] = await emit(user.key, "flow.error", { n: 2 });
    await delivered(withAccess!);
    expect(net.received(HOST).map((r) => r.body.data.n)).toEqual([2]);
  });

  it("sends nothing for another user's events", async () => {
    const other = await newUser("studio");
    await addWebhook(user.key, { target_url: `https://${HOST}/mine`, events: ["flow.error"] });
    const [theirs] = await emit(other.key, "flow.error", { n: "theirs" });
    const [mine] = await emit(user.key, "flow.error", { n: "mine" });
    await delivered(mine!);
    await sweep(user.key);
    expect(requestsFor(theirs!)).toEqual([]);
  });
});

describe("redirects", () => {
  it("are not followed: a 3xx is a failed try and the Location is never called", async () => {
    net.serve(HOST, 302);
    net.serve("elsewhere.example.com", 200);
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/moved`, events: ["flow.error"] });
    const test = await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key });
    expect(test.body.data).toMatchObject({ ok: false, status: 302, error: "HTTP 302" });
    expect(net.received(HOST)[0]!.redirect).toBe("manual");
    expect(net.received("elsewhere.example.com")).toEqual([]);
  });
});

describe("Send test", () => {
  it("sends one signed test event at once and answers with the status and the time taken", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/t`, events: ["post.published"] });
    const res = await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      event: "test",
      trigger: "test",
      ok: true,
      status: 200,
      duration_ms: expect.any(Number),
      error: null,
    });
    const [got] = net.received(HOST);
    expect(got!.body).toMatchObject({ id: res.body.data.event_id, event: "test", data: { webhook_id: webhook.id } });
    const now = await serviceNow();
    expect(await verifySignature(webhook.signing_secret, got!.headers["x-service-signature"], got!.raw, now)).toBe(
      true,
    );
    expect(await webhookLast(webhook.id)).toMatchObject({ last_status: 200, last_delivery_at: expect.any(String) });
  });

  it("answers with the endpoint's failure, null status when it did not answer", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/t`, events: ["post.published"] });
    net.serve(HOST, 500);
    expect((await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key })).body.data).toMatchObject({
      ok: false,
      status: 500,
    });
    net.serve(HOST, "refuse");
    const refused = await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key });
    expect(refused.body.data).toMatchObject({
      ok: false,
      status: null,
      error: expect.stringContaining("no connection"),
    });
    expect(await webhookLast(webhook.id)).toMatchObject({ last_status: null, last_error: refused.body.data.error });
  });

  it("works on a switched-off webhook without switching it on", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/t`, events: ["post.published"] });
    await api("PATCH", `/api/v1/webhooks/${webhook.id}`, { key: user.key, body: { active: false } });
    const res = await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key });
    expect(res.body.data).toMatchObject({ ok: true, status: 200 });
    expect(net.received(HOST)).toHaveLength(1);
    expect((await webhookLast(webhook.id)).active).toBe(false);
  });

  it("allows 5 per minute per webhook, then answers 429", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/t`, events: ["post.published"] });
    const second = await addWebhook(user.key, { target_url: `https://${HOST}/t2`, events: ["post.published"] });
    for (let i = 0; i < 5; i++) {
      expect((await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key })).status).toBe(200);
    }
    const sixth = await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: "rate_limited", retry_after: expect.any(Number) });
    expect(net.received(HOST)).toHaveLength(5);
    expect((await api("POST", `/api/v1/webhooks/${second.id}/test`, { key: user.key })).status).toBe(200);
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 60_000 } });
    expect((await api("POST", `/api/v1/webhooks/${webhook.id}/test`, { key: user.key })).status).toBe(200);
  });
});

describe("catching up", () => {
  it("lists the user's events in order, after a given event, page by page", async () => {
    const other = await newUser("studio");
    await emit(other.key, "flow.error", { n: "theirs" });
    const ids = await emit(user.key, "flow.error", { n: 1 }, { count: 5 });
    const first = await api("GET", "/api/v1/events?limit=2", { key: user.key });
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { id: string }) => e.id)).toEqual(ids.slice(0, 2));
    expect(first.body.data[0]).toEqual({
      id: ids[0],
      event: "flow.error",
      timestamp: expect.any(String),
      data: { n: 1 },
    });
    expect(first.body.next_cursor).toBe(ids[1]);
    const rest = await api("GET", `/api/v1/events?after=${ids[1]}&limit=10`, { key: user.key });
    expect(rest.body.data.map((e: { id: string }) => e.id)).toEqual(ids.slice(2));
    expect(rest.body.next_cursor).toBeNull();
    const unknown = await api("GET", "/api/v1/events?after=evt_nope", { key: user.key });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.issues[0].path).toBe("after");
  });

  it("redelivers one event now with the same event id", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/re`, events: ["flow.error"] });
    const [eventId] = await emit(user.key, "flow.error", { n: 1 });
    const first = await delivered(eventId!);
    const res = await api("POST", `/api/v1/webhooks/${webhook.id}/deliveries/${eventId}/redeliver`, { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ event_id: eventId, attempt: 2, trigger: "redeliver", ok: true, status: 200 });
    const both = requestsFor(eventId!);
    expect(both).toHaveLength(2);
    expect(both[1]!.body).toEqual(first.body);
    expect(both[1]!.headers["x-service-event-id"]).toBe(eventId);
    await emit(user.key, "flow.error", { n: 2 });
    const history = await attempts(user.key, webhook.id, eventId);
    expect(history.map((a) => [a.event_id, a.attempt, a.trigger])).toEqual([
      [eventId, 1, "delivery"],
      [eventId, 2, "redeliver"],
    ]);

    const other = await newUser("studio");
    const [theirs] = await emit(other.key, "flow.error", {});
    for (const missing of ["evt_nope", theirs!]) {
      const res404 = await api("POST", `/api/v1/webhooks/${webhook.id}/deliveries/${missing}/redeliver`, {
        key: user.key,
      });
      expect(res404.status).toBe(404);
    }
  });
});

describe("at least once, never twice for one message", () => {
  it("makes one request when the same queue message arrives twice", async () => {
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/dup`, events: ["flow.error"] });
    // An event and its delivery as the fan-out would write them, without waking anything.
    const eventId = "evt_duplicatetest0000001";
    await env.DB.prepare(
      "INSERT INTO events (id, user_id, type, data, created_at) VALUES (?, ?, 'flow.error', '{}', ?)",
    )
      .bind(eventId, user.userId, Date.now())
      .run();
    await env.DB.prepare(
      "INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, next_attempt_at, created_at, updated_at) VALUES ('dlv_dup', ?, ?, 'pending', 0, 0, 0, 0)",
    )
      .bind(webhook.id, eventId)
      .run();
    const message = (id: string) => ({
      id,
      timestamp: new Date(),
      attempts: 1,
      body: { deliveryId: "dlv_dup", attempt: 1 },
    });
    const batch = createMessageBatch("herald-webhooks", [message("m1"), message("m2")]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
    await worker.queue(createMessageBatch("herald-webhooks", [message("m3")]), env);
    expect(requestsFor(eventId)).toHaveLength(1);
    expect((await deliveryRow(webhook.id, eventId))!.status).toBe("succeeded");
  });
});
