// Issue #39: one contact cannot grow their runner's state without bound. At most one unfinished execution per flow
// and contact, a bounded text kept, each execution under its own key in the Durable Object, and the memories the
// runner keeps (private replies, events handled) forgotten when they are old.
import { runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContactRunner } from "../../../../src/durable/contact-runner";
import { connect, newUser } from "../../helpers/api";
import {
  executionIn,
  executionsOf,
  inbound,
  inboundTaken,
  liveFlow,
  message,
  moveClock,
  runnerOf,
  textsTo,
  trigger,
} from "../../helpers/flow-runs";
import { resetClock } from "../../helpers/posts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
});

/** Every key the contact's runner stores, with its value's size as stored (JSON characters). */
const storedBy = (contactId: string) =>
  runInDurableObject(runnerOf(ig, contactId), async (_r: ContactRunner, state) => {
    const all = await state.storage.list<unknown>();
    return new Map([...all].map(([key, value]) => [key, { value, size: JSON.stringify(value).length }]));
  });

/** A flow that answers a DM and waits 23 hours (inside the DM's window) before its last message. */
const dayLongFlow = (name: string, keyword: string) =>
  liveFlow(
    user.key,
    ig,
    name,
    [
      trigger("dm_keyword", [keyword]),
      message("Hello", `Hello from ${name}`),
      { type: "delay", name: "Wait", data: { delay_time: 23 * HOUR } },
      message("Later", `Later from ${name}`),
    ],
    [
      ["Trigger", "Hello"],
      ["Hello", "Wait"],
      ["Wait", "Later"],
    ],
  );

describe("a contact's runner state stays bounded", () => {
  it("40 DMs of 10 KB to a flow with a long delay: one waiting execution, a bounded text, small stored values", async () => {
    const flow = await dayLongFlow("Bounded", "BIG");
    const other = await dayLongFlow("Bounded too", "HUGE");
    const big = `big ${"x".repeat(10_000 - 4)}`;
    for (let i = 0; i < 40; i++) {
      await inbound(user.key, { account_id: ig, kind: "message", id: `m-big-${i}`, sender_id: "u-big", text: big });
    }
    await inboundTaken(ig, "m-big-39");
    // One flow's execution waits; every later DM its trigger answered started nothing more.
    expect((await executionsOf(flow.id)).map((e) => e.status)).toEqual(["waiting_delay"]);
    expect(await textsTo(user.key, ig, "u-big")).toEqual(["Hello from Bounded"]);
    // Another flow is another execution: one per flow.
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-huge", sender_id: "u-big", text: "huge" });
    await executionIn(other.id, "waiting_delay");

    const stored = await storedBy("u-big");
    const executions = [...stored].filter(([key]) => key.startsWith("exec:"));
    expect(executions.map(([, { value }]) => (value as { flowId: string }).flowId).sort()).toEqual(
      [flow.id, other.id].sort(),
    );
    for (const [, { value }] of executions)
      expect((value as { lastText: string }).lastText.length).toBeLessThanOrEqual(1000);
    for (const [key, { size }] of stored) expect(size, key).toBeLessThan(64 * 1024);

    // Once the delay passes the runs end, and the flow answers the contact's next DM again.
    await moveClock(user.key, 23 * HOUR);
    await executionIn(flow.id, "completed");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-big-again", sender_id: "u-big", text: "big" });
    await executionIn(flow.id, "waiting_delay");
    expect((await executionsOf(flow.id)).map((e) => e.status)).toEqual(["completed", "waiting_delay"]);
    await executionIn(other.id, "completed");
    expect([...(await storedBy("u-big")).keys()].filter((k) => k.startsWith("exec:"))).toHaveLength(1);
  });
});

describe("the runner's memories are forgotten when old", () => {
  it("a comment's private reply is remembered 7 days: an older one is gone, a younger one stays", async () => {
    await liveFlow(
      user.key,
      ig,
      "Replies",
      [trigger("comment_keyword", ["INFO"]), message("Reply", "Info!")],
      [["Trigger", "Reply"]],
    );
    const comment = async (id: string) => {
      await inbound(user.key, { account_id: ig, kind: "comment", id, sender_id: "u-memory", text: "info" });
      await inboundTaken(ig, id);
    };
    const privateReplies = async () =>
      ((await storedBy("u-memory")).get("contact")!.value as { privateReplies: Record<string, number> }).privateReplies;
    await comment("c-old");
    await moveClock(user.key, 6 * DAY);
    await comment("c-young");
    expect(Object.keys(await privateReplies()).sort()).toEqual(["c-old", "c-young"]);
    // Eight days after the first comment, two after the second: the next event of the contact forgets the first.
    await moveClock(user.key, 2 * DAY);
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-memory", sender_id: "u-memory", text: "hi" });
    await inboundTaken(ig, "m-memory");
    expect(Object.keys(await privateReplies())).toEqual(["c-young"]);
  });
});

describe("a contact stored in the older shape", () => {
  it("is rewritten on its first read, and its waiting execution goes on from there", async () => {
    const flow = await dayLongFlow("Legacy", "OLDSHAPE");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-old", sender_id: "u-old", text: "oldshape" });
    await executionIn(flow.id, "waiting_delay");
    // As stored before executions and controls had keys of their own: one `contact` value, and a key per send.
    await runInDurableObject(runnerOf(ig, "u-old"), async (_r: ContactRunner, state) => {
      const contact = await state.storage.get<Record<string, unknown>>("contact");
      const executions = [...(await state.storage.list<{ sent: string[] }>({ prefix: "exec:" }))];
      await state.storage.delete([...executions.map(([key]) => key), "controls"]);
      const sends = executions.flatMap(([, e]) => e.sent.map((key) => [`sent:${key}`, 1]));
      await state.storage.put({
        contact: { ...contact, executions: executions.map(([, e]) => e), optedOutAt: null, humanUntil: null },
        ...Object.fromEntries(sends),
      });
    });
    await moveClock(user.key, 23 * HOUR);
    await executionIn(flow.id, "completed");
    expect(await textsTo(user.key, ig, "u-old")).toEqual(["Hello from Legacy", "Later from Legacy"]);
    const stored = await storedBy("u-old");
    expect([...stored.keys()].sort()).toEqual(["contact", "controls"]);
    expect(stored.get("contact")!.value).not.toHaveProperty("executions");
    expect(stored.get("controls")!.value).toEqual({ optedOutAt: null, humanUntil: null });
  });
});
