import type {
  CloudAPIErrorResponse,
  CloudAPIMarkMessageReadRequest,
  CloudAPIMarkReadResponse,
  CloudAPIMediaUploadResponse,
  CloudAPIResponse,
  CloudAPISendImageMessageRequest,
  CloudAPISendInteractiveButtonsMessageRequest,
  CloudAPISendTemplateMessageRequest,
  CloudAPISendTextMessageRequest,
} from "@whatsapp-cloudapi/types/cloudapi";
import { describe, expect, it } from "vitest";
import type { OutgoingMessage, PlatformAccount } from "../../../src/platforms/types";
import { WhatsAppAdapter } from "../../../src/platforms/whatsapp/whatsapp";
import type {
  DebugTokenAnswer,
  PhoneNumbersAnswer,
  SubscribedAppsAnswer,
} from "../../../src/platforms/whatsapp/whatsapp-connect";
import { scriptedPlatform } from "../helpers/platform";
import { type Exchange, fakeTime, platformFailure, recordedFetch } from "../helpers/recorded-fetch";

// Requests and answers as Meta's Cloud API reference shows them, typed with @whatsapp-cloudapi/types (the answers
// `satisfies` its types, so a fixture that drifts from the published shape fails the typecheck); nothing here was
// recorded from Meta itself.

const GRAPH = "https://graph.facebook.com/v26.0";
const PHONE = "106540352242922";
const WABA = "102290129340398";
const ENV = { META_APP_ID: "1001001", META_APP_SECRET: "meta-secret-77" };
const CALLBACK = "https://herald.example/api/v1/connect/whatsapp/callback";
const MESSAGES = `${GRAPH}/${PHONE}/messages`;

const account: PlatformAccount = {
  id: "acct_wa",
  platform: "whatsapp",
  platformUserId: PHONE,
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "wa-token", wabaId: WABA },
};

function whatsapp(exchanges: Exchange[], env: Record<string, string> = ENV) {
  const wire = recordedFetch(exchanges);
  const time = fakeTime();
  return { wire, time, adapter: new WhatsAppAdapter({ fetch: wire.fetch, ...time, env }) };
}

const accepted = (id: string) =>
  ({
    messaging_product: "whatsapp",
    contacts: [{ input: "34600111222", wa_id: "34600111222" }],
    messages: [{ id, message_status: "accepted" }],
  }) satisfies CloudAPIResponse;

const cloudError = (code: number, message: string, details = "") =>
  ({
    error: {
      message,
      type: "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details },
      fbtrace_id: "AbC",
    },
  }) satisfies CloudAPIErrorResponse;

const numbers = (...list: [string, string, string][]) =>
  ({
    data: list.map(([id, display_phone_number, verified_name]) => ({ id, display_phone_number, verified_name })),
  }) satisfies PhoneNumbersAnswer;

const subscribed = (waba: string): Exchange => ({
  method: "POST",
  url: `${GRAPH}/${waba}/subscribed_apps`,
  json: { success: true } satisfies SubscribedAppsAnswer,
});
const phoneNumbers = (waba: string, token: string, answer: PhoneNumbersAnswer): Exchange => ({
  method: "GET",
  url: `${GRAPH}/${waba}/phone_numbers?fields=id%2Cdisplay_phone_number%2Cverified_name&limit=100&access_token=${token}`,
  json: answer,
});

const text = (body: string, extra: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  text: body,
  buttons: [],
  ...extra,
});
const sentBody = (wire: ReturnType<typeof recordedFetch>, n = 0) => JSON.parse(wire.sent[n]!.body);

