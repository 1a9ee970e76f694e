// Issue #34: the dashboard's flows pages call the REST services (stats, get, activate, duplicate, executions, export).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { api, connect } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { insertItems } from "../helpers/collected";
import { open, signedInUser, submit } from "../helpers/dashboard";
import { dripFlow, executionIn, executionsOf, inbound, moveClock, settle, textsTo } from "../helpers/flow-runs";
import { expectOk, flowRow, flows, readyFlow } from "../helpers/flows";
import { setConfig } from "../helpers/webhooks";

let owner: Awaited<ReturnType<typeof signedInUser>>;
let ig: string;

beforeAll(async () => {
  owner = await signedInUser("creator");
  ig = (await connect(owner.key, "instagram", { name: "Acme Bakery" })).id;
});

/** An admin (the export's rollout reaches admins first), signed in, with a flow ready to collect. */
async function csvAdmin(name: string) {
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", admin: true } });
  const { user_id: userId, api_key: key } = res.body.data as { user_id: string; api_key: string };
  const browser = await new Browser().signInWithKey(key);
  const flow = await readyFlow(key, (await connect(key, "instagram")).id, name);
  return { userId, key, browser, flow };
}

/** The SQL the Worker sends to D1 (through the binding or a request's session) from now until `stop`. */
function watchStatements() {
  const sql: string[] = [];
  const watched = <T extends { prepare: (query: string) => D1PreparedStatement }>(db: T) => {
    const prepare = db.prepare.bind(db);
    db.prepare = (query: string) => {
      sql.push(query);
      return prepare(query);
    };
    return db;
  };
  const [withSession, prepare] = [env.DB.withSession.bind(env.DB), env.DB.prepare.bind(env.DB)];
  const spies = [
    vi.spyOn(env.DB, "withSession").mockImplementation((constraint) => watched(withSession(constraint))),
    vi.spyOn(env.DB, "prepare").mockImplementation((query) => {
      sql.push(query);
      return prepare(query);
    }),
  ];
  return {
    stop: () => {
      for (const spy of spies) spy.mockRestore();
    },
    matching: (pattern: RegExp) => sql.filter((q) => pattern.test(q)),
  };
}

/** A draft whose keyword trigger has no keywords and whose message step is connected to nothing. */
async function brokenFlow(name = "Half built") {
  const f = flows(owner.key);
  const flow = await f.create({ name, account_id: ig });
  await expectOk(f.addNode(flow.id, { type: "trigger", name: "Start", data: { config: { kind: "comment_keyword" } } }));
  await expectOk(f.addNode(flow.id, { type: "message", name: "Hello", data: { blocks: [{ text: "Hi" }] } }));
  await expectOk(f.addEdge(flow.id, { from: "Start", to: "Hello" }));
  return f.get(flow.id);
}

