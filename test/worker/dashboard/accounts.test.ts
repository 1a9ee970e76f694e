// Issue #34: the dashboard's accounts and clients call the REST services (connect, groups, invites, contacts).
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, connect } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";
import { open, signedInUser, submit } from "../helpers/dashboard";
import { dripFlow, executionIn, executionsOf, inbound } from "../helpers/flow-runs";
import { accountsOf, connectAs, decide, group, inviteRow } from "../helpers/invites";

let owner: Awaited<ReturnType<typeof signedInUser>>;
const PAGE = "/dashboard/accounts";

beforeAll(async () => {
  owner = await signedInUser("studio");
});

const groupsOf = async (key: string) =>
  (await api("GET", "/api/v1/account-groups", { key })).body.data as {
    id: string;
    name: string;
    account_ids: string[];
  }[];
const invitesOf = async (key: string) => (await api("GET", "/api/v1/client-invites", { key })).body.data as any[];
const connectStates = async () =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM connect_states").first<{ n: number }>())!.n;

describe("accounts by group", () => {
  it("shows each account under its group with its status and text limit, and People where flows run", async () => {
    const user = await signedInUser("studio");
    const bluesky = await connect(user.key, "bluesky", { name: "Acme Coffee" });
    const ig = await connect(user.key, "instagram", { name: "Acme Bakery" });
    const shop = await group(user.key, "Acme Shop", [bluesky.id]);
    await dripFlow(user.key, ig.id, "HELLO");
    const { status, page } = await open(user.browser, PAGE);
    expect(status).toBe(200);
    const card = new RegExp(`<section class="card" id="${shop.id}"[\\s\\S]*?</section>`).exec(page)![0];
    expect(card).toContain(`data-account="${bluesky.id}"`);
    expect(card).toContain("Bluesky · Acme Coffee");
    expect(card).toContain(`${bluesky.text_limit} characters`);
    expect(card).toContain('class="badge s-published">active');
    expect(card).not.toContain(ig.id);
    expect(page).toMatch(new RegExp(`id="ungrouped"[\\s\\S]*data-account="${ig.id}"`));
    expect(page).toContain(`href="/dashboard/accounts/${ig.id}/contacts"`);
    expect(page).not.toContain(`href="/dashboard/accounts/${bluesky.id}/contacts"`);
    expect(page).toContain('href="/dashboard/accounts" aria-current="page"');
  });
});

