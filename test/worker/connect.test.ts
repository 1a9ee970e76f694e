import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApp } from "../../src/app";
import { AppError } from "../../src/lib/errors";
import { getPlatform } from "../../src/platforms";
import { SandboxAdapter } from "../../src/platforms/sandbox";
import { TikTokAdapter } from "../../src/platforms/video/tiktok";
import { XAdapter } from "../../src/platforms/x";
import { createRuntime } from "../../src/services/runtime";
import { api, newUser } from "./helpers/api";
import { Browser, hiddenField } from "./helpers/browser";
import { decide } from "./helpers/invites";

afterEach(() => vi.restoreAllMocks());

/** The hidden fields of the sandbox consent page, as the browser posts them back. */
const consentFields = (page: string) =>
  Object.fromEntries(
    ["csrf", "platform", "state", "redirect_uri", "code_challenge"].map((name) => [name, hiddenField(page, name)]),
  );

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

/** A request to Herald as deployed (production mode) with this test worker's env, which has no platform app. */
async function deployed(path: string, init: RequestInit = {}, overrides: Partial<Env> = {}) {
  const res = await createApp().fetch(
    new Request(`http://h${path}`, init),
    { ...env, SANDBOX: undefined, ...overrides },
    ctx,
  );
  return { status: res.status, body: await res.json<any>() };
}