describe("WhatsApp: connecting through Embedded Signup", () => {
  it("sends the owner to Facebook Login for Business with the WhatsApp permissions and the signup configuration", () => {
    const { adapter } = whatsapp([], { ...ENV, WHATSAPP_EMBEDDED_SIGNUP_CONFIG_ID: "cfg-9" });
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st-1", codeChallenge: "unused", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://www.facebook.com/v26.0/dialog/oauth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "1001001",
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "whatsapp_business_management,whatsapp_business_messaging",
      state: "st-1",
      config_id: "cfg-9",
    });
    const plain = new URL(
      whatsapp([]).adapter.connection.authorizationUrl({ state: "s", codeChallenge: "c", redirectUri: CALLBACK }),
    );
    expect(plain.searchParams.has("config_id")).toBe(false);
    expect(adapter.connection.requiredEnv).toEqual(["META_APP_ID", "META_APP_SECRET"]);
  });

  it("exchanges the code (GET), then connects every phone number of every WABA granted, subscribing to each WABA", async () => {
    const other = "200300400500600";
    const { wire, adapter } = whatsapp([
      {
        method: "GET",
        url: `${GRAPH}/oauth/access_token?code=wa-code&redirect_uri=${encodeURIComponent(CALLBACK)}&client_id=1001001&client_secret=meta-secret-77`,
        json: { access_token: "biz-token", token_type: "bearer" },
      },
      {
        method: "GET",
        url: `${GRAPH}/debug_token?input_token=biz-token&access_token=1001001%7Cmeta-secret-77`,
        json: {
          data: {
            app_id: "1001001",
            is_valid: true,
            granular_scopes: [
              { scope: "whatsapp_business_management", target_ids: [WABA, other] },
              { scope: "whatsapp_business_messaging", target_ids: [WABA, other] },
            ],
          },
        } satisfies DebugTokenAnswer,
      },
      subscribed(WABA),
      phoneNumbers(WABA, "biz-token", numbers([PHONE, "+1 555-0100", "The Bakery"])),
      subscribed(other),
      phoneNumbers(other, "biz-token", numbers(["106540352242999", "+34 600 000 001", "Panadería"])),
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "wa-code",
      codeVerifier: "v",
      redirectUri: CALLBACK,
    });
    expect(credentials).toEqual({ accessToken: "biz-token" });
    const accounts = await adapter.connection.accounts!(credentials);
    expect(accounts).toEqual([
      {
        identity: {
          platformUserId: PHONE,
          name: "The Bakery (+1 555-0100)",
          subscriptionTier: null,
          businessAccountId: WABA,
        },
        credentials: { accessToken: "biz-token", wabaId: WABA },
      },
      {
        identity: {
          platformUserId: "106540352242999",
          name: "Panadería (+34 600 000 001)",
          subscriptionTier: null,
          businessAccountId: other,
        },
        credentials: { accessToken: "biz-token", wabaId: other },
      },
    ]);
    expect(wire.sent[2]!.headers.authorization).toBe("Bearer biz-token");
    wire.expectAllUsed();
  });

  it("a consent that granted no WABA is refused, saying so", async () => {
    const { adapter } = whatsapp([
      {
        method: "GET",
        url: `${GRAPH}/debug_token?input_token=biz-token&access_token=1001001%7Cmeta-secret-77`,
        json: { data: { is_valid: true, granular_scopes: [] } } satisfies DebugTokenAnswer,
      },
    ]);
    const error = await platformFailure(adapter.connection.accounts!({ accessToken: "biz-token" }));
    expect([error.failure, error.message]).toEqual([
      "refused",
      "Meta granted no WhatsApp Business Account: choose or create one when asked",
    ]);
  });
});

describe("WhatsApp: connecting with a system user's token", () => {
  const pasted = (adapter: WhatsAppAdapter, input: Record<string, unknown>) => adapter.connection.pasted!.verify(input);

  it("a WABA with one number connects it; with several, phone_number_id chooses", async () => {
    const two = numbers([PHONE, "+1 555-0100", "The Bakery"], ["106540352242999", "+1 555-0199", "The Bakery 2"]);
    const { wire, adapter } = whatsapp([
      subscribed(WABA),
      phoneNumbers(WABA, "su-token", numbers([PHONE, "+1 555-0100", "The Bakery"])),
      subscribed(WABA),
      phoneNumbers(WABA, "su-token", two),
    ]);
    const one = await pasted(adapter, { access_token: "su-token", waba_id: WABA });
    expect(one.identity).toMatchObject({ platformUserId: PHONE, businessAccountId: WABA });
    expect(one.credentials).toEqual({ accessToken: "su-token", wabaId: WABA });
    const chosen = await pasted(adapter, {
      access_token: "su-token",
      waba_id: WABA,
      phone_number_id: "106540352242999",
    });
    expect(chosen.identity.name).toBe("The Bakery 2 (+1 555-0199)");
    wire.expectAllUsed();
  });

  it("several numbers and none named, or one not of the WABA, is 400 naming the numbers", async () => {
    const two = numbers([PHONE, "+1 555-0100", "A"], ["106540352242999", "+1 555-0199", "B"]);
    const { adapter } = whatsapp([
      subscribed(WABA),
      phoneNumbers(WABA, "su-token", two),
      subscribed(WABA),
      phoneNumbers(WABA, "su-token", two),
    ]);
    const none = await pasted(adapter, { access_token: "su-token", waba_id: WABA }).catch((e) => e);
    expect(none.code).toBe("validation_error");
    expect(none.message).toContain("has 2 phone numbers; name one");
    expect(none.message).toContain(`${PHONE} (A (+1 555-0100))`);
    const wrong = await pasted(adapter, { access_token: "su-token", waba_id: WABA, phone_number_id: "999" }).catch(
      (e) => e,
    );
    expect([wrong.code, wrong.message]).toEqual([
      "validation_error",
      `phone_number_id: Not a phone number of this WhatsApp Business Account; its numbers: ${PHONE} (A (+1 555-0100)), 106540352242999 (B (+1 555-0199))`,
    ]);
  });

  it("the form's fields are checked before Meta is asked", () => {
    const { adapter } = whatsapp([]);
    const input = adapter.connection.pasted!.input;
    expect(input.safeParse({ access_token: "t", waba_id: "12ab" }).success).toBe(false);
    expect(input.safeParse({ waba_id: WABA }).success).toBe(false);
    expect(input.safeParse({ access_token: "t", waba_id: WABA, phone_number_id: "x" }).success).toBe(false);
    expect(input.safeParse({ access_token: "t", waba_id: WABA }).success).toBe(true);
  });
});

