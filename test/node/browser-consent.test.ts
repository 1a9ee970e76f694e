import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startServer } from "../../scripts/lib/server.mjs";
import { CHROMIUM, hasChromium, launchChromium } from "./helpers/chromium";

if (!hasChromium) console.warn(`Skipping the browser consent test: ${CHROMIUM} is missing (apt-get install chromium).`);

const REDIRECT = "http://127.0.0.1:9999/callback";

describe.skipIf(!hasChromium)("consent in a real browser", () => {
  let server: { stop: () => void };
  let browser: Browser;
  let state: string;
  let PORT: number;
  let ORIGIN: string;

  beforeAll(async () => {
    state = mkdtempSync(join(tmpdir(), "herald-browser-"));
    const started = await startServer({ persistTo: state, quiet: true });
    server = started;
    PORT = started.port;
    ORIGIN = `http://localhost:${PORT}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    server?.stop();
    rmSync(state, { recursive: true, force: true });
  });

  it("signs in, consents with Read-only ticked, and the token carries only the read scopes", async () => {
    const user = await call(`http://127.0.0.1:${PORT}`, "POST", "/api/v1/sandbox/users", { plan: "creator" });
    // The issuer is this server's own origin.
    await call(
      `http://127.0.0.1:${PORT}`,
      "PATCH",
      "/api/v1/sandbox/config",
      { public_base_url: ORIGIN },
      user.api_key,
    );
    const registration = await fetch(`${ORIGIN}/api/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: "none",
        client_name: "Browser test app",
      }),
    });
    const client = (await registration.json()) as { client_id: string };

    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");
    const authorize = `${ORIGIN}/api/oauth/authorize?${new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "posts:read posts:write webhooks:write",
      state: "xyz",
      code_challenge: challenge,
      code_challenge_method: "S256",
    })}`;

    const page = await browser.newPage();
    await page.route("http://127.0.0.1:9999/**", (route) => route.fulfill({ status: 200, body: "back at the app" }));
    await page.goto(authorize);
    await page.fill("#email", user.email);
    await page.fill("#password", user.password);
    await page.click("button[type=submit]");
    await page.waitForURL(/\/api\/oauth\/authorize/);
    expect(await page.textContent("h1")).toContain("Browser test app");
    await page.check("input[name=read_only]");
    await page.click("button[value=approve]");
    await page.waitForURL(/127\.0\.0\.1:9999\/callback/);
    const code = new URL(page.url()).searchParams.get("code");
    expect(code).toBeTruthy();

    const token = await fetch(`${ORIGIN}/api/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: code!,
        redirect_uri: REDIRECT,
        client_id: client.client_id,
        code_verifier: verifier,
      }),
    });
    const granted = (await token.json()) as { scope: string; access_token: string };
    expect(granted.scope.split(" ").sort()).toEqual(["agent:execute", "posts:read"]);
    const write = await fetch(`${ORIGIN}/api/v1/signatures`, {
      method: "POST",
      headers: { authorization: `Bearer ${granted.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "n", text: "t" }),
    });
    expect(write.status).toBe(403);
  }, 120_000);
});
