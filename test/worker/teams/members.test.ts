import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { joined, mailedToken, person } from "../helpers/teams";
import { eventually } from "../helpers/wait";

const DAY = 24 * 60 * 60 * 1000;

describe("invitations", () => {
  it("invites by email: the link shown once, valid 7 days, mailed; the invited person accepts and is a member", async () => {
    const owner = await person("studio");
    const who = await person("free", `Ana-${crypto.randomUUID()}@Herald.test`);
    const invited = await api("POST", "/api/v1/members", {
      key: owner.key,
      body: { email: who.email, role: "editor" },
    });
    expect(invited.status).toBe(201);
    expect(invited.body.data).toMatchObject({
      id: expect.stringMatching(/^mem_/),
      email: who.email.toLowerCase(),
      role: "editor",
      status: "invited",
      invite_url: expect.stringMatching(/\/join\/[A-Za-z0-9_-]{40,}$/),
      emailed: true,
    });
    const expires = Date.parse(invited.body.data.expires_at);
    expect(Math.abs(expires - Date.now() - 7 * DAY)).toBeLessThan(60_000);

    const mails = (await api("GET", `/api/v1/sandbox/emails?to=${encodeURIComponent(who.email)}`)).body.data;
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(invited.body.data.invite_url);
    // The link is never shown again.
    const listed = await api("GET", "/api/v1/members", { key: owner.key });
    expect(JSON.stringify(listed.body)).not.toContain(invited.body.data.invite_url.split("/join/")[1]);
    expect(listed.body.data.map((m: { status: string; role: string }) => [m.role, m.status])).toEqual([
      ["owner", "active"],
      ["editor", "invited"],
    ]);

    const token = await mailedToken(who.email);
    const accepted = await api("POST", "/api/v1/invitations/accept", { key: who.key, body: { token } });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ workspace_id: owner.id, role: "editor" });
    const after = (await api("GET", "/api/v1/members", { key: owner.key })).body.data;
    expect(after[1]).toMatchObject({ status: "active", person_id: who.id, joined_at: expect.any(String) });

    // Used once: the same link again is 410.
    const again = await api("POST", "/api/v1/invitations/accept", { key: who.key, body: { token } });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe("invitation_expired");
  });

  it("refuses another person's acceptance (403 invitation_email_mismatch, nothing changes), and an expired link (410)", async () => {
    const owner = await person("studio");
    const who = await person();
    const stranger = await person();
    await api("POST", "/api/v1/members", { key: owner.key, body: { email: who.email, role: "viewer" } });
    const token = await mailedToken(who.email);

    const wrong = await api("POST", "/api/v1/invitations/accept", { key: stranger.key, body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("invitation_email_mismatch");
    const members = (await api("GET", "/api/v1/members", { key: owner.key })).body.data;
    expect(members[1]).toMatchObject({ status: "invited", person_id: null });

    await api("POST", "/api/v1/sandbox/clock", { key: owner.key, body: { advance_ms: 7 * DAY + 1000 } });
    try {
      const late = await api("POST", "/api/v1/invitations/accept", { key: who.key, body: { token } });
      expect(late.status).toBe(410);
      expect(late.body.error.code).toBe("invitation_expired");
    } finally {
      await api("POST", "/api/v1/sandbox/clock", { key: owner.key, body: { set: new Date().toISOString() } });
    }
  });

  it("a revoked invitation's link is 410 and its seat is free again", async () => {
    const owner = await person("studio");
    const a = await person();
    const b = await person();
    const c = await person();
    const first = await api("POST", "/api/v1/members", { key: owner.key, body: { email: a.email, role: "viewer" } });
    await api("POST", "/api/v1/members", { key: owner.key, body: { email: b.email, role: "viewer" } });
    const full = await api("POST", "/api/v1/members", { key: owner.key, body: { email: c.email, role: "viewer" } });
    expect(full.status).toBe(403);
    expect(full.body.error).toMatchObject({ code: "seat_limit", limit: 3 });

    expect((await api("DELETE", `/api/v1/members/${first.body.data.id}`, { key: owner.key })).status).toBe(200);
    const gone = await api("POST", "/api/v1/invitations/accept", {
      key: a.key,
      body: { token: await mailedToken(a.email) },
    });
    expect(gone.status).toBe(410);
    const freed = await api("POST", "/api/v1/members", { key: owner.key, body: { email: c.email, role: "viewer" } });
    expect(freed.status).toBe(201);
  });

  it("under concurrency takes exactly the free seats, every round", async () => {
    for (let round = 0; round < 3; round++) {
      const owner = await person("studio"); // 3 seats: the owner's and 2 free
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          api("POST", "/api/v1/members", {
            key: owner.key,
            body: { email: `race-${round}-${i}-${crypto.randomUUID()}@herald.test`, role: "editor" },
          }),
        ),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      expect(answers.filter((a) => a.status === 403).every((a) => a.body.error.code === "seat_limit")).toBe(true);
      expect((await api("GET", "/api/v1/members", { key: owner.key })).body.data).toHaveLength(3);
    }
  });

  it("refuses inviting someone already there (409 member_exists), and the Free plan has no seat to give", async () => {
    const owner = await person("studio");
    const twice = await api("POST", "/api/v1/members", { key: owner.key, body: { email: owner.email, role: "admin" } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: "member_exists", status: "active" });
    const solo = await person("free");
    const none = await api("POST", "/api/v1/members", {
      key: solo.key,
      body: { email: "x@herald.test", role: "viewer" },
    });
    expect(none.body.error).toMatchObject({ code: "seat_limit", limit: 1 });
  });
});

