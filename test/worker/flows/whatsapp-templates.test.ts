import { env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { parseTemplateStatusChange } from "../../../src/platforms/whatsapp/whatsapp";
import { api, connect, newUser } from "../helpers/api";
import {
  executionIn,
  executionsOf,
  inbound,
  liveFlow,
  moveClock,
  sent,
  sentAtLeast,
  trigger,
} from "../helpers/flow-runs";
import { expectOk, flows } from "../helpers/flows";
import { resetClock } from "../helpers/posts";
import { stubNetwork, verifySignature } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook } from "../helpers/webhooks";

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());
beforeEach(() => {
  net.reset();
  net.serve(HOST, 200);
});

const serviceNow = async () => Math.floor(Date.parse((await api("GET", "/api/v1/health")).body.data.time) / 1000);

const templateStatus = (key: string, body: Record<string, unknown>) =>
  api("POST", "/api/v1/sandbox/template-status", { key, body });
const templates = (key: string, accountId: string) =>
  api("GET", `/api/v1/accounts/${accountId}/whatsapp-templates`, { key });

describe("WhatsApp templates: read through the adapter and kept", () => {
  it("lists the account's templates as the platform has them, and forgets one the platform dropped", async () => {
    const user = await newUser();
    const wa = await connect(user.key, "whatsapp");
    expect(await expectOk(templates(user.key, wa.id))).toEqual([]);
    await expectOk(
      templateStatus(user.key, { account_id: wa.id, name: "order_update", language: "en_US", event: "approved" }),
    );
    await expectOk(
      templateStatus(user.key, {
        account_id: wa.id,
        name: "promo",
        language: "de",
        event: "rejected",
        reason: "INVALID_FORMAT",
        body_parameters: 2,
      }),
    );
    const listed = await expectOk(templates(user.key, wa.id));
    expect(listed).toEqual([
      {
        name: "order_update",
        language: "en_US",
        status: "approved",
        reason: null,
        body_parameters: 0,
        updated_at: expect.any(String),
      },
      {
        name: "promo",
        language: "de",
        status: "rejected",
        reason: "INVALID_FORMAT",
        body_parameters: 2,
        updated_at: expect.any(String),
      },
    ]);
    // The platform no longer has "promo" (deleted in WhatsApp Manager): the next read forgets it.
    await env.DB.prepare("DELETE FROM sandbox_templates WHERE account_id = ? AND name = 'promo'").bind(wa.id).run();
    expect((await expectOk(templates(user.key, wa.id))).map((t: { name: string }) => t.name)).toEqual(["order_update"]);
    const stored = await env.DB.prepare("SELECT name FROM whatsapp_templates WHERE account_id = ?").bind(wa.id).all();
    expect(stored.results).toEqual([{ name: "order_update" }]);
  });

  it("only WhatsApp accounts have templates; another user's account is 404; the platform failing is 502", async () => {
    const user = await newUser();
    const ig = await connect(user.key, "instagram");
    const refused = await templates(user.key, ig.id);
    expect([refused.status, refused.body.error.code]).toEqual([400, "validation_error"]);
    const wa = await connect(user.key, "whatsapp");
    const stranger = await newUser();
    expect((await templates(stranger.key, wa.id)).status).toBe(404);
    const notMine = await templateStatus(stranger.key, {
      account_id: wa.id,
      name: "x",
      language: "en",
      event: "approved",
    });
    expect(notMine.status).toBe(404);
    const badEvent = await templateStatus(user.key, { account_id: wa.id, name: "x", language: "en", event: "flagged" });
    expect(badEvent.status).toBe(400);
    await api("POST", "/api/v1/sandbox/faults", {
      key: user.key,
      body: { platform: "whatsapp", mode: "error", count: 1 },
    });
    const down = await templates(user.key, wa.id);
    expect([down.status, down.body.error.code]).toEqual([502, "platform_unreachable"]);
  });
});

