import { describe, expect, it } from "vitest";
import { FacebookAdapter } from "../../../src/platforms/meta/facebook";
import { InstagramAdapter } from "../../../src/platforms/meta/instagram";
import type { GraphError, SendAnswer, SendMessage, SendRecipient } from "../../../src/platforms/meta/meta-shapes";
import type { PlatformAccount } from "../../../src/platforms/types";
import { fakeTime, recordedFetch } from "../helpers/recorded-fetch";

const FB_GRAPH = "https://graph.facebook.com/v26.0";
const IG_GRAPH = "https://graph.instagram.com/v26.0";

const page: PlatformAccount = {
  id: "acct_fb",
  platform: "facebook",
  platformUserId: "1001",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "page-token" },
};
const igAccount: PlatformAccount = {
  id: "acct_ig",
  platform: "instagram",
  platformUserId: "1784",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "ig-token", instagramLogin: true },
};

const form = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe("Meta Send API messaging", () => {
  it("Instagram: the private reply to a comment goes to /{ig-id}/messages with recipient.comment_id", async () => {
    const wire = recordedFetch([
      {
        method: "POST",
        url: `${IG_GRAPH}/1784/messages`,
        json: { recipient_id: "ig-person", message_id: "mid.1" } satisfies SendAnswer,
      },
    ]);
    const adapter = new InstagramAdapter({ fetch: wire.fetch, ...fakeTime() });
    const sent = await adapter.messaging.privateReply(igAccount, "c-17", { text: "Thanks!", buttons: [] });
    expect(sent).toEqual({ messageId: "mid.1" });
    expect(form(wire.sent[0]!.body)).toEqual({
      recipient: JSON.stringify({ comment_id: "c-17" }),
      message: JSON.stringify({ text: "Thanks!" }),
      messaging_type: "RESPONSE",
      access_token: "ig-token",
    });
    wire.expectAllUsed();
  });

  it("Facebook: a message with buttons is a button template to recipient.id, signed with appsecret_proof", async () => {
    const wire = recordedFetch([
      {
        method: "POST",
        url: `${FB_GRAPH}/1001/messages`,
        json: { recipient_id: "psid-9", message_id: "m_2" } satisfies SendAnswer,
      },
    ]);
    const adapter = new FacebookAdapter({ fetch: wire.fetch, ...fakeTime(), appSecret: "app-secret" });
    await adapter.messaging.sendMessage(page, "psid-9", {
      text: "Pick one",
      link: "https://example.com/x",
      buttons: [
        { id: "btn_a", label: "Yes", type: "postback" },
        { id: "btn_b", label: "Site", type: "url", url: "https://example.com" },
      ],
    });
    const sent = form(wire.sent[0]!.body);
    expect(JSON.parse(sent.recipient!)).toEqual({ id: "psid-9" } satisfies SendRecipient);
    expect(JSON.parse(sent.message!)).toEqual({
      attachment: {
        type: "template",
        payload: {
          template_type: "button",
          text: "Pick one\n\nhttps://example.com/x",
          buttons: [
            { type: "postback", title: "Yes", payload: "btn_a" },
            { type: "web_url", url: "https://example.com", title: "Site" },
          ],
        },
      },
    } satisfies SendMessage);
    expect(sent.appsecret_proof).toMatch(/^[0-9a-f]{64}$/);
  });

  it("Meta's refusal (outside the window) is a refused PlatformError with Meta's message", async () => {
    const wire = recordedFetch([
      {
        method: "POST",
        url: `${FB_GRAPH}/1001/messages`,
        status: 400,
        json: {
          error: { message: "This message is sent outside of allowed window.", code: 10, error_subcode: 2018278 },
        } satisfies GraphError,
      },
    ]);
    const adapter = new FacebookAdapter({ fetch: wire.fetch, ...fakeTime() });
    await expect(adapter.messaging.sendMessage(page, "psid-9", { text: "Hi", buttons: [] })).rejects.toMatchObject({
      failure: "refused",
      message: expect.stringContaining("outside of allowed window"),
    });
  });
});
