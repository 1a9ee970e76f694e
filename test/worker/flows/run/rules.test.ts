import { env, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactRunner } from "../../../../src/durable/contact-runner";
import { checkAnswer } from "../../../../src/services/flows/run/answers";
import { fold, triggerMatches } from "../../../../src/services/flows/run/match";
import { createRuntime, setClock } from "../../../../src/services/runtime";
import { api, connect, newUser } from "../../helpers/api";
import {
  eventsOfType,
  executionIn,
  executionsOf,
  inbound,
  inboundTaken,
  liveFlow,
  message,
  sent,
  trigger,
} from "../../helpers/flow-runs";
import { resetClock } from "../../helpers/posts";
import { stubNetwork, verifySignature } from "../../helpers/receiver";
import { eventually } from "../../helpers/wait";
import { addWebhook } from "../../helpers/webhooks";

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  net.serve(HOST, 200);
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
});

describe("keyword matching", () => {
  it("folds case and accents, and matches whole words for contains, the whole message for exact", () => {
    expect(fold("  Guía   GRATIS ")).toBe("guia gratis");
    const contains = { kind: "dm_keyword" as const, keywords: ["guía"], match: "contains" as const };
    const dm = (text: string) => ({ kind: "message" as const, text });
    expect(triggerMatches(contains, dm("Quiero la GUIA!"))).toBe(true);
    expect(triggerMatches(contains, dm("guias"))).toBe(false);
    expect(triggerMatches(contains, { kind: "comment", text: "guia" })).toBe(false);
    const exact = { ...contains, keywords: ["Café"], match: "exact" as const };
    expect(triggerMatches(exact, dm(" CAFE "))).toBe(true);
    expect(triggerMatches(exact, dm("café please"))).toBe(false);
    expect(triggerMatches({ ...contains, keywords: [], match: "any" as const }, dm("anything"))).toBe(true);
  });

  it("an accented, upper-case comment starts the flow whose keyword is plain", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Accents",
      [trigger("comment_keyword", ["cafe"]), message("Reply", "Coffee!")],
      [["Trigger", "Reply"]],
    );
    await inbound(user.key, {
      account_id: ig,
      kind: "comment",
      id: "c-acc",
      sender_id: "u-1",
      text: "¡CAFÉ, por favor!",
    });
    await executionIn(flow.id, "completed");
    expect((await sent(user.key, ig)).find((c) => c.parent_platform_post_id === "c-acc")).toMatchObject({
      kind: "private_reply",
      text: "Coffee!",
    });
  });

  it("media_ids limit a comment trigger to those posts", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "One post",
      [trigger("comment_keyword", ["LINK"], { media_ids: ["m-yes"] }), message("Reply", "Here")],
      [["Trigger", "Reply"]],
    );
    await inbound(user.key, {
      account_id: ig,
      kind: "comment",
      id: "c-no",
      sender_id: "u-2",
      text: "link",
      media_id: "m-no",
    });
    await inbound(user.key, {
      account_id: ig,
      kind: "comment",
      id: "c-yes",
      sender_id: "u-2",
      text: "link",
      media_id: "m-yes",
    });
    await executionIn(flow.id, "completed");
    await inboundTaken(ig, "c-no");
    const runs = await executionsOf(flow.id);
    expect(runs).toHaveLength(1);
    const replies = (await sent(user.key, ig)).filter((c) => ["c-no", "c-yes"].includes(c.parent_platform_post_id));
    expect(replies.map((c) => c.parent_platform_post_id)).toEqual(["c-yes"]);
  });
});

describe("collect answers by field type", () => {
  it.each([
    ["email", "Ana@Example.com", true, "ana@example.com"],
    ["email", "ana@example", false, "ana@example"],
    ["phone", "+34 600 12 34 56", true, "+34600123456"],
    ["phone", "call me", false, "call me"],
    ["number", "42,5", true, "42.5"],
    ["number", "forty", false, "forty"],
    ["url", "example.com/page", true, "https://example.com/page"],
    ["url", "not a url", false, "not a url"],
    ["date", "2030-02-29", false, "2030-02-29"],
    ["date", "29/02/2028", true, "2028-02-29"],
    ["text", "  hi  ", true, "hi"],
  ] as const)("%s %j → valid %s", (type, answer, valid, value) => {
    expect(checkAnswer(type, answer)).toEqual({ valid, value });
  });
});

