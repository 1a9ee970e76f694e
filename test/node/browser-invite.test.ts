import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startServer } from "../../scripts/lib/server.mjs";
import { CHROMIUM, hasChromium, launchChromium } from "./helpers/chromium";

if (!hasChromium) console.warn(`Skipping the browser invite test: ${CHROMIUM} is missing (apt-get install chromium).`);

/** A client's whole way through an invite link in a real browser, with no script on any page. */
describe.skipIf(!hasChromium)("a client invite in a real browser", () => {
  let server: { stop: () => void };
  let browser: Browser;
  let state: string;
  let ORIGIN: string;

  beforeAll(async () => {
    state = mkdtempSync(join(tmpdir(), "herald-invite-"));
    const started = await startServer({ persistTo: state, quiet: true });
    server = started;
    ORIGIN = `http://localhost:${started.port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
    rmSync(state, { recursive: true, force: true });
  });

  async function ownerWithInvite() {
    const owner = await call(ORIGIN, "POST", "/api/v1/sandbox/users", { plan: "studio", name: "Ada Agency" });
    const group = await call(ORIGIN, "POST", "/api/v1/account-groups", { name: "Acme Bakery" }, owner.api_key);
    const invite = await call(
      ORIGIN,
      "POST",
      "/api/v1/client-invites",
      { group_id: group.id, platforms: ["instagram", "twitter"], max_accounts: 2 },
      owner.api_key,
    );
    return { key: owner.api_key as string, group, invite };
  }

  it("opens the link, picks a platform, allows on the consent page: the account is in the group and the owner told", async () => {
    const { key, group, invite } = await ownerWithInvite();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(invite.url);
    expect(await page.textContent("h1")).toBe("Connect your accounts for Ada Agency");
    expect(await page.textContent("#places")).toContain("2 places left");

    await page.click("button[value=instagram]");
    await page.waitForURL(/\/sandbox\/consent\?/);
    expect(await page.textContent("h1")).toContain("Instagram (sandbox)");
    await page.fill("#name", "Acme Bakes");
    await page.click("button[value=allow]");
    await page.waitForURL(/\/api\/v1\/connect\/instagram\/callback\?/);
    expect(await page.textContent("[role=status]")).toBe("Connected Acme Bakes (Instagram) to Acme Bakery.");
    expect(await page.textContent("#places")).toContain("1 place left");

    const accounts = await call(ORIGIN, "GET", "/api/v1/connected-accounts", undefined, key);
    expect(accounts).toEqual([
      expect.objectContaining({ platform: "instagram", name: "Acme Bakes", group_id: group.id, status: "active" }),
    ]);
    const notifications = await call(ORIGIN, "GET", "/api/v1/notifications", undefined, key);
    expect(notifications[0]).toMatchObject({
      kind: "client_connected",
      message: "Acme Bakes (Instagram) connected to Acme Bakery through an invite",
    });
    await context.close();
  }, 120_000);

  it("denies on the consent page: nothing is connected and the link offers the platforms again", async () => {
    const { key, invite } = await ownerWithInvite();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(invite.url);
    await page.click("button[value=twitter]");
    await page.waitForURL(/\/sandbox\/consent\?/);
    await page.click("button[value=deny]");
    await page.waitForURL(/\/api\/v1\/connect\/twitter\/callback\?/);
    expect(await page.textContent("[role=alert]")).toBe("You did not allow X; nothing was connected.");
    expect(await page.isVisible("button[value=twitter]")).toBe(true);
    expect(await call(ORIGIN, "GET", "/api/v1/connected-accounts", undefined, key)).toEqual([]);
    await context.close();
  }, 120_000);
});