describe("roles", () => {
  it("no escalation: an editor or viewer is 403 insufficient_role naming it; nobody grants above their own role", async () => {
    const owner = await person("pro");
    const editor = await joined(owner, "editor");
    const viewer = await joined(owner, "viewer");
    const admin = await joined(owner, "admin");

    const byEditor = await api("POST", "/api/v1/members", {
      key: editor.workspaceKey,
      body: { email: "e@herald.test", role: "viewer" },
    });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error).toMatchObject({ code: "insufficient_role", role: "editor" });
    const hook = { target_url: "https://hooks.example.com/h", events: ["post.published"] };
    const viewerHook = await api("POST", "/api/v1/webhooks", { key: viewer.workspaceKey, body: hook });
    expect(viewerHook.body.error).toMatchObject({ code: "insufficient_role", role: "viewer" });
    // Every role reads the members.
    expect((await api("GET", "/api/v1/members", { key: viewer.workspaceKey })).status).toBe(200);

    // An admin cannot change or remove the owner, nor make anyone the owner.
    const ownerId = (await api("GET", "/api/v1/members", { key: owner.key })).body.data[0].id;
    const demote = await api("PATCH", `/api/v1/members/${ownerId}`, {
      key: admin.workspaceKey,
      body: { role: "viewer" },
    });
    expect(demote.body.error).toMatchObject({ code: "insufficient_role", role: "admin" });
    const kick = await api("DELETE", `/api/v1/members/${ownerId}`, { key: admin.workspaceKey });
    expect(kick.body.error).toMatchObject({ code: "insufficient_role", role: "admin" });
    const crown = await api("POST", `/api/v1/members/${editor.memberId}/transfer-ownership`, {
      key: admin.workspaceKey,
    });
    expect(crown.body.error).toMatchObject({ code: "insufficient_role", role: "admin" });
    const toOwner = await api("PATCH", `/api/v1/members/${editor.memberId}`, {
      key: admin.workspaceKey,
      body: { role: "owner" },
    });
    expect(toOwner.status).toBe(400);
    // The last owner cannot leave or step down.
    const leave = await api("DELETE", `/api/v1/members/${ownerId}`, { key: owner.key });
    expect(leave.status).toBe(403);
    expect(leave.body.error.code).toBe("last_owner");
    // An admin promotes an editor to admin (its own role), fine.
    const promote = await api("PATCH", `/api/v1/members/${editor.memberId}`, {
      key: admin.workspaceKey,
      body: { role: "admin" },
    });
    expect(promote.body.data.role).toBe("admin");
  });

  it("a role narrowed narrows the member's key at once; a removed member's key is 401 on the next request", async () => {
    const owner = await person("pro");
    const admin = await joined(owner, "admin");
    const hook = { target_url: "https://hooks.example.com/h", events: ["post.published"] };
    expect((await api("POST", "/api/v1/webhooks", { key: admin.workspaceKey, body: hook })).status).toBe(201);

    await api("PATCH", `/api/v1/members/${admin.memberId}`, { key: owner.key, body: { role: "editor" } });
    const narrowed = await api("POST", "/api/v1/webhooks", { key: admin.workspaceKey, body: hook });
    expect(narrowed.status).toBe(403);
    expect(narrowed.body.error).toMatchObject({ code: "insufficient_role", role: "editor" });
    expect((await api("GET", "/api/v1/posts", { key: admin.workspaceKey })).status).toBe(200);

    expect((await api("DELETE", `/api/v1/members/${admin.memberId}`, { key: owner.key })).status).toBe(200);
    expect((await api("GET", "/api/v1/posts", { key: admin.workspaceKey })).status).toBe(401);
    // Their own workspace's key is theirs still.
    expect((await api("GET", "/api/v1/posts", { key: admin.key })).status).toBe(200);
    const keys = (await api("GET", "/api/v1/api-keys", { key: owner.key })).body.data;
    expect(keys.find((k: { name: string }) => k.name === "member key").revoked_at).not.toBeNull();
  });

  it("transfers ownership: the new owner holds it, the old one becomes an admin", async () => {
    const owner = await person("pro");
    const admin = await joined(owner, "admin");
    const moved = await api("POST", `/api/v1/members/${admin.memberId}/transfer-ownership`, { key: owner.key });
    expect(moved.status).toBe(200);
    expect(moved.body.data.role).toBe("owner");
    const roles = (await api("GET", "/api/v1/members", { key: admin.workspaceKey })).body.data.map(
      (m: { email: string; role: string }) => [m.email, m.role],
    );
    expect(roles).toEqual([
      [admin.email, "owner"],
      [owner.email, "admin"],
    ]);
    // The old owner is an admin now: they may not transfer it back.
    const back = await api("POST", `/api/v1/members/${admin.memberId}/transfer-ownership`, { key: owner.key });
    expect(back.body.error).toMatchObject({ code: "insufficient_role", role: "admin" });
  });

  it("another workspace's member ids are 404", async () => {
    const owner = await person("studio");
    const other = await person("studio");
    const theirs = await api("POST", "/api/v1/members", {
      key: other.key,
      body: { email: `o-${crypto.randomUUID()}@herald.test`, role: "viewer" },
    });
    const id = theirs.body.data.id;
    expect((await api("DELETE", `/api/v1/members/${id}`, { key: owner.key })).status).toBe(404);
    expect((await api("PATCH", `/api/v1/members/${id}`, { key: owner.key, body: { role: "admin" } })).status).toBe(404);
  });
});