describe("connect and disconnect", () => {
  it("Connect offers every platform in sandbox mode, the sandbox's consent standing in: the account is then listed", async () => {
    const user = await signedInUser("studio");
    const { page } = await open(user.browser, PAGE);
    for (const platform of ["twitter", "bluesky", "mastodon", "telegram", "google_business"])
      expect(page).toContain(`<option value="${platform}">`);
    expect(page).toContain("Sandbox mode: a platform not set up on this Herald sends you");
    const res = await submit(user.browser, PAGE, `${PAGE}/connect`, { platform: "bluesky" });
    expect(res.status).toBe(303);
    const opened = await user.browser.fetch(res.headers.get("location")!);
    const consent = await user.browser.page(opened.headers.get("location")!);
    expect(consent.text).toContain("Bluesky (sandbox): allow Herald to publish for you?");
    const fields = Object.fromEntries(
      ["csrf", "platform", "state", "redirect_uri", "code_challenge"].map((name) => [
        name,
        hiddenField(consent.text, name),
      ]),
    );
    const back = await user.browser.page(await decide(user.browser, fields, "Acme Coffee"));
    expect([back.status, back.text.includes("Connected Acme Coffee (bluesky) to Herald.")]).toEqual([200, true]);
    expect((await accountsOf(user.key)).map((a) => [a.platform, a.name])).toEqual([["bluesky", "Acme Coffee"]]);
    expect((await open(user.browser, PAGE)).page).toContain("Bluesky · Acme Coffee");
  });

  it("Connect refuses what is not a platform, starting nothing", async () => {
    const res = await submit(owner.browser, PAGE, `${PAGE}/connect`, { platform: "myspace" });
    expect(res.status).toBe(400);
    expect(await connectStates()).toBe(0);
  });

  it("Disconnect asks first, then disconnects as the REST call does; another user's account is 404", async () => {
    const account = await connect(owner.key, "bluesky", { name: "Going away" });
    const confirm = await open(owner.browser, `${PAGE}/${account.id}/disconnect`);
    expect(confirm.status).toBe(200);
    expect(confirm.page).toContain("Disconnect Bluesky · Going away?");
    expect((await accountsOf(owner.key)).find((a) => a.id === account.id)!.status).toBe("active");

    const stranger = await signedInUser("studio");
    expect((await open(stranger.browser, `${PAGE}/${account.id}/disconnect`)).status).toBe(404);
    expect((await submit(stranger.browser, PAGE, `${PAGE}/${account.id}/disconnect`)).status).toBe(404);
    expect((await accountsOf(owner.key)).find((a) => a.id === account.id)!.status).toBe("active");

    const done = await submit(owner.browser, PAGE, `${PAGE}/${account.id}/disconnect`);
    expect(done.status).toBe(200);
    expect(done.page).toContain("Bluesky · Going away is disconnected.");
    expect((await accountsOf(owner.key)).find((a) => a.id === account.id)!.status).toBe("disconnected");
  });
});

describe("account groups", () => {
  it("creates, renames and deletes a group as the REST calls do", async () => {
    const user = await signedInUser("studio");
    const account = await connect(user.key, "bluesky");
    const created = await submit(user.browser, PAGE, `${PAGE}/groups`, { form: "group", name: "  Corner Café " });
    expect(created.status).toBe(200);
    expect(created.page).toContain("Group Corner Café created.");
    const [made] = await groupsOf(user.key);
    expect(made).toMatchObject({ name: "Corner Café", account_ids: [] });
    await api("PATCH", `/api/v1/connected-accounts/${account.id}`, { key: user.key, body: { group_id: made!.id } });

    const renamed = await submit(user.browser, PAGE, `${PAGE}/groups/${made!.id}/rename`, {
      form: `rename-${made!.id}`,
      name: "Corner Bakery",
    });
    expect(renamed.page).toContain("Renamed to Corner Bakery.");
    expect((await groupsOf(user.key))[0]!.name).toBe("Corner Bakery");

    const deleted = await submit(user.browser, PAGE, `${PAGE}/groups/${made!.id}/delete`);
    expect(deleted.page).toContain("Group deleted");
    expect(await groupsOf(user.key)).toEqual([]);
    expect((await accountsOf(user.key))[0]).toMatchObject({ id: account.id, status: "active", group_id: null });
  });

  it("bad input comes back on its form with what was typed, and writes nothing", async () => {
    const user = await signedInUser("studio");
    const long = "x".repeat(101);
    const tooLong = await submit(user.browser, PAGE, `${PAGE}/groups`, { form: "group", name: long });
    expect(tooLong.status).toBe(400);
    expect(tooLong.page).toContain(`id="group-name" name="name" value="${long}" aria-invalid="true"`);
    expect(tooLong.page).toMatch(/<p class="field-error" id="group-error" role="alert">name: [^<]*100/);
    expect(await groupsOf(user.key)).toEqual([]);

    const taken = await group(user.key, "Taken");
    const other = await group(user.key, "Other");
    const clash = await submit(user.browser, PAGE, `${PAGE}/groups/${other.id}/rename`, {
      form: `rename-${other.id}`,
      name: "Taken",
    });
    expect(clash.status).toBe(409);
    expect(clash.page).toContain(`id="rename-${other.id}-name" name="name" value="Taken" aria-invalid="true"`);
    expect(clash.page).toContain("You already have an account group named &#34;Taken&#34;");
    expect((await groupsOf(user.key)).map((g) => g.name)).toEqual([taken.name, "Other"]);
  });
});

