import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import type {
  CloudAPIErrorResponse,
  CloudAPIResponse,
  CloudAPISendTemplateMessageRequest,
} from "@whatsapp-cloudapi/types/cloudapi";
import type { WebhookPayload } from "@whatsapp-cloudapi/types/webhook";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hmacSha256Hex } from "../../../src/lib/crypto";
import type { MessageTemplatesPage, TemplateStatusWebhook } from "../../../src/platforms/whatsapp/whatsapp";
import type { DebugTokenAnswer, PhoneNumbersAnswer } from "../../../src/platforms/whatsapp/whatsapp-connect";
import { api } from "../helpers/api";
import { executionIn, liveFlow, trigger } from "../helpers/flow-runs";
import { type Exchange, json } from "../helpers/platform";
import { connectThroughConsent, credentialsRow, liveUser, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

// WhatsApp as deployed (SANDBOX=false): the Cloud API and Graph scripted from Meta's reference, typed with
// @whatsapp-cloudapi/types; Meta's webhooks signed with the app secret from vitest.config.ts.

afterEach(() => vi.restoreAllMocks());

const GRAPH = "https://graph.facebook.com/v26.0";
const CALLBACK = "https://herald.test/api/v1/connect/whatsapp/callback";
const META_SECRET = "herald-meta-secret";
const APP_TOKEN = "1001001%7Cherald-meta-secret";

const phoneNumbers = (waba: string, token: string, list: [string, string][]): Exchange => ({
  expect: `GET ${GRAPH}/${waba}/phone_numbers?fields=id%2Cdisplay_phone_number%2Cverified_name&limit=100&access_token=${token}`,
  answer: json(200, {
    data: list.map(([id, display]) => ({ id, display_phone_number: display, verified_name: "The Bakery" })),
  } satisfies PhoneNumbersAnswer),
});
const subscribed = (waba: string): Exchange => ({
  expect: `POST ${GRAPH}/${waba}/subscribed_apps`,
  answer: json(200, { success: true }),
});

/** Embedded Signup's consent granting one WABA with `numbers`, as Meta answers it. */
const signup = (token: string, waba: string, numbers: [string, string][]): Exchange[] => [
  {
    expect: `GET ${GRAPH}/oauth/access_token?code=code-from-whatsapp&redirect_uri=${encodeURIComponent(CALLBACK)}&client_id=1001001&client_secret=${META_SECRET}`,
    answer: json(200, { access_token: token, token_type: "bearer" }),
  },
  {
    expect: `GET ${GRAPH}/debug_token?input_token=${token}&access_token=${APP_TOKEN}`,
    answer: json(200, {
      data: { is_valid: true, granular_scopes: [{ scope: "whatsapp_business_management", target_ids: [waba] }] },
    } satisfies DebugTokenAnswer),
  },
  subscribed(waba),
  phoneNumbers(waba, token, numbers),
];

const call = (path: string, body: string, headers: Record<string, string>) =>
  exports.default.fetch(new Request(`https://herald.test${path}`, { method: "POST", body, headers }));
const signedPost = async (payload: unknown) => {
  const body = JSON.stringify(payload);
  const signature = `sha256=${await hmacSha256Hex(META_SECRET, body)}`;
  return call("/webhooks/platforms/whatsapp", body, {
    "content-type": "application/json",
    "x-hub-signature-256": signature,
  });
};

/** A customer's text message to the business's number, as the Cloud API's webhook sends it. */
const customerMessage = (waba: string, phoneId: string, id: string, from: string, body: string) =>
  ({
    object: "whatsapp_business_account",
    entry: [
      {
        id: waba,
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550100", phone_number_id: phoneId },
              contacts: [{ profile: { name: "Ana" }, wa_id: from }],
              messages: [{ id, from, timestamp: "1795000000", type: "text", text: { body } }],
            },
          },
        ],
      },
    ],
  }) satisfies WebhookPayload;

const accepted = (id: string) =>
  json(200, {
    messaging_product: "whatsapp",
    contacts: [{ input: "34600111222", wa_id: "34600111222" }],
    messages: [{ id }],
  } satisfies CloudAPIResponse);

const accountRow = (id: string) =>
  env.DB.prepare("SELECT platform_user_id, business_account_id, name FROM accounts WHERE id = ?").bind(id).first();