describe("whatsapp.template_status reaches a subscriber", () => {
  it("once per change, signed, with accountId, templateName, templateLanguage, event and reason", async () => {
    const user = await newUser();
    const wa = await connect(user.key, "whatsapp");
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/templates`,
      events: ["whatsapp.template_status"],
      account_ids: [wa.id],
    });
    const change = {
      account_id: wa.id,
      name: "order_update",
      language: "en_US",
      event: "paused",
      reason: "Low quality",
    };
    expect(await expectOk(templateStatus(user.key, change))).toMatchObject({ status: "paused", reason: "Low quality" });

    const got = await eventually(async () => net.received(HOST)[0], "the template status request");
    expect(got.headers["x-service-event"]).toBe("whatsapp.template_status");
    expect(got.body).toEqual({
      id: expect.stringMatching(/^evt_/),
      event: "whatsapp.template_status",
      timestamp: expect.any(String),
      data: {
        accountId: wa.id,
        templateName: "order_update",
        templateLanguage: "en_US",
        event: "paused",
        reason: "Low quality",
      },
    });
    expect(
      await verifySignature(webhook.signing_secret, got.headers["x-service-signature"], got.raw, await serviceNow()),
    ).toBe(true);

    // Meta delivers the same change again: nothing changes and nothing more is sent.
    await expectOk(templateStatus(user.key, change));
    // Approved again, without a reason: a second event.
    await expectOk(
      templateStatus(user.key, { account_id: wa.id, name: "order_update", language: "en_US", event: "approved" }),
    );
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["webhook-sweep"] } });
    const second = await eventually(async () => net.received(HOST)[1], "the approval request");
    expect(second.body.data).toEqual({
      accountId: wa.id,
      templateName: "order_update",
      templateLanguage: "en_US",
      event: "approved",
      reason: null,
    });
    const events = await env.DB.prepare("SELECT COUNT(*) AS n FROM events WHERE user_id = ? AND type = ?")
      .bind(user.userId, "whatsapp.template_status")
      .first<{ n: number }>();
    expect(events!.n).toBe(2);
    expect(net.received(HOST)).toHaveLength(2);
  });

  it("a webhook filtered to another account does not get it", async () => {
    const user = await newUser();
    const wa = await connect(user.key, "whatsapp");
    const other = await connect(user.key, "instagram");
    await addWebhook(user.key, {
      target_url: `https://${HOST}/elsewhere`,
      events: ["whatsapp.template_status"],
      account_ids: [other.id],
    });
    await expectOk(templateStatus(user.key, { account_id: wa.id, name: "hello", language: "en", event: "approved" }));
    await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["webhook-sweep"] } });
    expect(net.received(HOST)).toEqual([]);
  });
});

