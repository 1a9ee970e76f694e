import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, heraldAs, newUser, type Run } from "./helpers";

const DESCRIPTION = 'Everyone who comments "GUIDE" gets https://example.com/guide; ask for their email';

describe("herald flows", () => {
  let key: string;
  let instagram: string;

  beforeAll(async () => {
    key = await newUser();
    instagram = (await connect(key, "instagram", { name: "cli.shop", platform_user_id: "ig-cli" })).id;
  });

  it("flows generate builds a flow from a description and prints it with its builder and credits", async () => {
    const run = await heraldAs(key, ["flows", "generate", "--description", DESCRIPTION, "--account-id", instagram]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.json).toMatchObject({ builder: "local", credits: { charged: 15 } });
    expect(run.json.flow).toMatchObject({ account_id: instagram, status: "draft", problems: [] });
    expect(run.json.flow).toEqual(await api("GET", `/api/v1/flows/${run.json.flow.id}`, key));
  });

  it("a handle on several accounts is refused (exit 1) until --platform-user-id chooses", async () => {
    const facebook = await connect(key, "facebook", { name: "cli.shop", platform_user_id: "fb-cli" });
    const ambiguous = await heraldAs(key, [
      "flows",
      "generate",
      "--description",
      DESCRIPTION,
      "--account-id",
      "cli.shop",
    ]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stdout).toBe("");
    expect(ambiguous.error).toMatchObject({
      status: 400,
      error: { code: "platform_user_id_required", message: "platform_user_id required" },
    });
    const chosen = await heraldAs(key, [
      "flows",
      "generate",
      "--description",
      DESCRIPTION,
      "--account-id",
      "cli.shop",
      "--platform-user-id",
      "fb-cli",
    ]);
    expect(chosen.code).toBe(0);
    expect(chosen.json.flow.account_id).toBe(facebook.id);
  });

  it("flows list and flows get (with --node) print what the API answers", async () => {
    const listed = await heraldAs(key, ["flows", "list", "--account-id", instagram]);
    expect(listed.code).toBe(0);
    expect(listed.json.length).toBeGreaterThan(0);
    expect(listed.json.every((f: { account_id: string }) => f.account_id === instagram)).toBe(true);
    const [first] = listed.json;
    const got = await heraldAs(key, ["flows", "get", first.id, "--node", "Reply"]);
    expect(got.code).toBe(0);
    expect(got.json.node).toMatchObject({ name: "Reply", type: "message" });
    const missing = await heraldAs(key, ["flows", "get", "flow_nope"]);
    expect(missing.code).toBe(1);
    expect(missing.error.error.code).toBe("not_found");
    const usage = await heraldAs(key, ["flows", "generate", "--account-id", instagram]);
    expect(usage.code).toBe(2);
    expect(usage.error.error.code).toBe("usage_error");
  });

  it("flows runs lists a flow's executions, flows stop stops one, contacts takeover and opt-out control a person", async () => {
    const flow = await api("POST", "/api/v1/flows", key, { name: "CLI drip", account_id: instagram });
    const steps = [
      { type: "trigger", name: "Trigger", data: { config: { kind: "dm_keyword", keywords: ["CLIDRIP"] } } },
      { type: "message", name: "First", data: { blocks: [{ text: "First" }] } },
      { type: "delay", name: "Wait", data: { delay_time: 3_600_000 } },
    ];
    for (const step of steps) await api("POST", `/api/v1/flows/${flow.id}/nodes`, key, step);
    await api("POST", `/api/v1/flows/${flow.id}/edges`, key, { from: "Trigger", to: "First" });
    await api("POST", `/api/v1/flows/${flow.id}/edges`, key, { from: "First", to: "Wait" });
    await api("POST", `/api/v1/flows/${flow.id}/activate`, key);
    const message = { account_id: instagram, kind: "message", id: "cli-m1", sender_id: "cli-u1", text: "clidrip" };
    await api("POST", "/api/v1/sandbox/inbound", key, message);
    let runs: Run | undefined;
    for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 200))) {
      runs = await heraldAs(key, ["flows", "runs", flow.id, "--status", "waiting_delay"]);
      if (runs.json?.length) break;
    }
    expect(runs!.code).toBe(0);
    expect(runs!.json).toMatchObject([{ flow_id: flow.id, contact_id: "cli-u1", status: "waiting_delay" }]);

    const stopped = await heraldAs(key, ["flows", "stop", flow.id, runs!.json[0].id]);
    expect(stopped.code).toBe(0);
    expect(stopped.json).toMatchObject({ status: "stopped", stop_reason: "owner" });
    const again = await heraldAs(key, ["flows", "stop", flow.id, runs!.json[0].id]);
    expect(again.code).toBe(1);
    expect(again.error.error.code).toBe("state_error");

    const takeover = await heraldAs(key, ["contacts", "takeover", instagram, "cli-u1", "--minutes", "30"]);
    expect(takeover.code).toBe(0);
    expect(takeover.json).toMatchObject({ contact_id: "cli-u1", human_until: expect.any(String) });
    const ended = await heraldAs(key, ["contacts", "takeover", instagram, "cli-u1", "--minutes", "0"]);
    expect(ended.json.human_until).toBeNull();
    const out = await heraldAs(key, ["contacts", "opt-out", instagram, "cli-u1"]);
    expect(out.json.opted_out_at).toEqual(expect.any(String));
    const usage = await heraldAs(key, ["contacts", "takeover", instagram, "cli-u1", "--minutes", "soon"]);
    expect(usage.code).toBe(2);
  });
});
