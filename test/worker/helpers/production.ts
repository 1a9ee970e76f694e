import { env } from "cloudflare:test";
import { vi } from "vitest";
import { runJobs } from "../../../src/cron";
import { randomToken } from "../../../src/lib/ids";
import type { PlatformKey } from "../../../src/platforms/catalog";
import { connectAccount } from "../../../src/services/accounts/accounts";
import { createApiKey } from "../../../src/services/auth/api-keys";
import type { PlanName } from "../../../src/services/plans";
import { createRuntime } from "../../../src/services/runtime";
import { createUser } from "../../../src/services/users";
import { api } from "./api";
import { Browser } from "./browser";
import { type Exchange, scriptedPlatform } from "./platform";

/** Outside the sandbox there is no sandbox API: users and keys are made through the services. */
export async function liveUser(plan: PlanName = "creator") {
  const rt = await createRuntime(env);
  const [email, password] = [`live-${randomToken(10)}@herald.test`, randomToken(16)];
  const user = await createUser(rt, { email, password, plan });
  const key = await createApiKey(rt, user.id, "test");
  return { userId: user.id, key: key.key, email, password };
}

/** An active account of `platform` for the user, stored as a connection stores it (no credentials). */
export async function liveAccount(userId: string, platform: PlatformKey) {
  return connectAccount(await createRuntime(env), userId, platform, {});
}

/**
 * Answers the Worker's outbound requests (its global fetch) from a script, until `vi.restoreAllMocks()`.
 * Returns what was sent; every request must be the next one the script expects.
 */
export function scriptWorkerFetch(script: Exchange[]) {
  const platform = scriptedPlatform(script);
  vi.spyOn(globalThis, "fetch").mockImplementation(platform.deps.fetch);
  return platform;
}

/**
 * Opens an API-started consent's start link (`authorization_url`) in `browser`, which must be signed in as its user:
 * the browser is bound to the consent and sent on to the platform. Answers the platform's URL.
 */
export async function followStart(browser: Browser, startUrl: string): Promise<URL> {
  const res = await browser.fetch(startUrl);
  if (res.status !== 302) throw new Error(`start link: ${res.status} ${await res.text()}`);
  return new URL(res.headers.get("location")!);
}

/** Opens a start link in the signed-in browser of the user holding `key`: that browser and the platform's URL. */
export async function openStart(key: string, startUrl: string) {
  const browser = await new Browser().signInWithKey(key);
  return { browser, url: await followStart(browser, startUrl) };
}

/**
 * The whole consent round trip for `platform` as the user holding `key`, with the platform's side scripted: starts
 * the connection, opens the start link in that user's signed-in browser, then comes back to the callback in it
 * with the state and a code, as the platform would send it.
 */
export async function connectThroughConsent(platform: string, key: string, script: Exchange[]) {
  const start = await api("GET", `/api/v1/connect/${platform}`, { key });
  if (start.status !== 200) throw new Error(`connect ${platform}: ${start.status} ${JSON.stringify(start.body)}`);
  const { browser, url } = await openStart(key, start.body.data.authorization_url);
  const state = url.searchParams.get("state")!;
  const wire = scriptWorkerFetch(script);
  const callback = await browser.json(`/api/v1/connect/${platform}/callback?state=${state}&code=code-from-${platform}`);
  vi.restoreAllMocks();
  return { url, state, callback, wire, browser };
}

/** The stored (sealed) credentials row of an account, or null. */
export const credentialsRow = (accountId: string) =>
  env.DB.prepare("SELECT * FROM account_credentials WHERE account_id = ?").bind(accountId).first<Record<string, any>>();

/** Makes an account's token expire within the hourly refresh job's window. */
export const expireSoon = (accountId: string) =>
  env.DB.prepare("UPDATE account_credentials SET expires_at = ? WHERE account_id = ?")
    .bind(Date.now() + 60_000, accountId)
    .run();

/** Runs the hourly token refresh now. */
export const runTokenRefresh = async () =>
  (await runJobs(await createRuntime(env), ["token-refresh"]))["token-refresh"];

/** The S256 challenge of a PKCE verifier (RFC 7636: base64url of its SHA-256), to check what a platform was shown. */
export async function challengeOf(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}
