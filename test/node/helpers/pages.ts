/**
 * What browser tests of Herald's pages share: a Herald served by `wrangler dev` with its own state, a browser page
 * signed in as a sandbox user, the quality bars every page must pass (axe: no serious or critical violation; a
 * 390×844 phone without sideways scrolling), and screenshots kept for the docs.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AxeBuilder } from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { call, root, startServer } from "../../../scripts/lib/server.mjs";
import { launchChromium } from "./chromium";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 900 };

export interface SandboxUser {
  user_id: string;
  email: string;
  password: string;
  api_key: string;
}

/** A Herald of its own (sandbox mode, fresh database) and one browser: what a browser test file starts once. */
export interface Herald {
  /** The address pages are opened at (localhost, as cookies and the OAuth issuer expect). */
  origin: string;
  browser: Browser;
  /** Calls the API as `key` (or without one) and unwraps the envelope; throws on a failure. */
  call: (method: string, path: string, body?: unknown, key?: string) => Promise<any>;
  newUser: (plan?: string, extra?: Record<string, unknown>) => Promise<SandboxUser>;
  stop: () => Promise<void>;
}

export async function startHerald(name: string): Promise<Herald> {
  const state = mkdtempSync(join(tmpdir(), `herald-${name}-`));
  const server = await startServer({ persistTo: state, quiet: true });
  const { port } = server;
  const api = server.baseUrl;
  const browser = await launchChromium();
  const herald: Herald = {
    origin: `http://localhost:${port}`,
    browser,
    call: (method, path, body, key) => call(api, method, path, body, key),
    newUser: (plan = "studio", extra = {}) => call(api, "POST", "/api/v1/sandbox/users", { plan, ...extra }),
    stop: async () => {
      await browser.close();
      server.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
  return herald;
}

/**
 * A page signed in as `user` through the sign-in form, sent on to `next`. With no zone chosen in Settings, the
 * dashboard's zone script tells the server the context's `timezoneId` and the page is drawn again in it.
 */
export async function signedInPage(
  herald: Herald,
  user: SandboxUser,
  options: BrowserContextOptions & { next?: string } = {},
): Promise<Page> {
  const { next = "/dashboard", ...contextOptions } = options;
  const context = await herald.browser.newContext({ viewport: DESKTOP, locale: "en-GB", ...contextOptions });
  const page = await context.newPage();
  await page.goto(`${herald.origin}/signin?next=${encodeURIComponent(next)}`);
  await page.fill("#email", user.email);
  await page.fill("#password", user.password);
  await page.click("button[type=submit]");
  await page.waitForURL((url) => url.pathname + url.search === next);
  return page;
}

/** axe-core's rules run on the page as it is now: no violation of impact serious or critical. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(bad, `axe on ${page.url()}`).toEqual([]);
}

/** The page is no wider than the phone it is on (nothing to scroll sideways). */
export async function expectFitsPhone(page: Page) {
  const { scrollWidth, innerWidth } = (await page.evaluate(
    "({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })",
  )) as { scrollWidth: number; innerWidth: number };
  expect(scrollWidth, `width of ${page.url()} on a ${innerWidth} px phone`).toBeLessThanOrEqual(innerWidth);
}

/** Waits until `condition` holds (looking every 250 ms, for at most 30 s). */
export async function waitFor(condition: () => Promise<boolean>, what: string) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * A screenshot for the README: into docs/ under `npm run screenshots` (UPDATE_SCREENSHOTS=1), else into a temporary
 * folder so the test still takes it. Answers where it went.
 */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  const dir = process.env.UPDATE_SCREENSHOTS ? join(root, "docs") : join(tmpdir(), "herald-screenshots");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