describe("WhatsApp: sending", () => {
  it("text, with a link preview when the message has a link", async () => {
    const { wire, adapter } = whatsapp([{ method: "POST", url: MESSAGES, json: accepted("wamid.t1") }]);
    const sent = await adapter.messaging.sendMessage(
      account,
      "34600111222",
      text("Here is your guide", { link: "https://example.com/guide" }),
    );
    expect(sent).toEqual({ messageId: "wamid.t1" });
    expect(wire.sent[0]!.headers).toEqual({ authorization: "Bearer wa-token", "content-type": "application/json" });
    expect(sentBody(wire)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "34600111222",
      type: "text",
      text: { body: "Here is your guide\n\nhttps://example.com/guide", preview_url: true },
    } satisfies CloudAPISendTextMessageRequest);
  });

  it("reply buttons as an interactive message (titles cut to 20 characters; a link button goes in the text)", async () => {
    const { wire, adapter } = whatsapp([{ method: "POST", url: MESSAGES, json: accepted("wamid.b1") }]);
    await adapter.messaging.sendMessage(account, "34600111222", {
      text: "Which one?",
      buttons: [
        { id: "btn_a", label: "The first and the best", type: "postback" },
        { id: "btn_b", label: "Second", type: "postback" },
        { id: "web", label: "Menu", type: "url", url: "https://example.com/menu" },
      ],
    });
    expect(sentBody(wire)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "34600111222",
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "Which one?\n\nMenu: https://example.com/menu" },
        action: {
          buttons: [
            { type: "reply", reply: { id: "btn_a", title: "The first and the be" } },
            { type: "reply", reply: { id: "btn_b", title: "Second" } },
          ],
        },
      },
    } satisfies CloudAPISendInteractiveButtonsMessageRequest);
  });

  it("an image: fetched from its public URL, uploaded to /media, then sent by its media id with the caption", async () => {
    const { wire, adapter } = whatsapp([
      {
        method: "GET",
        url: "https://cdn.example.com/menu.png",
        text: "PNG…",
        headers: { "content-type": "image/png" },
      },
      {
        method: "POST",
        url: `${GRAPH}/${PHONE}/media`,
        json: { id: "media-77", mime_type: "image/png" } satisfies CloudAPIMediaUploadResponse,
      },
      { method: "POST", url: MESSAGES, json: accepted("wamid.i1") },
    ]);
    await adapter.messaging.sendMessage(
      account,
      "34600111222",
      text("Today's menu", { media: { type: "image", url: "https://cdn.example.com/menu.png" } }),
    );
    expect(wire.sent[1]!.body).toBe("<[object FormData]>");
    expect(sentBody(wire, 2)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "34600111222",
      type: "image",
      image: { id: "media-77", caption: "Today's menu" },
    } satisfies CloudAPISendImageMessageRequest);
    wire.expectAllUsed();
  });

  it("a template by name and language, and no components when it has no parameters", async () => {
    const { wire, adapter } = whatsapp([{ method: "POST", url: MESSAGES, json: accepted("wamid.tpl") }]);
    await adapter.messaging.sendMessage(
      account,
      "34600111222",
      text("ignored", { template: { name: "order_update", language: "en_US" } }),
    );
    expect(sentBody(wire)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "34600111222",
      type: "template",
      template: { name: "order_update", language: { code: "en_US" } },
    } satisfies CloudAPISendTemplateMessageRequest);
  });

  it("a template's parameters as its body's text parameters, exactly and in order", async () => {
    const { wire, adapter } = whatsapp([{ method: "POST", url: MESSAGES, json: accepted("wamid.tpl2") }]);
    const parameters = ["Ana", "#1042", "  Friday,  27 Nov  "];
    await adapter.messaging.sendMessage(
      account,
      "34600111222",
      text("", { template: { name: "order_update", language: "en_US", parameters } }),
    );
    expect(sentBody(wire)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "34600111222",
      type: "template",
      template: {
        name: "order_update",
        language: { code: "en_US" },
        components: [{ type: "body", parameters: parameters.map((value) => ({ type: "text", text: value })) }],
      },
    } satisfies CloudAPISendTemplateMessageRequest);
  });

  it("marks a message read", async () => {
    const { wire, adapter } = whatsapp([
      { method: "POST", url: MESSAGES, json: { success: true } satisfies CloudAPIMarkReadResponse },
    ]);
    await adapter.messaging.markRead!(account, "wamid.in-1");
    expect(sentBody(wire)).toEqual({
      messaging_product: "whatsapp",
      status: "read",
      message_id: "wamid.in-1",
    } satisfies CloudAPIMarkMessageReadRequest);
  });

  it("WhatsApp has no comments: a private reply is refused before anything is sent", async () => {
    const { wire, adapter } = whatsapp([]);
    const error = await platformFailure(adapter.messaging.privateReply(account, "c-1", text("hi")));
    expect([error.failure, error.code]).toEqual(["refused", "NOT_SUPPORTED"]);
    expect(wire.sent).toEqual([]);
  });
});

