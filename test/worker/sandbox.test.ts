import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../src/app";
import { getPlatform } from "../../src/platforms";
import { PlatformError } from "../../src/platforms/types";
import { createRuntime } from "../../src/services/runtime";
import { api, connect, newUser } from "./helpers/api";
import { Browser, hiddenField } from "./helpers/browser";

describe("sandbox users", () => {
  it("creates a user on any plan with a working key, without a key", async () => {
    const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "agency", email: "A@Example.com" } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: "a@example.com", plan: "agency", created: true });
    expect(res.body.data.api_key).toMatch(/^sk_/);
    expect(res.body.data.password.length).toBeGreaterThanOrEqual(16);
    const again = await api("POST", "/api/v1/sandbox/users", { body: { plan: "pro", email: "a@example.com" } });
    expect(again.body.data).toMatchObject({ user_id: res.body.data.user_id, plan: "pro", created: false });
    expect(again.body.data.api_key).not.toBe(res.body.data.api_key);
  });

  it("sets the display name clients see on invite pages; none is null", async () => {
    const named = await api("POST", "/api/v1/sandbox/users", { body: { plan: "studio", name: "  Ada Agency " } });
    expect(named.body.data.name).toBe("Ada Agency");
    const plain = await api("POST", "/api/v1/sandbox/users", { body: { plan: "studio" } });
    expect(plain.body.data.name).toBeNull();
    const tooLong = await api("POST", "/api/v1/sandbox/users", { body: { plan: "studio", name: "x".repeat(101) } });
    expect([tooLong.status, tooLong.body.error.issues[0].path]).toEqual([400, "name"]);
  });

  it("refuses an unknown plan", async () => {
    const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "platinum" } });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("plan");
  });
});

describe("rule 5: the sandbox cannot take over real users", () => {
  it("refuses with 409 an email that signed up through /signup: no new password, no key, no plan change", async () => {
    const email = "real-person@herald.test";
    const password = "my own password";
    const person = new Browser();
    const form = await person.fetch("/signup");
    const signedUp = await person.post("/signup", {
      csrf: hiddenField(await form.text(), "csrf"),
      next: "/",
      email,
      password,
    });
    expect(signedUp.status).toBe(303);
    const before = await env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first();

    for (const asked of [email, "Real-Person@Herald.test"]) {
      const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "agency", email: asked } });
      expect([res.status, res.body.error?.code], asked).toEqual([409, "email_taken"]);
      expect(JSON.stringify(res.body)).not.toMatch(/sk_|password/);
    }

    expect(await env.DB.prepare("SELECT * FROM users WHERE email = ?").bind(email).first()).toEqual(before);
    const keys = await env.DB.prepare("SELECT count(*) AS n FROM api_keys WHERE user_id = ?")
      .bind(before!.id)
      .first<{ n: number }>();
    expect(keys!.n).toBe(0);
    // The person's own password still signs them in.
    await new Browser().signIn(email, password);
  });

  it("still signs a sandbox-made user in again with a new key (the demo seed relies on it)", async () => {
    const first = await api("POST", "/api/v1/sandbox/users", { body: { plan: "free", email: "demo+x@herald.local" } });
    const again = await api("POST", "/api/v1/sandbox/users", { body: { plan: "free", email: "demo+x@herald.local" } });
    expect(again.status).toBe(201);
    expect(again.body.data).toMatchObject({ user_id: first.body.data.user_id, created: false });
    expect((await api("GET", "/api/v1/connected-accounts", { key: again.body.data.api_key })).status).toBe(200);
  });
});

