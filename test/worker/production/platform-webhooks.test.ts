import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { parseMetaPayload } from "../../../src/services/flows/run/meta-webhook";
import { executionsOf, liveFlow, message, trigger } from "../helpers/flow-runs";
import { liveAccount, liveUser } from "../helpers/production";
import { stubNetwork, verifySignature } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, outboxEvents } from "../helpers/webhooks";

// Meta's event webhooks as deployed (SANDBOX=false): the app secrets and verify token come from vitest.config.ts.
const META_SECRET = "herald-meta-secret";
const IG_SECRET = "herald-ig-secret";

const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
  exports.default.fetch(new Request(`https://herald.test${path}`, { method, body, headers }));

const signed = async (secret: string, body: string) => ({
  "content-type": "application/json",
  "x-hub-signature-256": `sha256=${await hmacSha256Hex(secret, body)}`,
});

const inboundRow = (accountId: string, id: string) =>
  env.DB.prepare("SELECT * FROM inbound_events WHERE account_id = ? AND external_id = ?").bind(accountId, id).first();

/** A comment as Instagram's webhook sends it (`time` in seconds: `at` ms, now unless given). */
const igComment = (igId: string, commentId: string, from = "person-1", at = Date.now()) =>
  JSON.stringify({
    object: "instagram",
    entry: [
      {
        id: igId,
        time: Math.floor(at / 1000),
        changes: [
          {
            field: "comments",
            value: { id: commentId, text: "GUIDE", from: { id: from, username: "p" }, media: { id: "media-1" } },
          },
        ],
      },
    ],
  });

let account: { id: string; platformUserId: string };
beforeAll(async () => {
  const user = await liveUser();
  account = await liveAccount(user.userId, "instagram");
});

describe("POST /webhooks/platforms/{platform}", () => {
  it("a valid signature (the Instagram or the Meta app secret) is 200 and the events are queued and taken", async () => {
    const body = igComment(account.platformUserId, "c-signed");
    const res = await call("POST", "/webhooks/platforms/instagram", body, await signed(IG_SECRET, body));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { queued: 1 } });
    const row = await eventually(async () => (await inboundRow(account.id, "c-signed")) ?? undefined, "taken");
    expect(row).toMatchObject({ kind: "comment", sender_id: "person-1" });

    const other = igComment(account.platformUserId, "c-signed-meta");
    expect((await call("POST", "/webhooks/platforms/instagram", other, await signed(META_SECRET, other))).status).toBe(
      200,
    );
    await eventually(async () => (await inboundRow(account.id, "c-signed-meta")) ?? undefined, "taken");
  });

  it("a bad or missing signature is 401 invalid_signature and nothing is queued", async () => {
    const bad = igComment(account.platformUserId, "c-bad");
    const wrong = await call("POST", "/webhooks/platforms/instagram", bad, await signed("not-the-secret", bad));
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as any).error.code).toBe("invalid_signature");
    // Signed over other bytes than those sent.
    const tampered = await call(
      "POST",
      "/webhooks/platforms/instagram",
      bad.replace("GUIDE", "OTHER"),
      await signed(IG_SECRET, bad),
    );
    expect(tampered.status).toBe(401);
    const missing = await call("POST", "/webhooks/platforms/instagram", bad, { "content-type": "application/json" });
    expect(missing.status).toBe(401);
    // A good one sent after them is taken; the refused ones never are.
    const good = igComment(account.platformUserId, "c-after");
    await call("POST", "/webhooks/platforms/instagram", good, await signed(IG_SECRET, good));
    await eventually(async () => (await inboundRow(account.id, "c-after")) ?? undefined, "taken");
    expect(await inboundRow(account.id, "c-bad")).toBeNull();
  });

  it("an unknown platform is 404", async () => {
    const body = "{}";
    expect((await call("POST", "/webhooks/platforms/twitter", body, await signed(META_SECRET, body))).status).toBe(404);
  });
});