describe("WhatsApp: the Cloud API's refusals in Herald's terms", () => {
  const refusal = async (status: number, body: CloudAPIErrorResponse, headers: Record<string, string> = {}) => {
    const { adapter } = whatsapp([{ method: "POST", url: MESSAGES, status, json: body, headers }]);
    return platformFailure(adapter.messaging.sendMessage(account, "34600111222", text("hi")));
  };

  it("131047, more than 24 hours since the customer wrote: refused, re-engagement required", async () => {
    const error = await refusal(
      400,
      cloudError(131047, "Re-engagement message", "More than 24 hours have passed since the recipient last replied"),
    );
    expect([error.failure, error.code]).toEqual(["refused", "REENGAGEMENT_REQUIRED"]);
    expect(error.message).toBe(
      "WhatsApp message: Re-engagement message: More than 24 hours have passed since the recipient last replied (131047)",
    );
  });

  it("rate limits (130429 throughput, 131048 spam, 131056 pair) wait as Meta says, else a minute", async () => {
    const usage = JSON.stringify({ [WABA]: [{ type: "whatsapp", estimated_time_to_regain_access: 3 }] });
    const throughput = await refusal(400, cloudError(130429, "Rate limit hit"), {
      "x-business-use-case-usage": usage,
    });
    expect([throughput.failure, throughput.code, throughput.retryAfterMs]).toEqual([
      "rate_limited",
      "PLATFORM_RATE_LIMITED",
      180_000,
    ]);
    const pair = await refusal(400, cloudError(131056, "(Business Account, Consumer Account) pair rate limit hit"), {
      "retry-after": "6",
    });
    expect([pair.failure, pair.retryAfterMs]).toEqual(["rate_limited", 6_000]);
    const spam = await refusal(400, cloudError(131048, "Spam rate limit hit"));
    expect([spam.failure, spam.retryAfterMs]).toEqual(["rate_limited", 60_000]);
  });

  it("190, the token expired or was revoked: auth_expired", async () => {
    const error = await refusal(401, cloudError(190, "Error validating access token: Session has expired"));
    expect(error.failure).toBe("auth_expired");
  });

  it("a template that does not exist, or is paused or disabled, is refused as unavailable", async () => {
    for (const code of [132001, 132015, 132016]) {
      const error = await refusal(404, cloudError(code, "Template name does not exist in the translation"));
      expect([error.failure, error.code]).toEqual(["refused", "TEMPLATE_UNAVAILABLE"]);
    }
  });

  it("any other refusal keeps Meta's words; 131000 on a send may have gone through: no_answer", async () => {
    const other = await refusal(400, cloudError(131026, "Message undeliverable"));
    expect([other.failure, other.code, other.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      "WhatsApp message: Message undeliverable",
    ]);
    expect((await refusal(500, cloudError(131000, "Something went wrong"))).failure).toBe("no_answer");
  });

  it("a send that times out may have gone through: no_answer, never retried blindly", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${MESSAGES}`, answer: "timeout" }], ENV);
    const adapter = new WhatsAppAdapter(platform.deps);
    const error = await platformFailure(adapter.messaging.sendMessage(account, "34600111222", text("hi")));
    expect(error.failure).toBe("no_answer");
    expect(error.retryable).toBe(false);
  });

  it("an answer naming no message is no_answer", async () => {
    const { adapter } = whatsapp([{ method: "POST", url: MESSAGES, json: { messaging_product: "whatsapp" } }]);
    expect((await platformFailure(adapter.messaging.sendMessage(account, "1", text("hi")))).failure).toBe("no_answer");
  });
});