describe("connecting on a deployment without platform credentials (this test worker has none)", () => {
  it("says platform_not_configured for X, naming what to set, and writes nothing", async () => {
    const { key } = await newUser();
    const res = await deployed("/api/v1/connect/twitter", { headers: { "x-api-key": key } });
    expect(res.status).toBe(503);
    expect(res.body.error).toMatchObject({ code: "platform_not_configured", missing: ["X_CLIENT_ID"] });
    expect(res.body.error.message).toBe("twitter is not configured on this deployment: set X_CLIENT_ID");
    const states = await env.DB.prepare("SELECT COUNT(*) AS n FROM connect_states").first<{ n: number }>();
    expect(states!.n).toBe(0);
  });

  it.each([
    ["linkedin", ["LINKEDIN_CLIENT_ID", "LINKEDIN_CLIENT_SECRET"]],
    ["facebook", ["META_APP_ID", "META_APP_SECRET"]],
    ["instagram", ["INSTAGRAM_APP_ID", "INSTAGRAM_APP_SECRET"]],
    ["threads", ["THREADS_APP_ID", "THREADS_APP_SECRET"]],
    ["tiktok", ["TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET"]],
    ["youtube", ["YOUTUBE_CLIENT_ID", "YOUTUBE_CLIENT_SECRET"]],
    ["pinterest", ["PINTEREST_APP_ID", "PINTEREST_APP_SECRET"]],
    ["dribbble", ["DRIBBBLE_CLIENT_ID", "DRIBBBLE_CLIENT_SECRET"]],
    ["twitch", ["TWITCH_CLIENT_ID", "TWITCH_CLIENT_SECRET"]],
    ["kick", ["KICK_CLIENT_ID", "KICK_CLIENT_SECRET"]],
    ["tumblr", ["TUMBLR_CLIENT_ID", "TUMBLR_CLIENT_SECRET"]],
    ["reddit", ["REDDIT_CLIENT_ID", "REDDIT_CLIENT_SECRET"]],
    ["google_business", ["GOOGLE_BUSINESS_CLIENT_ID", "GOOGLE_BUSINESS_CLIENT_SECRET"]],
  ])("says platform_not_configured for %s up front, naming its app credentials", async (platform, missing) => {
    const { key } = await newUser();
    const fetch = vi.spyOn(globalThis, "fetch");
    const res = await deployed(`/api/v1/connect/${platform}`, { headers: { "x-api-key": key } });
    expect([res.status, res.body.error.code, res.body.error.missing]).toEqual([
      503,
      "platform_not_configured",
      missing,
    ]);
    // No consent could have been started, so a callback names none Herald knows.
    const callback = await deployed(`/api/v1/connect/${platform}/callback?state=s&code=c`);
    expect([callback.status, callback.body.error.code]).toEqual([400, "invalid_state"]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("refuses to take credentials it could not store encrypted, before calling the platform", async () => {
    const { key } = await newUser();
    const fetch = vi.spyOn(globalThis, "fetch");
    // As deployed without ENCRYPTION_KEY (the sandbox has a built-in key).
    const res = await deployed(
      "/api/v1/connect/bluesky",
      {
        method: "POST",
        headers: { "x-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ handle: "herald.bsky.social", app_password: "abcd-efgh-ijkl-mnop" }),
      },
      { ENCRYPTION_KEY: undefined },
    );
    expect([res.status, res.body.error.code]).toEqual([503, "encryption_not_configured"]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("needs accounts:write like the rest of account management", async () => {
    const res = await api("GET", "/api/v1/connect/twitter");
    expect([res.status, res.body.error.code]).toEqual([401, "unauthorized"]);
  });
});

describe("in sandbox mode, the sandbox's consent page stands in for a platform not set up here", () => {
  it.each(["twitter", "bluesky", "mastodon", "telegram"])(
    "connects %s: the start link, the sandbox consent as a name, the callback, the account",
    async (platform) => {
      const { key } = await newUser();
      const fetch = vi.spyOn(globalThis, "fetch");
      const start = await api("GET", `/api/v1/connect/${platform}`, { key });
      expect(start.status).toBe(200);
      const browser = await new Browser().signInWithKey(key);
      const opened = await browser.fetch(start.body.data.authorization_url);
      const consent = new URL(opened.headers.get("location")!);
      expect([consent.pathname, consent.searchParams.get("platform")]).toEqual(["/sandbox/consent", platform]);
      const page = await browser.page(consent.pathname + consent.search);
      const back = await decide(browser, consentFields(page.text), "Acme Coffee");
      const done = await browser.json(back);
      expect([done.status, done.body.data.platform, done.body.data.name]).toEqual([201, platform, "Acme Coffee"]);
      const listed = await api("GET", "/api/v1/connected-accounts", { key });
      expect(listed.body.data.map((a: any) => [a.platform, a.name, a.status])).toEqual([
        [platform, "Acme Coffee", "active"],
      ]);
      expect(fetch).not.toHaveBeenCalled();
    },
  );
});

describe("Mastodon instances in sandbox mode", () => {
  it("accepts a loopback instance (a local Mastodon), which production refuses", async () => {
    const { key } = await newUser();
    const sent: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      sent.push(new Request(input as string).url);
      return Response.json({ client_id: "local-client", client_secret: "local-secret" });
    });
    const res = await api("POST", "/api/v1/connect/mastodon", { key, body: { instance_url: "http://localhost:3000" } });
    expect(res.status).toBe(202);
    expect(sent).toEqual(["http://localhost:3000/api/v1/apps"]);
    const browser = await new Browser().signInWithKey(key);
    const opened = await browser.fetch(res.body.data.authorization_url);
    expect(opened.headers.get("location")).toMatch(/^http:\/\/localhost:3000\/oauth\/authorize\?/);
  });
});

describe("getPlatform", () => {
  it("gives the sandbox in sandbox mode, else the real adapter from the registry, refusing what is missing", async () => {
    const rt = await createRuntime(env);
    expect(getPlatform(rt, "twitter")).toBeInstanceOf(SandboxAdapter);

    const live = { ...rt, sandbox: false };
    const unconfigured = (() => {
      try {
        getPlatform(live, "twitter");
      } catch (error) {
        return error;
      }
    })();
    expect(unconfigured).toBeInstanceOf(AppError);
    expect((unconfigured as AppError).code).toBe("platform_not_configured");

    const configured = { ...live, env: { ...env, X_CLIENT_ID: "client" } };
    expect(getPlatform(configured, "twitter")).toBeInstanceOf(XAdapter);
    expect(() => getPlatform(configured, "tiktok")).toThrow(
      "tiktok is not configured on this deployment: set TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET",
    );
    const tiktok = { ...live, env: { ...env, TIKTOK_CLIENT_KEY: "key", TIKTOK_CLIENT_SECRET: "secret" } };
    expect(getPlatform(tiktok, "tiktok")).toBeInstanceOf(TikTokAdapter);
  });
});