describe("sandbox accounts", () => {
  it("connects an account with chosen facts and changes them", async () => {
    const { key } = await newUser();
    const group = await api("POST", "/api/v1/account-groups", { key, body: { name: "News" } });
    const account = await connect(key, "telegram", {
      name: "Channel bot",
      destinations: [{ id: "@herald", label: "Herald news" }],
      group_id: group.body.data.id,
    });
    const res = await api("PATCH", `/api/v1/sandbox/accounts/${account.id}`, {
      key,
      body: { status: "reauth_required", text_limit: 1000 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "reauth_required", text_limit: 1000, group_id: group.body.data.id });
  });

  it("puts accounts only in the user's own groups", async () => {
    const { key } = await newUser();
    const other = await newUser();
    const theirs = await api("POST", "/api/v1/account-groups", { key: other.key, body: { name: "Theirs" } });
    const res = await api("POST", "/api/v1/sandbox/accounts", {
      key,
      body: { platform: "bluesky", group_id: theirs.body.data.id },
    });
    expect([res.status, res.body.error.code]).toEqual([404, "not_found"]);
    const account = await connect(key, "bluesky");
    const patch = await api("PATCH", `/api/v1/sandbox/accounts/${account.id}`, {
      key,
      body: { group_id: theirs.body.data.id },
    });
    expect(patch.status).toBe(404);
    expect((await api("GET", "/api/v1/connected-accounts", { key })).body.data[0].group_id).toBeNull();
  });

  it("counts sandbox accounts toward the plan's account limit and refuses beyond it", async () => {
    const { key } = await newUser("free");
    for (let i = 0; i < 3; i++) await connect(key, "bluesky");
    const res = await api("POST", "/api/v1/sandbox/accounts", { key, body: { platform: "bluesky" } });
    expect([res.status, res.body.error.code]).toEqual([403, "feature_disabled"]);
    expect((await api("GET", "/api/v1/connected-accounts", { key })).body.data).toHaveLength(3);
  });

  it("moves an X account's text_limit with its tier", async () => {
    const { key } = await newUser();
    const account = await connect(key, "twitter");
    const res = await api("PATCH", `/api/v1/sandbox/accounts/${account.id}`, {
      key,
      body: { subscription_tier: "basic" },
    });
    expect(res.body.data).toMatchObject({ subscription_tier: "basic", text_limit: 4000 });
  });
});

describe("sandbox faults", () => {
  it("lets `after` calls through first, then fails the next `count`", async () => {
    const { key } = await newUser();
    const account = await connect(key, "lemmy", { destinations: [{ id: "c1", label: "c/news" }] });
    const res = await api("POST", "/api/v1/sandbox/faults", {
      key,
      body: { platform: "lemmy", mode: "error", count: 2, after: 2 },
    });
    expect(res.body.data).toEqual({ platform: "lemmy", mode: "error", count: 2, after: 2 });
    const platform = getPlatform(await createRuntime(env), "lemmy");
    const target = {
      id: account.id,
      platform: "lemmy" as const,
      platformUserId: "u",
      subscriptionTier: null,
      destinations: [],
    };
    const outcomes = [];
    for (let i = 0; i < 5; i++) {
      outcomes.push(
        await platform.publish(target, { text: `call ${i}`, media: [], options: {} }).then(
          () => "ok",
          (e) => e.failure,
        ),
      );
    }
    expect(outcomes).toEqual(["ok", "ok", "transient", "transient", "ok"]);
    const published = await api("GET", "/api/v1/sandbox/published", { key });
    expect(published.body.data.map((c: { text: string }) => c.text)).toEqual(["call 0", "call 1", "call 4"]);
  });

  it("fails the platform's next N calls the way asked, then recovers", async () => {
    const { key } = await newUser();
    const account = await connect(key, "mastodon");
    const res = await api("POST", "/api/v1/sandbox/faults", {
      key,
      body: { platform: "mastodon", mode: "timeout", count: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ platform: "mastodon", mode: "timeout", count: 1, after: 0 });

    const rt = await createRuntime(env);
    const platform = getPlatform(rt, "mastodon");
    const target = {
      id: account.id,
      platform: "mastodon" as const,
      platformUserId: "u",
      subscriptionTier: null,
      destinations: [],
    };
    const request = { text: "hello", media: [], options: {} };
    const failure = await platform.publish(target, request).catch((e) => e);
    expect(failure).toBeInstanceOf(PlatformError);
    expect(failure.failure).toBe("no_answer");
    await expect(platform.publish(target, request)).resolves.toMatchObject({ platformPostId: expect.any(String) });

    const published = await api("GET", "/api/v1/sandbox/published", { key });
    expect(published.body.data).toHaveLength(1);
    expect(published.body.data[0]).toMatchObject({ kind: "publish", account_id: account.id, text: "hello" });
  });

  it.each([
    ["error", "transient", true],
    ["reject", "refused", false],
  ])("mode %s fails as %s (retryable: %s)", async (mode, failure, retryable) => {
    const { key } = await newUser();
    await api("POST", "/api/v1/sandbox/faults", { key, body: { platform: "slack", mode, count: 1 } });
    const rt = await createRuntime(env);
    const error = await getPlatform(rt, "slack").repost!(
      { id: "a", platform: "slack", platformUserId: "u", subscriptionTier: null, destinations: [] },
      "p",
    ).catch((e) => e);
    expect(error).toMatchObject({ failure, retryable });
  });

  it("refuses an unknown mode", async () => {
    const { key } = await newUser();
    const res = await api("POST", "/api/v1/sandbox/faults", {
      key,
      body: { platform: "slack", mode: "explode", count: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.issues[0].path).toBe("mode");
  });
});

describe("sandbox clock, tick and config", () => {
  it("advances and sets the clock", async () => {
    const { key } = await newUser();
    const set = await api("POST", "/api/v1/sandbox/clock", { key, body: { set: "2030-01-01T00:00:00Z" } });
    expect(Date.parse(set.body.data.now)).toBeGreaterThanOrEqual(Date.parse("2030-01-01T00:00:00Z"));
    const moved = await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 86_400_000 } });
    expect(Date.parse(moved.body.data.now) - Date.parse(set.body.data.now)).toBeGreaterThanOrEqual(86_400_000);
    const health = await api("GET", "/api/v1/health");
    expect(Date.parse(health.body.data.time)).toBeGreaterThanOrEqual(Date.parse("2030-01-02T00:00:00Z"));
  });

  it("refuses a clock body that is neither advance_ms nor set", async () => {
    const { key } = await newUser();
    const res = await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: -5 } });
    expect(res.status).toBe(400);
  });

  it("runs all jobs, and refuses an unknown job name", async () => {
    const { key } = await newUser();
    const all = await api("POST", "/api/v1/sandbox/tick", { key, body: {} });
    expect(all.status).toBe(200);
    const bad = await api("POST", "/api/v1/sandbox/tick", { key, body: { jobs: ["nope"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_error");
  });

  it("reads and changes the config, refusing unknown keys and bad values", async () => {
    const { key } = await newUser();
    expect((await api("GET", "/api/v1/sandbox/config", { key })).body.data.rate_limit_per_hour).toBe(1000);
    const changed = await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 50 } });
    expect(changed.body.data.rate_limit_per_hour).toBe(50);
    expect((await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 0 } })).status).toBe(400);
    expect((await api("PATCH", "/api/v1/sandbox/config", { key, body: { nope: 1 } })).status).toBe(400);
  });
});

describe("with the sandbox off", () => {
  it("answers every /api/v1/sandbox route with 404", async () => {
    const app = createApp();
    const production = { ...env, SANDBOX: undefined };
    const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
    for (const [method, path] of [
      ["POST", "/api/v1/sandbox/users"],
      ["GET", "/api/v1/sandbox/config"],
      ["POST", "/api/v1/sandbox/clock"],
    ] as const) {
      const res = await app.fetch(
        new Request(`http://h${path}`, { method, body: method === "POST" ? "{}" : undefined }),
        production,
        ctx,
      );
      expect(res.status).toBe(404);
    }
  });
});
