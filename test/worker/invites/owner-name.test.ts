import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { Browser, hiddenField } from "../helpers/browser";
import { group, invite } from "../helpers/invites";

describe("the owner's display name on invite pages", () => {
  it("is set at sign-up and in settings; without one the email's local part stands in", async () => {
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
    const settings = await (await browser.fetch("/settings")).text();
    expect(settings).toContain('value="Grace Studio"');

    // Invites need a paid plan: the sandbox moves this user to Studio and hands out a key.
    const upgraded = await api("POST", "/api/v1/sandbox/users", {
      body: { plan: "studio", email: "grace.hopper@studio.example" },
    });
    const key = upgraded.body.data.api_key as string;
    expect(upgraded.body.data.name).toBe("Grace Studio");
    const into = await group(key, "Harbour Books");
    const link = await invite(key, { group_id: into.id, platforms: ["instagram"] });
    const client = new Browser();
    expect((await client.page(link.url)).text).toContain("Connect your accounts for Grace Studio");

    const renamed = await browser.post("/settings/name", { csrf: hiddenField(settings, "csrf"), name: "Grace & Co" });
    expect(await renamed.text()).toContain("Your name is now Grace &#38; Co.");
    expect((await client.page(link.url)).text).toContain("Connect your accounts for Grace &#38; Co");

    await browser.post("/settings/name", { csrf: hiddenField(settings, "csrf"), name: "  " });
    expect((await client.page(link.url)).text).toContain("Connect your accounts for grace.hopper");

    const forged = await browser.post("/settings/name", { csrf: "forged", name: "Mallory" });
    expect(forged.status).toBe(403);
    expect((await client.page(link.url)).text).not.toContain("Mallory");
  });
});
