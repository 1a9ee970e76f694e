// The dashboard as a member: the switcher (remembered at the next sign-in) and each form refused to a role that may
// not send it, through the forms a browser posts.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../../src/app";
import { api, connect } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";
import { open, sendCompose, submit } from "../helpers/dashboard";
import { FUTURE, resetClock } from "../helpers/posts";
import { joined, person } from "../helpers/teams";

let owner: Awaited<ReturnType<typeof person>>;
let bluesky: { id: string };
let webhookId: string;

const count = async (table: string) =>
  (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(owner.id).first<{ n: number }>())!
    .n;

/** A browser of a member acting in the owner's workspace. */
const memberBrowser = async (role: string) => {
  const member = await joined(owner, role);
  return { member, browser: await new Browser().signInWithKey(member.workspaceKey) };
};

beforeAll(async () => {
  owner = await person("agency");
  await resetClock(owner.key);
  await api("PATCH", "/api/v1/workspace", { key: owner.key, body: { name: "Northwind" } });
  bluesky = await connect(owner.key, "bluesky", { name: "Northwind Coffee" });
  const hook = await api("POST", "/api/v1/webhooks", {
    key: owner.key,
    body: { target_url: "https://hooks.example.com/in", events: ["post.published"] },
  });
  webhookId = hook.body.data.id;
});

describe("the workspace switcher", () => {
  it("lists the person's workspaces, switches the session, is remembered at the next sign-in, refuses a stranger's", async () => {
    const member = await joined(owner, "editor");
    const browser = new Browser();
    await browser.signIn(member.email, member.password);
    const own = await open(browser, "/dashboard");
    expect(own.page).toMatch(/<option value="[^"]+" selected>[^<]+ \(owner\)<\/option>/);
    expect(own.page).toContain(`<option value="${owner.id}">Northwind (editor)</option>`);

    const switched = await submit(browser, "/dashboard", "/dashboard/workspace", { workspace_id: owner.id });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe("/dashboard");
    const there = await open(browser, "/dashboard/accounts");
    expect(there.page).toContain(`<option value="${owner.id}" selected>Northwind (editor)</option>`);
    expect(there.page).toContain("Northwind Coffee");

    // A new sign-in starts where the switcher left the person.
    const later = new Browser();
    await later.signIn(member.email, member.password);
    expect((await open(later, "/dashboard")).page).toContain(`<option value="${owner.id}" selected>`);

    // A workspace the person is not in: 404, the session stays where it was.
    const stranger = await person("studio");
    const refused = await submit(browser, "/dashboard", "/dashboard/workspace", { workspace_id: stranger.id });
    expect(refused.status).toBe(404);
    expect((await open(browser, "/dashboard")).page).toContain(`<option value="${owner.id}" selected>`);
    const forged = await browser.post("/dashboard/workspace", { csrf: "not-the-token", workspace_id: member.id });
    expect(forged.status).toBe(403);
    expect((await open(browser, "/dashboard")).page).toContain(`<option value="${owner.id}" selected>`);
  });

  it("one workspace only: its name and the role, no switcher", async () => {
    const browser = await new Browser().signInWithKey(owner.key);
    const { page } = await open(browser, "/dashboard");
    expect(page).toContain('<span class="who" id="workspace">Northwind · owner</span>');
    expect(page).not.toContain('action="/dashboard/workspace"');
  });
});

