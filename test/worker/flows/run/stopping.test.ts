// Issue #30, rules 1 and 2: a run ends when its flow stops or its contact opts out, and no run is endless.
import { env, runInDurableObject } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContactRunner } from "../../../../src/durable/contact-runner";
import { createRuntime, setClock } from "../../../../src/services/runtime";
import { api, connect, newUser } from "../../helpers/api";
import {
  dmFrom,
  dripFlow,
  eventsOfType,
  executionIn,
  executionsOf,
  inbound,
  inboundTaken,
  itemsOf,
  liveFlow,
  message,
  moveClock,
  runnerOf,
  type StepSpec,
  storedExecutions,
  textsTo,
  trigger,
} from "../../helpers/flow-runs";
import { expectOk, flows } from "../../helpers/flows";
import { resetClock } from "../../helpers/posts";

const HOUR = 3_600_000;

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
});

/** Service time passes `ms` without waking anyone, then the contact's alarm rings (as real time passing would). */
async function alarmAfter(contactId: string, ms: number) {
  const rt = await createRuntime(env);
  await setClock(rt, rt.clock.now() + ms);
  await runInDurableObject(runnerOf(ig, contactId), (r: ContactRunner) => r.alarm());
}

const textsToContact = (contactId: string) => textsTo(user.key, ig, contactId);
const drip = (keyword: string) => dripFlow(user.key, ig, keyword);

/** The executions the contact's runner still holds. */
const heldBy = (contactId: string) => storedExecutions(ig, contactId);

/** A contact starts `flowId` with `keyword` and it waits on its delay. */
async function waitingOnDelay(flowId: string, keyword: string, contactId: string) {
  await dmFrom(user.key, ig, contactId, keyword);
  return executionIn(flowId, "waiting_delay");
}

describe("rule 1: a run ends when its flow stops", () => {
  it("turning a flow off stops its waiting executions at once; they never go on, even once it is on again", async () => {
    const flow = await drip("OFFDRIP");
    await waitingOnDelay(flow.id, "offdrip", "u-off");
    await expectOk(flows(user.key).deactivate(flow.id));
    expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "stopped", stop_reason: "flow_stopped" });
    // On again with the very same pinned version: the stopped execution stays stopped.
    await expectOk(flows(user.key).activate(flow.id));
    await alarmAfter("u-off", 2 * HOUR);
    expect(await textsToContact("u-off")).toEqual(["First"]);
    expect(await heldBy("u-off")).toEqual([]);
    expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "stopped", ended_at: expect.any(Number) });
  });

  it("deleting a flow stops an execution waiting for input: the answer is not taken and nothing more is sent", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Ask then delete",
      [
        trigger("dm_keyword", ["ASKDEL"]),
        { type: "collect", name: "Email", data: { field_type: "email", label: "Email", prompt: "Your email?" } },
        message("Thanks", "Thanks"),
      ],
      [
        ["Trigger", "Email"],
        ["Email", "Thanks", "valid"],
      ],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-askdel", sender_id: "u-del", text: "askdel" });
    await executionIn(flow.id, "waiting_input");
    expect((await api("DELETE", `/api/v1/flows/${flow.id}`, { key: user.key })).status).toBe(200);
    expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "stopped", stop_reason: "flow_stopped" });
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-ans", sender_id: "u-del", text: "a@b.example" });
    await inboundTaken(ig, "m-ans");
    expect(await textsToContact("u-del")).toEqual(["Your email?"]);
    expect(await itemsOf(flow.id)).toEqual([]);
    expect(await heldBy("u-del")).toEqual([]);
  });

  it("woken by its delay, an execution first checks that its flow still runs its version, else stops sending nothing", async () => {
    const flow = await drip("CHECKDRIP");
    const waiting = await waitingOnDelay(flow.id, "checkdrip", "u-chk");
    // The flow stops without its executions being told (as if the stop's batch had never reached them).
    await env.DB.prepare("UPDATE flows SET status = 'off' WHERE id = ?").bind(flow.id).run();
    await alarmAfter("u-chk", 2 * HOUR);
    expect(await textsToContact("u-chk")).toEqual(["First"]);
    expect((await executionsOf(flow.id))[0]).toMatchObject({
      id: waiting.id,
      status: "stopped",
      stop_reason: "flow_stopped",
    });
    expect(await heldBy("u-chk")).toEqual([]);
  });

  it('opting out ("stop", or the owner\'s control) stops every execution of the contact at once, delays included', async () => {
    const flow = await drip("OPTDRIP");
    await waitingOnDelay(flow.id, "optdrip", "u-stop");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-stop-1", sender_id: "u-stop", text: "Stop" });
    await inboundTaken(ig, "m-stop-1");
    expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "stopped", stop_reason: "opted_out" });
    expect(await heldBy("u-stop")).toEqual([]);

    await waitingOnDelay(flow.id, "optdrip", "u-ctl");
    const opted = await api("PATCH", `/api/v1/accounts/${ig}/contacts/u-ctl`, {
      key: user.key,
      body: { opted_out: true },
    });
    expect(opted.status).toBe(200);
    expect(opted.body.data).toMatchObject({ contact_id: "u-ctl", opted_out_at: expect.any(String) });
    const rows = await executionsOf(flow.id);
    expect(rows.map((r) => [r.contact_id, r.status, r.stop_reason])).toEqual([
      ["u-stop", "stopped", "opted_out"],
      ["u-ctl", "stopped", "opted_out"],
    ]);
    await alarmAfter("u-stop", 2 * HOUR);
    await alarmAfter("u-ctl", 0);
    expect(await textsToContact("u-stop")).toEqual(["First"]);
    expect(await textsToContact("u-ctl")).toEqual(["First"]);
  });
});