describe("the events a signed Meta webhook sends", () => {
  const HOST = "hooks.example.com";
  const net = stubNetwork();
  afterAll(() => net.restore());

  it("a DM (with its attachment) and a comment reach a signed receiver as message.received and comment.received, once", async () => {
    net.serve(HOST, 200);
    const user = await liveUser();
    const ig = await liveAccount(user.userId, "instagram");
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/meta`,
      events: ["message.received", "comment.received"],
    });
    const now = Date.now();
    const dm = JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: ig.platformUserId,
          time: now,
          messaging: [
            {
              sender: { id: "person-9" },
              recipient: { id: ig.platformUserId },
              timestamp: now,
              message: {
                mid: "mid.meta-1",
                text: "Is this in blue?",
                attachments: [{ type: "image", payload: { url: "https://lookaside.example.com/1.jpg" } }],
              },
            },
          ],
        },
      ],
    });
    // Meta delivers the same payload twice; each is one event.
    for (let i = 0; i < 2; i++) {
      expect((await call("POST", "/webhooks/platforms/instagram", dm, await signed(IG_SECRET, dm))).status).toBe(200);
    }
    const comment = igComment(ig.platformUserId, "c-meta-1", "person-9");
    await call("POST", "/webhooks/platforms/instagram", comment, await signed(IG_SECRET, comment));

    const requests = () => net.received(HOST).filter((r) => r.url === `https://${HOST}/meta`);
    await eventually(async () => (requests().length >= 2 ? requests() : undefined), "both events delivered");
    const byEvent = new Map(requests().map((r) => [r.body.event, r]));
    expect(byEvent.get("message.received")!.body.data).toEqual({
      accountId: ig.id,
      platform: "instagram",
      conversationId: expect.stringMatching(/^conv_/),
      contactId: "person-9",
      messageId: "mid.meta-1",
      text: "Is this in blue?",
      media: [{ type: "image", url: "https://lookaside.example.com/1.jpg" }],
      receivedAt: expect.any(String),
    });
    expect(byEvent.get("comment.received")!.body.data).toMatchObject({
      accountId: ig.id,
      commentId: "c-meta-1",
      contactId: "person-9",
      platformPostId: "media-1",
      postId: null,
      text: "GUIDE",
    });
    for (const got of requests()) {
      const header = got.headers["x-service-signature"];
      expect(await verifySignature(webhook.signing_secret, header, got.raw, Math.floor(Date.now() / 1000))).toBe(true);
    }
    expect((await outboxEvents(user.key, "message.received")).map((e) => e.data.messageId)).toEqual(["mid.meta-1"]);
    expect(await outboxEvents(user.key, "comment.received")).toHaveLength(1);
    expect(requests()).toHaveLength(2);
  });
});

describe("a replayed Meta webhook", () => {
  const DAY = 86_400_000;

  it("an event older than the dedupe horizon (7 days) is answered 200 and runs nothing; a younger one runs", async () => {
    const user = await liveUser();
    const ig = await liveAccount(user.userId, "instagram");
    const flow = await liveFlow(
      user.key,
      ig.id,
      "Replayed",
      [trigger("dm_keyword", ["PRICE"]), message("Reply", "The price is 10")],
      [["Trigger", "Reply"]],
    );
    /** A DM as Messenger sends it: `time` and `timestamp` in milliseconds. */
    const dm = (mid: string, at: number) =>
      JSON.stringify({
        object: "instagram",
        entry: [
          {
            id: ig.platformUserId,
            time: at,
            messaging: [
              {
                sender: { id: "person-r" },
                recipient: { id: ig.platformUserId },
                timestamp: at,
                message: { mid, text: "price?" },
              },
            ],
          },
        ],
      });
    const comment = (id: string, at: number) => igComment(ig.platformUserId, id, "person-r", at);
    const post = async (body: string) => {
      const res = await call("POST", "/webhooks/platforms/instagram", body, await signed(IG_SECRET, body));
      expect(res.status).toBe(200);
      return ((await res.json()) as any).data.queued;
    };

    // Sent eight days ago: its dedupe row (if it was ever taken) is gone; Meta is told 200 so it stops retrying.
    expect(await post(dm("mid.replayed", Date.now() - 8 * DAY))).toBe(0);
    expect(await post(comment("c-replayed", Date.now() - 8 * DAY))).toBe(0);
    // Six days ago is within the horizon: taken (a replay of it would find its dedupe row).
    expect(await post(dm("mid.recent", Date.now() - 6 * DAY))).toBe(1);
    await eventually(async () => (await inboundRow(ig.id, "mid.recent")) ?? undefined, "the recent one taken");
    await eventually(async () => ((await executionsOf(flow.id)).length > 0 ? true : undefined), "its run");
    expect(await inboundRow(ig.id, "mid.replayed")).toBeNull();
    expect(await inboundRow(ig.id, "c-replayed")).toBeNull();
    expect(await executionsOf(flow.id)).toHaveLength(1);
    expect(await outboxEvents(user.key, "message.received")).toHaveLength(1);
  });
});

