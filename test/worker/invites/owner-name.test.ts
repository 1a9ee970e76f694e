import { describe, expect, it } from "vitest";
import { Browser, hiddenField } from "../helpers/browser";
import { group, invite, owner } from "../helpers/invites";

describe("the owner's display name on invite pages", () => {
  it("is asked at sign-up and kept on the user", async () => {
    const browser = new Browser();
    const form = await (await browser.fetch("/signup")).text();
    expect(form).toContain('name="name"');
    const created = await browser.post("/signup", {
      csrf: hiddenField(form, "csrf"),
      next: "/settings",
      name: "Grace Studio",
      email: "grace.hopper@studio.example",
      password: "a long enough password",
    });
    expect(created.status).toBe(303);
    expect(await (await browser.fetch("/settings")).text()).toContain('value="Grace Studio"');
  });

  it("is the one set in settings; without one the email's local part stands in", async () => {
    // Invites need a paid plan: a sandbox-made Studio user, signed in to the pages with its key.
    const who = await owner("studio", "Ada Agency");
    const browser = new Browser();
    await browser.signInWithKey(who.key);
    const settings = await (await browser.fetch("/settings")).text();
    const into = await group(who.key, "Harbour Books");
    const link = await invite(who.key, { group_id: into.id, platforms: ["instagram"] });
    const client = new Browser();
    expect((await client.page(link.url)).text).toContain("Connect your accounts for Ada Agency");

    const renamed = await browser.post("/settings/name", { csrf: hiddenField(settings, "csrf"), name: "Grace & Co" });
    expect(await renamed.text()).toContain("Your name is now Grace &#38; Co.");
    expect((await client.page(link.url)).text).toContain("Connect your accounts for Grace &#38; Co");

    await browser.post("/settings/name", { csrf: hiddenField(settings, "csrf"), name: "  " });
    expect((await client.page(link.url)).text).toContain(`Connect your accounts for ${who.email.split("@")[0]}`);

    const forged = await browser.post("/settings/name", { csrf: "forged", name: "Mallory" });
    expect(forged.status).toBe(403);
    expect((await client.page(link.url)).text).not.toContain("Mallory");
  });
});