/** Every form of the dashboard and settings pages, from the app's routes (a new form is in this list by itself). */
const memberForms = [
  ...new Set(
    createApp()
      .routes.filter((r) => r.method === "POST" && /^\/(dashboard|settings)\//.test(r.path))
      .map((r) => r.path),
  ),
].sort();

/** The forms a viewer may send: the person's own things (name, zone, keys, apps, the switcher, leaving) and reading. */
const VIEWERS_FORMS = [
  "/dashboard/notifications/read",
  "/dashboard/workspace",
  "/settings/api-keys",
  "/settings/api-keys/:id/revoke",
  "/settings/apps/:clientId/remove",
  "/settings/leave",
  "/settings/name",
  "/settings/time-zone",
];

describe("the dashboard's forms follow the member's role", () => {
  it("refuses a viewer every form but its own and reading, before anything runs (a new form is checked by itself)", async () => {
    const { browser } = await memberBrowser("viewer");
    const csrf = hiddenField((await open(browser, "/dashboard")).page, "csrf");
    const refused: string[] = [];
    // Leaving is every role's (test/worker/teams/leave-and-keys.test.ts), and would end this viewer's membership.
    for (const path of memberForms.filter((form) => form !== "/settings/leave")) {
      const res = await browser.post(path.replaceAll(/:[a-zA-Z]+/g, "x"), { csrf, name: "Mallory" });
      const page = await res.text();
      if (res.status === 403 && page.includes("A workspace viewer may not do this")) refused.push(path);
    }
    expect(refused).toEqual(memberForms.filter((path) => !VIEWERS_FORMS.includes(path)));
    expect(refused.length).toBeGreaterThan(25);
  });

  it("a viewer cannot send a content form: 403 insufficient_role's page, nothing written", async () => {
    const { browser } = await memberBrowser("viewer");
    const posts = await count("posts");
    const composed = await sendCompose(browser, {
      text: "From a viewer",
      account: `bluesky:${bluesky.id}`,
      when: "at",
      scheduled_at: FUTURE.slice(0, 16),
      intent: "save",
    });
    expect(composed.status).toBe(403);
    expect(composed.page).toContain("A workspace viewer may not do this (it needs posts:write)");
    expect(await count("posts")).toBe(posts);

    const flows = await count("flows");
    for (const action of ["/dashboard/media/med_x/delete", "/dashboard/flows/flw_x/duplicate"]) {
      const refused = await submit(browser, "/dashboard", action);
      expect(refused.status, action).toBe(403);
      expect(refused.page, action).toContain("A workspace viewer may not do this");
    }
    expect(await count("flows")).toBe(flows);
    // Reading is every role's: the dashboard draws, and marking notifications read is allowed.
    expect((await open(browser, "/dashboard/posts")).status).toBe(200);
    const read = await submit(browser, "/dashboard/notifications", "/dashboard/notifications/read", { id: "all" });
    expect(read.status).toBe(200);
  });

  it("an editor sends content forms, but cannot connect or disconnect accounts, or touch webhooks: nothing changes", async () => {
    const { browser } = await memberBrowser("editor");
    const composed = await sendCompose(browser, {
      text: "From an editor",
      account: `bluesky:${bluesky.id}`,
      when: "at",
      scheduled_at: FUTURE.slice(0, 16),
      intent: "save",
    });
    expect(composed.status).toBe(303);
    expect(composed.location).toMatch(/^\/dashboard\/posts\/post_/);

    const refusals: [string, Record<string, string>][] = [
      ["/dashboard/accounts/connect", { platform: "mastodon" }],
      [`/dashboard/accounts/${bluesky.id}/disconnect`, {}],
      ["/dashboard/accounts/groups", { name: "Editors' group" }],
      ["/dashboard/webhooks", { target_url: "https://hooks.example.com/other", events: "post.published" }],
      [`/dashboard/webhooks/${webhookId}/delete`, {}],
      [`/dashboard/webhooks/${webhookId}/switch`, { active: "0" }],
      [`/settings/webhooks/${webhookId}/test`, {}],
    ];
    for (const [action, fields] of refusals) {
      const refused = await submit(browser, "/dashboard", action, fields);
      expect(refused.status, action).toBe(403);
      expect(refused.page, action).toMatch(/A workspace editor may not do this \(it needs (accounts|webhooks):write\)/);
    }
    const accounts = (await api("GET", "/api/v1/connected-accounts", { key: owner.key })).body.data;
    expect(accounts).toEqual([expect.objectContaining({ id: bluesky.id, status: "active" })]);
    expect((await api("GET", "/api/v1/account-groups", { key: owner.key })).body.data).toEqual([]);
    const hooks = (await api("GET", "/api/v1/webhooks", { key: owner.key })).body.data;
    expect(hooks).toEqual([expect.objectContaining({ id: webhookId, active: true })]);
  });

  it("an admin sends the forms an editor may not", async () => {
    const { browser } = await memberBrowser("admin");
    const grouped = await submit(browser, "/dashboard/accounts", "/dashboard/accounts/groups", {
      name: "Admins' group",
    });
    expect(grouped.status).toBe(200);
    expect((await api("GET", "/api/v1/account-groups", { key: owner.key })).body.data).toEqual([
      expect.objectContaining({ name: "Admins' group" }),
    ]);
  });
});
