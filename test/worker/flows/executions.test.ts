// Issue #30, rule 3: the owner can see and stop runs, and control a contact.
import { env, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ContactRunner } from "../../../src/durable/contact-runner";
import { createRuntime, setClock } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import {
  dmFrom,
  dripFlow,
  executionIn,
  executionsOf,
  inbound,
  liveFlow,
  message,
  runnerOf,
  storedExecutions,
  textsTo,
  trigger,
} from "../helpers/flow-runs";
import { agentUser } from "../helpers/mcp";
import { accessTokenFor } from "../helpers/oauth-client";
import { resetClock } from "../helpers/posts";
import { eventually } from "../helpers/wait";

const HOUR = 3_600_000;

let user: Awaited<ReturnType<typeof agentUser>>;
let ig: string;

beforeAll(async () => {
  user = await agentUser("creator");
  await resetClock(user.key);
  ig = (await connect(user.key, "instagram")).id;
});

const textsToContact = (contactId: string) => textsTo(user.key, ig, contactId);
const list = (flowId: string, query = "", key = user.key) =>
  api("GET", `/api/v1/flows/${flowId}/executions${query}`, { key });
const stop = (flowId: string, executionId: string, key = user.key) =>
  api("POST", `/api/v1/flows/${flowId}/executions/${executionId}/stop`, { key });
const drip = (keyword: string) => dripFlow(user.key, ig, keyword);

async function startFor(flowId: string, keyword: string, contactId: string) {
  await dmFrom(user.key, ig, contactId, keyword);
  await eventually(
    async () => ((await executionsOf(flowId)).some((e) => e.contact_id === contactId) ? true : undefined),
    `${contactId} started`,
  );
}

