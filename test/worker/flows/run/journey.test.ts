import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../../helpers/api";
import {
  eventsOfType,
  executionIn,
  executionsOf,
  inbound,
  inboundTaken,
  itemsOf,
  liveFlow,
  message,
  moveClock,
  sent,
  sentAtLeast,
  trigger,
} from "../../helpers/flow-runs";
import { flowRow } from "../../helpers/flows";
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

const HOUR = 3_600_000;

describe("a keyword comment runs the flow end to end", () => {
  it("private reply → collect email (invalid, then valid) → delay (clock moved) → message → completed", async () => {
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/flows`,
      events: ["flow.triggered", "flow.error"],
    });
    const flow = await liveFlow(
      user.key,
      ig,
      "Guide",
      [
        trigger("comment_keyword", ["GUIDE"]),
        message("Reply", "Thanks! Reply with your email and I'll send the guide."),
        { type: "collect", name: "Email", data: { field_type: "email", label: "Email", retries: 2 } },
        { type: "delay", name: "Wait", data: { delay_time: HOUR } },
        message("Guide", "Here is your guide: https://example.com/guide"),
      ],
      [
        ["Trigger", "Reply"],
        ["Reply", "Email"],
        ["Email", "Wait", "valid"],
        ["Wait", "Guide"],
      ],
    );

    await inbound(user.key, {
      account_id: ig,
      kind: "comment",
      id: "c-100",
      sender_id: "u-ana",
      text: "guide please",
      media_id: "m-1",
    });
    const [reply] = await sentAtLeast(user.key, ig, 1);
    expect(reply).toMatchObject({
      kind: "private_reply",
      parent_platform_post_id: "c-100",
      text: "Thanks! Reply with your email and I'll send the guide.",
    });
    const waiting = await executionIn(flow.id, "waiting_input");
    expect(waiting).toMatchObject({ account_id: ig, contact_id: "u-ana", version_id: flow.live_version_id });

    // flow.triggered reached the webhook, signed (checked at once: the signature is valid for five minutes).
    const [triggered] = await eventsOfType(user.userId, "flow.triggered");
    expect(triggered!.data).toEqual({
      flowId: flow.id,
      executionId: waiting.id,
      platform: "instagram",
      accountId: ig,
      senderId: "u-ana",
    });
    const got = await eventually(
      async () => net.received(HOST).find((r) => r.body.event === "flow.triggered"),
      "flow.triggered delivered",
    );
    expect(got.body.data).toEqual(triggered!.data);
    const now = Math.floor(Date.parse((await api("GET", "/api/v1/health")).body.data.time) / 1000);
    expect(await verifySignature(webhook.signing_secret, got.headers["x-service-signature"], got.raw, now)).toBe(true);

    // An invalid answer is kept (valid: false) and asked again — in the window the person's message opened.
    await inbound(user.key, {
      account_id: ig,
      kind: "message",
      id: "m-101",
      sender_id: "u-ana",
      text: "my email is secret",
    });
    const [, reask] = await sentAtLeast(user.key, ig, 2);
    expect(reask).toMatchObject({ kind: "message", recipient_id: "u-ana" });
    expect(reask!.text).toContain("email address");

    await inbound(user.key, {
      account_id: ig,
      kind: "message",
      id: "m-102",
      sender_id: "u-ana",
      text: " Ana@Example.COM ",
    });
    await executionIn(flow.id, "waiting_delay");
    const items = await itemsOf(flow.id);
    expect(items.map((i) => [i.field_type, i.field_label, i.value, i.valid, i.flow_name])).toEqual([
      ["email", "Email", "my email is secret", 0, "Guide"],
      ["email", "Email", "ana@example.com", 1, "Guide"],
    ]);
    expect(await sent(user.key, ig)).toHaveLength(2);

    // Not yet: 59 minutes. Then past the hour: the delay ends and the last message goes out.
    await moveClock(user.key, HOUR - 60_000);
    expect((await executionsOf(flow.id))[0]!.status).toBe("waiting_delay");
    await moveClock(user.key, 60_000);
    const done = await executionIn(flow.id, "completed");
    expect(done.ended_at).not.toBeNull();
    const calls = await sent(user.key, ig);
    expect(calls).toHaveLength(3);
    expect(calls[2]).toMatchObject({
      kind: "message",
      recipient_id: "u-ana",
      text: "Here is your guide: https://example.com/guide",
    });
  });
});

describe("duplicates and waiting for input", () => {
  it("the same comment delivered twice runs once", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Twice",
      [
        trigger("comment_keyword", ["TWICE"]),
        message("Reply", "Once only"),
        { type: "collect", name: "Ask", data: { field_type: "text", label: "Answer" } },
      ],
      [
        ["Trigger", "Reply"],
        ["Reply", "Ask"],
      ],
    );
    const before = (await sent(user.key, ig)).length;
    const comment = { account_id: ig, kind: "comment", id: "c-twice", sender_id: "u-bo", text: "TWICE" };
    await inbound(user.key, comment);
    await inbound(user.key, comment);
    // A later comment by someone else proves the queue got past both.
    await inbound(user.key, { ...comment, id: "c-twice-2", sender_id: "u-cy" });
    const replies = (await sentAtLeast(user.key, ig, before + 2)).slice(before);
    expect(replies.map((c) => c.parent_platform_post_id).sort()).toEqual(["c-twice", "c-twice-2"]);
    const runs = await executionsOf(flow.id);
    expect(runs.map((r) => r.contact_id).sort()).toEqual(["u-bo", "u-cy"]);
  });

  it("five copies of one comment delivered at once run once", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "At once",
      [trigger("comment_keyword", ["RACE"]), message("Reply", "Once only")],
      [["Trigger", "Reply"]],
    );
    const before = (await sent(user.key, ig)).length;
    const comment = { account_id: ig, kind: "comment", id: "c-race", sender_id: "u-race", text: "RACE" };
    await Promise.all(Array.from({ length: 5 }, () => inbound(user.key, comment)));
    await inbound(user.key, { ...comment, id: "c-race-after", sender_id: "u-after" });
    const replies = (await sentAtLeast(user.key, ig, before + 2)).slice(before);
    expect(replies.map((c) => c.parent_platform_post_id).sort()).toEqual(["c-race", "c-race-after"]);
    expect((await executionsOf(flow.id)).map((r) => r.contact_id).sort()).toEqual(["u-after", "u-race"]);
  });

  it("a reply while waiting for input goes to the waiting step, not to another flow's trigger", async () => {
    const waiting = await liveFlow(
      user.key,
      ig,
      "Asks a name",
      [
        trigger("dm_keyword", ["HELLO"]),
        message("Ask", "What's your name?"),
        { type: "collect", name: "Name", data: { field_type: "text", label: "Name" } },
      ],
      [
        ["Trigger", "Ask"],
        ["Ask", "Name"],
      ],
    );
    const other = await liveFlow(
      user.key,
      ig,
      "Prices",
      [trigger("dm_keyword", ["PRICE"]), message("Prices", "Our prices: …")],
      [["Trigger", "Prices"]],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-hello", sender_id: "u-dee", text: "hello" });
    await executionIn(waiting.id, "waiting_input");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-price", sender_id: "u-dee", text: "price" });
    await executionIn(waiting.id, "completed");
    expect((await itemsOf(waiting.id)).map((i) => i.value)).toEqual(["price"]);
    expect(await executionsOf(other.id)).toEqual([]);
    // Once nothing waits, the same word starts the other flow.
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-price-2", sender_id: "u-dee", text: "PRICE" });
    await executionIn(other.id, "completed");
  });
});

describe("runtime failures", () => {
  it("a message outside the 24-hour window ends the execution with flow.error; the flow shows the problem", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Late",
      [
        trigger("dm_keyword", ["LATE"]),
        message("Now", "Hi!"),
        { type: "delay", name: "Wait", data: { delay_time: 25 * HOUR } },
        message("Later", "Still there?"),
      ],
      [
        ["Trigger", "Now"],
        ["Now", "Wait"],
        ["Wait", "Later"],
      ],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-late", sender_id: "u-eve", text: "late" });
    await executionIn(flow.id, "waiting_delay");
    const before = (await sent(user.key, ig)).length;
    await moveClock(user.key, 25 * HOUR);
    const failed = await executionIn(flow.id, "errored");
    const laterId =
      (await flowRow(flow.id))!.steps &&
      JSON.parse((await flowRow(flow.id))!.steps).find((s: any) => s.name === "Later").id;
    expect(failed).toMatchObject({ error_node_id: laterId });
    expect(failed.error_message).toContain("24-hour messaging window");
    expect((await sent(user.key, ig)).length).toBe(before);
    const [error] = (await eventsOfType(user.userId, "flow.error")).filter((e) => e.data.flowId === flow.id);
    expect(error!.data).toEqual({
      flowId: flow.id,
      executionId: failed.id,
      flowName: "Late",
      errorMessage: failed.error_message,
      errorNodeId: laterId,
    });
    const view = (await api("GET", `/api/v1/flows/${flow.id}`, { key: user.key })).body.data;
    expect(view.problems).toEqual([
      { code: "outside_messaging_window", message: failed.error_message, nodeId: laterId },
    ]);
  });

  it("a comment opens no window: the person's earlier window is not extended by it", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Nudge",
      [
        trigger("dm_keyword", ["NUDGE"]),
        message("Hi", "Hi!"),
        { type: "delay", name: "Wait", data: { delay_time: 30 * HOUR } },
        message("Nudge", "Reminder"),
      ],
      [
        ["Trigger", "Hi"],
        ["Hi", "Wait"],
        ["Wait", "Nudge"],
      ],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-nudge", sender_id: "u-fay", text: "nudge" });
    await executionIn(flow.id, "waiting_delay");
    await moveClock(user.key, 20 * HOUR);
    // A comment 20 hours later (no flow answers it) does not reopen the window.
    await inbound(user.key, { account_id: ig, kind: "comment", id: "c-fay", sender_id: "u-fay", text: "nice post" });
    await inboundTaken(ig, "c-fay");
    await moveClock(user.key, 10 * HOUR);
    const failed = await executionIn(flow.id, "errored");
    expect(failed.error_message).toContain("24-hour messaging window");
  });

  it("an AI reply step out of credits fails with flow.error and sends nothing", async () => {
    const free = await newUser("free");
    await resetClock(free.key);
    const account = (await connect(free.key, "instagram")).id;
    // Free has 45 credits: three flow builds use them all.
    for (let i = 0; i < 3; i++) {
      await api("POST", "/api/v1/flows/generate", {
        key: free.key,
        body: { description: `Comment "WORD${i}" to get my guide`, account_id: account },
      });
    }
    expect((await api("GET", "/api/v1/ai-credits", { key: free.key })).body.data).toMatchObject({ used: 45 });
    const flow = await liveFlow(
      free.key,
      account,
      "AI",
      [trigger("dm_keyword", ["ASK"]), { type: "ai_reply", name: "Answer", data: { instructions: "Answer kindly" } }],
      [["Trigger", "Answer"]],
    );
    await inbound(free.key, {
      account_id: account,
      kind: "message",
      id: "m-ai",
      sender_id: "u-gus",
      text: "ask: hours?",
    });
    const failed = await executionIn(flow.id, "errored");
    expect(failed.error_message).toContain("Out of AI credits");
    expect(await sent(free.key, account)).toEqual([]);
    const [error] = await eventsOfType(free.userId, "flow.error");
    expect(error!.data).toMatchObject({ flowId: flow.id, flowName: "AI", executionId: failed.id });
  });

  it("an AI reply with credits answers (local replier), costing 5", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "AI ok",
      [trigger("dm_keyword", ["HOURS"]), { type: "ai_reply", name: "Answer", data: { instructions: "Answer kindly" } }],
      [["Trigger", "Answer"]],
    );
    const used = (await api("GET", "/api/v1/ai-credits", { key: user.key })).body.data.used;
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-hours", sender_id: "u-hal", text: "hours?" });
    await executionIn(flow.id, "completed");
    const last = (await sent(user.key, ig)).at(-1)!;
    expect(last).toMatchObject({ kind: "message", recipient_id: "u-hal" });
    expect(last.text).toContain("hours?");
    expect((await api("GET", "/api/v1/ai-credits", { key: user.key })).body.data.used).toBe(used + 5);
  });
});