describe("connecting WhatsApp end to end", () => {
  it("Embedded Signup connects each number of the WABA granted, keeping its phone-number id and WABA id", async () => {
    const { key } = await liveUser();
    const { url, callback, wire } = await connectThroughConsent(
      "whatsapp",
      key,
      signup("biz-token-1", "3100", [
        ["3101", "+1 555-0101"],
        ["3102", "+1 555-0102"],
      ]),
    );
    expect(url.origin + url.pathname).toBe("https://www.facebook.com/v26.0/dialog/oauth");
    expect(url.searchParams.get("scope")).toBe("whatsapp_business_management,whatsapp_business_messaging");
    expect(wire.remaining).toEqual([]);
    expect(callback.status).toBe(201);
    const connected = [callback.body.data, ...callback.body.data.also_connected];
    expect(connected.map((a: any) => [a.platform, a.platform_user_id, a.name])).toEqual([
      ["whatsapp", "3101", "The Bakery (+1 555-0101)"],
      ["whatsapp", "3102", "The Bakery (+1 555-0102)"],
    ]);
    for (const account of connected) {
      expect(await accountRow(account.id)).toMatchObject({ business_account_id: "3100" });
      expect((await credentialsRow(account.id))!.sealed).not.toContain("biz-token-1");
    }
  });

  it("a system user's token connects the number named; several numbers and none named is 400, nothing saved", async () => {
    const { key } = await liveUser();
    const connect = (body: Record<string, unknown>) => api("POST", "/api/v1/connect/whatsapp", { key, body });
    const two: [string, string][] = [
      ["3201", "+1 555-0201"],
      ["3202", "+1 555-0202"],
    ];
    scriptWorkerFetch([subscribed("3200"), phoneNumbers("3200", "su-token", two)]);
    const unnamed = await connect({ access_token: "su-token", waba_id: "3200" });
    expect([unnamed.status, unnamed.body.error.code]).toEqual([400, "validation_error"]);
    expect(unnamed.body.error.message).toContain("has 2 phone numbers; name one");
    expect((await api("GET", "/api/v1/connected-accounts", { key })).body.data).toEqual([]);
    vi.restoreAllMocks();

    scriptWorkerFetch([subscribed("3200"), phoneNumbers("3200", "su-token", two)]);
    const named = await connect({ access_token: "su-token", waba_id: "3200", phone_number_id: "3202" });
    expect(named.status).toBe(201);
    expect(named.body.data).toMatchObject({ platform: "whatsapp", platform_user_id: "3202" });
    expect(await accountRow(named.body.data.id)).toMatchObject({ business_account_id: "3200" });

    const bad = await connect({ access_token: "su-token", waba_id: "not-a-number" });
    expect([bad.status, bad.body.error.code]).toEqual([400, "validation_error"]);
  });
});

describe("Meta's webhooks routed to the account", () => {
  it("a message by the phone-number id it was sent to; a template status change to every number of the WABA", async () => {
    const { key, userId } = await liveUser();
    const { callback } = await connectThroughConsent(
      "whatsapp",
      key,
      signup("biz-token-2", "3300", [
        ["3301", "+1 555-0301"],
        ["3302", "+1 555-0302"],
      ]),
    );
    const [first, second] = [callback.body.data, callback.body.data.also_connected[0]];

    const res = await signedPost(customerMessage("3300", "3302", "wamid.route-1", "34600111222", "hola"));
    expect(await res.json()).toEqual({ success: true, data: { queued: 1 } });
    const row = await eventually(
      async () =>
        (await env.DB.prepare("SELECT account_id, sender_id FROM inbound_events WHERE external_id = ?")
          .bind("wamid.route-1")
          .first()) ?? undefined,
      "the message taken",
    );
    expect(row).toEqual({ account_id: second.id, sender_id: "34600111222" });

    const status = {
      object: "whatsapp_business_account",
      entry: [
        {
          id: "3300",
          time: 1795000000,
          changes: [
            {
              field: "message_template_status_update",
              value: {
                event: "APPROVED",
                message_template_id: 594425479261596,
                message_template_name: "order_update",
                message_template_language: "en_US",
                reason: "NONE",
              },
            },
          ],
        },
      ],
    } satisfies TemplateStatusWebhook;
    expect((await signedPost(status)).status).toBe(200);
    const templates = await env.DB.prepare("SELECT account_id, status FROM whatsapp_templates WHERE user_id = ?")
      .bind(userId)
      .all();
    expect(templates.results.map((t: any) => [t.account_id, t.status]).sort()).toEqual(
      [
        [first.id, "approved"],
        [second.id, "approved"],
      ].sort(),
    );
  });
});