describe("GET /webhooks/platforms/{platform} (the subscription handshake)", () => {
  it("echoes hub.challenge for subscribe with the configured verify token; anything else is 403", async () => {
    const ok = await call(
      "GET",
      "/webhooks/platforms/facebook?hub.mode=subscribe&hub.verify_token=herald-verify-token&hub.challenge=1158201444",
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const wrong = await call(
      "GET",
      "/webhooks/platforms/facebook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444",
    );
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as any).error.code).toBe("verify_token_mismatch");
    const mode = await call(
      "GET",
      "/webhooks/platforms/facebook?hub.mode=unsubscribe&hub.verify_token=herald-verify-token&hub.challenge=1",
    );
    expect(mode.status).toBe(403);
  });
});

describe("parsing Meta's payloads", () => {
  it("Instagram: comments, messages, story replies and mentions; echoes and the account's own comments are skipped", () => {
    const events = parseMetaPayload("instagram", {
      object: "instagram",
      entry: [
        {
          id: "ig-1",
          changes: [
            { field: "comments", value: { id: "c1", text: "hi", from: { id: "p1" }, media: { id: "m1" } } },
            { field: "comments", value: { id: "c2", text: "our reply", from: { id: "ig-1" }, media: { id: "m1" } } },
          ],
          messaging: [
            { sender: { id: "p2" }, recipient: { id: "ig-1" }, message: { mid: "mid1", text: "Hello" } },
            { sender: { id: "ig-1" }, recipient: { id: "p2" }, message: { mid: "mid2", text: "echo", is_echo: true } },
            {
              sender: { id: "p3" },
              recipient: { id: "ig-1" },
              message: { mid: "mid3", text: "love it", reply_to: { story: { id: "story-9", url: "https://x" } } },
            },
            {
              sender: { id: "p4" },
              recipient: { id: "ig-1" },
              message: { mid: "mid4", attachments: [{ type: "story_mention", payload: { url: "https://x" } }] },
            },
            {
              sender: { id: "p5" },
              recipient: { id: "ig-1" },
              postback: { mid: "mid5", title: "Yes", payload: "btn_a" },
            },
          ],
        },
      ],
    });
    expect(events).toEqual([
      { platformAccountId: "ig-1", kind: "comment", id: "c1", senderId: "p1", text: "hi", mediaId: "m1" },
      { platformAccountId: "ig-1", kind: "message", id: "mid1", senderId: "p2", text: "Hello" },
      {
        platformAccountId: "ig-1",
        kind: "story_reply",
        id: "mid3",
        senderId: "p3",
        text: "love it",
        mediaId: "story-9",
      },
      { platformAccountId: "ig-1", kind: "story_mention", id: "mid4", senderId: "p4", text: "" },
      { platformAccountId: "ig-1", kind: "message", id: "mid5", senderId: "p5", text: "btn_a" },
    ]);
  });

  it("Facebook Page feed comments; WhatsApp messages; template status updates are no inbound event", () => {
    expect(
      parseMetaPayload("facebook", {
        object: "page",
        entry: [
          {
            id: "page-1",
            changes: [
              {
                field: "feed",
                value: {
                  item: "comment",
                  verb: "add",
                  comment_id: "pc1",
                  post_id: "page-1_9",
                  message: "Info",
                  from: { id: "u1" },
                },
              },
              { field: "feed", value: { item: "reaction", verb: "add", from: { id: "u1" } } },
            ],
          },
        ],
      }),
    ).toEqual([
      { platformAccountId: "page-1", kind: "comment", id: "pc1", senderId: "u1", text: "Info", mediaId: "page-1_9" },
    ]);
    expect(
      parseMetaPayload("whatsapp", {
        object: "whatsapp_business_account",
        entry: [
          {
            id: "waba-1",
            changes: [
              {
                field: "messages",
                value: {
                  metadata: { phone_number_id: "pn-1" },
                  messages: [{ from: "34600111222", id: "wamid.1", type: "text", text: { body: "hola" } }],
                  statuses: [{ id: "wamid.0", status: "delivered" }],
                },
              },
              { field: "message_template_status_update", value: { event: "APPROVED", message_template_name: "t" } },
            ],
          },
        ],
      }),
    ).toEqual([
      {
        platformAccountId: "pn-1",
        kind: "message",
        id: "wamid.1",
        senderId: "34600111222",
        text: "hola",
        sender: { handle: "+34600111222" },
      },
    ]);
  });
});

