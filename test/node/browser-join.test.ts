import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, hasChromium } from "./helpers/chromium";
import { DESKTOP, expectAccessible, type Herald, signedInPage, startHerald } from "./helpers/pages";

if (!hasChromium) console.warn(`Skipping the browser join test: ${CHROMIUM} is missing (apt-get install chromium).`);

/**
 * A person invited into a workspace from the members page, all the way through its link in a real browser: sign up,
 * accept, the dashboard in the workspace.
 */
describe.skipIf(!hasChromium)("a workspace invitation in a real browser", () => {
  let herald: Herald;

  beforeAll(async () => {
    herald = await startHerald("join");
  }, 120_000);

  afterAll(async () => {
    await herald?.stop();
  });

  it("the owner invites on the members page; the link opened signed out signs up as the invited email, comes back, accepts and lands in the workspace", async () => {
    const owner = await herald.newUser("studio", { name: "Ada" });
    await herald.call("PATCH", "/api/v1/workspace", { name: "Northwind Agency" }, owner.api_key);
    const email = `nia-${Date.now()}@northwind.example`;
    const ownerPage = await signedInPage(herald, owner, { next: "/dashboard/members", timezoneId: "UTC" });
    await ownerPage.fill("#invite-email", email);
    await ownerPage.selectOption("#invite-role", "editor");
    await ownerPage.click("form[action='/dashboard/members'] button[type=submit]");
    await ownerPage.waitForSelector("#shown-once");
    const invited = {
      invite_url: (await ownerPage.textContent("#shown-once"))!.trim(),
      id: (await herald.call("GET", "/api/v1/members", undefined, owner.api_key)).find((m: any) => m.email === email)
        .id,
    };
    expect(await ownerPage.textContent("#seats")).toContain("2 of 3 seats taken");
    await expectAccessible(ownerPage);
    await ownerPage.context().close();

    const context = await herald.browser.newContext({ viewport: DESKTOP, locale: "en-GB", timezoneId: "UTC" });
    const page = await context.newPage();
    await page.goto(invited.invite_url);
    expect(await page.textContent("h1")).toBe("Join Northwind Agency on Herald");
    expect(await page.textContent("#invitation")).toBe(
      `Ada invites ${email} to the workspace Northwind Agency as an editor.`,
    );
    await expectAccessible(page);

    await page.click("#sign-up");
    await page.waitForURL(/\/signup\?/);
    expect(await page.inputValue("#email")).toBe(email);
    await page.fill("#name", "Nia");
    await page.fill("#password", "a long enough password");
    await page.click("button[type=submit]");
    await page.waitForURL((url) => url.pathname === new URL(invited.invite_url).pathname);

    await expectAccessible(page);
    await page.click("text=Accept and join Northwind Agency");
    await page.waitForSelector("#joined");
    expect(await page.textContent("#joined")).toContain("You are an editor of Northwind Agency");

    await page.click("text=Open the dashboard");
    await page.waitForURL(/\/dashboard$/);
    expect(await page.textContent("#workspace option[selected]")).toBe("Northwind Agency (editor)");
    await expectAccessible(page);

    const members = await herald.call("GET", "/api/v1/members", undefined, owner.api_key);
    expect(members).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: invited.id, email, name: "Nia", status: "active" })]),
    );
    // The link is used: opening it again says so.
    const again = await page.goto(invited.invite_url);
    expect(again?.status()).toBe(410);
    expect(await page.textContent("h1")).toBe("This invitation no longer works");
    await context.close();
  }, 120_000);
});
