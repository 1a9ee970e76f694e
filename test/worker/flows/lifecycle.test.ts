import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { openStep } from "../../../src/services/flows/secrets";
import { createRuntime } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import { expectOk, flowRow, flows, readyFlow } from "../helpers/flows";

let key: string;
let instagram: string;
let f: ReturnType<typeof flows>;

beforeAll(async () => {
  ({ key } = await newUser("creator"));
  instagram = (await connect(key, "instagram")).id;
  f = flows(key);
});

const versionRow = (id: string) =>
  env.DB.prepare("SELECT * FROM flow_versions WHERE id = ?").bind(id).first<Record<string, any>>();

describe("activate_flow", () => {
  it("is refused while the flow has problems, listing them, and nothing changes", async () => {
    const flow = await f.create({ name: "Half built", account_id: instagram });
    await expectOk(f.addNode(flow.id, { type: "trigger", data: { config: { kind: "comment_keyword" } } }));
    const before = await flowRow(flow.id);
    const res = await f.activate(flow.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("state_error");
    expect(res.body.error.problems).toEqual((await f.get(flow.id)).problems);
    expect(res.body.error.message).toContain("trigger_without_keywords");
    expect(await flowRow(flow.id)).toEqual(before);
  });

  it("turns a flow live with its content pinned as an immutable version; turning off and on again keeps it", async () => {
    const flow = await readyFlow(key, instagram, "PIN");
    const live = await expectOk(f.activate(flow.id));
    expect(live).toMatchObject({ status: "live", problems: [], edit_seq: flow.edit_seq + 1 });
    const pinned = await versionRow(live.live_version_id);
    expect(pinned).toMatchObject({ flow_id: flow.id, reason: "turned_on", content_hash: flow.content_hash });
    expect(JSON.parse(pinned!.steps)).toEqual(JSON.parse((await flowRow(flow.id))!.steps));
    expect(await expectOk(f.activate(flow.id))).toMatchObject({
      status: "live",
      live_version_id: live.live_version_id,
    });

    const off = await expectOk(f.deactivate(flow.id));
    expect(off.status).toBe("off");
    expect(await expectOk(f.deactivate(flow.id))).toMatchObject({ status: "off" });
    const again = await expectOk(f.activate(flow.id));
    expect(again.live_version_id).toBe(live.live_version_id);
    expect(await versionRow(live.live_version_id)).toEqual(pinned);
    const list = await api("GET", "/api/v1/flows?status=live", { key });
    expect(list.body.data.map((x: { id: string }) => x.id)).toContain(flow.id);
  });

  it("deactivating a draft is a state_error", async () => {
    const flow = await f.create({ name: "Never on", account_id: instagram });
    const res = await f.deactivate(flow.id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "state_error", status: "draft" });
  });
});

describe("duplicate_flow", () => {
  it("makes a draft copy with new ids (connections follow), of a live flow too; the original is untouched", async () => {
    const flow = await readyFlow(key, instagram, "COPY");
    await expectOk(
      f.addNode(flow.id, {
        type: "action",
        name: "Hook",
        data: {
          kind: "http",
          method: "POST",
          url: "https://hooks.example.com/x",
          headers: { Authorization: "Bearer t0ken" },
        },
      }),
    );
    await expectOk(f.addEdge(flow.id, { from: "Email", to: "Hook", handle: "valid" }));
    const live = await expectOk(f.activate(flow.id));
    const originalRow = await flowRow(flow.id);
    const copy = await f.duplicate(flow.id);
    expect(copy).toMatchObject({
      name: "Flow COPY (copy)",
      status: "draft",
      account_id: instagram,
      post_id: null,
      armed: false,
      live_version_id: null,
    });
    // The copy answers the same keyword as the live original: it cannot be turned on beside it.
    expect(copy.problems.map((p: { code: string }) => p.code)).toEqual(["keyword_in_use"]);
    expect(copy.id).not.toBe(flow.id);
    const ids = (x: { nodes: { id: string }[]; edges: { id: string }[] }) => [...x.nodes, ...x.edges].map((i) => i.id);
    expect(ids(copy).some((id) => ids(live).includes(id))).toBe(false);
    const byName = (x: any) => {
      const name = new Map(x.nodes.map((n: { id: string; name: string }) => [n.id, n.name]));
      return x.edges.map((e: { from: string; to: string; handle: string | null }) => [
        name.get(e.from),
        name.get(e.to),
        e.handle,
      ]);
    };
    expect(byName(copy)).toEqual(byName(live));
    expect(copy.nodes.map((n: { summary: string }) => n.summary)).toEqual(
      live.nodes.map((n: { summary: string }) => n.summary),
    );
    expect(await flowRow(flow.id)).toEqual(originalRow);

    // Its secrets are sealed for the copy, and open to the same values.
    const rt = await createRuntime(env);
    const hookOf = async (id: string) =>
      (JSON.parse((await flowRow(id))!.steps) as any[]).find((s) => s.name === "Hook");
    const [mine, theirs] = [await hookOf(flow.id), await hookOf(copy.id)];
    expect(theirs.data.headers.Authorization).not.toBe(mine.data.headers.Authorization);
    expect((await openStep(rt, copy.id, theirs)).data).toMatchObject({ headers: { Authorization: "Bearer t0ken" } });
    await expect(openStep(rt, copy.id, mine)).rejects.toThrow();
    expect((await f.get(copy.id, "Hook")).node.data.headers).toEqual({ Authorization: "[redacted]" });
    expect(await f.revisions(copy.id)).toEqual([]);
  });
});
