// Issue 44, Meta intake as deployed: signed Instagram, Facebook Page and WhatsApp webhooks land each comment and
// message once in the inbox, however often Meta delivers them and however the deliveries race.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import { liveAccount, liveUser } from "../helpers/production";
import { eventually } from "../helpers/wait";

const META_SECRET = "herald-meta-secret";
const IG_SECRET = "herald-ig-secret";

async function deliver(platform: string, secret: string, body: string) {
  const headers = {
    "content-type": "application/json",
    "x-hub-signature-256": `sha256=${await hmacSha256Hex(secret, body)}`,
  };
  const res = await exports.default.fetch(
    new Request(`https://herald.test/webhooks/platforms/${platform}`, { method: "POST", body, headers }),
  );
  expect(res.status).toBe(200);
}

/** Delivers `body` four times at once, then once more after it was taken in. */
async function redeliver(platform: string, secret: string, body: string, accountId: string, ids: string[]) {
  await Promise.all(Array.from({ length: 4 }, () => deliver(platform, secret, body)));
  for (const id of ids) await landed(accountId, id);
  await deliver(platform, secret, body);
  for (const id of ids) await taken(accountId, id);
}

const landed = (accountId: string, id: string) =>
  eventually(
    async () =>
      (await env.DB.prepare("SELECT * FROM inbox_messages WHERE account_id = ? AND platform_message_id = ?")
        .bind(accountId, id)
        .first<Record<string, any>>()) ?? undefined,
    `${id} landed`,
  );
const taken = (accountId: string, id: string) =>
  eventually(
    async () =>
      (await env.DB.prepare(
        "SELECT * FROM inbound_events WHERE account_id = ? AND external_id = ? AND done_at IS NOT NULL",
      )
        .bind(accountId, id)
        .first()) ?? undefined,
    `${id} taken`,
  );
const rowsOf = async (table: string, accountId: string) =>
  (await env.DB.prepare(`SELECT * FROM ${table} WHERE account_id = ?`).bind(accountId).all<Record<string, any>>())
    .results;

const now = () => Math.floor(Date.now() / 1000);
let userId: string;
beforeAll(async () => {
  userId = (await liveUser()).userId;
});

describe("Meta webhooks into the inbox", () => {
  it("Instagram: a comment and a DM each land once, the commenter's username kept", async () => {
    const ig = await liveAccount(userId, "instagram");
    const body = JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: ig.platformUserId,
          time: now(),
          changes: [
            {
              field: "comments",
              value: { id: "ig-c-1", text: "Price?", from: { id: "ig-p1", username: "ada" }, media: { id: "ig-m1" } },
            },
          ],
          messaging: [
            {
              sender: { id: "ig-p1" },
              recipient: { id: ig.platformUserId },
              timestamp: Date.now(),
              message: { mid: "ig-mid-1", text: "hello" },
            },
          ],
        },
      ],
    });
    await redeliver("instagram", IG_SECRET, body, ig.id, ["ig-c-1", "ig-mid-1"]);
    expect((await rowsOf("inbox_messages", ig.id)).map((m) => m.platform_message_id).sort()).toEqual([
      "ig-c-1",
      "ig-mid-1",
    ]);
    const conversations = await rowsOf("conversations", ig.id);
    expect(conversations.map((c) => [c.kind, c.thread_key, c.contact_handle]).sort()).toEqual([
      ["comment", "comment:ig-m1:ig-p1", "ada"],
      ["message", "dm:ig-p1", null],
    ]);
    const dm = conversations.find((c) => c.kind === "message")!;
    expect(dm.window_closes_at).toBeGreaterThan(dm.last_inbound_at);
  });

  it("Facebook Page: a feed comment and a Messenger message each land once", async () => {
    const page = await liveAccount(userId, "facebook");
    const body = JSON.stringify({
      object: "page",
      entry: [
        {
          id: page.platformUserId,
          time: now(),
          changes: [
            {
              field: "feed",
              value: {
                item: "comment",
                verb: "add",
                comment_id: "fb-c-1",
                post_id: "fb-post-1",
                message: "Nice",
                from: { id: "fb-u1", name: "Bob" },
                created_time: now(),
              },
            },
          ],
          messaging: [
            { sender: { id: "fb-u1" }, timestamp: Date.now(), message: { mid: "fb-mid-1", text: "hi page" } },
          ],
        },
      ],
    });
    await redeliver("facebook", META_SECRET, body, page.id, ["fb-c-1", "fb-mid-1"]);
    expect((await rowsOf("inbox_messages", page.id)).map((m) => m.platform_message_id).sort()).toEqual([
      "fb-c-1",
      "fb-mid-1",
    ]);
    const comment = (await rowsOf("conversations", page.id)).find((c) => c.kind === "comment")!;
    expect(comment).toMatchObject({ contact_name: "Bob", platform_post_id: "fb-post-1", window_closes_at: null });
  });

  it("WhatsApp: a message lands once with the person's profile name and number", async () => {
    const wa = await liveAccount(userId, "whatsapp");
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-1",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { phone_number_id: wa.platformUserId, display_phone_number: "15550001111" },
                contacts: [{ wa_id: "34600111222", profile: { name: "Carmen" } }],
                messages: [
                  {
                    id: "wamid.in-1",
                    from: "34600111222",
                    timestamp: String(now()),
                    type: "text",
                    text: { body: "hola" },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    await redeliver("whatsapp", META_SECRET, body, wa.id, ["wamid.in-1"]);
    expect(await rowsOf("inbox_messages", wa.id)).toHaveLength(1);
    expect(await rowsOf("conversations", wa.id)).toEqual([
      expect.objectContaining({
        kind: "message",
        contact_name: "Carmen",
        contact_handle: "+34600111222",
        last_text: "hola",
        unread: 1,
      }),
    ]);
  });
});
