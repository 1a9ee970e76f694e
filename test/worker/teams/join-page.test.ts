// The invitation's link in a browser: `/join/<token>` shows who invites whom, signs in or up, then accepts once.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";
import { mailedToken } from "../helpers/teams";

const DAY = 24 * 60 * 60 * 1000;

/** A sandbox person with a password, a key in their own workspace, and a browser signed in as them (or not). */
async function human(plan = "free", name?: string) {
  const email = `j-${crypto.randomUUID()}@herald.test`;
  const res = await api("POST", "/api/v1/sandbox/users", { body: { plan, email, ...(name ? { name } : {}) } });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const { user_id: id, api_key: key, password } = res.body.data;
  return { id: id as string, key: key as string, email, password: password as string };
}

async function invite(owner: { key: string }, email: string, role = "editor") {
  const res = await api("POST", "/api/v1/members", { key: owner.key, body: { email, role } });
  expect(res.status).toBe(201);
  return { memberId: res.body.data.id as string, token: await mailedToken(email) };
}

const memberRow = (id: string) =>
  env.DB.prepare("SELECT status, person_id, joined_at FROM members WHERE id = ?")
    .bind(id)
    .first<{ status: string; person_id: string | null; joined_at: number | null }>();

const sessionWorkspace = async (personId: string) =>
  (
    await env.DB.prepare("SELECT workspace_id FROM sessions WHERE user_id = ? ORDER BY created_at DESC LIMIT 1")
      .bind(personId)
      .first<{ workspace_id: string }>()
  )?.workspace_id;

let ownerKey: string | undefined;
afterEach(async () => {
  if (ownerKey) await api("POST", "/api/v1/sandbox/clock", { key: ownerKey, body: { set: new Date().toISOString() } });
  ownerKey = undefined;
});

