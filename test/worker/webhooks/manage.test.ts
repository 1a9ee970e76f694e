import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createRuntime } from "../../../src/services/runtime";
import { openSecret } from "../../../src/services/secrets";
import { api, connect, newUser } from "../helpers/api";
import { addWebhook } from "../helpers/webhooks";

const hook = (n: number | string) => `https://hooks.example.com/${n}`;
const countWebhooks = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM webhooks WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("creating a webhook", () => {
  it("answers with the signing secret once, and stores it encrypted, bound to the webhook", async () => {
    const user = await newUser("creator");
    const created = await addWebhook(user.key, { target_url: hook("a"), events: ["post.published"] });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      target_url: hook("a"),
      events: ["post.published"],
      integration_type: "webhook",
      account_ids: [],
      signature_format: "service",
      active: true,
      consecutive_failures: 0,
      last_delivery_at: null,
      last_status: null,
      last_error: null,
      signing_secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{40}$/),
    });
    const list = await api("GET", "/api/v1/webhooks", { key: user.key });
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).not.toHaveProperty("signing_secret");

    const row = await env.DB.prepare("SELECT * FROM webhooks WHERE id = ?").bind(created.id).first<any>();
    expect(JSON.stringify(row)).not.toContain(created.signing_secret);
    expect(JSON.stringify(row)).not.toContain(created.signing_secret.slice(6));
    expect(row.secret_sealed).toMatch(/^v1\./);
    const rt = await createRuntime(env);
    expect(await openSecret(rt, "webhook-signing-secret", created.id, row.secret_sealed)).toBe(created.signing_secret);
    await expect(openSecret(rt, "webhook-signing-secret", "wh_other", row.secret_sealed)).rejects.toThrow();
  });

  it("accepts every event Herald sends; anything else is a 400 naming the entry", async () => {
    const user = await newUser("studio");
    const all = [
      "post.published",
      "post.failed",
      "flow.triggered",
      "flow.error",
      "whatsapp.template_status",
      "post.review_decision",
      "post.plug_fired",
      "test",
      "message.received",
      "comment.received",
      "flow.completed",
      "account.disconnected",
      "conversation.assigned",
      "inbox.reply_sent",
      "inbox.reply_failed",
    ];
    expect((await addWebhook(user.key, { target_url: hook("all"), events: all })).events).toEqual(all);
    const bad = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: hook("bad"), events: ["post.published", "post.exploded"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "validation_error", issues: [{ path: "events.1" }] });
    const none = await api("POST", "/api/v1/webhooks", { key: user.key, body: { target_url: hook("x"), events: [] } });
    expect(none.status).toBe(400);
    expect(await countWebhooks(user.userId)).toBe(1);
  });

  it("refuses post.review_decision without client review links and post.plug_fired without plugs (400)", async () => {
    const creator = await newUser("creator");
    const review = await api("POST", "/api/v1/webhooks", {
      key: creator.key,
      body: { target_url: hook("r"), events: ["post.published", "post.review_decision"] },
    });
    expect(review.status).toBe(400);
    expect(review.body.error.issues[0].path).toBe("events.1");
    expect(review.body.error.message).toContain("review links");
    expect((await addWebhook(creator.key, { target_url: hook("p"), events: ["post.plug_fired"] })).events).toEqual([
      "post.plug_fired",
    ]);

    // Free has no plugs; a zapier webhook is allowed there (it does not count), the event still is not.
    const free = await newUser("free");
    const plug = await api("POST", "/api/v1/webhooks", {
      key: free.key,
      body: { target_url: hook("fp"), events: ["post.plug_fired"], integration_type: "zapier" },
    });
    expect(plug.status).toBe(400);
    expect(plug.body.error.message).toContain("plugs");

    const studio = await newUser("studio");
    expect(
      (await addWebhook(studio.key, { target_url: hook("s"), events: ["post.review_decision", "post.plug_fired"] }))
        .events,
    ).toEqual(["post.review_decision", "post.plug_fired"]);
  });

  it("keeps to the plan's count of webhook, custom and n8n webhooks; make and zapier do not count", async () => {
    const free = await newUser("free");
    const refused = await api("POST", "/api/v1/webhooks", {
      key: free.key,
      body: { target_url: hook("f"), events: ["post.published"] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("feature_disabled");
    await addWebhook(free.key, { target_url: hook("fz"), events: ["post.published"], integration_type: "zapier" });
    await addWebhook(free.key, { target_url: hook("fm"), events: ["post.published"], integration_type: "make" });

    const creator = await newUser("creator");
    const first = await addWebhook(creator.key, { target_url: hook(1), events: ["post.published"] });
    await addWebhook(creator.key, { target_url: hook(2), events: ["post.published"], integration_type: "n8n" });
    await addWebhook(creator.key, { target_url: hook(3), events: ["post.published"], integration_type: "zapier" });
    const third = await api("POST", "/api/v1/webhooks", {
      key: creator.key,
      body: { target_url: hook(4), events: ["post.published"], integration_type: "custom" },
    });
    expect(third.status).toBe(403);
    expect(third.body.error.code).toBe("feature_disabled");
    expect(await countWebhooks(creator.userId)).toBe(3);

    await api("DELETE", `/api/v1/webhooks/${first.id}`, { key: creator.key });
    await addWebhook(creator.key, { target_url: hook(4), events: ["post.published"], integration_type: "custom" });
  });

  it("no free unlimited integrations: zapier and make webhooks are capped at 25 per user, even at once", async () => {
    const free = await newUser("free");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) =>
        api("POST", "/api/v1/webhooks", {
          key: free.key,
          body: { target_url: hook(`z${n}`), events: ["post.published"], integration_type: n % 2 ? "zapier" : "make" },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(25);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.error.code])).toEqual(Array(5).fill([403, "feature_disabled"]));
    expect(refused[0]!.body.error.message).toMatch(/at most 25/);
    expect(await countWebhooks(free.userId)).toBe(25);
  });

  it("URLs that differ only in query or fragment are one endpoint: a second webhook there is refused", async () => {
    const user = await newUser("free");
    const zap = (url: string) =>
      api("POST", "/api/v1/webhooks", {
        key: user.key,
        body: { target_url: url, events: ["post.published"], integration_type: "zapier" },
      });
    expect((await zap(`${hook("q")}?n=1`)).status).toBe(201);
    for (const url of [`${hook("q")}?n=2`, hook("q"), `${hook("q")}#x`]) {
      const again = await zap(url);
      expect([url, again.status, again.body.error.code]).toEqual([url, 409, "webhook_exists"]);
    }
    expect((await zap(`${hook("q")}/other?n=1`)).status).toBe(201);
    expect(await countWebhooks(user.userId)).toBe(2);
  });

  it("never lets requests at the same moment go past the plan's count", async () => {
    const creator = await newUser("creator");
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        api("POST", "/api/v1/webhooks", { key: creator.key, body: { target_url: hook(n), events: ["flow.error"] } }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(4);
    expect(await countWebhooks(creator.userId)).toBe(2);
  });

  it("refuses a second webhook for the same URL (409); after DELETE the URL can be added again", async () => {
    const user = await newUser("creator");
    const first = await addWebhook(user.key, { target_url: hook("same"), events: ["post.published"] });
    const again = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: hook("same"), events: ["post.failed"] },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("webhook_exists");

    const deleted = await api("DELETE", `/api/v1/webhooks/${first.id}`, { key: user.key });
    expect(deleted.body.data).toEqual({ id: first.id, deleted: true });
    expect((await api("GET", "/api/v1/webhooks", { key: user.key })).body.data).toEqual([]);
    const readded = await addWebhook(user.key, { target_url: hook("same"), events: ["post.failed"] });
    expect(readded.id).not.toBe(first.id);
  });

  it("takes only the user's own accounts in account_ids", async () => {
    const user = await newUser("creator");
    const other = await newUser("creator");
    const mine = await connect(user.key, "bluesky");
    const theirs = await connect(other.key, "bluesky");
    const bad = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: hook("acc"), events: ["post.published"], account_ids: [mine.id, theirs.id] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues[0].path).toBe("account_ids.1");
    const ok = await addWebhook(user.key, {
      target_url: hook("acc"),
      events: ["post.published"],
      account_ids: [mine.id],
    });
    expect(ok.account_ids).toEqual([mine.id]);
  });
});

