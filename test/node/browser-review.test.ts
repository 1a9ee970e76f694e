import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, root, startServer } from "../../scripts/lib/server.mjs";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) console.warn(`Skipping the review browser test: ${CHROMIUM} is missing (apt-get install chromium).`);

/** `UPDATE_SCREENSHOTS=1` writes the dashboard's picture for the README; otherwise it goes to a temporary folder. */
const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS ? join(root, "docs") : undefined;

const ZONE = "Europe/Berlin";
/** Monday 3 June 2030, 08:00 in Berlin: the week the test looks at. */
const NOW = "2030-06-03T06:00:00.000Z";

describe.skipIf(!hasChromium)("client review and the dashboard in a real browser", () => {
  let server: { stop: () => void };
  let browser: Browser;
  let state: string;
  let api: string;
  let origin: string;
  let owner: { email: string; password: string; api_key: string };
  let accounts: { id: string; platform: string }[];

  const as = (method: string, path: string, body?: unknown) => call(api, method, path, body, owner.api_key);
  const post = (text: string, at: string) =>
    as("POST", "/api/v1/posts", {
      text,
      platforms: accounts.map((a) => ({ platform: a.platform, account_id: a.id })),
      schedule_type: "scheduled",
      scheduled_at: at,
      timezone: ZONE,
    });
  /** A post waiting for approval and the review link to send the client. */
  async function sentForApproval(text: string, at: string) {
    const created = await post(text, at);
    await as("POST", `/api/v1/posts/${created.id}/request-approval`);
    const link = await as("POST", `/api/v1/posts/${created.id}/review-links`, { reviewer_name: "Anna at Acme" });
    return { id: created.id as string, url: link.url as string };
  }
  async function signedInPage(viewport = { width: 1280, height: 900 }) {
    const context = await browser.newContext({ timezoneId: ZONE, viewport });
    const page = await context.newPage();
    await page.goto(`${origin}/signin?next=/dashboard`);
    await page.fill("#email", owner.email);
    await page.fill("#password", owner.password);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/dashboard$/);
    // The zone script tells the server the browser's zone, and the page is drawn again in it.
    await page.waitForSelector(`html[data-zone="${ZONE}"]`);
    return page;
  }

  beforeAll(async () => {
    state = mkdtempSync(join(tmpdir(), "herald-review-"));
    const started = await startServer({ persistTo: state, quiet: true });
    server = started;
    api = started.baseUrl;
    origin = `http://localhost:${started.port}`;
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
    });
    owner = await call(api, "POST", "/api/v1/sandbox/users", { plan: "studio", email: "maria@acmecoffee.example" });
    await as("POST", "/api/v1/sandbox/clock", { set: NOW });
    accounts = [
      await as("POST", "/api/v1/sandbox/accounts", { platform: "bluesky", name: "Acme Coffee" }),
      await as("POST", "/api/v1/sandbox/accounts", { platform: "mastodon", name: "@acme@social.example" }),
    ];
    for (const [weekday, time] of [
      [1, "09:00"],
      [2, "12:30"],
      [3, "09:00"],
      [4, "17:00"],
      [5, "09:00"],
    ] as const) {
      await as("POST", "/api/v1/posting-slots", {
        account_ids: accounts.map((a) => a.id),
        weekday,
        time,
        timezone: ZONE,
      });
    }
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
    rmSync(state, { recursive: true, force: true });
  });

  it("the client approves on the review page without JavaScript, and the post goes out at its time", async () => {
    const { id, url } = await sentForApproval(
      "Our summer blend is here: bright, citrusy, roasted this week.",
      "2030-06-04T12:30:00",
    );
    const context = await browser.newContext({ javaScriptEnabled: false, timezoneId: "America/New_York" });
    const page = await context.newPage();
    await page.goto(url);
    expect(await page.textContent("h1")).toBe("Review this post");
    // The time in the post's zone, and the text each platform will post.
    expect(await page.textContent("#when")).toContain("Tue, 4 Jun 2030, 12:30");
    expect(await page.textContent("#when")).toContain(ZONE);
    expect(await page.locator("article.preview").count()).toBe(2);
    expect(await page.inputValue("#reviewer_name")).toBe("Anna at Acme");
    await page.click("button[value=approved]");
    await page.waitForURL(/\?done=approved$/);
    expect(await page.textContent("[role=status]")).toContain("your approval was sent");

    expect((await as("GET", `/api/v1/posts/${id}`)).status).toBe("scheduled");
    expect(await as("GET", "/api/v1/sandbox/published")).toEqual([]);
    // Its time comes: the minute sweep publishes it, once per account.
    await as("POST", "/api/v1/sandbox/clock", { set: "2030-06-04T10:30:05Z" });
    await as("POST", "/api/v1/sandbox/tick", { jobs: ["publish-sweep"] });
    await expect
      .poll(async () => (await as("GET", `/api/v1/posts/${id}`)).status, { timeout: 30_000 })
      .toBe("published");
    const published = await as("GET", "/api/v1/sandbox/published");
    expect(published.map((p: { text: string }) => p.text)).toEqual([
      "Our summer blend is here: bright, citrusy, roasted this week.",
      "Our summer blend is here: bright, citrusy, roasted this week.",
    ]);
    await context.close();
  }, 120_000);

  it("the client asks for changes with a comment; the owner sees the post back in draft with it", async () => {
    const { id, url } = await sentForApproval("Friday tasting at 5 pm: three single origins.", "2030-06-07T17:00:00");
    const client = await browser.newContext({ javaScriptEnabled: false });
    const review = await client.newPage();
    await review.goto(url);
    await review.fill("#comment", "Please add the address of the café.");
    await review.click("button[value=changes_requested]");
    await review.waitForURL(/\?done=changes_requested$/);
    await client.close();

    const page = await signedInPage();
    await page.goto(`${origin}/dashboard/posts?status=draft`);
    await page.click(`a[href="/dashboard/posts/${id}"]`);
    await page.waitForURL(new RegExp(`/dashboard/posts/${id}$`));
    expect(await page.textContent("h1")).toContain("draft");
    expect(await page.textContent("#changes-asked")).toContain("Please add the address of the café.");
    expect(await page.textContent("body")).toContain("Anna at Acme asked for changes");
    await page.context().close();
  }, 120_000);

  it("the owner signs in, sees the week with the post and a free slot, and opens the post page", async () => {
    const waiting = await sentForApproval(
      "Behind the scenes: how we pick our beans, from farm visits to cupping sessions.",
      "2030-06-05T09:00:00",
    );
    await post("Latte art class on Thursday: six seats left, sign up at the counter.", "2030-06-06T17:00:00");
    const page = await signedInPage();
    expect(await page.textContent("h1")).toBe("Week of 3 Jun – 9 Jun 2030");
    expect(await page.textContent("#zone")).toBe(ZONE);
    const wednesday = page.locator('section[aria-label="Wed 5 Jun"]');
    expect(await wednesday.locator(".entry.post").textContent()).toContain("Behind the scenes");
    expect(await wednesday.locator(".entry.post .time").textContent()).toBe("09:00");
    expect(await wednesday.locator(".entry.slot.taken .time").textContent()).toBe("09:00");
    const friday = page.locator('section[aria-label="Fri 7 Jun"]');
    expect(await friday.locator(".entry.slot.free").textContent()).toContain("Free slot");
    expect(await friday.locator(".entry.slot.free .time").textContent()).toBe("09:00");

    const shot = join(SCREENSHOT_DIR ?? state, "dashboard.png");
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(10_000);

    await wednesday.locator(".entry.post").click();
    await page.waitForURL(new RegExp(`/dashboard/posts/${waiting.id}$`));
    expect(await page.textContent("h1")).toContain("waiting for approval");
    expect(await page.textContent("#when")).toContain("Wed, 5 Jun 2030, 09:00");
    expect(await page.locator("article.preview").count()).toBe(2);

    // Readable on a phone: the week is one column, no wider than the screen.
    const phone = await signedInPage({ width: 390, height: 844 });
    const width = Number(await phone.evaluate("document.documentElement.scrollWidth"));
    expect(width).toBeLessThanOrEqual(390);
    await page.context().close();
    await phone.context().close();
  }, 120_000);
});