describe("GET /api/v1/flows/{id}/executions", () => {
  let flowId: string;
  beforeAll(async () => {
    flowId = (await drip("LISTED")).id;
    for (const contactId of ["u-l1", "u-l2", "u-l3"]) await startFor(flowId, "listed", contactId);
    await executionIn(flowId, "waiting_delay");
  });

  it("lists a flow's executions newest first, a page at a time, each with its contact, step, status and times", async () => {
    const first = await list(flowId, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: { contact_id: string }) => e.contact_id)).toEqual(["u-l3", "u-l2"]);
    const [row] = (await executionsOf(flowId)).filter((e) => e.contact_id === "u-l3");
    expect(first.body.data[0]).toEqual({
      id: row!.id,
      flow_id: flowId,
      account_id: ig,
      contact_id: "u-l3",
      step_id: row!.step_id,
      status: "waiting_delay",
      stop_reason: null,
      error_message: null,
      started_at: new Date(row!.started_at).toISOString(),
      updated_at: new Date(row!.updated_at).toISOString(),
      ended_at: null,
    });
    const second = await list(flowId, `?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body.data.map((e: { contact_id: string }) => e.contact_id)).toEqual(["u-l1"]);
    expect(second.body.next_cursor).toBeNull();
  });

  it("filters by status; a bad status, limit or cursor is validation_error", async () => {
    const waiting = await list(flowId, "?status=waiting_delay");
    expect(waiting.body.data).toHaveLength(3);
    expect((await list(flowId, "?status=completed")).body.data).toEqual([]);
    for (const query of ["?status=asleep", "?limit=0", "?limit=101", "?cursor=nope"]) {
      const res = await list(flowId, query);
      expect([query, res.status, res.body.error.code]).toEqual([query, 400, "validation_error"]);
    }
  });

  it("another user's flow is 404; reading needs flows:read", async () => {
    const other = await newUser("creator");
    expect((await list(flowId, "", other.key)).status).toBe(404);
    const reader = { authorization: `Bearer ${await accessTokenFor(user, "flows:read")}` };
    expect((await api("GET", `/api/v1/flows/${flowId}/executions`, { headers: reader })).status).toBe(200);
    const writer = { authorization: `Bearer ${await accessTokenFor(user, "flows:write")}` };
    const refused = await api("GET", `/api/v1/flows/${flowId}/executions`, { headers: writer });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "insufficient_scope", scope: "flows:read" });
  });
});

describe("POST /api/v1/flows/{id}/executions/{executionId}/stop", () => {
  it("stops an execution waiting on a delay: stopped at once, nothing more sent; a second stop is state_error", async () => {
    const flow = await drip("STOPME");
    await startFor(flow.id, "stopme", "u-stop");
    const waiting = await executionIn(flow.id, "waiting_delay");
    const stopped = await stop(flow.id, waiting.id);
    expect(stopped.status).toBe(200);
    expect(stopped.body.data).toMatchObject({
      id: waiting.id,
      status: "stopped",
      stop_reason: "owner",
      ended_at: expect.any(String),
    });
    expect((await list(flow.id, "?status=stopped")).body.data.map((e: { id: string }) => e.id)).toEqual([waiting.id]);
    const rt = await createRuntime(env);
    await setClock(rt, rt.clock.now() + 2 * HOUR);
    await runInDurableObject(runnerOf(ig, "u-stop"), (r: ContactRunner) => r.alarm());
    expect(await textsToContact("u-stop")).toEqual(["First"]);

    const again = await stop(flow.id, waiting.id);
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "state_error", status: "stopped" });
  });

  it("a finished execution is state_error; unknown ids, another flow's execution and another user's are 404; stopping needs flows:write", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Done",
      [trigger("dm_keyword", ["DONE"]), message("Reply", "Done")],
      [["Trigger", "Reply"]],
    );
    await startFor(flow.id, "done", "u-done");
    const done = await executionIn(flow.id, "completed");
    const res = await stop(flow.id, done.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "state_error", status: "completed" });

    const otherFlow = await drip("ELSEWHERE");
    expect((await stop(otherFlow.id, done.id)).status).toBe(404);
    expect((await stop(flow.id, "exec_unknown")).status).toBe(404);
    const other = await newUser("creator");
    expect((await stop(flow.id, done.id, other.key)).status).toBe(404);
    const reader = { authorization: `Bearer ${await accessTokenFor(user, "flows:read")}` };
    const refused = await api("POST", `/api/v1/flows/${flow.id}/executions/${done.id}/stop`, { headers: reader });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "insufficient_scope", scope: "flows:write" });
    expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "completed", stop_reason: null });
  });

  describe("a run under way", () => {
    // The http action's call is held until the test lets it answer (polled: a promise resolved from the test could
    // not wake the runner's own request).
    let released = false;
    let calls = 0;
    beforeAll(() => {
      const realFetch = globalThis.fetch;
      vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
        const url = new Request(input, init).url;
        if (!url.startsWith("https://hold.example.com/")) return realFetch(input, init);
        calls++;
        while (!released) await new Promise((r) => setTimeout(r, 20));
        return new Response("ok");
      });
    });
    afterAll(() => vi.restoreAllMocks());

    it("stops before its next step: the step in hand finishes, the next never runs", async () => {
      const flow = await liveFlow(
        user.key,
        ig,
        "Held",
        [
          trigger("dm_keyword", ["HELD"]),
          {
            type: "action",
            name: "Call",
            data: { kind: "http", method: "POST", url: "https://hold.example.com/hook" },
          },
          message("After", "After the call"),
        ],
        [
          ["Trigger", "Call"],
          ["Call", "After"],
        ],
      );
      await startFor(flow.id, "held", "u-held");
      const running = await executionIn(flow.id, "running");
      await eventually(async () => (calls > 0 ? true : undefined), "the http action called");
      expect((await stop(flow.id, running.id)).status).toBe(200);
      released = true;
      await eventually(
        async () => ((await storedExecutions(ig, "u-held")).length === 0 ? true : undefined),
        "the runner forgot the execution",
      );
      expect(await textsToContact("u-held")).toEqual([]);
      expect((await executionsOf(flow.id))[0]).toMatchObject({ status: "stopped", stop_reason: "owner" });
    });
  });
});

describe("PATCH /api/v1/accounts/{accountId}/contacts/{contactId}", () => {
  const patch = (body: unknown, key = user.key, contactId = "u-c1", accountId = ig) =>
    api("PATCH", `/api/v1/accounts/${accountId}/contacts/${contactId}`, { key, body });

  it("opts a contact out and back in, and hands them to a person for a while", async () => {
    const out = await patch({ opted_out: true });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({
      account_id: ig,
      contact_id: "u-c1",
      opted_out_at: expect.any(String),
      human_until: null,
      window_until: null,
    });
    const back = await patch({ opted_out: false, human_takeover_minutes: 30 });
    expect(back.body.data).toMatchObject({ opted_out_at: null, human_until: expect.any(String) });
    const now = Date.parse((await api("GET", "/api/v1/health")).body.data.time);
    expect(Date.parse(back.body.data.human_until) - now).toBeGreaterThan(29 * 60_000);
    expect((await patch({ human_takeover_minutes: 0 })).body.data.human_until).toBeNull();
  });

  it("under takeover a matching message starts nothing", async () => {
    const flow = await liveFlow(
      user.key,
      ig,
      "Quiet",
      [trigger("dm_keyword", ["QUIET"]), message("Reply", "Bot")],
      [["Trigger", "Reply"]],
    );
    expect((await patch({ human_takeover_minutes: 60 }, user.key, "u-quiet")).status).toBe(200);
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-q1", sender_id: "u-quiet", text: "quiet" });
    await startFor(flow.id, "quiet", "u-loud");
    await executionIn(flow.id, "completed");
    expect((await executionsOf(flow.id)).map((e) => e.contact_id)).toEqual(["u-loud"]);
  });

  it("refuses a bad or empty body and another user's account, changing nothing; needs flows:write", async () => {
    for (const body of [
      {},
      { opted_out: "yes" },
      { human_takeover_minutes: -1 },
      { human_takeover_minutes: 10081 },
      { mood: 1 },
    ]) {
      const res = await patch(body, user.key, "u-c2");
      expect([JSON.stringify(body), res.status, res.body.error.code]).toEqual([
        JSON.stringify(body),
        400,
        "validation_error",
      ]);
    }
    const other = await newUser("creator");
    expect((await patch({ opted_out: true }, other.key, "u-c2")).status).toBe(404);
    const reader = { authorization: `Bearer ${await accessTokenFor(user, "flows:read")}` };
    const refused = await api("PATCH", `/api/v1/accounts/${ig}/contacts/u-c2`, {
      headers: reader,
      body: { opted_out: true },
    });
    expect(refused.status).toBe(403);
    const state = await runInDurableObject(runnerOf(ig, "u-c2"), (_r: ContactRunner, s) => s.storage.get("contact"));
    expect(state).toBeUndefined();
  });
});
