import { exports } from "cloudflare:workers";
import { DrizzleQueryError } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JOBS } from "../../src/cron";
import { log } from "../../src/lib/log";
import { api, connect } from "./helpers/api";
import { group, invite } from "./helpers/invites";
import { captureLog } from "./helpers/log";
import { agentUser, call, mcpClient } from "./helpers/mcp";
import { consent, discover, registerClient, tokens } from "./helpers/oauth-client";
import { FUTURE, resetClock, settled } from "./helpers/posts";
import { createLink, tokenOf } from "./helpers/reviews";
import { addWebhook } from "./helpers/webhooks";

/**
 * Secrets never reach the log: a whole journey (sign-up, keys, an OAuth grant, a webhook, a publish, review and
 * invite links, agent tools, refused credentials, a failure whose message holds a key) is run with the console
 * captured, and every line is searched for every secret the journey made or sent.
 */

const page = (path: string) => exports.default.fetch(new Request(`http://herald.test${path}`));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the log of a whole journey", () => {
  it("holds none of the secrets the journey made or sent, and does hold its events", async () => {
    const logged = captureLog();
    const secrets: Record<string, string> = {};

    const user = await agentUser("agency");
    secrets.password = user.password;
    secrets["sandbox API key"] = user.key;
    await resetClock(user.key);

    const key = await api("POST", "/api/v1/api-keys", { key: user.key, body: { name: "second" } });
    expect(key.status).toBe(201);
    secrets["created API key"] = key.body.data.key;

    const as = await discover();
    const client = await registerClient(as);
    const granted = await tokens(as, client, await consent(as, user, client, { scope: "posts:read posts:write" }));
    secrets["OAuth access token"] = granted.result.access_token;
    secrets["OAuth refresh token"] = granted.result.refresh_token!;
    expect(
      (await api("GET", "/api/v1/posts", { headers: { authorization: `Bearer ${granted.result.access_token}` } }))
        .status,
    ).toBe(200);

    const hook = await addWebhook(user.key, { target_url: "https://hooks.example.com/in", events: ["post.published"] });
    secrets["webhook signing secret"] = hook.signing_secret;

    const account = await connect(user.key, "bluesky");
    const created = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "Journey",
        platforms: [{ platform: "bluesky", account_id: account.id }],
        schedule_type: "immediate",
      },
    });
    expect(created.status).toBe(201);
    expect((await settled(user.key, created.body.data.id)).status).toBe("published");

    const draft = await api("POST", "/api/v1/posts", {
      key: user.key,
      body: {
        text: "For review",
        platforms: [{ platform: "bluesky", account_id: account.id }],
        schedule_type: "scheduled",
        scheduled_at: FUTURE,
      },
    });
    const link = await createLink(user.key, draft.body.data.id);
    secrets["review link token"] = tokenOf(link.url);
    expect((await page(`/review/${tokenOf(link.url)}`)).status).toBe(200);

    const into = await group(user.key, "Clients");
    const invited = await invite(user.key, { group_id: into.id, platforms: ["instagram"] });
    secrets["invite token"] = tokenOf(invited.url);
    expect((await page(`/invite/${tokenOf(invited.url)}`)).status).toBe(200);

    const mcp = await mcpClient({ key: user.key });
    await call(mcp, "list_accounts", {});

    // Credentials that are refused are secrets too: the one who sent them may have mistyped a real one.
    secrets["refused API key"] = "sk_live_refusedRefusedRefused123";
    secrets["refused bearer token"] = "refused-bearer-token-0123456789";
    expect((await api("GET", "/api/v1/posts", { key: secrets["refused API key"] })).status).toBe(401);
    const bearer = { authorization: `Bearer ${secrets["refused bearer token"]}` };
    expect((await api("GET", "/api/v1/posts", { headers: bearer })).status).toBe(401);

    // A failure whose message carries a key and a token in a URL (as a careless library's might) is logged scrubbed.
    vi.spyOn(JOBS.housekeeping!, "run").mockRejectedValue(
      new Error(`fetch https://api.example.com/x?access_token=${secrets["OAuth access token"]} with ${user.key}`),
    );
    expect(
      (await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["housekeeping"] } })).status,
    ).toBe(500);
    logged.restore();

    const text = logged.text();
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThan(8);
      expect(text.includes(secret), `the log holds the ${what}`).toBe(false);
    }
    // Not vacuous: the journey's events were logged, the failure among them.
    const events = logged.lines().map((l) => l.event);
    expect(events).toEqual(expect.arrayContaining(["publish.dispatched", "publish.published", "job.failed"]));
    expect(logged.lines().find((l) => l.event === "job.failed")).toMatchObject({ level: "error", job: "housekeeping" });
  }, 60_000);
});

describe("the logger", () => {
  it("writes one JSON line per event: level, event, request_id and the fields", () => {
    const logged = captureLog();
    log.info("test.event", { post_id: "post_1", count: 2 });
    log.warn("test.warned");
    logged.restore();
    expect(logged.lines()).toEqual([
      { level: "info", event: "test.event", request_id: null, post_id: "post_1", count: 2 },
      { level: "warn", event: "test.warned", request_id: null },
    ]);
  });

  it("leaves out fields named for secrets, at any depth, and secrets in text", () => {
    const logged = captureLog();
    log.error("test.secrets", {
      access_token: "a-token",
      nested: { refreshToken: "r-token", password: "hunter2", "X-API-Key": "sk_abc", key: "k", ok: "kept" },
      note: "sent sk_live_abcdef and Bearer eyJhbGciOi to https://x.example/cb?code=thecode&state=s",
    });
    logged.restore();
    const [line] = logged.lines();
    expect(line).toMatchObject({
      access_token: "[redacted]",
      nested: {
        refreshToken: "[redacted]",
        password: "[redacted]",
        "X-API-Key": "[redacted]",
        key: "[redacted]",
        ok: "kept",
      },
      note: "sent [redacted] and [redacted] to https://x.example/cb?code=[redacted]&state=s",
    });
  });

  it("writes a failed query's SQL and the database's error, never its bound values", () => {
    const logged = captureLog();
    const failure = new DrizzleQueryError(
      'select "id" from "users" where "email" = ? and "password_hash" = ?',
      ["victim@example.com", "hash-of-a-password"],
      new Error("D1_ERROR: no such column"),
    );
    log.error("test.query", { error: failure });
    logged.restore();
    expect(logged.text()).not.toContain("victim@example.com");
    expect(logged.text()).not.toContain("hash-of-a-password");
    expect(logged.lines()[0]).toMatchObject({
      error: {
        query: expect.stringContaining("select"),
        cause: { message: "D1_ERROR: no such column" },
      },
    });
  });
});