describe("sharing a group's report", () => {
  it("makes a report link as the REST call does, its URL shown once, opening the group's report", async () => {
    const user = await signedInUser("studio");
    const shop = await group(user.key, "Corner Café");
    const shared = await submit(user.browser, PAGE, `${PAGE}/groups/${shop.id}/report-link`, {
      form: `share-${shop.id}`,
      days: "7",
    });
    expect(shared.status).toBe(200);
    const url = /<p class="secret" id="shown-once">([^<]+)<\/p>/.exec(shared.page)![1]!;
    expect(url).toMatch(/\/reports\/[A-Za-z0-9_-]{43}$/);
    const links = (await api("GET", "/api/v1/report-links", { key: user.key })).body.data;
    expect(links.map((l: any) => [l.group_id, l.days, l.state])).toEqual([[shop.id, 7, "active"]]);
    const page = await new Browser().page(new URL(url).pathname);
    expect([page.status, page.text.includes("<h1>Corner Café: report</h1>")]).toEqual([200, true]);
    expect((await open(user.browser, PAGE)).page).not.toContain(url);
  });

  it("refuses a period it does not offer and another workspace's group, making no link", async () => {
    const user = await signedInUser("studio");
    const shop = await group(user.key, "Corner Café");
    const odd = await submit(user.browser, PAGE, `${PAGE}/groups/${shop.id}/report-link`, { days: "14" });
    expect(odd.status).toBe(400);
    const stranger = await signedInUser("studio");
    const theirs = await submit(stranger.browser, PAGE, `${PAGE}/groups/${shop.id}/report-link`, { days: "30" });
    expect(theirs.status).toBe(404);
    expect((await api("GET", "/api/v1/report-links", { key: user.key })).body.data).toEqual([]);
  });
});

describe("client invites", () => {
  it("creates a link shown once, lists what it added, and revokes it as the REST calls do", async () => {
    const user = await signedInUser("studio");
    const into = await group(user.key, "Acme Bakery");
    const created = await submit(user.browser, PAGE, `${PAGE}/invites`, {
      form: "invite",
      group_id: into.id,
      platforms: "instagram",
      max_accounts: "2",
    });
    expect(created.status).toBe(200);
    const url = /<p class="secret" id="shown-once">([^<]+)<\/p>/.exec(created.page)![1]!;
    const [listed] = await invitesOf(user.key);
    expect(listed).toMatchObject({ group_id: into.id, platforms: ["instagram"], max_accounts: 2, state: "active" });
    expect((await open(user.browser, PAGE)).page).not.toContain(url);

    await connectAs(new Browser(), url, "instagram", "Acme Bakery IG");
    const page = (await open(user.browser, PAGE)).page;
    const card = new RegExp(`data-invite="${listed.id}"[\\s\\S]*?</li>\\s*</ul>`).exec(page)![0];
    expect(card).toContain("Instagram · Acme Bakery IG");
    expect(card).toContain("1 of 2 places left");

    const revoked = await submit(user.browser, PAGE, `${PAGE}/invites/${listed.id}/revoke`);
    expect(revoked.page).toContain("The link was turned off");
    expect((await inviteRow(listed.id))!.revoked_at).not.toBeNull();
    expect((await invitesOf(user.key))[0].state).toBe("revoked");
    const again = await submit(user.browser, PAGE, `${PAGE}/invites/${listed.id}/revoke`);
    expect(again.status).toBe(409);
    expect(again.page).toContain("This invite is already revoked; nothing changed");
  });

  it("bad input comes back on the form with the group, platforms and places kept; a plan without invites is refused", async () => {
    const user = await signedInUser("studio");
    await group(user.key, "First");
    const second = await group(user.key, "Second");
    const none = await submit(user.browser, PAGE, `${PAGE}/invites`, {
      form: "invite",
      group_id: second.id,
      max_accounts: "7",
    });
    expect(none.status).toBe(400);
    expect(none.page).toMatch(/id="invite-error" role="alert">platforms: /);
    expect(none.page).toContain(`<option value="${second.id}" selected>`);
    expect(none.page).toContain('name="max_accounts" value="7"');
    const many = await submit(user.browser, PAGE, `${PAGE}/invites`, {
      form: "invite",
      group_id: second.id,
      platforms: "twitter",
      max_accounts: "51",
    });
    expect(many.status).toBe(400);
    expect(many.page).toContain('id="invite-twitter" checked');
    expect(await invitesOf(user.key)).toEqual([]);

    const creator = await signedInUser("creator");
    const theirs = await group(creator.key, "Mine");
    const refused = await submit(creator.browser, PAGE, `${PAGE}/invites`, {
      form: "invite",
      group_id: theirs.id,
      platforms: "instagram",
    });
    expect(refused.status).toBe(403);
    expect(await invitesOf(creator.key)).toEqual([]);
  });
});

