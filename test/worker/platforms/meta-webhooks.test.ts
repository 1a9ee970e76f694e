import { describe, expect, it } from "vitest";
import type { MetaWebhookPayload, WhatsAppWebhookPayload } from "../../../src/platforms/meta/meta-webhooks";
import { parseMetaPayload, parseTemplateChanges } from "../../../src/services/flows/run/meta-webhook";

// Every payload here is typed with the published shapes (meta-webhooks.ts; WhatsApp's from @whatsapp-cloudapi/types):
// a field Herald's parser reads under another name than Meta sends fails the typecheck or these expectations.
// `sentAt` is the platform's own time of each event (milliseconds), which replay refusal reads; `sender` how the
// platform names the person (the inbox shows it).

describe("Meta webhook payloads, typed as Meta publishes them, parse into Herald's inbound events", () => {
  it("Instagram: comments and live comments, messages, quick replies, story replies and mentions, postbacks; echoes and the account's own comments are skipped", () => {
    const payload = {
      object: "instagram",
      entry: [
        {
          id: "ig-1",
          time: 1_764_000_000,
          changes: [
            {
              field: "comments",
              value: { id: "c1", text: "GUIDE", from: { id: "p1", username: "ada" }, media: { id: "m1" } },
            },
            { field: "live_comments", value: { id: "c2", text: "live", from: { id: "p2" }, media: { id: "m2" } } },
            { field: "comments", value: { id: "c3", text: "our reply", from: { id: "ig-1" }, media: { id: "m1" } } },
          ],
          messaging: [
            { sender: { id: "p3" }, recipient: { id: "ig-1" }, timestamp: 1, message: { mid: "mid1", text: "Hello" } },
            {
              sender: { id: "p4" },
              recipient: { id: "ig-1" },
              timestamp: 2,
              message: { mid: "mid2", text: "Yes please", quick_reply: { payload: "YES" } },
            },
            {
              sender: { id: "p5" },
              recipient: { id: "ig-1" },
              timestamp: 3,
              message: {
                mid: "mid3",
                text: "love it",
                reply_to: { story: { id: "story-9", url: "https://x.example" } },
              },
            },
            {
              sender: { id: "p6" },
              recipient: { id: "ig-1" },
              timestamp: 4,
              message: { mid: "mid4", attachments: [{ type: "story_mention", payload: { url: "https://x.example" } }] },
            },
            {
              sender: { id: "p7" },
              recipient: { id: "ig-1" },
              timestamp: 5,
              postback: { mid: "mid5", title: "Yes", payload: "btn_a" },
            },
            {
              sender: { id: "ig-1" },
              recipient: { id: "p3" },
              timestamp: 6,
              message: { mid: "mid6", text: "echo", is_echo: true },
            },
          ],
        },
      ],
    } satisfies MetaWebhookPayload;
    expect(parseMetaPayload("instagram", payload)).toEqual([
      {
        platformAccountId: "ig-1",
        kind: "comment",
        id: "c1",
        senderId: "p1",
        text: "GUIDE",
        mediaId: "m1",
        sentAt: 1_764_000_000_000,
        sender: { handle: "ada" },
      },
      {
        platformAccountId: "ig-1",
        kind: "comment",
        id: "c2",
        senderId: "p2",
        text: "live",
        mediaId: "m2",
        sentAt: 1_764_000_000_000,
      },
      { platformAccountId: "ig-1", kind: "message", id: "mid1", senderId: "p3", text: "Hello", sentAt: 1000 },
      { platformAccountId: "ig-1", kind: "message", id: "mid2", senderId: "p4", text: "YES", sentAt: 2000 },
      {
        platformAccountId: "ig-1",
        kind: "story_reply",
        id: "mid3",
        senderId: "p5",
        text: "love it",
        mediaId: "story-9",
        sentAt: 3000,
      },
      { platformAccountId: "ig-1", kind: "story_mention", id: "mid4", senderId: "p6", text: "", sentAt: 4000 },
      { platformAccountId: "ig-1", kind: "message", id: "mid5", senderId: "p7", text: "btn_a", sentAt: 5000 },
    ]);
  });

  it("Facebook Pages: a comment added to the feed and Messenger messages; reactions are no event", () => {
    const payload = {
      object: "page",
      entry: [
        {
          id: "page-1",
          time: 1_764_000_000,
          changes: [
            {
              field: "feed",
              value: {
                item: "comment",
                verb: "add",
                comment_id: "page-1_9_77",
                post_id: "page-1_9",
                message: "Info",
                from: { id: "u1", name: "Ada" },
                created_time: 1_764_000_000,
              },
            },
            { field: "feed", value: { item: "reaction", verb: "add", post_id: "page-1_9", from: { id: "u1" } } },
          ],
          messaging: [
            {
              sender: { id: "psid-2" },
              recipient: { id: "page-1" },
              timestamp: 1,
              message: { mid: "m.1", text: "hi" },
            },
          ],
        },
      ],
    } satisfies MetaWebhookPayload;
    expect(parseMetaPayload("facebook", payload)).toEqual([
      {
        platformAccountId: "page-1",
        kind: "comment",
        id: "page-1_9_77",
        senderId: "u1",
        text: "Info",
        mediaId: "page-1_9",
        sentAt: 1_764_000_000_000,
        sender: { name: "Ada" },
      },
      { platformAccountId: "page-1", kind: "message", id: "m.1", senderId: "psid-2", text: "hi", sentAt: 1000 },
    ]);
  });

  it("WhatsApp: text, reply buttons, list rows and template buttons; delivery statuses are no event; template status changes are read apart", () => {
    const base = { from: "34600111222", timestamp: "1764000000" };
    const payload = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba-1",
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "+34 600 000 000", phone_number_id: "pn-1" },
                contacts: [{ profile: { name: "Ada" }, wa_id: "34600111222" }],
                messages: [
                  { ...base, id: "wamid.1", type: "text", text: { body: "hola" } },
                  {
                    ...base,
                    id: "wamid.2",
                    type: "interactive",
                    interactive: { type: "button_reply", button_reply: { id: "btn_yes", title: "Yes" } },
                  },
                  {
                    ...base,
                    id: "wamid.3",
                    type: "interactive",
                    interactive: { type: "list_reply", list_reply: { id: "row_2", title: "Two", description: "" } },
                  },
                  { ...base, id: "wamid.4", type: "button", button: { payload: "STOP", text: "Stop" } },
                ],
                statuses: [
                  { id: "wamid.0", recipient_id: "34600111222", status: "delivered", timestamp: "1764000000" },
                ],
              },
            },
            {
              field: "message_template_status_update",
              value: {
                event: "REJECTED",
                message_template_id: 594425479261596,
                message_template_name: "order_update",
                message_template_language: "en_US",
                reason: "INVALID_FORMAT",
              },
            },
          ],
        },
      ],
    } satisfies WhatsAppWebhookPayload;
    expect(parseMetaPayload("whatsapp", payload)).toEqual([
      {
        platformAccountId: "pn-1",
        kind: "message",
        id: "wamid.1",
        senderId: "34600111222",
        text: "hola",
        sentAt: 1_764_000_000_000,
        sender: { name: "Ada", handle: "+34600111222" },
      },
      {
        platformAccountId: "pn-1",
        kind: "message",
        id: "wamid.2",
        senderId: "34600111222",
        text: "btn_yes",
        sentAt: 1_764_000_000_000,
        sender: { name: "Ada", handle: "+34600111222" },
      },
      {
        platformAccountId: "pn-1",
        kind: "message",
        id: "wamid.3",
        senderId: "34600111222",
        text: "row_2",
        sentAt: 1_764_000_000_000,
        sender: { name: "Ada", handle: "+34600111222" },
      },
      {
        platformAccountId: "pn-1",
        kind: "message",
        id: "wamid.4",
        senderId: "34600111222",
        text: "STOP",
        sentAt: 1_764_000_000_000,
        sender: { name: "Ada", handle: "+34600111222" },
      },
    ]);
    expect(parseTemplateChanges(payload)).toEqual([
      {
        wabaId: "waba-1",
        change: { name: "order_update", language: "en_US", event: "rejected", reason: "INVALID_FORMAT" },
      },
    ]);
  });
});