describe("the events a webhook can subscribe to", () => {
  it("lists every event but test, with when it is sent and whether the plan allows it", async () => {
    const creator = await newUser("creator");
    const res = await api("GET", "/api/v1/webhooks/events", { key: creator.key });
    expect(res.status).toBe(200);
    const events = res.body.data as { event: string; summary: string; allowed: boolean; needs: string | null }[];
    expect(events.map((e) => e.event)).toEqual([
      "post.published",
      "post.failed",
      "flow.triggered",
      "flow.error",
      "flow.completed",
      "message.received",
      "comment.received",
      "account.disconnected",
      "whatsapp.template_status",
      "post.review_decision",
      "post.plug_fired",
      "conversation.assigned",
      "inbox.reply_sent",
      "inbox.reply_failed",
    ]);
    for (const e of events) expect(e.summary.length).toBeGreaterThan(10);
    const byName = new Map(events.map((e) => [e.event, e]));
    expect(byName.get("post.review_decision")).toMatchObject({ allowed: false, needs: "client review links" });
    expect(byName.get("account.disconnected")).toMatchObject({ allowed: true, needs: null });
    const studio = await newUser("studio");
    const all = (await api("GET", "/api/v1/webhooks/events", { key: studio.key })).body.data;
    expect(all.every((e: { allowed: boolean }) => e.allowed)).toBe(true);
  });

  it("needs a credential", async () => {
    const res = await api("GET", "/api/v1/webhooks/events");
    expect(res.status).toBe(401);
  });
});