describe("a flow's message step may send a template", () => {
  it("a template that is unknown or not approved is a problem on that step; approved, none", async () => {
    const user = await newUser();
    const wa = await connect(user.key, "whatsapp");
    const f = flows(user.key);
    const flow = await f.create({ name: "Order updates", account_id: wa.id });
    await expectOk(
      f.addNode(flow.id, {
        type: "trigger",
        name: "Trigger",
        data: { config: { kind: "dm_keyword", keywords: ["ORDER"] } },
      }),
    );
    const step = await expectOk(
      f.addNode(flow.id, {
        type: "message",
        name: "Update",
        data: { template: { name: "order_update", language: "en_US" } },
      }),
    );
    const stepId = step.nodes.find((n: { name: string }) => n.name === "Update").id;
    await expectOk(f.addEdge(flow.id, { from: "Trigger", to: "Update" }));
    const unknown = await f.get(flow.id);
    expect(unknown.nodes.find((n: { id: string }) => n.id === stepId).summary).toBe(
      "Send template order_update (en_US)",
    );
    // No text is needed with a template.
    expect(unknown.problems.map((p: { code: string }) => p.code)).toEqual(["template_not_approved"]);
    expect(unknown.problems[0]).toMatchObject({ nodeId: stepId });
    expect(unknown.problems[0].message).toContain("is not one of the account's templates");

    await expectOk(
      templateStatus(user.key, {
        account_id: wa.id,
        name: "order_update",
        language: "en_US",
        event: "rejected",
        reason: "TAG_CONTENT_MISMATCH",
      }),
    );
    const rejected = await f.get(flow.id);
    expect(rejected.problems).toEqual([
      {
        code: "template_not_approved",
        message:
          'Step "Update" sends template order_update (en_US), which is rejected (TAG_CONTENT_MISMATCH): only an approved template can be sent',
        nodeId: stepId,
      },
    ]);
    expect((await f.activate(flow.id)).status).toBe(409);

    await expectOk(
      templateStatus(user.key, { account_id: wa.id, name: "order_update", language: "en_US", event: "approved" }),
    );
    expect((await f.get(flow.id)).problems).toEqual([]);
    // Another language of the same template is another template.
    await expectOk(f.updateNode(flow.id, "Update", { data: { template: { name: "order_update", language: "de" } } }));
    expect((await f.get(flow.id)).problems.map((p: { code: string }) => p.code)).toEqual(["template_not_approved"]);
    await expectOk(
      f.updateNode(flow.id, "Update", { data: { template: { name: "order_update", language: "en_US" } } }),
    );
    expect((await f.activate(flow.id)).status).toBe(200);
  });

  it("only WhatsApp flows can send templates; a template's name and language are checked", async () => {
    const user = await newUser();
    const ig = await connect(user.key, "instagram");
    const f = flows(user.key);
    const flow = await f.create({ name: "IG", account_id: ig.id });
    await expectOk(
      f.addNode(flow.id, { type: "message", name: "Hi", data: { template: { name: "hello", language: "en" } } }),
    );
    const view = await f.get(flow.id);
    expect(view.problems.filter((p: { code: string }) => p.code.startsWith("template"))).toEqual([
      {
        code: "template_not_available",
        message: 'Step "Hi" sends a message template: only WhatsApp flows can',
        nodeId: expect.any(String),
      },
    ]);
    const bad = await f.addNode(flow.id, {
      type: "message",
      data: { template: { name: "Hello World", language: "en" } },
    });
    expect([bad.status, bad.body.error.code]).toEqual([400, "validation_error"]);
  });
});