describe("rule 2: no run is endless", () => {
  it("an execution sends at most 25 messages: the 26th ends it with flow.error execution_limit naming the step", async () => {
    const blocks = Array.from({ length: 10 }, (_, i) => ({ text: `Burst ${i + 1}` }));
    const flow = await liveFlow(
      user.key,
      ig,
      "Burst",
      [
        trigger("dm_keyword", ["BURST"]),
        { type: "message", name: "Burst", data: { blocks } },
        { type: "delay", name: "Wait", data: { delay_time: HOUR } },
      ],
      [
        ["Trigger", "Burst"],
        ["Burst", "Wait"],
        ["Wait", "Burst"],
      ],
    );
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-burst", sender_id: "u-burst", text: "burst" });
    await executionIn(flow.id, "waiting_delay");
    await moveClock(user.key, HOUR);
    await moveClock(user.key, HOUR);
    const failed = await executionIn(flow.id, "errored");
    const burst = flow.nodes.find((n: { name: string }) => n.name === "Burst").id;
    expect(await textsToContact("u-burst")).toHaveLength(25);
    expect(failed.error_node_id).toBe(burst);
    expect(failed.error_message).toBe(
      `Step "Burst" would send this execution's message 26: an execution sends at most 25 messages`,
    );
    const [error] = (await eventsOfType(user.userId, "flow.error")).filter((e) => e.data.flowId === flow.id);
    expect(error!.data).toMatchObject({ executionId: failed.id, errorNodeId: burst });
    expect((await flows(user.key).get(flow.id)).problems).toEqual([
      { code: "execution_limit", message: failed.error_message, nodeId: burst },
    ]);
  });

  it("even a loop that never waits (stored before the rule) ends at its 25th message", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Old loop",
      [
        trigger("dm_keyword", ["OLDLOOP"]),
        message("Again", "Again"),
        { type: "action", name: "Tag", data: { kind: "tag", tag: "looped" } },
      ],
      [
        ["Trigger", "Again"],
        ["Again", "Tag"],
      ],
    );
    const id = (name: string) => flow.nodes.find((n: { name: string }) => n.name === name).id;
    const loopBack = { id: "edge_back", from: id("Tag"), to: id("Again"), handle: null };
    await env.DB.prepare("UPDATE flow_versions SET edges = json_insert(edges, '$[#]', json(?)) WHERE id = ?")
      .bind(JSON.stringify(loopBack), flow.live_version_id)
      .run();
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-oldloop", sender_id: "u-loop", text: "oldloop" });
    const failed = await executionIn(flow.id, "errored");
    expect(failed.error_node_id).toBe(id("Again"));
    expect(await textsToContact("u-loop")).toHaveLength(25);
  });

  it("the most steps an execution runs is a deployment tunable (flow_max_steps_per_execution)", async () => {
    const config = (body: Record<string, number>) =>
      expectOk(api("PATCH", "/api/v1/sandbox/config", { key: user.key, body }));
    const steps: StepSpec[] = [
      trigger("dm_keyword", ["STEPS"]),
      { type: "action", name: "Tag A", data: { kind: "tag", tag: "a" } },
      { type: "action", name: "Tag B", data: { kind: "tag", tag: "b" } },
      { type: "delay", name: "Wait", data: { delay_time: HOUR } },
    ];
    const flow = await liveFlow(user.key, ig, "Steps", steps, [
      ["Trigger", "Tag A"],
      ["Tag A", "Tag B"],
      ["Tag B", "Wait"],
      ["Wait", "Tag A"],
    ]);
    await config({ flow_max_steps_per_execution: 5 });
    try {
      await inbound(user.key, { account_id: ig, kind: "message", id: "m-steps", sender_id: "u-steps", text: "steps" });
      await executionIn(flow.id, "waiting_delay");
      await moveClock(user.key, HOUR);
      const failed = await executionIn(flow.id, "errored");
      expect(failed.error_node_id).toBe(flow.nodes.find((n: { name: string }) => n.name === "Wait").id);
      expect(failed.error_message).toBe(
        `Step "Wait" would be this execution's step 6: an execution runs at most 5 steps`,
      );
    } finally {
      await config({ flow_max_steps_per_execution: 100 });
    }
  });
});
