import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { platformLabel } from "../../../src/platforms/catalog";
import { INVITE_PLATFORMS } from "../../../src/schemas/client-invites";
import { fillAccounts } from "../helpers/accounts";
import { api, connect } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";
import {
  accountsOf,
  connectAs,
  decide,
  group,
  invite,
  invited,
  inviteRow,
  notificationsOf,
  owner,
  startConsent,
} from "../helpers/invites";

const DAY = 24 * 60 * 60 * 1000;

const path = (url: string) => new URL(url).pathname;
const sealedOf = (accountId: string) =>
  env.DB.prepare("SELECT sealed FROM account_credentials WHERE account_id = ?").bind(accountId).first<string>("sealed");

/** Nothing was connected and no place kept: the owner's accounts and the invite's places are as they were. */
async function expectNothingConnected(key: string, inviteId: string, accountsBefore = 0, placesBefore = 0) {
  expect(await accountsOf(key)).toHaveLength(accountsBefore);
  const row = await inviteRow(inviteId);
  expect([row!.places_taken, row!.accounts_added]).toEqual([placesBefore, placesBefore]);
}

describe("the client's page", () => {
  it("shows the owner's name, the group, the offered platforms as buttons and the places left; never the owner's email or other groups", async () => {
    const { key, email, invite: link } = await invited({ name: "Ada Agency", max: 3 });
    await group(key, "Secret Other Client");
    const page = await new Browser().page(link.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Connect your accounts for Ada Agency");
    expect(page.text).toContain("<strong>Acme Bakery</strong>");
    expect(page.text).toContain('<button type="submit" name="platform" value="instagram">Connect Instagram</button>');
    expect(page.text).toContain('<button type="submit" name="platform" value="twitter">Connect X</button>');
    expect(page.text).not.toContain("Facebook");
    expect(page.text).toContain("3 places left");
    expect(page.text).not.toContain(email);
    expect(page.text).not.toContain("Secret Other Client");
    expect(page.text).not.toContain("<script");
  });

  it("names the owner by their email's local part when they set no name, and escapes what they did set", async () => {
    const plain = await owner("studio");
    const into = await group(plain.key, "Plain & <Simple>");
    const link = await invite(plain.key, { group_id: into.id, platforms: ["instagram"] });
    const page = await new Browser().page(link.url);
    expect(page.text).toContain(`for ${plain.email.split("@")[0]}`);
    expect(page.text).toContain("Plain &#38; &#60;Simple&#62;");
  });

  it("shows a dead link plainly, saying which, with no owner data", async () => {
    const { key, email, invite: link, group: acme } = await invited({ name: "Ada Agency", max: 1 });
    const unknown = await new Browser().page("/invite/not-a-token-at-all");
    expect([unknown.status, unknown.text.includes("This invite link is not valid")]).toEqual([404, true]);

    await connectAs(new Browser(), link.url, "instagram", "the.only.one");
    const usedUp = await new Browser().page(link.url);
    expect([usedUp.status, usedUp.text.includes("Every place this invite link offered has been taken")]).toEqual([
      410,
      true,
    ]);
    const revoked = await invite(key, { group_id: acme.id, platforms: ["instagram"] });
    await api("DELETE", `/api/v1/client-invites?invite_id=${revoked.id}`, { key });
    const off = await new Browser().page(revoked.url);
    expect([off.status, off.text.includes("This invite link was turned off")]).toEqual([410, true]);
    for (const dead of [unknown, usedUp, off]) {
      expect(dead.text).not.toContain("Ada Agency");
      expect(dead.text).not.toContain("Acme Bakery");
      expect(dead.text).not.toContain(email);
      expect(dead.text).not.toContain("<button");
    }
  });
});

describe("connecting through the invite (sandbox consent page)", () => {
  it("lands the account in the group, tells the owner, and offers to connect another; the owner is told when it is used up", async () => {
    const { key, group: acme, invite: link } = await invited({ max: 2 });
    const client = new Browser();
    const { location, fields } = await startConsent(client, link.url, "instagram");
    expect(location).toMatch(/^http:\/\/localhost:8787\/sandbox\/consent\?platform=instagram&state=/);
    expect(fields.redirect_uri).toBe("http://localhost:8787/api/v1/connect/instagram/callback");
    const back = await client.page(await decide(client, fields, "Acme Bakes"));
    expect(back.status).toBe(200);
    expect(back.text).toContain("Connected Acme Bakes (Instagram) to Acme Bakery.");
    expect(back.text).toContain("1 place left");
    expect(back.text).toContain("Connect X");

    const [account] = await accountsOf(key);
    expect(account).toMatchObject({
      platform: "instagram",
      name: "Acme Bakes",
      platform_user_id: "sandbox:acme bakes",
      group_id: acme.id,
      status: "active",
    });
    const [notice] = await notificationsOf(key);
    expect(notice).toMatchObject({
      kind: "client_connected",
      message: "Acme Bakes (Instagram) connected to Acme Bakery through an invite",
      data: { invite_id: link.id, group_id: acme.id, account_id: account!.id, platform: "instagram" },
    });

    const second = await connectAs(client, link.url, "twitter", "acmebakes");
    expect(second.text).toContain("Connected acmebakes (X) to Acme Bakery.");
    expect(second.text).not.toContain("<button");
    const notices = await notificationsOf(key);
    expect(notices.map((n) => n.kind).sort()).toEqual([
      "client_connected",
      "client_connected",
      "client_invite_used_up",
    ]);
    expect(notices.filter((n) => n.kind === "client_invite_used_up")).toEqual([
      expect.objectContaining({
        message: "Your invite to Acme Bakery is used up: clients connected 2 accounts through it",
        data: { invite_id: link.id, group_id: acme.id },
      }),
    ]);
    const listed = (await api("GET", "/api/v1/client-invites", { key })).body.data[0];
    expect([listed.state, listed.accounts.map((a: { name: string }) => a.name)]).toEqual([
      "used_up",
      ["Acme Bakes", "acmebakes"],
    ]);
  });

  it.each(INVITE_PLATFORMS)("connects a %s account the client allows, into the group", async (platform) => {
    const { key, group: acme, invite: link } = await invited({ platforms: [...INVITE_PLATFORMS] });
    const back = await connectAs(new Browser(), link.url, platform, "Acme Client");
    expect(back.status, back.text).toBe(200);
    expect(back.text).toContain(`Connected Acme Client (${platformLabel(platform)}) to Acme Bakery.`);
    expect(await accountsOf(key)).toEqual([
      expect.objectContaining({ platform, name: "Acme Client", group_id: acme.id, status: "active" }),
    ]);
  });

  it("connects nothing when the client denies, and keeps the place", async () => {
    const { key, invite: link } = await invited();
    const client = new Browser();
    const page = await connectAs(client, link.url, "instagram", "", "deny");
    expect(page.status).toBe(400);
    expect(page.text).toContain("You did not allow Instagram; nothing was connected.");
    expect(page.text).toContain("Connect Instagram"); // offered again
    await expectNothingConnected(key, link.id);
  });

  it("reconnecting an account already in the group refreshes it and takes no place", async () => {
    const { key, invite: link } = await invited({ max: 2 });
    await connectAs(new Browser(), link.url, "instagram", "Repeat Client");
    const [before] = await accountsOf(key);
    const tokenBefore = await sealedOf(before!.id);
    await env.DB.prepare("UPDATE accounts SET status = 'reauth_required' WHERE id = ?").bind(before!.id).run();

    const again = await connectAs(new Browser(), link.url, "instagram", "repeat client");
    expect(again.status).toBe(200);
    const after = await accountsOf(key);
    expect(after).toHaveLength(1);
    expect([after[0]!.id, after[0]!.status]).toEqual([before!.id, "active"]);
    expect(await sealedOf(before!.id)).not.toBe(tokenBefore);
    const row = await inviteRow(link.id);
    expect([row!.places_taken, row!.accounts_added]).toEqual([1, 1]);
    expect((await notificationsOf(key))[0]!.message).toBe(
      "repeat client (Instagram) reconnected to Acme Bakery through an invite",
    );
  });
});

describe("refusals: a plain message, nothing connected, no place taken", () => {
  it("the owner's plan account limit is full (sandbox-made accounts count toward it)", async () => {
    const { key, invite: link } = await invited({ plan: "studio" });
    for (let i = 0; i < 24; i++) await connect(key, "bluesky");
    // A client goes to the platform while there is room; the room goes before they return.
    const client = new Browser();
    const { fields } = await startConsent(client, link.url, "instagram");
    await connect(key, "bluesky");
    const beyond = await api("POST", "/api/v1/sandbox/accounts", { key, body: { platform: "bluesky" } });
    expect([beyond.status, beyond.body.error.code]).toEqual([403, "feature_disabled"]);
    const back = await client.page(await decide(client, fields, "late.client"));
    expect(back.status).toBe(403);
    expect(back.text).toContain("Ada Agency&#39;s Herald plan has no room for more. Nothing was connected.");
    expect(back.text).not.toContain("studio");

    // Now the button itself refuses, before the platform.
    const opened = await client.page(link.url);
    const pressed = await client.page(`${path(link.url)}/connect`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: hiddenField(opened.text, "csrf"), platform: "instagram" }).toString(),
    });
    expect(pressed.status).toBe(403);
    expect(pressed.text).toContain("has no room for more. Nothing was connected.");
    await expectNothingConnected(key, link.id, 25);
  });

  it("the platform identity is already connected to another Herald user (never moved)", async () => {
    const { key, invite: link } = await invited();
    const rival = await invited();
    await connectAs(new Browser(), rival.invite.url, "instagram", "Shared Shop");
    const page = await connectAs(new Browser(), link.url, "instagram", "shared shop");
    expect(page.status).toBe(409);
    expect(page.text).toContain("This instagram account (shared shop) is already connected to another Herald user");
    await expectNothingConnected(key, link.id);
    const [kept] = await accountsOf(rival.key);
    expect(kept!.group_id).toBe(rival.group.id);
  });

  it("the browser is signed in to Herald as another user: told so on the page, at the button and on return", async () => {
    const { key, invite: link } = await invited({ name: "Ada Agency" });
    const stranger = await owner("free");
    const client = await new Browser().signInWithKey(stranger.key);
    const page = await client.page(link.url);
    expect(page.status).toBe(200);
    expect(page.text).toContain("signed in to Herald as another user than Ada Agency");
    expect(page.text).not.toContain('name="platform"');

    const pressed = await client.fetch(`${path(link.url)}/connect`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      // The page offers no button; the form's token is still this browser's.
      body: new URLSearchParams({ csrf: client.cookies.get("herald_form")!, platform: "instagram" }).toString(),
    });
    expect(pressed.status).toBe(403);
    expect(await pressed.text()).toContain("signed in to Herald as another user than Ada Agency");

    // Signed in after pressing the button, before returning.
    const later = new Browser();
    const { fields } = await startConsent(later, link.url, "instagram");
    await later.signInWithKey(stranger.key);
    const back = await later.page(await decide(later, fields, "someone"));
    expect(back.status).toBe(403);
    expect(back.text).toContain("another user than Ada Agency");
    await expectNothingConnected(key, link.id);
    expect(await accountsOf(stranger.key)).toEqual([]);
  });

  it("the invite expired, or was revoked, while the client was at the platform", async () => {
    const expiring = await invited();
    const client = new Browser();
    const { fields } = await startConsent(client, expiring.invite.url, "instagram");
    await api("POST", "/api/v1/sandbox/clock", { key: expiring.key, body: { advance_ms: 7 * DAY - 1000 } });
    // The consent's own 10 minutes are not what ends here: the invite is what expires.
    await env.DB.prepare("UPDATE connect_states SET expires_at = expires_at + ?")
      .bind(8 * DAY)
      .run();
    await api("POST", "/api/v1/sandbox/clock", { key: expiring.key, body: { advance_ms: 2000 } });
    const late = await client.page(await decide(client, fields, "too.late"));
    expect(late.status).toBe(410);
    expect(late.text).toContain("This invite link has expired while you were at Instagram; nothing was connected.");
    await expectNothingConnected(expiring.key, expiring.invite.id);
    await api("POST", "/api/v1/sandbox/clock", { key: expiring.key, body: { set: new Date().toISOString() } });

    const revoking = await invited();
    const other = new Browser();
    const started = await startConsent(other, revoking.invite.url, "twitter");
    await api("DELETE", `/api/v1/client-invites?invite_id=${revoking.invite.id}`, { key: revoking.key });
    const off = await other.page(await decide(other, started.fields, "too.late"));
    expect(off.status).toBe(410);
    expect(off.text).toContain("This invite link was turned off while you were at X; nothing was connected.");
    await expectNothingConnected(revoking.key, revoking.invite.id);
  });

  it("the platform was not offered", async () => {
    const { key, invite: link } = await invited({ platforms: ["instagram"] });
    const client = new Browser();
    const opened = await client.page(link.url);
    const pressed = await client.fetch(`${path(link.url)}/connect`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: hiddenField(opened.text, "csrf"), platform: "twitter" }).toString(),
    });
    expect(pressed.status).toBe(400);
    expect(await pressed.text()).toContain("This invite does not offer X; nothing was connected.");
    expect(await env.DB.prepare("SELECT count(*) AS n FROM connect_states").first<number>("n")).toBe(0);
    await expectNothingConnected(key, link.id);
  });

  it("a consent finished in another browser (a forwarded consent link), and a form without its token", async () => {
    const { key, invite: link } = await invited();
    const client = new Browser();
    const { fields } = await startConsent(client, link.url, "instagram");
    const callback = await decide(client, fields, "forwarded");
    const elsewhere = await new Browser().page(callback);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.text).toContain("started in another browser");
    await expectNothingConnected(key, link.id);

    const forged = await new Browser().fetch(`${path(link.url)}/connect`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: "guess", platform: "instagram" }).toString(),
    });
    expect(forged.status).toBe(403);
  });

  it("the sandbox consent screen refuses an answer without its page's token, sending the browser nowhere", async () => {
    const { key, invite: link } = await invited();
    const client = new Browser();
    const { fields } = await startConsent(client, link.url, "instagram");
    const forged = await new Browser().post("/sandbox/consent", { ...fields, name: "intruder", decision: "allow" });
    expect(forged.status).toBe(403);
    expect(forged.headers.get("location")).toBeNull();
    const wrongToken = await client.post("/sandbox/consent", {
      ...fields,
      csrf: "guess",
      name: "x",
      decision: "allow",
    });
    expect(wrongToken.status).toBe(403);
    await expectNothingConnected(key, link.id);
    // The real page's own answer still goes through afterwards.
    expect((await client.page(await decide(client, fields, "Acme"))).status).toBe(200);
  });
});