describe("contacts who are not to be messaged", () => {
  it("an opted-out contact (they sent stop) starts nothing; start opts them back in", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Optout",
      [trigger("comment_keyword", ["DEAL"]), message("Reply", "Deal!")],
      [["Trigger", "Reply"]],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-stop", sender_id: "u-3", text: "STOP" });
    await inbound(user.key, { account_id: ig, kind: "comment", id: "c-deal", sender_id: "u-3", text: "deal" });
    await inboundTaken(ig, "c-deal");
    // Someone else's comment after it proves the queue moved past the opted-out one.
    await inbound(user.key, { account_id: ig, kind: "comment", id: "c-deal-2", sender_id: "u-4", text: "deal" });
    await executionIn(flow.id, "completed");
    expect((await executionsOf(flow.id)).map((r) => r.contact_id)).toEqual(["u-4"]);

    await inbound(user.key, { account_id: ig, kind: "message", id: "m-start", sender_id: "u-3", text: "start" });
    await inbound(user.key, { account_id: ig, kind: "comment", id: "c-deal-3", sender_id: "u-3", text: "deal" });
    await eventually(async () => ((await executionsOf(flow.id)).length === 2 ? true : undefined), "u-3 runs again");
  });

  it("the sandbox opts a contact out or hands them to a person; another user's account is 404", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Takeover",
      [trigger("dm_keyword", ["HUMAN"]), message("Reply", "Bot here")],
      [["Trigger", "Reply"]],
    );
    const set = await api("POST", "/api/v1/sandbox/contacts", {
      key: user.key,
      body: { account_id: ig, contact_id: "u-5", human_takeover_minutes: 60 },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ contact_id: "u-5", opted_out_at: null, human_until: expect.any(String) });
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-h1", sender_id: "u-5", text: "human" });
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-h2", sender_id: "u-6", text: "human" });
    await executionIn(flow.id, "completed");
    expect((await executionsOf(flow.id)).map((r) => r.contact_id)).toEqual(["u-6"]);

    const other = await newUser("creator");
    const refused = await api("POST", "/api/v1/sandbox/contacts", {
      key: other.key,
      body: { account_id: ig, contact_id: "u-5", opted_out: true },
    });
    expect(refused.status).toBe(404);
    const inboundRefused = await api("POST", "/api/v1/sandbox/inbound", {
      key: other.key,
      body: { account_id: ig, kind: "message", id: "m-x", sender_id: "u-5", text: "human" },
    });
    expect(inboundRefused.status).toBe(404);
  });

  it("refuses kinds the platform does not send", async () => {
    const wa = (await connect(user.key, "whatsapp")).id;
    const res = await api("POST", "/api/v1/sandbox/inbound", {
      key: user.key,
      body: { account_id: wa, kind: "comment", id: "c-wa", sender_id: "u-7", text: "hi" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
  });
});

describe("delays and the alarm", () => {
  it("an alarm run twice sends once", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Alarm",
      [
        trigger("dm_keyword", ["ALARM"]),
        message("First", "First"),
        { type: "delay", name: "Wait", data: { delay_time: 60_000 } },
        message("Second", "Second"),
      ],
      [
        ["Trigger", "First"],
        ["First", "Wait"],
        ["Wait", "Second"],
      ],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-alarm", sender_id: "u-8", text: "alarm" });
    await executionIn(flow.id, "waiting_delay");
    // The clock moves without waking anyone (as real time passing would); then the alarm rings twice.
    const rt = await createRuntime(env);
    await setClock(rt, rt.clock.now() + 61_000);
    const stub = env.CONTACT_RUNNER.get(env.CONTACT_RUNNER.idFromName(`${ig}:u-8`));
    await runInDurableObject(stub, (runner: ContactRunner) => Promise.all([runner.alarm(), runner.alarm()]));
    await runInDurableObject(stub, (runner: ContactRunner) => runner.alarm());
    await executionIn(flow.id, "completed");
    const seconds = (await sent(user.key, ig)).filter((c) => c.recipient_id === "u-8" && c.text === "Second");
    expect(seconds).toHaveLength(1);
  });
});

describe("flow.error reaches webhooks", () => {
  it("a failing step's flow.error is delivered signed, even to a webhook filtered to other accounts", async () => {
    const fb = (await connect(user.key, "facebook")).id;
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/errors`,
      events: ["flow.error"],
      account_ids: [fb],
    });
    // The private reply to a comment is allowed within 7 days only; after a longer delay the step fails.
    const late = await liveFlow(
      user.key,
      ig,
      "Closed",
      [
        trigger("comment_keyword", ["CLOSED"]),
        { type: "delay", name: "Wait", data: { delay_time: 8 * 86_400_000 } },
        message("Late", "Too late"),
      ],
      [
        ["Trigger", "Wait"],
        ["Wait", "Late"],
      ],
    );
    await inbound(user.key, { account_id: ig, kind: "comment", id: "c-closed", sender_id: "u-9", text: "closed" });
    await executionIn(late.id, "waiting_delay");
    await api("POST", "/api/v1/sandbox/clock", { key: user.key, body: { advance_ms: 8 * 86_400_000 } });
    const failed = await executionIn(late.id, "errored");
    expect(failed.error_message).toContain("7 days");
    const [event] = (await eventsOfType(user.userId, "flow.error")).filter((e) => e.data.flowId === late.id);
    const got = await eventually(
      async () => net.received(HOST).find((r) => r.url.endsWith("/errors") && r.body.id === event!.id),
      "flow.error delivered",
    );
    expect(got.body.data).toEqual({
      flowId: late.id,
      executionId: failed.id,
      flowName: "Closed",
      errorMessage: failed.error_message,
      errorNodeId: failed.error_node_id,
    });
    const now = Math.floor(Date.parse((await api("GET", "/api/v1/health")).body.data.time) / 1000);
    expect(await verifySignature(webhook.signing_secret, got.headers["x-service-signature"], got.raw, now)).toBe(true);
  });
});