describe("a WhatsApp flow end to end through the Cloud API adapter", () => {
  it("keyword → read and replied → email collected (read) → approved templates, with parameters and without → completed", async () => {
    const { key } = await liveUser();
    const { callback } = await connectThroughConsent("whatsapp", key, signup("biz-token-3", "3400", [["3401", "+1"]]));
    const wa = callback.body.data.id as string;

    // The account's templates, read from WhatsApp: the flow's template step needs an approved one.
    scriptWorkerFetch([
      {
        expect: `GET ${GRAPH}/3400/message_templates?fields=name%2Clanguage%2Cstatus%2Crejected_reason%2Ccomponents&limit=100&access_token=biz-token-3`,
        answer: json(200, {
          data: [
            {
              name: "guide_ready",
              language: "en_US",
              status: "APPROVED",
              id: "1",
              components: [{ type: "BODY", text: "Hi {{1}}, your guide is at {{2}}" }],
            },
            {
              name: "thanks",
              language: "en_US",
              status: "APPROVED",
              id: "2",
              components: [{ type: "BODY", text: "Thank you!" }],
            },
          ],
        } satisfies MessageTemplatesPage),
      },
    ]);
    expect((await api("GET", `/api/v1/accounts/${wa}/whatsapp-templates`, { key })).status).toBe(200);
    vi.restoreAllMocks();

    const flow = await liveFlow(
      key,
      wa,
      "Guide",
      [
        trigger("dm_keyword", ["GUIDE"]),
        { type: "message", name: "Ask", data: { blocks: [{ text: "Reply with your email for the guide." }] } },
        { type: "collect", name: "Email", data: { field_type: "email", label: "Email", retries: 2 } },
        {
          type: "message",
          name: "Ready",
          data: {
            template: {
              name: "guide_ready",
              language: "en_US",
              parameters: ["friend", "https://bakery.example/guide"],
            },
          },
        },
        { type: "message", name: "Thanks", data: { template: { name: "thanks", language: "en_US" } } },
      ],
      [
        ["Trigger", "Ask"],
        ["Ask", "Email"],
        ["Email", "Ready", "valid"],
        ["Ready", "Thanks"],
      ],
    );

    const MESSAGES = `POST ${GRAPH}/3401/messages`;
    const read = { expect: MESSAGES, answer: json(200, { success: true }) };
    const wire = scriptWorkerFetch([
      read,
      { expect: MESSAGES, answer: accepted("wamid.out-1") },
      read,
      { expect: MESSAGES, answer: accepted("wamid.out-2") },
      { expect: MESSAGES, answer: accepted("wamid.out-3") },
    ]);
    await signedPost(customerMessage("3400", "3401", "wamid.in-1", "34600111222", "guide please"));
    await executionIn(flow.id, "waiting_input");
    await signedPost(customerMessage("3400", "3401", "wamid.in-2", "34600111222", " Ana@Example.COM "));
    await executionIn(flow.id, "completed");

    expect(wire.sent.map((s) => s.body)).toEqual([
      { messaging_product: "whatsapp", status: "read", message_id: "wamid.in-1" },
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "34600111222",
        type: "text",
        text: { body: "Reply with your email for the guide." },
      },
      { messaging_product: "whatsapp", status: "read", message_id: "wamid.in-2" },
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "34600111222",
        type: "template",
        template: {
          name: "guide_ready",
          language: { code: "en_US" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "friend" },
                { type: "text", text: "https://bakery.example/guide" },
              ],
            },
          ],
        },
      } satisfies CloudAPISendTemplateMessageRequest,
      // No parameters: no components.
      {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: "34600111222",
        type: "template",
        template: { name: "thanks", language: { code: "en_US" } },
      } satisfies CloudAPISendTemplateMessageRequest,
    ]);
    expect(wire.sent.every((s) => s.headers.authorization === "Bearer biz-token-3")).toBe(true);
  });
});

describe("WhatsApp refusing a send", () => {
  it("131047 (the window closed on WhatsApp's side) ends the execution as outside the messaging window", async () => {
    const { key } = await liveUser();
    const { callback } = await connectThroughConsent("whatsapp", key, signup("biz-token-4", "3500", [["3501", "+1"]]));
    const wa = callback.body.data.id as string;
    const flow = await liveFlow(
      key,
      wa,
      "Hello",
      [trigger("dm_keyword", ["HELLO"]), { type: "message", name: "Hi", data: { blocks: [{ text: "Hi!" }] } }],
      [["Trigger", "Hi"]],
    );
    const MESSAGES = `POST ${GRAPH}/3501/messages`;
    scriptWorkerFetch([
      { expect: MESSAGES, answer: json(200, { success: true }) },
      {
        expect: MESSAGES,
        answer: json(400, {
          error: { message: "Re-engagement message", type: "OAuthException", code: 131047 },
        } satisfies CloudAPIErrorResponse),
      },
    ]);
    await signedPost(customerMessage("3500", "3501", "wamid.in-9", "34600999999", "hello"));
    const failed = await executionIn(flow.id, "errored");
    expect(failed.error_message).toContain("The platform refused outside the 24-hour window");
    const view = (await api("GET", `/api/v1/flows/${flow.id}`, { key })).body.data;
    expect(view.problems.map((p: { code: string }) => p.code)).toEqual(["outside_messaging_window"]);
  });
});