describe("the invitation page /join/<token>", () => {
  it("signed out it shows the workspace, inviter and role, signs up as the invited email and back, and Accept joins", async () => {
    const owner = await human("studio");
    await api("PATCH", "/api/v1/workspace", { key: owner.key, body: { name: "Northwind Agency" } });
    const email = `new-${crypto.randomUUID()}@herald.test`;
    const { memberId, token } = await invite(owner, email, "editor");

    const browser = new Browser();
    const shown = await browser.page(`/join/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("Northwind Agency");
    expect(shown.text).toContain(owner.email);
    expect(shown.text).toContain("as <strong>an editor</strong>");
    expect(shown.text).not.toContain(`/join/${token}/accept`);
    const signUpHref = /id="sign-up" href="([^"]+)"/.exec(shown.text)![1]!.replace(/&#38;/g, "&");
    expect(signUpHref).toContain(`email=${encodeURIComponent(email)}`);

    // The sign-up page carries the invited email and comes back to the invitation.
    const form = await browser.page(signUpHref);
    expect(form.text).toContain(`value="${email}"`);
    const csrf = hiddenField(form.text, "csrf");
    const next = hiddenField(form.text, "next");
    expect(next).toBe(`/join/${token}`);
    const signedUp = await browser.post("/signup", {
      csrf,
      next,
      email,
      password: "a long enough password",
      name: "Nia",
    });
    expect(signedUp.status).toBe(303);
    expect(signedUp.headers.get("location")).toBe(`/join/${token}`);

    const ready = await browser.page(`/join/${token}`);
    expect(ready.text).toContain(`action="/join/${token}/accept"`);
    expect((await memberRow(memberId))?.status).toBe("invited");
    const accepted = await browser.post(`/join/${token}/accept`, { csrf: hiddenField(ready.text, "csrf") });
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("You joined Northwind Agency");

    const member = await memberRow(memberId);
    expect(member).toMatchObject({ status: "active", joined_at: expect.any(Number) });
    const listed = (await api("GET", "/api/v1/members", { key: owner.key })).body.data;
    expect(listed.find((m: { id: string }) => m.id === memberId)).toMatchObject({
      status: "active",
      joined_at: expect.any(String),
    });
    // The session now acts in the joined workspace, and the person's next sign-in starts there.
    expect(await sessionWorkspace(member!.person_id!)).toBe(owner.id);
    const last = await env.DB.prepare("SELECT last_workspace_id FROM users WHERE id = ?")
      .bind(member!.person_id)
      .first<{ last_workspace_id: string }>();
    expect(last?.last_workspace_id).toBe(owner.id);

    // Used: the link is 410 now, in the page's words.
    const used = await browser.page(`/join/${token}`);
    expect(used.status).toBe(410);
    expect(used.text).toContain("This invitation no longer works");
  });

  it("a signed-in person of another email gets no Accept, and a forced Accept is refused 403 with nothing written", async () => {
    const owner = await human("studio");
    const invited = await human();
    const stranger = await human();
    const { memberId, token } = await invite(owner, invited.email, "viewer");

    const browser = new Browser();
    await browser.signIn(stranger.email, stranger.password);
    const shown = await browser.page(`/join/${token}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(`You are signed in as ${stranger.email}, but this invitation is for ${invited.email}`);
    expect(shown.text).not.toContain(`action="/join/${token}/accept"`);

    const forced = await browser.post(`/join/${token}/accept`, { csrf: hiddenField(shown.text, "csrf") });
    expect(forced.status).toBe(403);
    expect(await forced.text()).toContain("The invitation is for another email");
    expect(await memberRow(memberId)).toMatchObject({ status: "invited", person_id: null, joined_at: null });
    expect(await sessionWorkspace(stranger.id)).toBe(stranger.id);

    // The invited person can still accept afterwards (sign in with the email case changed: case-insensitive).
    const right = new Browser();
    await right.signIn(invited.email.toUpperCase(), invited.password);
    const page = await right.page(`/join/${token}`);
    const ok = await right.post(`/join/${token}/accept`, { csrf: hiddenField(page.text, "csrf") });
    expect(ok.status).toBe(200);
    expect(await memberRow(memberId)).toMatchObject({ status: "active", person_id: invited.id });
  });

  it("refuses without the session's CSRF token, and signed out sends to sign-in: nothing written", async () => {
    const owner = await human("studio");
    const invited = await human();
    const { memberId, token } = await invite(owner, invited.email);
    const browser = new Browser();
    await browser.signIn(invited.email, invited.password);
    const forged = await browser.post(`/join/${token}/accept`, { csrf: "not-the-token" });
    expect(forged.status).toBe(403);
    const signedOut = await new Browser().post(`/join/${token}/accept`, { csrf: "x" });
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe(`/signin?next=${encodeURIComponent(`/join/${token}`)}`);
    expect(await memberRow(memberId)).toMatchObject({ status: "invited", person_id: null });
  });

  it("an expired or revoked link is a 410 page, and Accept on it writes nothing", async () => {
    const owner = await human("studio");
    ownerKey = owner.key;
    const late = await human();
    const revoked = await human();
    const expiring = await invite(owner, late.email);
    const removed = await invite(owner, revoked.email);
    expect((await api("DELETE", `/api/v1/members/${removed.memberId}`, { key: owner.key })).status).toBe(200);

    const browser = new Browser();
    await browser.signIn(revoked.email, revoked.password);
    const gone = await browser.page(`/join/${removed.token}`);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain("expired, was used or was revoked");
    const csrf = hiddenField((await browser.page("/settings")).text, "csrf");
    const tried = await browser.post(`/join/${removed.token}/accept`, { csrf });
    expect(tried.status).toBe(410);
    expect(await memberRow(removed.memberId)).toBeNull();

    await api("POST", "/api/v1/sandbox/clock", { key: owner.key, body: { advance_ms: 7 * DAY + 1000 } });
    const lateBrowser = new Browser();
    await lateBrowser.signIn(late.email, late.password);
    expect((await lateBrowser.page(`/join/${expiring.token}`)).status).toBe(410);
    const lateCsrf = hiddenField((await lateBrowser.page("/settings")).text, "csrf");
    expect((await lateBrowser.post(`/join/${expiring.token}/accept`, { csrf: lateCsrf })).status).toBe(410);
    expect(await memberRow(expiring.memberId)).toMatchObject({ status: "invited", person_id: null });
  });

  it("two Accepts racing give one membership: one joins, the other is 410", async () => {
    const owner = await human("studio");
    const invited = await human();
    const { memberId, token } = await invite(owner, invited.email);
    const one = new Browser();
    const two = new Browser();
    await one.signIn(invited.email, invited.password);
    await two.signIn(invited.email, invited.password);
    const csrfOne = hiddenField((await one.page(`/join/${token}`)).text, "csrf");
    const csrfTwo = hiddenField((await two.page(`/join/${token}`)).text, "csrf");
    const answers = await Promise.all([
      one.post(`/join/${token}/accept`, { csrf: csrfOne }),
      two.post(`/join/${token}/accept`, { csrf: csrfTwo }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM members WHERE workspace_id = ? AND person_id = ? AND status = 'active'",
    )
      .bind(owner.id, invited.id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
    expect((await memberRow(memberId))?.status).toBe("active");
  });
});
