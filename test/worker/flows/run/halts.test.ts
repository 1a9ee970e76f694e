// Issue #39: a running flow stops messaging the moment it is stopped. A run is held between two sends (the sandbox
// platform took the first message and has not answered yet) while one of the halts happens; once it answers, the run
// sends nothing more. Every halt reaches the runner at once, and the runner checks before every send.
import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { SandboxAdapter } from "../../../../src/platforms/sandbox";
import { api, connect, newUser } from "../../helpers/api";
import {
  executionIn,
  executionsOf,
  inbound,
  inboundTaken,
  liveFlow,
  message,
  storedExecutions,
  textsTo,
  trigger,
} from "../../helpers/flow-runs";
import { expectOk, flows } from "../../helpers/flows";
import { resetClock } from "../../helpers/posts";
import { eventually } from "../../helpers/wait";

let user: Awaited<ReturnType<typeof newUser>>;
let ig: string;

beforeAll(async () => {
  user = await newUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
});

/**
 * Holds the sandbox platform once it has recorded a message `text`, before it answers, until released: the run is
 * between that send and its next one.
 */
function holdAfter(text: string) {
  const proto = SandboxAdapter.prototype as unknown as { record: (...args: any[]) => Promise<unknown> };
  const record = proto.record;
  let reached!: () => void;
  let release!: () => void;
  const atHold = new Promise<void>((r) => (reached = r));
  const held = new Promise<void>((r) => (release = r));
  proto.record = async function (this: unknown, ...args: any[]) {
    const result = await record.apply(this, args);
    if ((args[2] as { text?: string }).text === text) {
      reached();
      await held;
    }
    return result;
  };
  restore = () => {
    release();
    proto.record = record;
  };
  return { atHold, release };
}
let restore = () => {};
afterEach(() => restore());

/**
 * A flow sending three messages in one step ("One", "Two", "Three"), then a fourth in the next: a halt while "One" is
 * under way must leave it the only one sent. Started by `contactId`; answers the flow and the trigger's event id.
 */
async function runHeldAfterOne(keyword: string, contactId: string) {
  const flow = await liveFlow(
    user.key,
    ig,
    `Burst ${keyword}`,
    [
      trigger("dm_keyword", [keyword]),
      { type: "message", name: "Three", data: { blocks: [{ text: "One" }, { text: "Two" }, { text: "Three" }] } },
      message("Four", "Four"),
    ],
    [
      ["Trigger", "Three"],
      ["Three", "Four"],
    ],
  );
  const hold = holdAfter("One");
  const eventId = `m-${contactId}`;
  await inbound(user.key, { account_id: ig, kind: "message", id: eventId, sender_id: contactId, text: keyword });
  await hold.atHold;
  return { flow, hold, eventId };
}

/** Once the held run is let go and has ended: what the contact got, and the execution's row. */
async function afterRelease(flowId: string, eventId: string, contactId: string, release: () => void) {
  release();
  await inboundTaken(ig, eventId);
  await eventually(async () => ((await storedExecutions(ig, contactId)).length === 0 ? true : undefined), "the end");
  const [row] = await executionsOf(flowId);
  return { texts: await textsTo(user.key, ig, contactId), row };
}

describe("a halt between two sends of a run in progress: nothing more is sent", () => {
  it("the flow turned off", async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("OFFNOW", "u-off");
    await expectOk(flows(user.key).deactivate(flow.id));
    const { texts, row } = await afterRelease(flow.id, eventId, "u-off", hold.release);
    expect(texts).toEqual(["One"]);
    expect(row).toMatchObject({ status: "stopped", stop_reason: "flow_stopped" });
  });

  it("the flow deleted", async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("DELNOW", "u-del");
    expect((await api("DELETE", `/api/v1/flows/${flow.id}`, { key: user.key })).status).toBe(200);
    const { texts, row } = await afterRelease(flow.id, eventId, "u-del", hold.release);
    expect(texts).toEqual(["One"]);
    expect(row).toMatchObject({ status: "stopped", stop_reason: "flow_stopped" });
  });

  it("the flow turned off and on again: live, but the run it stopped stays stopped", async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("AGAINNOW", "u-again");
    await expectOk(flows(user.key).deactivate(flow.id));
    await expectOk(flows(user.key).activate(flow.id));
    const { texts, row } = await afterRelease(flow.id, eventId, "u-again", hold.release);
    expect(texts).toEqual(["One"]);
    expect(row).toMatchObject({ status: "stopped", stop_reason: "flow_stopped" });
  });

  it("another version live (the flow no longer runs the one the execution pinned)", async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("VERNOW", "u-ver");
    // Another version pinned without the stop's batch reaching the row: the runner reads the flow itself.
    await env.DB.prepare("UPDATE flows SET live_version_id = 'ver_other' WHERE id = ?").bind(flow.id).run();
    const { texts, row } = await afterRelease(flow.id, eventId, "u-ver", hold.release);
    expect(texts).toEqual(["One"]);
    expect(row).toMatchObject({ status: "stopped", stop_reason: "flow_stopped" });
  });

  it('the contact\'s "stop": heard at once, though their earlier event is still being handled', async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("STOPNOW", "u-stop");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-u-stop-2", sender_id: "u-stop", text: "Stop." });
    // The opt-out stops the contact's runs in D1 before the run in progress takes another step.
    await executionIn(flow.id, "stopped");
    const { texts, row } = await afterRelease(flow.id, eventId, "u-stop", hold.release);
    await inboundTaken(ig, "m-u-stop-2");
    expect(texts).toEqual(["One"]);
    expect(row).toMatchObject({ status: "stopped", stop_reason: "opted_out" });
  });

  it("the owner's opt-out of the contact", async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("OPTNOW", "u-opt");
    const opted = await api("PATCH", `/api/v1/accounts/${ig}/contacts/u-opt`, {
      key: user.key,
      body: { opted_out: true },
    });
    expect(opted.status).toBe(200);
    expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "stopped", stop_reason: "opted_out" });
    const { texts } = await afterRelease(flow.id, eventId, "u-opt", hold.release);
    expect(texts).toEqual(["One"]);
  });

  it("the owner's takeover answers while the run is in progress, and the run sends nothing more", async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("TAKENOW", "u-take");
    // Answered while the platform still holds the run's send: the takeover does not wait for the run.
    const taken = await api("PATCH", `/api/v1/accounts/${ig}/contacts/u-take`, {
      key: user.key,
      body: { human_takeover_minutes: 30 },
    });
    expect(taken.status).toBe(200);
    expect(taken.body.data.human_until).toEqual(expect.any(String));
    const { texts, row } = await afterRelease(flow.id, eventId, "u-take", hold.release);
    expect(texts).toEqual(["One"]);
    expect(row).toMatchObject({ status: "stopped", stop_reason: "human_takeover" });
  });

  it("the owner's stop of the execution", async () => {
    const { flow, hold, eventId } = await runHeldAfterOne("OWNNOW", "u-own");
    const [running] = await executionsOf(flow.id);
    const stopped = await api("POST", `/api/v1/flows/${flow.id}/executions/${running!.id}/stop`, { key: user.key });
    expect(stopped.status).toBe(200);
    const { texts, row } = await afterRelease(flow.id, eventId, "u-own", hold.release);
    expect(texts).toEqual(["One"]);
    expect(row).toMatchObject({ status: "stopped", stop_reason: "owner" });
  });
});
