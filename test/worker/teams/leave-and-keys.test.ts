// Leaving a workspace (any member but the owner, out at once), and the keys list naming each key's member.
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";
import { joined, person } from "../helpers/teams";

const memberIds = async (key: string) =>
  (await api("GET", "/api/v1/members", { key })).body.data.map((m: { id: string }) => m.id);

describe("leaving a workspace", () => {
  it("a member leaves: their keys there are 401 at once, they are no longer listed, their own workspace is untouched", async () => {
    const owner = await person("agency");
    for (const role of ["viewer", "editor", "admin"]) {
      const member = await joined(owner, role);
      expect((await api("GET", "/api/v1/workspace", { key: member.workspaceKey })).body.data.role).toBe(role);
      const left = await api("POST", "/api/v1/workspace/leave", { key: member.workspaceKey });
      expect(left.status, role).toBe(200);
      expect(left.body.data).toEqual({ id: member.memberId, deleted: true });
      expect((await api("GET", "/api/v1/workspace", { key: member.workspaceKey })).status, role).toBe(401);
      expect(await memberIds(owner.key)).not.toContain(member.memberId);
      const own = await api("GET", "/api/v1/workspace", { key: member.key });
      expect(own.body.data).toMatchObject({ id: member.id, role: "owner" });
    }
  });

  it("the owner cannot leave (403 last_owner, nothing changes) until they transfer ownership; then they may", async () => {
    const owner = await person("agency");
    const admin = await joined(owner, "admin");
    const before = await memberIds(owner.key);
    const refused = await api("POST", "/api/v1/workspace/leave", { key: owner.key });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("last_owner");
    expect(await memberIds(owner.key)).toEqual(before);

    const moved = await api("POST", `/api/v1/members/${admin.memberId}/transfer-ownership`, { key: owner.key });
    expect(moved.status).toBe(200);
    const left = await api("POST", "/api/v1/workspace/leave", { key: owner.key });
    expect(left.status).toBe(200);
    const members = (await api("GET", "/api/v1/members", { key: admin.workspaceKey })).body.data;
    expect(members.map((m: { id: string; role: string }) => [m.id, m.role])).toEqual([[admin.memberId, "owner"]]);
  });
});

describe("leaving from the settings page", () => {
  it("a member's Leave ends the membership and goes on in their own workspace; the owner has no Leave (403)", async () => {
    const owner = await person("agency");
    await api("PATCH", "/api/v1/workspace", { key: owner.key, body: { name: "Northwind" } });
    const member = await joined(owner, "editor");
    const browser = await new Browser().signInWithKey(member.workspaceKey);
    const settings = await browser.page("/settings");
    expect(settings.text).toContain("You are an editor of <strong>Northwind</strong>.");
    expect(settings.text).toContain('action="/settings/leave"');
    const left = await browser.post("/settings/leave", { csrf: hiddenField(settings.text, "csrf") });
    expect(left.status).toBe(303);
    expect(left.headers.get("location")).toBe("/dashboard");
    expect(await memberIds(owner.key)).not.toContain(member.memberId);
    const after = await browser.page("/settings");
    expect(after.status).toBe(200);
    expect(after.text).toContain("You are an owner of");
    expect(after.text).not.toContain("Northwind");

    const owners = await new Browser().signInWithKey(owner.key);
    const own = await owners.page("/settings");
    expect(own.text).not.toContain('action="/settings/leave"');
    const refused = await owners.post("/settings/leave", { csrf: hiddenField(own.text, "csrf") });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("The owner cannot leave the workspace: transfer ownership first");
  });
});

describe("GET /api/v1/api-keys names each key's member", () => {
  it("an owner or admin sees every key with its member; an editor or viewer only their own", async () => {
    const owner = await person("agency");
    const editor = await joined(owner, "editor");
    const admin = await joined(owner, "admin");
    const all = (await api("GET", "/api/v1/api-keys", { key: owner.key })).body.data;
    expect(all).toHaveLength(3);
    const byEmail = Object.fromEntries(all.map((k: { member: { email: string } }) => [k.member.email, k]));
    expect(byEmail[editor.email].member).toEqual({
      id: editor.memberId,
      person_id: editor.id,
      email: editor.email,
      name: null,
      role: "editor",
    });
    expect(byEmail[owner.email].member).toMatchObject({ person_id: owner.id, role: "owner" });
    expect((await api("GET", "/api/v1/api-keys", { key: admin.workspaceKey })).body.data).toHaveLength(3);

    const mine = (await api("GET", "/api/v1/api-keys", { key: editor.workspaceKey })).body.data;
    expect(mine.map((k: { member: { id: string } }) => k.member.id)).toEqual([editor.memberId]);

    // A narrowed role shows at once; a removed member's keys stay listed, revoked, with no member.
    await api("PATCH", `/api/v1/members/${editor.memberId}`, { key: owner.key, body: { role: "viewer" } });
    const narrowed = (await api("GET", "/api/v1/api-keys", { key: owner.key })).body.data;
    expect(narrowed.find((k: { id: string }) => k.id === byEmail[editor.email].id).member.role).toBe("viewer");
    await api("DELETE", `/api/v1/members/${editor.memberId}`, { key: owner.key });
    const after = (await api("GET", "/api/v1/api-keys", { key: owner.key })).body.data;
    expect(after.find((k: { id: string }) => k.id === byEmail[editor.email].id)).toMatchObject({
      member: null,
      revoked_at: expect.any(String),
    });
  });

  it("on the settings page an editor sees and revokes only their own keys: another's is 404 and keeps working", async () => {
    const owner = await person("agency");
    const editor = await joined(owner, "editor");
    const [ownersKey] = (await api("GET", "/api/v1/api-keys", { key: owner.key })).body.data.filter(
      (k: { member: { role: string } }) => k.member.role === "owner",
    );
    const browser = await new Browser().signInWithKey(editor.workspaceKey);
    const settings = await browser.page("/settings");
    expect(settings.text).not.toContain(ownersKey.prefix);
    const csrf = hiddenField(settings.text, "csrf");
    const tried = await browser.post(`/settings/api-keys/${ownersKey.id}/revoke`, { csrf });
    expect(tried.status).toBe(404);
    expect((await api("GET", "/api/v1/workspace", { key: owner.key })).status).toBe(200);

    const [editorsKey] = (await api("GET", "/api/v1/api-keys", { key: editor.workspaceKey })).body.data;
    const revoked = await browser.post(`/settings/api-keys/${editorsKey.id}/revoke`, { csrf });
    expect(revoked.status).toBe(200);
    expect((await api("GET", "/api/v1/workspace", { key: editor.workspaceKey })).status).toBe(401);
  });
});