describe("the people an account's flows run for", () => {
  it("lists them; Opt out stops their runs, a takeover is kept by their runner, as the REST PATCH does", async () => {
    const user = await signedInUser("studio");
    const ig = (await connect(user.key, "instagram")).id;
    const drip = await dripFlow(user.key, ig, "OPT");
    await inbound(user.key, { account_id: ig, kind: "message", id: "m-bo", sender_id: "bo", text: "OPT" });
    await executionIn(drip.id, "waiting_delay");
    const path = `${PAGE}/${ig}/contacts`;
    const listed = await open(user.browser, path);
    expect(listed.status).toBe(200);
    expect(listed.page).toMatch(/data-contact="bo"[\s\S]*?1 <span class="badge s-publishing">1 under way/);

    const takeover = await submit(user.browser, path, `${path}/bo`, { human_takeover_minutes: "120" });
    expect(takeover.status).toBe(200);
    expect(takeover.page).toContain("bo is opted in to automations, with a person until Sat, 1 Jun 2030, 10:00.");
    const out = await submit(user.browser, path, `${path}/bo`, { opted_out: "1" });
    expect(out.page).toContain("bo is opted out of automations, with a person until");
    expect((await executionsOf(drip.id))[0]).toMatchObject({ status: "stopped", stop_reason: "opted_out" });
    const rest = await api("PATCH", `/api/v1/accounts/${ig}/contacts/bo`, {
      key: user.key,
      body: { opted_out: false },
    });
    expect(rest.body.data.human_until).toMatch(/^2030-06-01T10:00:/);

    const bad = await submit(user.browser, path, `${path}/bo`, { human_takeover_minutes: "99999" });
    expect(bad.status).toBe(400);
    expect(bad.page).toContain("human_takeover_minutes:");
    const unchanged = await api("PATCH", `/api/v1/accounts/${ig}/contacts/bo`, {
      key: user.key,
      body: { opted_out: false },
    });
    expect(unchanged.body.data.human_until).toBe(rest.body.data.human_until);

    const stranger = await signedInUser("studio");
    expect((await open(stranger.browser, path)).status).toBe(404);
    expect((await submit(stranger.browser, PAGE, `${path}/bo`, { opted_out: "1" })).status).toBe(404);
  });

  it("refuses every form here without the session's token", async () => {
    const user = await signedInUser("studio");
    const csrf = hiddenField((await open(user.browser, PAGE)).page, "csrf");
    expect(csrf).not.toBe("forged");
    const res = await user.browser.post(`${PAGE}/groups`, { csrf: "forged", form: "group", name: "Forged" });
    expect(res.status).toBe(403);
    expect(await groupsOf(user.key)).toEqual([]);
  });
});