describe("Meta's message_template_status_update change value", () => {
  const value = (over: Record<string, unknown>) => ({
    event: "APPROVED",
    message_template_id: 1234567890,
    message_template_name: "order_update",
    message_template_language: "en_US",
    reason: "NONE",
    message_template_category: "UTILITY",
    ...over,
  });

  it.each([
    [value({}), { name: "order_update", language: "en_US", event: "approved", reason: null }],
    [
      value({ event: "REJECTED", reason: "INVALID_FORMAT" }),
      { name: "order_update", language: "en_US", event: "rejected", reason: "INVALID_FORMAT" },
    ],
    [
      value({ event: "PAUSED", reason: "LOW_QUALITY" }),
      { name: "order_update", language: "en_US", event: "paused", reason: "LOW_QUALITY" },
    ],
    [
      value({ event: "DISABLED", reason: null, disable_info: { disable_date: "1700000000" } }),
      { name: "order_update", language: "en_US", event: "disabled", reason: null },
    ],
    [value({ event: "REINSTATED" }), { name: "order_update", language: "en_US", event: "approved", reason: null }],
    [value({ event: "PENDING_DELETION" }), null],
    [value({ event: "FLAGGED" }), null],
    [value({ message_template_name: undefined }), null],
    ["APPROVED", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(parseTemplateStatusChange(input)).toEqual(expected);
  });
});

describe("sending a template: the 24-hour window", () => {
  const HOUR = 3_600_000;

  it("outside the window an approved template is still sent; one paused since is not, and nothing goes out", async () => {
    const user = await newUser();
    await resetClock(user.key);
    const wa = await connect(user.key, "whatsapp");
    await expectOk(
      templateStatus(user.key, { account_id: wa.id, name: "come_back", language: "en", event: "approved" }),
    );
    const flow = await liveFlow(
      user.key,
      wa.id,
      "Later",
      [
        trigger("dm_keyword", ["LATER"]),
        { type: "delay", name: "Wait", data: { delay_time: 25 * HOUR } },
        { type: "message", name: "Back", data: { template: { name: "come_back", language: "en" } } },
      ],
      [
        ["Trigger", "Wait"],
        ["Wait", "Back"],
      ],
    );
    await inbound(user.key, {
      account_id: wa.id,
      kind: "message",
      id: "wa-1",
      sender_id: "34600000001",
      text: "later",
    });
    await executionIn(flow.id, "waiting_delay");
    await moveClock(user.key, 25 * HOUR);
    await executionIn(flow.id, "completed");
    const [template] = await sentAtLeast(user.key, wa.id, 1);
    expect(template).toMatchObject({
      kind: "message",
      recipient_id: "34600000001",
      template: { name: "come_back", language: "en" },
    });

    // Meta pauses it while a second person waits: the send is refused before WhatsApp is asked.
    await inbound(user.key, {
      account_id: wa.id,
      kind: "message",
      id: "wa-2",
      sender_id: "34600000002",
      text: "later",
    });
    await eventually(
      async () => ((await executionsOf(flow.id)).some((e) => e.status === "waiting_delay") ? true : undefined),
      "the second execution waiting",
    );
    await expectOk(templateStatus(user.key, { account_id: wa.id, name: "come_back", language: "en", event: "paused" }));
    await moveClock(user.key, 25 * HOUR);
    const failed = await executionIn(flow.id, "errored");
    expect(failed.error_message).toBe("Template come_back (en) is paused: only an approved template can be sent");
    expect(await sent(user.key, wa.id)).toHaveLength(1);
  });
});

describe("a template step's parameters", () => {
  /** A WhatsApp flow whose "Update" step sends `template`, with the account's `order_update` approved. */
  async function templateFlow(bodyParameters: number | undefined, template: Record<string, unknown>) {
    const user = await newUser();
    const wa = await connect(user.key, "whatsapp");
    await expectOk(
      templateStatus(user.key, {
        account_id: wa.id,
        name: "order_update",
        language: "en_US",
        event: "approved",
        ...(bodyParameters === undefined ? {} : { body_parameters: bodyParameters }),
      }),
    );
    const f = flows(user.key);
    const flow = await f.create({ name: "Order updates", account_id: wa.id });
    await expectOk(f.addNode(flow.id, { ...trigger("dm_keyword", ["ORDER"]) }));
    await expectOk(f.addNode(flow.id, { type: "message", name: "Update", data: { template } }));
    await expectOk(f.addEdge(flow.id, { from: "Trigger", to: "Update" }));
    return { user, wa, f, flow };
  }
  const codes = (view: { problems: { code: string }[] }) => view.problems.map((p) => p.code);

  it("refuses parameters that are not 1 to 10 plain texts of 1 to 1,024 characters, and saves nothing", async () => {
    const { f, flow } = await templateFlow(2, { name: "order_update", language: "en_US", parameters: ["Ana", "42"] });
    const before = await f.get(flow.id);
    const update = (template: Record<string, unknown>) => f.updateNode(flow.id, "Update", { data: { template } });
    const add = (template: Record<string, unknown>) => f.addNode(flow.id, { type: "message", data: { template } });
    const tpl = (parameters: unknown) => ({ name: "order_update", language: "en_US", parameters });
    for (const [template, path, message] of [
      [tpl(Array.from({ length: 11 }, (_, i) => `v${i}`)), "parameters", "at most 10 parameters"],
      [tpl([""]), "parameters.0", "at least 1 character"],
      [tpl(["Ana", "x".repeat(1025)]), "parameters.1", "at most 1,024 characters"],
      [tpl(["   "]), "parameters.0", "must not be blank"],
      [tpl(["line\nbreak"]), "parameters.0", "no new lines or tabs"],
      [tpl(["tab\there"]), "parameters.0", "no new lines or tabs"],
      [tpl(["too     spaced"]), "parameters.0", "at most 4 spaces in a row"],
      [tpl([42]), "parameters.0", ""],
      [tpl("Ana"), "parameters", ""],
      [{ ...tpl(["Ana"]), components: [] }, "", ""],
    ] as const) {
      for (const answer of [await update(template), await add(template)]) {
        expect([answer.status, answer.body.error.code]).toEqual([400, "validation_error"]);
        const said = JSON.stringify(answer.body.error);
        expect(said).toContain(path);
        expect(said).toContain(message);
      }
    }
    const after = await f.get(flow.id);
    expect(after.nodes).toEqual(before.nodes);
    expect(after.version).toBe(before.version);
    // 10 parameters of 1,024 characters, with up to 4 spaces in a row, are taken.
    const most = Array.from({ length: 10 }, (_, i) => `${i}    ${"x".repeat(1019)}`);
    expect(most[0]).toHaveLength(1024);
    await expectOk(update(tpl(most)));
  });

  it("a count other than the template's variables is a problem on the step once the list says how many", async () => {
    const { user, wa, f, flow } = await templateFlow(2, {
      name: "order_update",
      language: "en_US",
      parameters: ["Ana"],
    });
    const stepId = (await f.get(flow.id)).nodes.find((n: { name: string }) => n.name === "Update").id;
    // Meta's status webhook does not say how many variables a template has: no problem until the list is read.
    expect(codes(await f.get(flow.id))).toEqual([]);
    const [listed] = await expectOk(templates(user.key, wa.id));
    expect(listed).toMatchObject({ name: "order_update", body_parameters: 2 });
    const view = await f.get(flow.id);
    expect(view.problems).toEqual([
      {
        code: "template_parameters_mismatch",
        message:
          'Step "Update" sends template order_update (en_US) with 1 parameter, but its body has 2 variables: give one value for each, in order',
        nodeId: stepId,
      },
    ]);
    expect((await f.activate(flow.id)).status).toBe(409);
    // None at all is the same problem.
    await expectOk(
      f.updateNode(flow.id, "Update", { data: { template: { name: "order_update", language: "en_US" } } }),
    );
    expect((await f.get(flow.id)).problems[0].message).toContain("with 0 parameters, but its body has 2 variables");
    await expectOk(
      f.updateNode(flow.id, "Update", {
        data: { template: { name: "order_update", language: "en_US", parameters: ["Ana", "#1042"] } },
      }),
    );
    expect(codes(await f.get(flow.id))).toEqual([]);
    expect((await f.activate(flow.id)).status).toBe(200);
  });

  it("a template without variables takes no parameters", async () => {
    const { user, wa, f, flow } = await templateFlow(undefined, {
      name: "order_update",
      language: "en_US",
      parameters: ["Ana"],
    });
    await expectOk(templates(user.key, wa.id));
    expect(codes(await f.get(flow.id))).toEqual(["template_parameters_mismatch"]);
    await expectOk(
      f.updateNode(flow.id, "Update", { data: { template: { name: "order_update", language: "en_US" } } }),
    );
    expect(codes(await f.get(flow.id))).toEqual([]);
  });

  it("the sent template carries its parameters, in order", async () => {
    const { user, wa, f, flow } = await templateFlow(3, {
      name: "order_update",
      language: "en_US",
      parameters: ["Ana", "#1042", "Friday 27 Nov"],
    });
    await expectOk(templates(user.key, wa.id));
    await expectOk(f.activate(flow.id));
    await inbound(user.key, {
      account_id: wa.id,
      kind: "message",
      id: "wa-p1",
      sender_id: "34600000009",
      text: "order",
    });
    await executionIn(flow.id, "completed");
    const [message] = await sentAtLeast(user.key, wa.id, 1);
    expect(message).toMatchObject({
      kind: "message",
      recipient_id: "34600000009",
      template: { name: "order_update", language: "en_US", parameters: ["Ana", "#1042", "Friday 27 Nov"] },
    });
  });
});