describe("the flows list", () => {
  it("shows each flow with the numbers of list_flows_with_stats", async () => {
    const ready = await readyFlow(owner.key, ig, "LIST");
    await insertItems([{ userId: owner.userId, flowId: ready.id, collectedAt: Date.parse("2030-05-31T10:00:00Z") }]);
    const { status, page } = await open(owner.browser, "/dashboard/flows");
    expect(status).toBe(200);
    const row = new RegExp(`href="/dashboard/flows/${ready.id}">Flow LIST</a>[\\s\\S]*?</tr>`).exec(page)![0];
    expect(row).toContain("Instagram · Acme Bakery");
    expect(row.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain("draft Instagram · Acme Bakery 0 0 0 1");
    expect(page).toContain('href="/dashboard/flows" aria-current="page"');
  });
});

describe("a flow's page", () => {
  it("draws the steps with the problems that block activation on their steps, and lists the steps in words", async () => {
    const flow = await brokenFlow();
    const start = flow.nodes.find((n: { name: string }) => n.name === "Start")!;
    const { status, page } = await open(owner.browser, `/dashboard/flows/${flow.id}`);
    expect(status).toBe(200);
    expect(page).toContain('<svg class="diagram" id="diagram"');
    const flagged = [...page.matchAll(/<g class="step problem" data-step="([^"]+)" data-problems="([^"]+)"/g)];
    expect(flagged.map((m) => [m[1], m[2]])).toEqual([[start.id, "trigger_without_keywords"]]);
    expect(page).toMatch(new RegExp(`<li data-step="${start.id}" class="problem"><strong>Start</strong>`));
    expect(page).toContain("Then → Hello.");
    for (const problem of flow.problems) expect(page).toContain(`data-code="${problem.code}"`);
  });

  it("Turn on is refused with the same problems as the REST activate, and changes nothing", async () => {
    const flow = await brokenFlow("Refused");
    const before = await flowRow(flow.id);
    const res = await submit(owner.browser, `/dashboard/flows/${flow.id}`, `/dashboard/flows/${flow.id}/activate`);
    expect(res.status).toBe(409);
    expect(res.page).toContain("The flow cannot be turned on while it has problems: trigger_without_keywords");
    expect(res.page).toContain('data-code="trigger_without_keywords"');
    expect(await flowRow(flow.id)).toEqual(before);
  });

  it("Turn on, Turn off and Duplicate do what the REST calls do", async () => {
    const flow = await readyFlow(owner.key, ig, "SWITCH");
    const page = `/dashboard/flows/${flow.id}`;
    const on = await submit(owner.browser, page, `${page}/activate`);
    expect(on.status).toBe(200);
    expect(on.page).toContain("Turned on");
    expect((await flowRow(flow.id))!.status).toBe("live");
    const off = await submit(owner.browser, page, `${page}/deactivate`);
    expect(off.page).toContain("Turned off");
    expect((await flowRow(flow.id))!.status).toBe("off");

    const copy = await submit(owner.browser, page, `${page}/duplicate`);
    expect(copy.status).toBe(303);
    const copyId = /\/dashboard\/flows\/(flow_[^?]+)\?done=duplicated$/.exec(copy.headers.get("location")!)![1]!;
    expect(await flowRow(copyId)).toMatchObject({ name: "Flow SWITCH (copy)", status: "draft" });
    expect((await open(owner.browser, `/dashboard/flows/${copyId}?done=duplicated`)).page).toContain("A draft copy");
  });

  it("lists runs with a status filter, and Stop ends a run under way: it sends nothing more", async () => {
    const drip = await dripFlow(owner.key, ig, "DRIP");
    await inbound(owner.key, { account_id: ig, kind: "message", id: "m-ana", sender_id: "ana", text: "DRIP" });
    const waiting = await executionIn(drip.id, "waiting_delay");
    const page = `/dashboard/flows/${drip.id}`;
    const shown = await open(owner.browser, `${page}?status=waiting_delay`);
    expect(shown.page).toContain(`data-run="${waiting.id}"`);
    expect(shown.page).toContain(`action="${page}/runs/${waiting.id}/stop"`);
    expect((await open(owner.browser, `${page}?status=completed`)).page).not.toContain(`data-run="${waiting.id}"`);

    const stopped = await submit(owner.browser, page, `${page}/runs/${waiting.id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.page).toContain("Stopped: it sends nothing more.");
    expect((await executionsOf(drip.id))[0]).toMatchObject({ status: "stopped", stop_reason: "owner" });
    expect(stopped.page).not.toContain(`action="${page}/runs/${waiting.id}/stop"`);
    await moveClock(owner.key, 2 * 3_600_000);
    await settle();
    expect(await textsTo(owner.key, ig, "ana")).toEqual(["First"]);

    const again = await submit(owner.browser, page, `${page}/runs/${waiting.id}/stop`);
    expect(again.status).toBe(409);
    expect(again.page).toContain("The execution has already ended (stopped)");
  });

  it("shows collected data; its CSV is refused as the REST export is while the rollout has not reached the user", async () => {
    const flow = await readyFlow(owner.key, ig, "CSV");
    await insertItems([
      {
        userId: owner.userId,
        flowId: flow.id,
        fieldLabel: "Email",
        fieldType: "email",
        value: "ana@example.com",
        collectedAt: 1,
      },
    ]);
    const { page } = await open(owner.browser, `/dashboard/flows/${flow.id}`);
    expect(page).toContain('<table id="fields-table"');
    expect(page).not.toContain("ana@example.com");
    const refusal = (await api("GET", `/api/v1/collected-data?flow_id=${flow.id}`, { key: owner.key })).body.error;
    expect(refusal.code).toBe("not_enabled");
    expect(page).toContain(`<p class="notice warn small" id="export-refused">${refusal.message}</p>`);
    expect(page).not.toContain("collected-data.csv");
    const csv = await owner.browser.fetch(`/dashboard/flows/${flow.id}/collected-data.csv`);
    expect(csv.status).toBe(403);
    expect(await csv.text()).toContain(refusal.message);
  });

  it("an admin downloads every answer as CSV, newest first, formulas defused", async () => {
    const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", admin: true } });
    const { user_id: userId, api_key: key } = res.body.data;
    const browser = await new Browser().signInWithKey(key);
    const account = (await connect(key, "instagram")).id;
    const flow = await readyFlow(key, account, "ADMIN");
    const many = Array.from({ length: 520 }, (_, i) => ({
      userId,
      flowId: flow.id,
      value: `a${i}`,
      collectedAt: 1000 + i,
    }));
    await insertItems([...many, { userId, flowId: flow.id, value: '=HYPERLINK("x")', collectedAt: 5000 }]);
    const page = (await open(browser, `/dashboard/flows/${flow.id}`)).page;
    expect(page).toContain(`href="/dashboard/flows/${flow.id}/collected-data.csv"`);
    const csv = await browser.fetch(`/dashboard/flows/${flow.id}/collected-data.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(522);
    expect(lines[0]).toBe('"collected_at","field_label","field_type","value","valid","id"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""x"")"`);
    expect(lines[2]).toContain('"a519"');
    expect(lines[521]).toContain('"a0"');
  });

  it("a large CSV comes whole, every answer once, with the table counted once and the rollout read once", async () => {
    const { userId, key, browser, flow } = await csvAdmin("LARGE");
    const total = 6_200;
    await insertItems(
      Array.from({ length: total }, (_, i) => ({ userId, flowId: flow.id, value: `v${i}`, collectedAt: 10_000 + i })),
    );
    const sent = watchStatements();
    const csv = await browser.fetch(`/dashboard/flows/${flow.id}/collected-data.csv`);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    sent.stop();
    expect(lines).toHaveLength(total + 1);
    const values = lines.slice(1).map((line) => /"(v\d+)"/.exec(line)![1]);
    expect(new Set(values).size).toBe(total);
    expect([values[0], values.at(-1)]).toEqual([`v${total - 1}`, "v0"]);
    expect(lines.some((line) => line.includes("export cut"))).toBe(false);
    // One count of the flow's answers and one read of the rollout (the admin flag), whatever the pages.
    expect(sent.matching(/count\(/i)).toHaveLength(1);
    expect(sent.matching(/select "admin" from "users"/i)).toHaveLength(1);
    expect(key).toBeTruthy();
  });

  it("past collected_csv_max_rows the CSV says in its last row that it was cut, and where the rest is", async () => {
    const { userId, key, browser, flow } = await csvAdmin("CUT");
    await setConfig(key, { collected_csv_max_rows: 1_000 });
    onTestFinished(async () => {
      await setConfig(key, { collected_csv_max_rows: 100_000 });
    });
    await insertItems(
      Array.from({ length: 1_234 }, (_, i) => ({ userId, flowId: flow.id, value: `v${i}`, collectedAt: 10_000 + i })),
    );
    const csv = await browser.fetch(`/dashboard/flows/${flow.id}/collected-data.csv`);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + 1_000 + 1);
    expect(lines[1_000]).toContain('"v234"');
    const marker = lines[1_001]!;
    expect(marker).toMatch(/^"# export cut: 1000 of 1234 answers/);
    // The rest, through the REST export from where the file stopped.
    const rest = /GET (\/api\/v1\/collected-data\?[^ "]+)/.exec(marker)![1]!;
    const page = await api("GET", `${rest}&limit=500`, { key });
    expect(page.status).toBe(200);
    expect(page.body.data.items).toHaveLength(234);
    expect(page.body.data.items[0].value).toBe("v233");
  });

  it("another user's flow, run or CSV is a 404 page, and their forms change nothing", async () => {
    const flow = await readyFlow(owner.key, ig, "MINE");
    const stranger = await signedInUser("creator");
    for (const path of ["", "?status=running", "/collected-data.csv"]) {
      const res = await open(stranger.browser, `/dashboard/flows/${flow.id}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.page).not.toContain("Flow MINE");
    }
    for (const action of ["activate", "duplicate", "runs/exec_x/stop"]) {
      const res = await submit(stranger.browser, "/dashboard/flows", `/dashboard/flows/${flow.id}/${action}`);
      expect(res.status, action).toBe(404);
    }
    expect((await flowRow(flow.id))!.status).toBe("draft");
    expect((await api("GET", "/api/v1/flows", { key: owner.key })).body.data).not.toContainEqual(
      expect.objectContaining({ name: "Flow MINE (copy)" }),
    );
  });

  it("refuses a form without the session's token: 403, nothing done", async () => {
    const flow = await readyFlow(owner.key, ig, "CSRF");
    const res = await owner.browser.post(`/dashboard/flows/${flow.id}/activate`, { csrf: "forged" });
    expect(res.status).toBe(403);
    expect((await flowRow(flow.id))!.status).toBe("draft");
  });
});
