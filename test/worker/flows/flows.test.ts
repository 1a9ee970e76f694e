import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { expectOk, flowRow, flows } from "../helpers/flows";
import { agentUser } from "../helpers/mcp";
import { accessTokenFor } from "../helpers/oauth-client";

let key: string;
let instagram: string;
let f: ReturnType<typeof flows>;

beforeAll(async () => {
  // Agency: room for every account this file connects (sandbox accounts count toward the plan).
  ({ key } = await newUser("agency"));
  instagram = (await connect(key, "instagram", { name: "herald.shop" })).id;
  f = flows(key);
});

const flowCount = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM flows").first<{ n: number }>())!.n;

describe("a flow's account", () => {
  it("may be Instagram, Facebook or WhatsApp (sandbox-connectable); an empty draft is made", async () => {
    for (const platform of ["instagram", "facebook", "whatsapp"]) {
      const account = await connect(key, platform);
      const flow = await f.create({ name: `On ${platform}`, account_id: account.id });
      expect(flow).toMatchObject({
        name: `On ${platform}`,
        account_id: account.id,
        platform,
        status: "draft",
        nodes: [],
        edges: [],
        post_id: null,
        armed: false,
        live_version_id: null,
        edit_seq: 1,
      });
      expect(flow.content_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(flow.problems).toEqual([{ code: "no_trigger", message: expect.any(String) }]);
    }
  });

  it("is refused with 400 for any other platform, and nothing is made", async () => {
    const before = await flowCount();
    for (const platform of ["bluesky", "twitter", "linkedin", "threads"]) {
      const account = await connect(key, platform);
      const res = await api("POST", "/api/v1/flows", { key, body: { name: "No", account_id: account.id } });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: "validation_error", issues: [{ path: "account_id" }] });
      expect(res.body.error.message).toContain("flows run on instagram, facebook, whatsapp accounts");
    }
    expect(await flowCount()).toBe(before);
  });

  it("may be named by its handle; a handle on several accounts needs platform_user_id", async () => {
    const byHandle = await f.create({ name: "By handle", account_id: "@herald.shop" });
    expect(byHandle.account_id).toBe(instagram);
    const fb = await connect(key, "facebook", { name: "twins", platform_user_id: "fb-twins" });
    const ig = await connect(key, "instagram", { name: "Twins", platform_user_id: "ig-twins" });
    const before = await flowCount();
    const res = await api("POST", "/api/v1/flows", { key, body: { name: "Which?", account_id: "twins" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("platform_user_id_required");
    expect(res.body.error.message).toBe("platform_user_id required");
    expect(res.body.error.accounts.map((a: { id: string }) => a.id).sort()).toEqual([fb.id, ig.id].sort());
    expect(await flowCount()).toBe(before);
    const chosen = await f.create({ name: "Chosen", account_id: "twins", platform_user_id: "ig-twins" });
    expect(chosen.account_id).toBe(ig.id);
  });

  it("must be the caller's: another user's account id is unknown", async () => {
    const other = await newUser("creator");
    const theirs = await connect(other.key, "instagram");
    const res = await api("POST", "/api/v1/flows", { key, body: { name: "Theirs", account_id: theirs.id } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain("no connected account");
  });
});

describe("WhatsApp accounts", () => {
  it("take no posts (403 PLATFORM_UNAVAILABLE), and in production have no adapter yet (platform_not_configured)", async () => {
    const wa = await connect(key, "whatsapp");
    const res = await api("POST", "/api/v1/posts", {
      key,
      body: { text: "Hello", platforms: [{ platform: "whatsapp", account_id: wa.id }] },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.targets[0]).toMatchObject({ code: "PLATFORM_UNAVAILABLE", account_id: wa.id });
    const connectRes = await api("POST", "/api/v1/connect/whatsapp", { key, body: {} });
    expect(connectRes.status).toBe(503);
    expect(connectRes.body.error.code).toBe("platform_not_configured");
  });
});

describe("reading, renaming, listing and deleting", () => {
  it("lists the user's flows newest first, filtered by account and status, a page at a time", async () => {
    const { key: own } = await newUser("creator");
    const ig = await connect(own, "instagram");
    const fb = await connect(own, "facebook");
    for (const [name, account] of [
      ["one", ig.id],
      ["two", fb.id],
      ["three", ig.id],
    ]) {
      await flows(own).create({ name, account_id: account });
      // Creation times apart, so newest-first is certain.
      await api("POST", "/api/v1/sandbox/clock", { key: own, body: { advance_ms: 1000 } });
    }
    const page1 = await api("GET", "/api/v1/flows?limit=2", { key: own });
    expect(page1.body.data.map((x: { name: string }) => x.name)).toEqual(["three", "two"]);
    expect(page1.body.data[0]).toMatchObject({ step_count: 0, status: "draft" });
    const page2 = await api("GET", `/api/v1/flows?limit=2&cursor=${page1.body.next_cursor}`, { key: own });
    expect(page2.body.data.map((x: { name: string }) => x.name)).toEqual(["one"]);
    expect(page2.body.next_cursor).toBeNull();
    const onIg = await api("GET", `/api/v1/flows?account_id=${ig.id}`, { key: own });
    expect(onIg.body.data.map((x: { name: string }) => x.name)).toEqual(["three", "one"]);
    const live = await api("GET", "/api/v1/flows?status=live", { key: own });
    expect(live.body.data).toEqual([]);
    const bad = await api("GET", "/api/v1/flows?cursor=nope", { key: own });
    expect(bad.status).toBe(400);
  });

  it("renames (PATCH) without touching content, and deletes", async () => {
    const flow = await f.create({ name: "Old", account_id: instagram });
    const renamed = await expectOk(api("PATCH", `/api/v1/flows/${flow.id}`, { key, body: { name: "New" } }));
    expect(renamed).toMatchObject({ name: "New", edit_seq: flow.edit_seq, content_hash: flow.content_hash });
    const gone = await expectOk(api("DELETE", `/api/v1/flows/${flow.id}`, { key }));
    expect(gone).toEqual({ id: flow.id, deleted: true });
    expect((await api("GET", `/api/v1/flows/${flow.id}`, { key })).status).toBe(404);
    expect((await flowRow(flow.id))!.deleted_at).not.toBeNull();
  });

  it("is 404 for another user's flow, for every route, and changes nothing", async () => {
    const flow = await f.create({ name: "Mine", account_id: instagram });
    const other = await newUser("creator");
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/v1/flows/${flow.id}`],
      ["PATCH", `/api/v1/flows/${flow.id}`, { name: "Theirs" }],
      ["DELETE", `/api/v1/flows/${flow.id}`],
      ["POST", `/api/v1/flows/${flow.id}/nodes`, { type: "delay", data: { delay_time: 1000 } }],
      ["POST", `/api/v1/flows/${flow.id}/duplicate`],
      ["POST", `/api/v1/flows/${flow.id}/activate`],
      ["GET", `/api/v1/flows/${flow.id}/revisions`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { key: other.key, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect(await flowRow(flow.id)).toMatchObject({ name: "Mine", edit_seq: 1, deleted_at: null });
  });

  it("needs flows:read to read and flows:write to change", async () => {
    const user = await agentUser("creator");
    const ig = await connect(user.key, "instagram");
    const flow = await flows(user.key).create({ name: "Scoped", account_id: ig.id });
    const token = await accessTokenFor(user, "flows:read");
    const bearer = { authorization: `Bearer ${token}` };
    expect((await api("GET", `/api/v1/flows/${flow.id}`, { headers: bearer })).status).toBe(200);
    const refused = await api("POST", "/api/v1/flows", { headers: bearer, body: { name: "x", account_id: ig.id } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: "insufficient_scope", scope: "flows:write" });
    expect((await api("GET", "/api/v1/flows", {})).status).toBe(401);
  });
});
