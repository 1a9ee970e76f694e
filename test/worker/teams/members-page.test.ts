// The dashboard's members page through the forms a browser posts: invite (the link shown once), change a role,
// remove; an editor only reads it; nobody touches the owner there.
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { open, submit, textOf } from "../helpers/dashboard";
import { joined, mailedToken, person } from "../helpers/teams";

const members = async (key: string) =>
  (await api("GET", "/api/v1/members", { key })).body.data as {
    id: string;
    email: string;
    role: string;
    status: string;
  }[];

describe("the members page", () => {
  it("the owner invites (the link shown once, mailed), changes a role and removes; a bad email changes nothing", async () => {
    const owner = await person("studio");
    const browser = await new Browser().signInWithKey(owner.key);
    const page = await open(browser, "/dashboard/members");
    expect(page.status).toBe(200);
    expect(page.page).toContain('action="/dashboard/members"');
    expect(textOf(page.page, "seats")).toBe("1 of 3 seats taken (the studio plan's).");

    const bad = await submit(browser, "/dashboard/members", "/dashboard/members", {
      email: "not-an-email",
      role: "editor",
    });
    expect(bad.status).toBe(400);
    expect(await members(owner.key)).toHaveLength(1);

    const email = `pat-${crypto.randomUUID()}@herald.test`;
    const invited = await submit(browser, "/dashboard/members", "/dashboard/members", { email, role: "editor" });
    expect(invited.status).toBe(200);
    const link = textOf(invited.page, "shown-once");
    expect(link).toMatch(/\/join\/[A-Za-z0-9_-]{40,}$/);
    expect(link).toContain(await mailedToken(email));
    expect(invited.page).toContain(`${email} is invited as an editor. We mailed it to them`);
    expect(textOf(invited.page, "seats")).toBe("2 of 3 seats taken (the studio plan's).");
    // Shown once: the page drawn again has no link.
    expect((await open(browser, "/dashboard/members")).page).not.toContain("/join/");

    const [, invitation] = await members(owner.key);
    const changed = await submit(browser, "/dashboard/members", `/dashboard/members/${invitation!.id}/role`, {
      role: "viewer",
    });
    expect(changed.status).toBe(200);
    expect(changed.page).toContain(`${email} is now a viewer.`);
    const revoked = await submit(browser, "/dashboard/members", `/dashboard/members/${invitation!.id}/remove`);
    expect(revoked.status).toBe(200);
    expect((await members(owner.key)).map((m) => m.email)).not.toContain(email);

    const member = await joined(owner, "editor");
    const removed = await submit(browser, "/dashboard/members", `/dashboard/members/${member.memberId}/remove`);
    expect(removed.status).toBe(200);
    expect((await api("GET", "/api/v1/workspace", { key: member.workspaceKey })).status).toBe(401);
  });

  it("an editor reads the list without forms, and is refused a hand-made invite (403, nothing invited)", async () => {
    const owner = await person("studio");
    const editor = await joined(owner, "editor");
    const browser = await new Browser().signInWithKey(editor.workspaceKey);
    const page = await open(browser, "/dashboard/members");
    expect(page.status).toBe(200);
    expect(page.page).toContain(editor.email);
    expect(page.page).not.toContain('action="/dashboard/members');
    const refused = await submit(browser, "/dashboard/members", "/dashboard/members", {
      email: "x@herald.test",
      role: "viewer",
    });
    expect(refused.status).toBe(403);
    expect(await members(owner.key)).toHaveLength(2);
  });

  it("an admin has no controls on the owner's row, and a forced change of the owner is 403 with nothing changed", async () => {
    const owner = await person("studio");
    const admin = await joined(owner, "admin");
    const [ownerRow] = await members(owner.key);
    const browser = await new Browser().signInWithKey(admin.workspaceKey);
    const page = await open(browser, "/dashboard/members");
    expect(page.page).not.toContain(`/dashboard/members/${ownerRow!.id}/`);
    expect(page.page).toContain(`/dashboard/members/${admin.memberId}/role`);
    const forced = await submit(browser, "/dashboard/members", `/dashboard/members/${ownerRow!.id}/role`, {
      role: "viewer",
    });
    expect(forced.status).toBe(403);
    expect(forced.page).toContain("A workspace admin may not change the role of the owner");
    expect((await members(owner.key))[0]).toMatchObject({ id: ownerRow!.id, role: "owner" });
  });
});