describe("places", () => {
  it("a connection that fails after the place was taken gives it back", async () => {
    const { key, invite: link } = await invited({ max: 1 });
    const client = new Browser();
    const { fields } = await startConsent(client, link.url, "instagram");
    await api("POST", "/api/v1/sandbox/faults", { key, body: { platform: "instagram", mode: "error", count: 1 } });
    const failed = await client.page(await decide(client, fields, "unlucky"));
    expect(failed.status).toBe(502);
    expect(failed.text).toContain("instagram could not be reached; try again");
    await expectNothingConnected(key, link.id);
    expect(failed.text).toContain("1 place left");

    const retried = await connectAs(client, link.url, "instagram", "unlucky");
    expect(retried.status).toBe(200);
    expect((await inviteRow(link.id))!.places_taken).toBe(1);
  });

  it("many clients returning at once for the last place: exactly one takes it, every round", async () => {
    for (let round = 0; round < 6; round++) {
      const { key, group: acme, invite: link } = await invited({ max: 2 });
      await connectAs(new Browser(), link.url, "instagram", `first.${round}`);
      const clients = await Promise.all(
        Array.from({ length: 6 }, async (_, i) => {
          const browser = new Browser();
          const { fields } = await startConsent(browser, link.url, "instagram");
          return { browser, back: await decide(browser, fields, `racer.${round}.${i}`) };
        }),
      );
      const pages = await Promise.all(clients.map(({ browser, back }) => browser.page(back)));
      const statuses = pages.map((p) => p.status).sort();
      expect(statuses, `round ${round}`).toEqual([200, 410, 410, 410, 410, 410]);
      for (const lost of pages.filter((p) => p.status === 410)) {
        expect(lost.text).toContain("has no place left while you were at Instagram");
      }
      const row = await inviteRow(link.id);
      expect([row!.places_taken, row!.accounts_added], `round ${round}`).toEqual([2, 2]);
      const inGroup = (await accountsOf(key)).filter((a) => a.group_id === acme.id);
      expect(inGroup).toHaveLength(2);
      expect((await notificationsOf(key)).filter((n) => n.kind === "client_invite_used_up")).toHaveLength(1);
    }
  });

  it("8 clients returning at once for the owner's one free place: exactly one connects, every round", async () => {
    for (let round = 0; round < 5; round++) {
      const { key, userId, invite: link } = await invited({ plan: "studio", max: 10 });
      await fillAccounts(userId, 24); // Studio holds 25
      const clients = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const browser = new Browser();
          const { fields } = await startConsent(browser, link.url, "instagram");
          return { browser, back: await decide(browser, fields, `plan.racer.${round}.${i}`) };
        }),
      );
      const pages = await Promise.all(clients.map(({ browser, back }) => browser.page(back)));
      expect(pages.map((p) => p.status).sort(), `round ${round}`).toEqual([200, 403, 403, 403, 403, 403, 403, 403]);
      for (const refused of pages.filter((p) => p.status === 403)) {
        expect(refused.text).toContain("has no room for more. Nothing was connected.");
      }
      expect(await accountsOf(key)).toHaveLength(25);
      const row = await inviteRow(link.id);
      expect([row!.places_taken, row!.accounts_added], `round ${round}`).toEqual([1, 1]);
      const connected = (await notificationsOf(key)).filter((n) => n.kind === "client_connected");
      expect(connected).toHaveLength(1);
    }
  });
});