describe("a platform webhook's size", () => {
  it("a body over 4 MB is refused with 413 payload_too_large, even well signed, and nothing is queued", async () => {
    const padding = "x".repeat(4 * 1024 * 1024);
    const body = igComment(account.platformUserId, "c-huge").replace('"GUIDE"', `"GUIDE ${padding}"`);
    const res = await call("POST", "/webhooks/platforms/instagram", body, await signed(IG_SECRET, body));
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).error.code).toBe("payload_too_large");
    const good = igComment(account.platformUserId, "c-after-huge");
    await call("POST", "/webhooks/platforms/instagram", good, await signed(IG_SECRET, good));
    await eventually(async () => (await inboundRow(account.id, "c-after-huge")) ?? undefined, "taken");
    expect(await inboundRow(account.id, "c-huge")).toBeNull();
  });
});

describe("WhatsApp template status webhooks", () => {
  it("a signed message_template_status_update updates the account's template and sends whatsapp.template_status once", async () => {
    const user = await liveUser();
    const waba = await liveAccount(user.userId, "whatsapp");
    // Templates belong to the phone number's WhatsApp Business Account, which the webhook names.
    await env.DB.prepare("UPDATE accounts SET business_account_id = ? WHERE id = ?").bind("waba-77", waba.id).run();
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-77",
          changes: [
            {
              field: "message_template_status_update",
              value: {
                event: "REJECTED",
                message_template_name: "order_update",
                message_template_language: "en_US",
                reason: "INVALID_FORMAT",
              },
            },
          ],
        },
      ],
    });
    const refused = await call("POST", "/webhooks/platforms/whatsapp", body, await signed("not-the-secret", body));
    expect(refused.status).toBe(401);
    const template = () =>
      env.DB.prepare("SELECT status, reason FROM whatsapp_templates WHERE account_id = ?").bind(waba.id).first();
    expect(await template()).toBeNull();

    for (let i = 0; i < 2; i++) {
      const res = await call("POST", "/webhooks/platforms/whatsapp", body, await signed(META_SECRET, body));
      expect(res.status).toBe(200);
    }
    expect(await template()).toMatchObject({ status: "rejected" });
    const events = await env.DB.prepare("SELECT type, data FROM events WHERE user_id = ? AND type = ?")
      .bind(user.userId, "whatsapp.template_status")
      .all<{ data: string }>();
    expect(events.results).toHaveLength(1);
    expect(JSON.parse(events.results[0]!.data)).toMatchObject({
      accountId: waba.id,
      templateName: "order_update",
      templateLanguage: "en_US",
      event: "rejected",
    });
  });
});
