// Issue #33: a flow with a payment step is not turned on (`payment_not_available`), rather than failing at run time.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { connect } from "../helpers/api";
import { executionIn, inbound, liveFlow, message, trigger } from "../helpers/flow-runs";
import { expectOk, flowRow, flows, revisionCount } from "../helpers/flows";
import { agentUser, mcpClient, refused } from "../helpers/mcp";

let user: Awaited<ReturnType<typeof agentUser>>;
let ig: string;
let f: ReturnType<typeof flows>;

beforeAll(async () => {
  user = await agentUser("creator");
  ig = (await connect(user.key, "instagram")).id;
  f = flows(user.key);
});

/** A draft with nothing wrong but its payment step: trigger → "Offer" → payment. */
async function draftWithPayment(name: string) {
  const flow = await f.create({ name, account_id: ig });
  await expectOk(f.addNode(flow.id, { ...trigger("dm_keyword", [name]) }));
  await expectOk(f.addNode(flow.id, { ...message("Offer", "Buy the guide") }));
  await expectOk(f.addNode(flow.id, { type: "payment", name: "Pay" }));
  await expectOk(f.addEdge(flow.id, { from: "Trigger", to: "Offer" }));
  return expectOk(f.addEdge(flow.id, { from: "Offer", to: "Pay" }));
}

describe("a flow with a payment step", () => {
  it("shows payment_not_available on the step, and activate is refused with it, changing nothing", async () => {
    const flow = await draftWithPayment("PAYREST");
    const pay = flow.nodes.find((n: { name: string }) => n.name === "Pay");
    expect(flow.problems).toContainEqual(expect.objectContaining({ code: "payment_not_available", nodeId: pay.id }));
    const [before, versions] = [await flowRow(flow.id), await revisionCount(flow.id)];
    const res = await f.activate(flow.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("state_error");
    expect(res.body.error.problems).toContainEqual(
      expect.objectContaining({ code: "payment_not_available", nodeId: pay.id }),
    );
    expect(res.body.error.message).toContain("payment_not_available");
    expect(await flowRow(flow.id)).toEqual(before);
    expect(await revisionCount(flow.id)).toBe(versions);
  });

  it("activate_flow (the agent tool) is refused the same way", async () => {
    const flow = await draftWithPayment("PAYTOOL");
    const before = await flowRow(flow.id);
    const mcp = await mcpClient({ key: user.key });
    const error = await refused(mcp, "activate_flow", { flowId: flow.id });
    expect(error.code).toBe("state_error");
    expect(error.problems).toContainEqual(expect.objectContaining({ code: "payment_not_available" }));
    expect(await flowRow(flow.id)).toEqual(before);
  });

  it("removing the step clears the problem and the flow turns on", async () => {
    const flow = await draftWithPayment("PAYGONE");
    const cleared = await expectOk(f.deleteNode(flow.id, "Pay"));
    expect(cleared.problems).toEqual([]);
    expect(await expectOk(f.activate(flow.id))).toMatchObject({ status: "live" });
  });

  it("a version turned on before this rule still ends at its payment step with payment_not_supported", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Old payment",
      [trigger("dm_keyword", ["OLDPAY"]), message("Offer", "Buy the guide")],
      [["Trigger", "Offer"]],
    );
    // What such a version holds: a payment step after the offer (activation refuses this content now).
    const version = await env.DB.prepare("SELECT steps, edges FROM flow_versions WHERE id = ?")
      .bind(flow.live_version_id)
      .first<{ steps: string; edges: string }>();
    const steps = JSON.parse(version!.steps);
    const offer = steps.find((s: { name: string }) => s.name === "Offer");
    steps.push({ id: "step_pay_old", type: "payment", name: "Pay", data: {} });
    const edges = [
      ...JSON.parse(version!.edges),
      { id: "edge_pay_old", from: offer.id, to: "step_pay_old", handle: null },
    ];
    await env.DB.prepare("UPDATE flow_versions SET steps = ?, edges = ? WHERE id = ?")
      .bind(JSON.stringify(steps), JSON.stringify(edges), flow.live_version_id)
      .run();

    await inbound(user.key, { account_id: ig, kind: "message", id: "m-oldpay", sender_id: "u-oldpay", text: "oldpay" });
    const failed = await executionIn(flow.id, "errored");
    expect(failed).toMatchObject({ error_node_id: "step_pay_old" });
    expect(failed.error_message).toContain("Payment steps cannot run yet");
    expect(JSON.parse((await flowRow(flow.id))!.runtime_problem)).toMatchObject({ code: "payment_not_supported" });
  });
});
