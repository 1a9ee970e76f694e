// A thread and a first comment composed in a real browser: counts per segment and account, a refusal naming its
// segment, then the chain the sandbox platform received and the post's page segment by segment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, hasChromium } from "./helpers/chromium";
import {
  expectAccessible,
  expectFitsPhone,
  type Herald,
  PHONE,
  type SandboxUser,
  signedInPage,
  startHerald,
  waitFor,
} from "./helpers/pages";

if (!hasChromium) console.warn(`Skipping the thread browser test: ${CHROMIUM} is missing (apt-get install chromium).`);

const LINK = "https://example.com/menus/summer-2030/espresso-and-filter";

describe.skipIf(!hasChromium)("composing a thread in a real browser", () => {
  let herald: Herald;
  let owner: SandboxUser;
  let bluesky: { id: string };
  let x: { id: string };
  const as = (method: string, path: string, body?: unknown) => herald.call(method, path, body, owner.api_key);

  beforeAll(async () => {
    herald = await startHerald("thread");
    owner = await herald.newUser("studio");
    bluesky = await as("POST", "/api/v1/sandbox/accounts", { platform: "bluesky", name: "Acme Coffee" });
    x = await as("POST", "/api/v1/sandbox/accounts", { platform: "twitter", name: "@acme" });
  }, 240_000);

  afterAll(async () => {
    await herald?.stop();
  });

  it("counts each segment per account, refuses an over-limit segment by its index, and posts the chain in order", async () => {
    const page = await signedInPage(herald, owner, { next: "/dashboard/compose" });
    await page.fill("#text", "1/ Our summer menu");
    await page.check(`#account-${bluesky.id}`);
    await page.check(`#account-${x.id}`);

    // Add to thread, in the page: each segment its own field and its own count per chosen account.
    await page.click("#add-segment");
    expect(await page.evaluate("document.activeElement.id")).toBe("thread-0-text");
    await page.keyboard.type(`2/ The beans ${LINK}`);
    await page.click("#add-segment");
    await page.fill("#thread-1-text", "3/ The roast");
    await page.click("#add-segment");
    expect(await page.textContent("#thread-2 legend")).toBe("Segment 3");
    const count = (segment: number, account: { id: string }) =>
      page.textContent(`#thread-${segment} .counts li[data-account="account-${account.id}"]`);
    // X counts a link as 23; Bluesky counts it as written.
    expect(await count(0, x)).toBe(`X · @acme: ${"2/ The beans ".length + 23} / 280`);
    expect(await count(0, bluesky)).toBe(`Bluesky · Acme Coffee: ${`2/ The beans ${LINK}`.length} / 300`);
    expect(await count(1, bluesky)).toBe("Bluesky · Acme Coffee: 12 / 300");

    // Removing the middle segment renumbers the one after it.
    await page.fill("#thread-2-text", "4/ Come by");
    await page.click("#thread-1 .remove-segment");
    expect(await page.inputValue("#thread-1-text")).toBe("4/ Come by");
    expect(await page.textContent("#thread-1 legend")).toBe("Segment 2");
    expect(await page.locator("#segments .segment").count()).toBe(2);

    await page.fill("#first_comment", "Questions welcome");
    expect(await page.textContent(`#first-comment-counts li[data-account="account-${x.id}"]`)).toBe(
      "X · @acme: 17 / 280",
    );

    // Segment 2 over Bluesky's limit: the counter says so, and Preview (a dry run) refuses it, naming the segment.
    await page.fill("#thread-1-text", "x".repeat(301));
    expect(await count(1, bluesky)).toBe("Bluesky · Acme Coffee: 301 / 300 (1 too many)");
    await page.click("button[value=preview]");
    await page.waitForSelector("#errors");
    expect(await page.textContent(`#error-account-${bluesky.id}`)).toMatch(
      /^segment 2 \(thread\.1\): 301 characters; account acct_\w+ allows 300$/,
    );
    expect(await page.inputValue("#thread-0-text")).toBe(`2/ The beans ${LINK}`);
    expect(await page.inputValue("#first_comment")).toBe("Questions welcome");
    await expectAccessible(page);
    expect(await as("GET", "/api/v1/posts")).toEqual([]);

    await page.fill("#thread-1-text", "3/ Come by");
    await page.check("#when-now");
    await page.click("button[value=save]");
    await page.waitForURL(/\/dashboard\/posts\/post_[^?]+\?done=created$/);
    const postId = /posts\/(post_[^?]+)/.exec(page.url())![1]!;
    await waitFor(async () => (await as("GET", `/api/v1/posts/${postId}`)).status === "published", "published");

    // What each platform received: the chain in order, each a reply to the one before, the comment under the post.
    for (const account of [bluesky, x]) {
      const calls = await as("GET", `/api/v1/sandbox/published?account_id=${account.id}`);
      expect(calls.map((c: any) => [c.kind, c.text])).toEqual([
        ["publish", "1/ Our summer menu"],
        // Its link is sent as the tracked short link.
        ["publish", expect.stringMatching(/^2\/ The beans http\S+\/l\/\S+$/)],
        ["publish", "3/ Come by"],
        ["comment", "Questions welcome"],
      ]);
      const ids = calls.map((c: any) => c.platform_post_id);
      expect(calls.map((c: any) => c.parent_platform_post_id)).toEqual([null, ids[0], ids[1], ids[0]]);
    }

    // The post's page: per target, each segment's status and link, and the first comment's.
    await page.reload();
    const post = await as("GET", `/api/v1/posts/${postId}`);
    for (const target of post.platforms) {
      const list = page.locator(`tr.steps[data-account="${target.account_id}"] ol.segments`);
      for (const segment of target.segments) {
        expect(await list.locator(`a[href="${segment.url}"]`).count(), segment.url).toBe(1);
      }
      expect(await list.textContent()).toMatch(/First comment\s*published/);
    }
    await expectAccessible(page);
    await page.context().close();
  }, 180_000);

  it("on a phone, the form with segments, their counts and a refusal fits without scrolling sideways", async () => {
    const page = await signedInPage(herald, owner, { viewport: PHONE, isMobile: true, next: "/dashboard/compose" });
    await page.fill("#text", "1/ On the go");
    await page.check(`#account-${bluesky.id}`);
    await page.click("#add-segment");
    await page.fill("#thread-0-text", "x".repeat(301));
    await page.fill("#first_comment", "Ask us");
    await page.click("button[value=preview]");
    await page.waitForSelector("#errors");
    await expectFitsPhone(page);
    await page.context().close();
  }, 60_000);

  it("without its script, Add to thread and Remove segment submit and the form comes back changed", async () => {
    const page = await signedInPage(herald, owner, { javaScriptEnabled: false, next: "/dashboard/compose" });
    await page.fill("#text", "1/ No script");
    await page.click("#add-segment");
    await page.fill("#thread-0-text", "2/ Still a thread");
    expect(await page.inputValue("#text")).toBe("1/ No script");
    await page.click("#thread-0 .remove-segment");
    expect(await page.locator("#segments .segment").count()).toBe(0);
    await page.context().close();
  }, 60_000);
});