describe("changing a webhook", () => {
  it("changes the fields given; an empty PATCH or an unknown field is a 400", async () => {
    const user = await newUser("creator");
    const account = await connect(user.key, "mastodon");
    const created = await addWebhook(user.key, { target_url: hook("p1"), events: ["post.published"] });
    const res = await api("PATCH", `/api/v1/webhooks/${created.id}`, {
      key: user.key,
      body: { target_url: hook("p2"), events: ["post.failed", "flow.error"], account_ids: [account.id] },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      target_url: hook("p2"),
      events: ["post.failed", "flow.error"],
      account_ids: [account.id],
      active: true,
    });
    expect((await api("PATCH", `/api/v1/webhooks/${created.id}`, { key: user.key, body: {} })).status).toBe(400);
    const unknown = await api("PATCH", `/api/v1/webhooks/${created.id}`, { key: user.key, body: { enabled: true } });
    expect(unknown.status).toBe(400);
    const review = await api("PATCH", `/api/v1/webhooks/${created.id}`, {
      key: user.key,
      body: { events: ["post.review_decision"] },
    });
    expect(review.status).toBe(400);
  });

  it("lists a switched-off webhook, and PATCH active: true switches it on with the count at zero", async () => {
    const user = await newUser("creator");
    const created = await addWebhook(user.key, { target_url: hook("off"), events: ["post.published"] });
    await env.DB.prepare("UPDATE webhooks SET active = 0, consecutive_failures = 3, switched_off_at = 1 WHERE id = ?")
      .bind(created.id)
      .run();
    const listed = (await api("GET", "/api/v1/webhooks", { key: user.key })).body.data;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ active: false, consecutive_failures: 3, switched_off_at: expect.any(String) });

    const on = await api("PATCH", `/api/v1/webhooks/${created.id}`, { key: user.key, body: { active: true } });
    expect(on.body.data).toMatchObject({ active: true, consecutive_failures: 0, switched_off_at: null });
    const off = await api("PATCH", `/api/v1/webhooks/${created.id}`, { key: user.key, body: { active: false } });
    expect(off.body.data).toMatchObject({ active: false, switched_off_at: null });
  });

  it("refuses to move a webhook onto a URL another of the user's webhooks has (409)", async () => {
    const user = await newUser("creator");
    await addWebhook(user.key, { target_url: hook("u1"), events: ["post.published"] });
    const second = await addWebhook(user.key, { target_url: hook("u2"), events: ["post.published"] });
    const res = await api("PATCH", `/api/v1/webhooks/${second.id}`, {
      key: user.key,
      body: { target_url: hook("u1") },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("webhook_exists");
  });

  it("rotates the signing secret: a new one, shown once, and the stored one replaced", async () => {
    const user = await newUser("creator");
    const created = await addWebhook(user.key, { target_url: hook("rot"), events: ["post.published"] });
    const rotated = await api("POST", `/api/v1/webhooks/${created.id}/rotate-secret`, { key: user.key });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.signing_secret).toMatch(/^whsec_/);
    expect(rotated.body.data.signing_secret).not.toBe(created.signing_secret);
    const row = await env.DB.prepare("SELECT secret_sealed FROM webhooks WHERE id = ?").bind(created.id).first<any>();
    const rt = await createRuntime(env);
    expect(await openSecret(rt, "webhook-signing-secret", created.id, row.secret_sealed)).toBe(
      rotated.body.data.signing_secret,
    );
  });

  it("answers 404 for another user's webhook on every route, and changes nothing", async () => {
    const owner = await newUser("creator");
    const stranger = await newUser("creator");
    const created = await addWebhook(owner.key, { target_url: hook("mine"), events: ["post.published"] });
    const calls: [string, string, unknown?][] = [
      ["PATCH", `/api/v1/webhooks/${created.id}`, { active: false }],
      ["DELETE", `/api/v1/webhooks/${created.id}`],
      ["POST", `/api/v1/webhooks/${created.id}/test`],
      ["POST", `/api/v1/webhooks/${created.id}/rotate-secret`],
      ["GET", `/api/v1/webhooks/${created.id}/deliveries`],
      ["POST", `/api/v1/webhooks/${created.id}/deliveries/evt_x/redeliver`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { key: stranger.key, body });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await api("GET", "/api/v1/webhooks", { key: stranger.key })).body.data).toEqual([]);
    const still = (await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data;
    expect(still).toMatchObject([{ id: created.id, active: true }]);
  });
});

describe("notifications", () => {
  it("lists none for a new user", async () => {
    const user = await newUser("creator");
    const res = await api("GET", "/api/v1/notifications", { key: user.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});
