import { createHash, randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, hasChromium } from "./helpers/chromium";
import {
  DESKTOP,
  expectAccessible,
  expectFitsPhone,
  type Herald,
  keepScreenshot,
  PHONE,
  type SandboxUser,
  signedInPage,
  startHerald,
  waitFor,
} from "./helpers/pages";

if (!hasChromium)
  console.warn(`Skipping the dashboard browser test: ${CHROMIUM} is missing (apt-get install chromium).`);

const ZONE = "Europe/Berlin";
/** Monday 3 June 2030, 08:00 in Berlin. */
const NOW = "2030-06-03T06:00:00.000Z";

describe.skipIf(!hasChromium)("the owner's dashboard in a real browser", () => {
  let herald: Herald;
  let owner: SandboxUser;
  let bluesky: { id: string };
  let mastodon: { id: string };
  let scheduled: { id: string };
  let published: { id: string };
  let review: { url: string };
  let invite: { url: string };
  let reportLink: { url: string };
  let whatsapp: { id: string };
  let broken: { id: string; nodes: { id: string; name: string }[] };
  let drip: { id: string };

  const as = (method: string, path: string, body?: unknown) => herald.call(method, path, body, owner.api_key);
  const postCount = async () => (await as("GET", "/api/v1/posts?limit=100")).length as number;

  beforeAll(async () => {
    herald = await startHerald("dashboard");
    owner = await herald.newUser("studio", { email: "maria@acmecoffee.example", name: "Maria" });
    await as("POST", "/api/v1/sandbox/clock", { set: NOW });
    bluesky = await as("POST", "/api/v1/sandbox/accounts", { platform: "bluesky", name: "Acme Coffee" });
    mastodon = await as("POST", "/api/v1/sandbox/accounts", { platform: "mastodon", name: "@acme@social.example" });
    const shop = await as("POST", "/api/v1/account-groups", { name: "Acme Shop", account_ids: [bluesky.id] });
    await as("POST", "/api/v1/posting-slots", { account_ids: [bluesky.id], weekday: 5, time: "09:00", timezone: ZONE });
    const both = [
      { platform: "bluesky", account_id: bluesky.id },
      { platform: "mastodon", account_id: mastodon.id },
    ];
    // Published on Sunday evening, read the next morning with the numbers the sandbox reports.
    await as("POST", "/api/v1/sandbox/clock", { set: "2030-06-02T17:00:00Z" });
    published = await as("POST", "/api/v1/posts", {
      text: "Sunday cupping notes",
      platforms: both,
      schedule_type: "immediate",
    });
    await waitFor(async () => (await as("GET", `/api/v1/posts/${published.id}`)).status === "published", "published");
    await as("POST", "/api/v1/sandbox/metrics", {
      post_id: published.id,
      account_id: bluesky.id,
      likes: 42,
      comments: 7,
      reposts: 3,
      views: 1200,
    });
    await as("POST", "/api/v1/sandbox/metrics", {
      post_id: published.id,
      account_id: mastodon.id,
      likes: 18,
      reposts: 5,
      views: 300,
    });
    await as("POST", "/api/v1/sandbox/clock", { set: NOW });
    await as("POST", "/api/v1/sandbox/tick", { jobs: ["analytics-reads"] });
    await waitFor(
      async () => (await as("GET", `/api/v1/analytics/posts/${published.id}`)).targets.every((t: any) => t.latest),
      "the metrics read",
    );

    scheduled = await as("POST", "/api/v1/posts", {
      text: "Latte art class on Thursday: six seats left.",
      platforms: both,
      schedule_type: "scheduled",
      scheduled_at: "2030-06-06T17:00:00",
      timezone: ZONE,
      media: [{ type: "image", url: "https://cdn.example.com/latte.png", alt_text: "A latte with a leaf" }],
    });
    await as("POST", `/api/v1/posts/${scheduled.id}/request-approval`);
    review = await as("POST", `/api/v1/posts/${scheduled.id}/review-links`, { reviewer_name: "Anna at Acme" });
    invite = await as("POST", "/api/v1/client-invites", {
      group_id: shop.id,
      platforms: ["instagram"],
      max_accounts: 1,
    });
    reportLink = await as("POST", "/api/v1/report-links", { group_id: shop.id });

    // Flows on a WhatsApp number (it publishes nothing, so the compose form is as it was): one whose trigger has no
    // keywords (a problem), one running for a person.
    whatsapp = await as("POST", "/api/v1/sandbox/accounts", { platform: "whatsapp", name: "Acme Bakery" });
    broken = await buildFlow(
      "Free guide",
      [
        { type: "trigger", name: "New message", data: { config: { kind: "dm_keyword" } } },
        { type: "message", name: "Offer the guide", data: { blocks: [{ text: "Want our brewing guide?" }] } },
        { type: "collect", name: "Ask for email", data: { field_type: "email", label: "Email" } },
        {
          type: "message",
          name: "Send the guide",
          data: { blocks: [{ text: "Here it is: https://example.com/guide" }] },
        },
        { type: "message", name: "Ask again", data: { blocks: [{ text: "That does not look like an email." }] } },
      ],
      [
        ["New message", "Offer the guide"],
        ["Offer the guide", "Ask for email"],
        ["Ask for email", "Send the guide", "valid"],
        ["Ask for email", "Ask again", "invalid"],
      ],
    );
    drip = await buildFlow("Welcome drip", [
      { type: "trigger", name: "Trigger", data: { config: { kind: "dm_keyword", keywords: ["HELLO"] } } },
      { type: "message", name: "First", data: { blocks: [{ text: "Welcome!" }] } },
      { type: "delay", name: "Wait", data: { delay_time: 3_600_000 } },
      { type: "message", name: "Second", data: { blocks: [{ text: "How was your first cup?" }] } },
    ]);
    await as("POST", `/api/v1/flows/${drip.id}/activate`);
    await as("POST", "/api/v1/sandbox/inbound", {
      account_id: whatsapp.id,
      kind: "message",
      id: "m-ana",
      sender_id: "ana",
      text: "HELLO",
    });
    await waitFor(
      async () => (await as("GET", `/api/v1/flows/${drip.id}/executions?status=waiting_delay`)).length === 1,
      "a run waiting on its delay",
    );
  }, 240_000);

  /** A flow of `steps` on the WhatsApp account, each leading to the next unless `edges` ([from, to, handle]) say. */
  async function buildFlow(
    name: string,
    steps: { type: string; name: string; data: unknown }[],
    edges = steps.slice(1).map((step, i): [string, string, string?] => [steps[i]!.name, step.name]),
  ) {
    const flow = await as("POST", "/api/v1/flows", { name, account_id: whatsapp.id });
    for (const step of steps) await as("POST", `/api/v1/flows/${flow.id}/nodes`, step);
    for (const [from, to, handle] of edges) await as("POST", `/api/v1/flows/${flow.id}/edges`, { from, to, handle });
    return as("GET", `/api/v1/flows/${flow.id}`);
  }

  afterAll(async () => {
    await herald?.stop();
  });

  /** Presses Tab until `selector` has the focus (keyboard only), failing after `max` presses. */
  async function tabTo(page: Page, selector: string, max = 60) {
    for (let i = 0; i < max; i++) {
      if (await page.evaluate(`document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`)) return;
      await page.keyboard.press("Tab");
    }
    throw new Error(`Tab never reached ${selector}`);
  }

  /** The focused element of the compose form (null outside it): its id, value or tag, and its outline. */
  const FOCUSED_IN_FORM = `(() => {
    const el = document.activeElement;
    if (!el.closest("#compose")) return null;
    const style = getComputedStyle(el);
    return { key: el.id || el.value || el.tagName.toLowerCase(), outline: style.outlineStyle + " " + style.outlineWidth };
  })()`;

  /** Form fields (not hidden ones) without a label. */
  const UNLABELLED = `[...document.querySelectorAll("#compose input:not([type=hidden]), #compose select, #compose textarea")]
    .filter((el) => el.labels.length === 0).map((el) => el.outerHTML)`;

  it("the compose form by keyboard alone: every field labelled, focus visible and in reading order; the post lands in the week", async () => {
    const page = await signedInPage(herald, owner, { timezoneId: ZONE });
    await page.waitForSelector(`html[data-zone="${ZONE}"]`);
    await page.goto(`${herald.origin}/dashboard/compose`);

    expect(await page.evaluate(UNLABELLED)).toEqual([]);

    // Tab from the top of the page through the whole form: what takes the focus, in order, and how it shows.
    const tour: { key: string; outline: string }[] = [];
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press("Tab");
      const focused = (await page.evaluate(FOCUSED_IN_FORM)) as { key: string; outline: string } | null;
      if (!focused) continue;
      if (tour.at(-1)?.key !== focused.key) tour.push(focused);
      if (focused.key === "preview") break;
    }
    expect(tour.map((t) => t.key)).toEqual([
      "text",
      `account-${bluesky.id}`,
      `account-${mastodon.id}`,
      "summary",
      "a",
      "media-0-media_id",
      "media-0-file",
      "media-0-url",
      "media-0-type",
      "media-0-alt_text",
      "add-segment",
      "first_comment",
      "when-at",
      "scheduled_at",
      "summary", // Comes back (evergreen), closed
      "save",
      "preview",
    ]);
    for (const stop of tour) expect(stop.outline, stop.key).toBe("solid 3px");

    // Now write a post with the keyboard: text, an account, Preview, then Save.
    await page.reload();
    await tabTo(page, "#text");
    const text = "Fresh roast ☕️ today: https://example.com/menus/summer-2030";
    await page.keyboard.type(text);
    await tabTo(page, `#account-${bluesky.id}`);
    await page.keyboard.press("Space");
    const live = await page.textContent(`#counts li[data-account="account-${bluesky.id}"]`);
    expect(live).toMatch(/^Bluesky · Acme Coffee: \d+ \/ 300$/);
    await tabTo(page, "button[value=preview]");
    await page.keyboard.press("Enter");
    await page.waitForSelector("#preview");
    // The server's count (the dry run) is the one the script showed.
    const counted = await page.getAttribute(`#preview [data-account="${bluesky.id}"] [data-length]`, "data-length");
    expect(live).toBe(`Bluesky · Acme Coffee: ${counted} / 300`);
    expect(await page.textContent(`#preview [data-account="${bluesky.id}"]`)).toContain(
      "Goes out 2030-06-03 07:00 UTC",
    );
    expect(await page.inputValue("#text")).toBe(text);
    await keepScreenshot(page, "compose");

    await tabTo(page, "button[value=save]");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/dashboard\/posts\/post_[^?]+\?done=created$/);
    expect(await page.textContent("[role=status]")).toBe(
      "Created: it goes out Mon, 3 Jun 2030, 09:00 (Europe/Berlin).",
    );
    expect(await page.isVisible("text=Send for approval")).toBe(true);
    expect(await page.isVisible("summary:has-text('New review link')")).toBe(true);

    await page.goto(`${herald.origin}/dashboard`);
    const monday = page.locator('section[aria-label="Mon 3 Jun"] .entry.post', { hasText: "Fresh roast" });
    expect(await monday.locator(".time").textContent()).toBe("09:00");
    await page.context().close();
  }, 120_000);

  it("a double click on Save creates one post, and the page still works without its script", async () => {
    const page = await signedInPage(herald, owner, { timezoneId: ZONE, next: "/dashboard/compose" });
    await page.fill("#text", "Double espresso, single post");
    await page.check(`#account-${mastodon.id}`);
    // The script offers a row for another media item once the last one is filled.
    expect(await page.isVisible("#media-1-url")).toBe(false);
    await page.fill("#media-0-url", "https://cdn.example.com/double.png");
    expect(await page.isVisible("#media-1-url")).toBe(true);
    const before = await postCount();
    await page.dblclick("button[value=save]");
    // The second submit aborts the first's navigation in the browser, which waitForURL would take as a failure.
    await waitFor(async () => /\/dashboard\/posts\/post_/.test(page.url()), "the new post's page");
    await page.waitForLoadState();
    expect(await postCount()).toBe(before + 1);
    await page.context().close();

    const plain = await signedInPage(herald, owner, { javaScriptEnabled: false, next: "/dashboard/compose" });
    await plain.fill("#text", "Written without JavaScript");
    await plain.click("button[value=save]");
    expect(await plain.textContent("#errors")).toContain("Accounts:");
    expect(await plain.inputValue("#text")).toBe("Written without JavaScript");
    await plain.check(`#account-${bluesky.id}`);
    await plain.check("#when-draft");
    await plain.click("button[value=save]");
    await plain.waitForURL(/\?done=created$/);
    expect(await plain.textContent("[role=status]")).toBe("Created as a draft.");
    await plain.context().close();
  }, 120_000);

  it("analytics draws the sandbox's numbers as charts, with the same numbers in its tables", async () => {
    const page = await signedInPage(herald, owner, { timezoneId: ZONE, next: "/dashboard/analytics?period=7" });
    await page.waitForSelector(`html[data-zone="${ZONE}"]`);
    expect(await page.isVisible("svg#day-likes polyline")).toBe(true);
    expect(await page.textContent("#day-likes-desc")).toBe("60 in 7 days; the most, 60, on 2 Jun.");
    expect(await page.textContent('[data-total="Impressions"] .n')).toBe("1,500");
    const sunday = page.locator("#days-table tbody tr", { hasText: "2 Jun" });
    expect(await sunday.locator("td").allTextContents()).toEqual(["2", "1,500", "60", "7", "8"]);
    expect(await page.isVisible("svg#platforms-chart")).toBe(true);
    expect(await page.locator("#top-table tbody tr").first().textContent()).toContain("Sunday cupping notes");
    const shot = await keepScreenshot(page, "analytics");
    expect(statSync(shot).size).toBeGreaterThan(10_000);

    // Download CSV, as a person clicks it: the client report of the week shown, for the group chosen.
    await page.selectOption("#report-group", { label: "Acme Shop" });
    const [csv] = await Promise.all([page.waitForEvent("download"), page.click("button:has-text('Download CSV')")]);
    expect(csv.suggestedFilename()).toBe("report 2030-05-28 2030-06-04.csv");
    const text = await (await csv.createReadStream()).toArray();
    expect(Buffer.concat(text).toString("utf8")).toContain('"Acme Shop"');

    await page.goto(`${herald.origin}/dashboard/posts/${published.id}`);
    expect(await page.isVisible("svg#history-likes")).toBe(true);
    expect(await page.textContent("#history-likes-desc")).toBe(
      "Bluesky · Acme Coffee: 42 now; Mastodon · @acme@social.example: 18 now",
    );
    await page.context().close();
  }, 120_000);

  it("the time zone chosen in Settings wins over the browser's, on every page", async () => {
    const user = await herald.newUser("creator");
    const page = await signedInPage(herald, user, { timezoneId: ZONE, next: "/settings" });
    await page.selectOption("#time_zone", "Asia/Tokyo");
    await page.click("button:has-text('Save time zone')");
    expect(await page.textContent("[role=status]")).toBe("Times are now shown and read in Asia/Tokyo.");
    await page.goto(`${herald.origin}/dashboard`);
    expect(await page.getAttribute("html", "data-zone")).toBe("Asia/Tokyo");
    expect(await page.textContent("#zone")).toBe("Asia/Tokyo");
    await page.goto(`${herald.origin}/dashboard/compose`);
    expect(await page.textContent("label[for=scheduled_at]")).toContain("Asia/Tokyo");
    await page.context().close();
  }, 120_000);

  it("a flow's diagram marks its problem on the step at fault, and Turn on is refused naming it", async () => {
    const page = await signedInPage(herald, owner, { timezoneId: ZONE, next: "/dashboard/flows" });
    await page.click(`a[href="/dashboard/flows/${broken.id}"]`);
    await page.waitForSelector("svg#diagram");
    const trigger = broken.nodes.find((n) => n.name === "New message")!;
    const flagged = page.locator("svg#diagram g.step.problem");
    expect(await flagged.count()).toBe(1);
    expect(await flagged.getAttribute("data-step")).toBe(trigger.id);
    expect(await flagged.getAttribute("data-problems")).toBe("trigger_without_keywords");
    expect(await flagged.locator("text.name").textContent()).toBe("New message");
    expect(await flagged.locator("text.flag").textContent()).toBe("⚠ 1 problem");
    // The same step is marked in the words a screen reader reads.
    expect(await page.textContent(`#steps li.problem[data-step="${trigger.id}"]`)).toContain(
      "Problems: trigger_without_keywords",
    );
    await keepScreenshot(page, "flow-diagram");

    await page.click("button:has-text('Turn on')");
    expect(await page.textContent("[role=alert]")).toContain(
      "The flow cannot be turned on while it has problems: trigger_without_keywords",
    );
    expect((await as("GET", `/api/v1/flows/${broken.id}`)).status).toBe("draft");
    await page.context().close();
  }, 120_000);

  it("Stop on a run ends it: the runs list says stopped and nothing more is sent", async () => {
    const page = await signedInPage(herald, owner, { timezoneId: ZONE, next: `/dashboard/flows/${drip.id}` });
    const [run] = await as("GET", `/api/v1/flows/${drip.id}/executions`);
    const row = page.locator(`#runs-table tr[data-run="${run.id}"]`);
    expect(await row.locator(".badge").textContent()).toBe("waiting delay");
    await row.locator("button:has-text('Stop')").click();
    expect(await page.textContent("[role=status]")).toBe("Stopped: it sends nothing more.");
    expect(await page.locator(`#runs-table tr[data-run="${run.id}"] .badge`).textContent()).toBe("stopped");
    expect(await page.locator(`#runs-table tr[data-run="${run.id}"] button`).count()).toBe(0);
    expect((await as("GET", `/api/v1/flows/${drip.id}/executions`))[0]).toMatchObject({
      status: "stopped",
      stop_reason: "owner",
    });
    await page.context().close();
  }, 120_000);

  it("a client invite: created with its platforms and places, its link shown once, then revoked", async () => {
    const page = await signedInPage(herald, owner, { timezoneId: ZONE, next: "/dashboard/accounts" });
    await page.selectOption("#invite-group", { label: "Acme Shop" });
    await page.check("#invite-facebook");
    await page.check("#invite-instagram");
    await page.fill("#invite-places", "3");
    await page.click("button:has-text('Create link')");
    const link = (await page.textContent("#shown-once"))!;
    expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
    const [made] = await as("GET", "/api/v1/client-invites");
    expect(made).toMatchObject({ platforms: ["facebook", "instagram"], max_accounts: 3, state: "active" });
    const card = page.locator(`[data-invite="${made.id}"]`);
    expect(await card.textContent()).toContain("3 of 3 places left");

    const client = await herald.browser.newContext();
    const opened = await (await client.newPage()).goto(link);
    expect(opened!.status()).toBe(200);

    await page.goto(`${herald.origin}/dashboard/accounts`);
    expect(await page.locator("#shown-once").count()).toBe(0);
    await page.locator(`[data-invite="${made.id}"] button:has-text('Revoke link')`).click();
    expect(await page.textContent("[role=status]")).toContain("The link was turned off");
    expect(await page.locator(`[data-invite="${made.id}"] .badge`).textContent()).toBe("revoked");
    expect((await as("GET", "/api/v1/client-invites")).find((i: any) => i.id === made.id).state).toBe("revoked");
    const dead = await (await client.newPage()).goto(link);
    expect(dead!.status()).toBe(410);
    await client.close();
    await page.context().close();
  }, 120_000);

  describe("every page passes axe (no serious or critical violation) and fits a 390×844 phone", () => {
    let desktop: BrowserContext;
    let phone: BrowserContext;
    let signedOutDesktop: BrowserContext;
    let signedOutPhone: BrowserContext;

    beforeAll(async () => {
      desktop = (await signedInPage(herald, owner, { timezoneId: ZONE })).context();
      phone = (await signedInPage(herald, owner, { timezoneId: ZONE, viewport: PHONE, isMobile: true })).context();
      signedOutDesktop = await herald.browser.newContext({ viewport: DESKTOP });
      signedOutPhone = await herald.browser.newContext({ viewport: PHONE, isMobile: true });
    }, 60_000);

    afterAll(async () => {
      for (const context of [desktop, phone, signedOutDesktop, signedOutPhone]) await context?.close();
    });

    /** Opens the page in both sizes (`reach` gets there from a blank page) and checks each. */
    async function check(contexts: [BrowserContext, BrowserContext], reach: (page: Page) => Promise<unknown>) {
      const [wide, narrow] = await Promise.all(contexts.map((c) => c.newPage()));
      await reach(wide!);
      await expectAccessible(wide!);
      await reach(narrow!);
      await expectFitsPhone(narrow!);
      await wide!.close();
      await narrow!.close();
    }
    const signedIn = (path: string) => () => check([desktop, phone], (page) => page.goto(`${herald.origin}${path}`));
    const signedOut = (reach: (page: Page) => Promise<unknown>) => () =>
      check([signedOutDesktop, signedOutPhone], reach);

    it.each([
      "/dashboard",
      "/dashboard?week=2030-06-10",
      "/dashboard/posts",
      "/dashboard/compose",
      "/dashboard/analytics",
      "/dashboard/analytics?period=90",
      "/dashboard/notifications",
      "/dashboard/webhooks",
      "/dashboard/flows",
      "/dashboard/accounts",
      "/dashboard/members",
      "/settings",
      "/dashboard/posts/post_does_not_exist",
    ])("%s", (path) => signedIn(path)(), 60_000);

    it("a post's page, its edit form and its metrics", async () => {
      await signedIn(`/dashboard/posts/${scheduled.id}`)();
      await signedIn(`/dashboard/posts/${scheduled.id}/edit`)();
      await signedIn(`/dashboard/posts/${published.id}`)();
    }, 60_000);

    it("a flow's page, an account's people and the disconnect question", async () => {
      await signedIn(`/dashboard/flows/${broken.id}`)();
      await signedIn(`/dashboard/flows/${drip.id}`)();
      await signedIn(`/dashboard/accounts/${whatsapp.id}/contacts`)();
      await signedIn(`/dashboard/accounts/${whatsapp.id}/disconnect`)();
    }, 60_000);

    it("the accounts page with a refused form shown again", async () => {
      await check([desktop, phone], async (page) => {
        await page.goto(`${herald.origin}/dashboard/accounts`);
        await page.fill("#group-name", "x".repeat(120));
        await page.click("button:has-text('Create group')");
        await page.waitForSelector("#group-error");
      });
    }, 60_000);

    it("the compose form with its problems and a preview shown", async () => {
      await check([desktop, phone], async (page) => {
        await page.goto(`${herald.origin}/dashboard/compose`);
        await page.fill("#text", "x".repeat(320));
        await page.check(`#account-${bluesky.id}`);
        await page.fill("#media-0-url", "not a link");
        await page.click("button[value=save]");
        await page.waitForSelector("#errors");
      });
      await check([desktop, phone], async (page) => {
        await page.goto(`${herald.origin}/dashboard/compose`);
        await page.fill("#text", "A short one");
        await page.check(`#account-${bluesky.id}`);
        await page.check(`#account-${mastodon.id}`);
        await page.click("button[value=preview]");
        await page.waitForSelector("#preview");
      });
    }, 60_000);

    it("sign-in and sign-up", async () => {
      await signedOut((page) => page.goto(`${herald.origin}/signin`))();
      await signedOut((page) => page.goto(`${herald.origin}/signup`))();
    }, 60_000);

    it("a client's review page, invite page, shared report and the sandbox's consent page", async () => {
      await signedOut((page) => page.goto(review.url))();
      await signedOut((page) => page.goto(reportLink.url))();
      await signedOut((page) => page.goto(invite.url))();
      await signedOut(async (page) => {
        await page.goto(invite.url);
        await page.click("button[value=instagram]");
        await page.waitForURL(/\/sandbox\/consent\?/);
      })();
    }, 60_000);

    it("the OAuth consent page", async () => {
      const registration = await fetch(`${herald.origin}/api/oauth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          redirect_uris: ["http://127.0.0.1:9/cb"],
          token_endpoint_auth_method: "none",
          client_name: "Axe app",
        }),
      });
      const { client_id } = (await registration.json()) as { client_id: string };
      const challenge = createHash("sha256").update(randomBytes(32).toString("base64url")).digest("base64url");
      const authorize = `/api/oauth/authorize?${new URLSearchParams({
        client_id,
        redirect_uri: "http://127.0.0.1:9/cb",
        response_type: "code",
        scope: "posts:read posts:write",
        state: "s",
        code_challenge: challenge,
        code_challenge_method: "S256",
      })}`;
      await signedIn(authorize)();
    }, 60_000);
  });
});