describe("the workspace", () => {
  it("shows its name, plan, seats and the caller's role; owners and admins rename it, viewers may not", async () => {
    const owner = await person("studio");
    const viewer = await joined(owner, "viewer");
    const mine = await api("GET", "/api/v1/workspace", { key: viewer.workspaceKey });
    expect(mine.body.data).toMatchObject({
      id: owner.id,
      plan: "studio",
      seats: { used: 2, limit: 3 },
      role: "viewer",
    });
    const refused = await api("PATCH", "/api/v1/workspace", { key: viewer.workspaceKey, body: { name: "Mine" } });
    expect(refused.body.error).toMatchObject({ code: "insufficient_role", role: "viewer" });
    const renamed = await api("PATCH", "/api/v1/workspace", { key: owner.key, body: { name: "Acme Agency" } });
    expect(renamed.body.data).toMatchObject({ name: "Acme Agency", role: "owner" });
  });
});

describe("last_active_at", () => {
  const activeAt = async (ownerKey: string, memberId: string) =>
    ((await api("GET", "/api/v1/members", { key: ownerKey })).body.data as any[]).find((m) => m.id === memberId)
      ?.last_active_at as string | null;

  it("is null until the member acts, then the time of their last request with a key or signed in, to the minute", async () => {
    const owner = await person("studio");
    const editor = await joined(owner, "editor");
    expect(await activeAt(owner.key, editor.memberId)).toBeNull();
    // Their key, in the workspace: recorded off the request's path, so it shows once the write lands.
    expect((await api("GET", "/api/v1/posts", { key: editor.workspaceKey })).status).toBe(200);
    const byKey = await eventually(
      async () => (await activeAt(owner.key, editor.memberId)) ?? undefined,
      "the key's request recorded",
    );
    expect(byKey).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Within the minute nothing is written again; a minute later, a signed-in page is activity too.
    await api("POST", "/api/v1/sandbox/clock", { key: owner.key, body: { advance_ms: 61_000 } });
    const browser = await new Browser().signInWithKey(editor.workspaceKey);
    expect((await browser.fetch("/dashboard")).status).toBe(200);
    const bySession = await activeAt(owner.key, editor.memberId);
    expect(Date.parse(bySession!) - Date.parse(byKey)).toBeGreaterThanOrEqual(61_000);
  });
});
