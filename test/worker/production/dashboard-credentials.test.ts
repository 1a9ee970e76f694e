// Issue #46: every platform connects from the dashboard; those without a consent page for Herald, with their credentials.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Browser, hiddenField } from "../helpers/browser";
import { json } from "../helpers/platform";
import { liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

const PAGE = "/dashboard/accounts";
const PDS = "https://bsky.social/xrpc";
const APP_PASSWORD = "abcd-efgh-ijkl-mnop";

async function signedIn() {
  const user = await liveUser("creator");
  const browser = new Browser();
  await browser.signIn(user.email, user.password);
  return { ...user, browser };
}

/** Sends a platform's credentials form as the page draws it, with `fields` typed in. */
async function sendCredentials(browser: Browser, platform: string, fields: Record<string, string>) {
  const page = await (await browser.fetch(PAGE)).text();
  const res = await browser.post(`${PAGE}/credentials`, {
    csrf: hiddenField(page, "csrf"),
    form: `credentials-${platform}`,
    platform,
    ...fields,
  });
  return { status: res.status, location: res.headers.get("location"), page: await res.text() };
}

const accountsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT platform, name, status FROM accounts WHERE user_id = ?").bind(userId).all()).results;

describe("Connect with credentials on the accounts page", () => {
  it("draws a form per credential platform with its own fields, secrets typed hidden", async () => {
    const { browser } = await signedIn();
    const page = await (await browser.fetch(PAGE)).text();
    for (const platform of ["Bluesky", "Mastodon", "Telegram", "Discord", "Slack", "WordPress", "listmonk"])
      expect(page).toContain(`Connect ${platform}</button>`);
    expect(page).toContain('<input type="text" id="credentials-bluesky-handle" name="handle"');
    expect(page).toContain('<input type="password" id="credentials-bluesky-app_password" name="app_password"');
    expect(page).toContain("An app password from Bluesky");
    expect(page).toMatch(/for="credentials-bluesky-service">Service <span class="muted small">\(optional\)/);
    expect(page).toContain('<input type="password" id="credentials-telegram-bot_token" name="bot_token"');
    expect(page).toContain('id="credentials-wordpress-site_url" name="site_url"');
  });

  it("connects Bluesky as the REST call does: checked against the PDS, then listed", async () => {
    const { browser, userId } = await signedIn();
    const pds = scriptWorkerFetch([
      {
        expect: `POST ${PDS}/com.atproto.server.createSession`,
        answer: json(200, {
          did: "did:plc:form",
          handle: "herald.bsky.social",
          accessJwt: "header.eyJleHAiOjE5MDAwMDAwMDB9.sig",
          refreshJwt: "refresh",
        }),
      },
    ]);
    const res = await sendCredentials(browser, "bluesky", { handle: "herald.bsky.social", app_password: APP_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.page).toContain("Bluesky · herald.bsky.social is connected.");
    expect(res.page).not.toContain(APP_PASSWORD);
    expect(pds.sent[0]!.body).toEqual({ identifier: "herald.bsky.social", password: APP_PASSWORD });
    expect(await accountsOf(userId)).toEqual([{ platform: "bluesky", name: "herald.bsky.social", status: "active" }]);
  });

  it("shows the platform's refusal beside its form, keeps what was typed but never the secret, connects nothing", async () => {
    const { browser, userId } = await signedIn();
    scriptWorkerFetch([
      {
        expect: `POST ${PDS}/com.atproto.server.createSession`,
        answer: json(401, { error: "AuthenticationRequired", message: "Invalid identifier or password" }),
      },
    ]);
    const res = await sendCredentials(browser, "bluesky", { handle: "herald.bsky.social", app_password: APP_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.page).toMatch(/<details open><summary>Bluesky<\/summary>/);
    expect(res.page).toContain("Invalid identifier or password");
    expect(res.page).toContain('name="handle" value="herald.bsky.social"');
    expect(res.page).toContain('name="app_password" value=""');
    expect(res.page).not.toContain(APP_PASSWORD);
    expect(await accountsOf(userId)).toEqual([]);
  });

  it("refuses a missing field or a platform without credentials before calling anything", async () => {
    const { browser, userId } = await signedIn();
    const wire = scriptWorkerFetch([]);
    const missing = await sendCredentials(browser, "bluesky", { handle: "herald.bsky.social" });
    expect(missing.status).toBe(400);
    expect(missing.page).toMatch(/<details open><summary>Bluesky<\/summary>[\s\S]*app_password: Invalid input/);
    const oauth = await sendCredentials(browser, "twitter", { token: "x" });
    expect(oauth.status).toBe(400);
    expect(oauth.page).toContain("choose a platform that connects with credentials");
    expect(wire.sent).toEqual([]);
    expect(await accountsOf(userId)).toEqual([]);
  });

  it("Mastodon with only its instance starts OAuth there: the browser goes to Herald's start link", async () => {
    const { browser } = await signedIn();
    scriptWorkerFetch([
      {
        expect: "POST https://mastodon.example/api/v1/apps",
        answer: json(200, { client_id: "herald-on-example", client_secret: "secret" }),
      },
    ]);
    const res = await sendCredentials(browser, "mastodon", { instance_url: "https://mastodon.example" });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(/^https:\/\/herald\.test\/connect\/start\/[^/]+$/);
  });
});
