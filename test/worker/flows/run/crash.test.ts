// Issue #39: a crash mid-run sends nothing twice and loses nothing. The inbound event is noted handled with the
// execution's start; an execution left `running` is resumed when its runner wakes (its next event or its alarm), and
// a send it recorded is never made again.
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SandboxAdapter } from "../../../../src/platforms/sandbox";
import type { InboundEvent } from "../../../../src/queues/inbound";
import { liveFlowsOf } from "../../../../src/services/flows/run/match";
import { createRuntime } from "../../../../src/services/runtime";
import { connect, newUser } from "../../helpers/api";
import {
  eventsOfType,
  executionIn,
  executionsOf,
  inbound,
  inboundTaken,
  liveFlow,
  message,
  runnerIdle,
  runnerOf,
  storedExecutions,
  textsTo,
  trigger,
} from "../../helpers/flow-runs";
import { resetClock } from "../../helpers/posts";

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
  vi.spyOn(console, "error").mockImplementation(() => {});
});

/**
 * The process dies once, right after the platform took the message `text` (before the runner hears back): the
 * run's work so far is what its storage and D1 hold, nothing more.
 */
function crashAfter(text: string) {
  const proto = SandboxAdapter.prototype as unknown as { record: (...args: any[]) => Promise<unknown> };
  const record = proto.record;
  let crashed = false;
  proto.record = async function (this: unknown, ...args: any[]) {
    const result = await record.apply(this, args);
    if (!crashed && (args[2] as { text?: string }).text === text) {
      crashed = true;
      throw new Error("the process died");
    }
    return result;
  };
  restore = () => {
    proto.record = record;
  };
}
let restore = () => {};
afterEach(() => restore());

/** trigger → "A" → "B" → "C", three steps. */
const abcFlow = (keyword: string) =>
  liveFlow(
    user.key,
    ig,
    `ABC ${keyword}`,
    [trigger("dm_keyword", [keyword]), message("A", "A"), message("B", "B"), message("C", "C")],
    [
      ["Trigger", "A"],
      ["A", "B"],
      ["B", "C"],
    ],
  );

describe("a crash between steps", () => {
  it("the contact's next event resumes the run after its last recorded send: A, B, C once each", async () => {
    const flow = await abcFlow("CRASHQ");
    crashAfter("A");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-crash-q", sender_id: "u-q", text: "crashq" });
    // The event was handed over with the execution's start; the run died after the platform took "A".
    await inboundTaken(ig, "m-crash-q");
    expect(await textsTo(user.key, ig, "u-q")).toEqual(["A"]);
    expect((await storedExecutions(ig, "u-q")).map((e) => e.status)).toEqual(["running"]);
    restore();

    await inbound(user.key, { account_id: ig, kind: "message", id: "m-crash-q2", sender_id: "u-q", text: "hello" });
    await inboundTaken(ig, "m-crash-q2");
    await executionIn(flow.id, "completed");
    expect(await textsTo(user.key, ig, "u-q")).toEqual(["A", "B", "C"]);
    expect(await executionsOf(flow.id)).toHaveLength(1);
    const triggered = (await eventsOfType(user.userId, "flow.triggered")).filter((e) => e.data.flowId === flow.id);
    expect(triggered).toHaveLength(1);
    expect(await storedExecutions(ig, "u-q")).toEqual([]);
  });

  it("the runner's alarm resumes a run its crash left running, in the Durable Object's storage", async () => {
    const flow = await abcFlow("CRASHA");
    const rt = await createRuntime(env);
    const event: InboundEvent = {
      accountId: ig,
      platform: "instagram",
      kind: "message",
      id: "m-crash-a",
      senderId: "u-a",
      text: "crasha",
      at: rt.clock.now(),
    };
    const match = (await liveFlowsOf(rt, ig)).find((f) => f.flowId === flow.id)!;
    const stub = runnerOf(ig, "u-a");
    crashAfter("A");
    // Handed over with the execution's start; the run dies after the platform took "A".
    await stub.receive(event, match);
    await runnerIdle(ig, "u-a");
    restore();

    // What the crash left: the execution running, its send of "A" recorded; the alarm set to come back to it.
    const [left] = await storedExecutions(ig, "u-a");
    expect(left).toMatchObject({ status: "running", sent: [expect.stringMatching(/:0$/)] });
    expect(await textsTo(user.key, ig, "u-a")).toEqual(["A"]);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await textsTo(user.key, ig, "u-a")).toEqual(["A", "B", "C"]);
    expect((await executionsOf(flow.id)).map((e) => e.status)).toEqual(["completed"]);
    expect(await storedExecutions(ig, "u-a")).toEqual([]);

    // The event handed over again (its claim was never marked done) starts nothing: it was noted with the start.
    await stub.receive(event, match);
    expect(await textsTo(user.key, ig, "u-a")).toEqual(["A", "B", "C"]);
    expect(await executionsOf(flow.id)).toHaveLength(1);
  });

  it("a crash in the middle of a step's sends resumes with the step's next block, never its first again", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Blocks",
      [
        trigger("dm_keyword", ["CRASHB"]),
        { type: "message", name: "Blocks", data: { blocks: [{ text: "B1" }, { text: "B2" }, { text: "B3" }] } },
      ],
      [["Trigger", "Blocks"]],
    );
    crashAfter("B1");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-crash-b", sender_id: "u-b", text: "crashb" });
    await inboundTaken(ig, "m-crash-b");
    expect(await textsTo(user.key, ig, "u-b")).toEqual(["B1"]);
    expect(await runDurableObjectAlarm(runnerOf(ig, "u-b"))).toBe(true);
    await executionIn(flow.id, "completed");
    expect(await textsTo(user.key, ig, "u-b")).toEqual(["B1", "B2", "B3"]);
  });

  it("an answer taken just before a crash is applied once on resume", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Answer",
      [
        trigger("dm_keyword", ["CRASHE"]),
        { type: "collect", name: "Email", data: { field_type: "email", label: "Email", prompt: "Your email?" } },
        message("Thanks", "Thanks"),
        message("Bye", "Bye"),
      ],
      [
        ["Trigger", "Email"],
        ["Email", "Thanks", "valid"],
        ["Thanks", "Bye"],
      ],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-crash-e", sender_id: "u-e", text: "crashe" });
    await executionIn(flow.id, "waiting_input");
    crashAfter("Thanks");
    await inbound(user.key, {
      account_id: ig,
      kind: "message",
      id: "m-crash-e2",
      sender_id: "u-e",
      text: "e@x.example",
    });
    await inboundTaken(ig, "m-crash-e2");
    expect(await textsTo(user.key, ig, "u-e")).toEqual(["Your email?", "Thanks"]);
    expect(await runDurableObjectAlarm(runnerOf(ig, "u-e"))).toBe(true);
    await executionIn(flow.id, "completed");
    expect(await textsTo(user.key, ig, "u-e")).toEqual(["Your email?", "Thanks", "Bye"]);
    const answers = await env.DB.prepare("SELECT value FROM collected_items WHERE flow_id = ?").bind(flow.id).all();
    expect(answers.results).toEqual([{ value: "e@x.example" }]);
  });
});
