import { beforeAll, describe, expect, it } from "vitest";
import { Browser } from "./helpers/browser";
import { open, signedInUser } from "./helpers/dashboard";

/** The head and headers that make a page look and behave as Herald's: its stylesheet, CSP and framing. */
const frameOf = async (browser: Browser, path: string) => {
  const { page, headers } = await open(browser, path);
  return {
    style: /<style>([\s\S]*?)<\/style>/.exec(page)?.[1],
    topBar: page.includes('<header class="top">'),
    csp: headers.get("content-security-policy"),
    framing: headers.get("x-frame-options"),
    cache: headers.get("cache-control"),
    referrer: headers.get("referrer-policy"),
  };
};

describe("every page is drawn in one shell", () => {
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    owner = await signedInUser("studio");
  });

  it("sign-in, sign-up, an invite, a review link, an error, the changelog, settings and the dashboard share one style and one CSP", async () => {
    const stranger = new Browser();
    const dashboard = await frameOf(owner.browser, "/dashboard");
    expect(dashboard.style).toContain("header.top");
    expect(dashboard.csp).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; img-src https: http: data:; form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'",
    );
    const pages = {
      "/signin": await frameOf(stranger, "/signin"),
      "/signup": await frameOf(stranger, "/signup"),
      "/invite/inv_unknown": await frameOf(stranger, "/invite/inv_unknown"),
      "/review/rv_unknown": await frameOf(stranger, "/review/rv_unknown"),
      "/join/unknown": await frameOf(stranger, "/join/unknown"),
      "/api/oauth/authorize": await frameOf(owner.browser, "/api/oauth/authorize?client_id=nobody"),
      "/changelog": await frameOf(stranger, "/changelog"),
      "/settings": await frameOf(owner.browser, "/settings"),
    };
    for (const [path, frame] of Object.entries(pages)) {
      expect(frame, path).toEqual({ ...dashboard, topBar: true });
    }
  });

  it("a page without the dashboard's sections shows Herald's name in the same top bar, and no link to sign out", async () => {
    const { page } = await open(new Browser(), "/signin");
    expect(page).toContain(
      '<header class="top"><div class="bar"><span class="brand">Herald<span>.</span></span></div></header>',
    );
    expect(page).not.toContain('action="/signout"');
    expect(page).toContain('<main class="narrow">');
  });
});
