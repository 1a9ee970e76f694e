// Issue #34: the dashboard's Connect is the REST connect start, on a deployment with the platform's app set up.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { Browser, hiddenField } from "../helpers/browser";
import { followStart, liveUser } from "../helpers/production";

describe("Connect on the accounts page", () => {
  it("starts the platform's consent in this browser: Herald's start link, then the platform's consent page", async () => {
    const user = await liveUser("creator");
    const browser = new Browser();
    await browser.signIn(user.email, user.password);
    const page = await (await browser.fetch("/dashboard/accounts")).text();
    expect(page).toContain('<option value="twitter">X</option>');
    expect(page).not.toContain('<option value="bluesky">');
    const res = await browser.post("/dashboard/accounts/connect", {
      csrf: hiddenField(page, "csrf"),
      platform: "twitter",
    });
    expect(res.status).toBe(303);
    const start = res.headers.get("location")!;
    expect(start).toMatch(/^https:\/\/herald\.test\/connect\/start\/[^/]+$/);
    const consent = await followStart(browser, start);
    expect(consent.origin + consent.pathname).toBe("https://x.com/i/oauth2/authorize");
    expect(consent.searchParams.get("client_id")).toBe("herald-x-client");
    const states = await env.DB.prepare("SELECT user_id, platform FROM connect_states").all();
    expect(states.results).toEqual([{ user_id: user.userId, platform: "twitter" }]);
  });
});
