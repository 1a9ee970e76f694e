import { env, listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SCOPES } from "../../src/services/auth/auth";
import { admitApiKey, hashApiKey } from "../../src/services/key-gate";
import { RateLimiter } from "../../src/services/key-gate/rate-limiter";
import { createRuntime } from "../../src/services/runtime";
import { api, newUser } from "./helpers/api";
import { accessTokenFor } from "./helpers/oauth-client";

describe("API keys", () => {
  it("refuses a request without a key: 401 unauthorized", async () => {
    const res = await api("GET", "/api/v1/connected-accounts");
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
  });

  it("refuses an unknown key: 401 invalid_api_key", async () => {
    const res = await api("GET", "/api/v1/connected-accounts", { key: "sk_nope" });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("invalid_api_key");
  });

  it("creates a key shown once, lists it by prefix, and revokes it", async () => {
    const { key } = await newUser();
    const created = await api("POST", "/api/v1/api-keys", { key, body: { name: "ci" } });
    expect(created.status).toBe(201);
    const secret: string = created.body.data.key;
    expect(secret).toMatch(/^sk_[0-9A-Za-z]{32}_[0-9a-f]{16}$/);
    expect(secret.startsWith(created.body.data.prefix)).toBe(true);

    const works = await api("GET", "/api/v1/connected-accounts", { key: secret });
    expect(works.status).toBe(200);

    const list = await api("GET", "/api/v1/api-keys", { key });
    const listed = list.body.data.find((k: { id: string }) => k.id === created.body.data.id);
    expect(listed).toMatchObject({ name: "ci", prefix: created.body.data.prefix, revoked_at: null });
    expect(listed.last_used_at).not.toBeNull();
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const revoked = await api("DELETE", `/api/v1/api-keys/${created.body.data.id}`, { key });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revoked_at).not.toBeNull();

    const refused = await api("GET", "/api/v1/connected-accounts", { key: secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_api_key");
  });

  it("does not let one user revoke another's key", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const [bobKey] = (await api("GET", "/api/v1/api-keys", { key: bob.key })).body.data;
    const res = await api("DELETE", `/api/v1/api-keys/${bobKey.id}`, { key: alice.key });
    expect(res.status).toBe(404);
    expect((await api("GET", "/api/v1/api-keys", { key: bob.key })).status).toBe(200);
  });
});

describe("a key's gate: one Durable Object call authenticates and counts", () => {
  const inviteAsk = (key: string) =>
    api("POST", "/api/v1/client-invites", { key, body: { group_id: "grp_none", platforms: ["instagram"] } });

  it("refuses a revoked key on its very next request, whatever D1 says afterwards", async () => {
    const { key } = await newUser();
    const created = await api("POST", "/api/v1/api-keys", { key, body: { name: "short-lived" } });
    const secret: string = created.body.data.key;
    expect((await api("GET", "/api/v1/connected-accounts", { key: secret })).status).toBe(200);
    expect((await api("DELETE", `/api/v1/api-keys/${created.body.data.id}`, { key })).status).toBe(200);
    // Even a row put back as live (a lost write, a restored backup) does not bring the key back.
    await env.DB.prepare("UPDATE api_keys SET revoked_at = NULL WHERE id = ?").bind(created.body.data.id).run();
    const refused = await api("GET", "/api/v1/connected-accounts", { key: secret });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe("invalid_api_key");
  });

  it("sees a plan change on the key's next request", async () => {
    const email = `gate-${crypto.randomUUID()}@herald.local`;
    const first = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", email } });
    const key: string = first.body.data.api_key;
    expect((await inviteAsk(key)).body.error.code).toBe("feature_disabled");
    await api("POST", "/api/v1/sandbox/users", { body: { plan: "studio", email } });
    const after = await inviteAsk(key);
    expect(after.body.error.code).not.toBe("feature_disabled");
    expect(after.status).toBe(404);
  });

  it("sees a plan change on an OAuth token's next request (its user's bucket remembers the plan)", async () => {
    const email = `gate-${crypto.randomUUID()}@herald.local`;
    const first = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator", email } });
    const token = await accessTokenFor(first.body.data, "accounts:write");
    const bearer = { headers: { authorization: `Bearer ${token}` } };
    const ask = () =>
      api("POST", "/api/v1/client-invites", { ...bearer, body: { group_id: "grp_none", platforms: ["instagram"] } });
    expect((await ask()).body.error.code).toBe("feature_disabled");
    await api("POST", "/api/v1/sandbox/users", { body: { plan: "studio", email } });
    const after = await ask();
    expect(after.body.error.code).not.toBe("feature_disabled");
    expect(after.status).toBe(404);
  });

  it("a plan change told while the user's bucket is reading does not leave the old plan remembered", async () => {
    const { userId } = await newUser("creator");
    const bucket = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`user:${userId}`));
    const planSeen = await runInDurableObject(bucket, async (limiter: RateLimiter) => {
      const reading = limiter.admitUser(userId, 100, Date.now()); // its read of the plan is out
      limiter.forgetHolder(); // told of a plan change while the read may still answer the old plan
      expect((await reading)?.plan).toBe("creator");
      // Wherever the change stands, the read that was out is not trusted for the next five minutes.
      await env.DB.prepare("UPDATE users SET plan = 'studio' WHERE id = ?").bind(userId).run();
      return (await limiter.admitUser(userId, 100, Date.now()))?.plan;
    });
    expect(planSeen).toBe("studio");
  });

  it("reads the holder again after five minutes, so a change made behind Herald's back is seen by then", async () => {
    const { key, userId } = await newUser("creator");
    expect((await inviteAsk(key)).body.error.code).toBe("feature_disabled");
    await env.DB.prepare("UPDATE users SET plan = 'studio' WHERE id = ?").bind(userId).run();
    expect((await inviteAsk(key)).body.error.code).toBe("feature_disabled");
    await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 6 * 60_000 } });
    expect((await inviteAsk(key)).status).toBe(404);
  });

  it("still takes keys made before tags, found in D1 as before, and counts them", async () => {
    const { userId } = await newUser();
    const legacy = `sk_${"a1B2c3D4e5".repeat(4)}`;
    const hash = await hashApiKey(legacy);
    await env.DB.prepare(
      "INSERT INTO api_keys (id, user_id, name, prefix, hash, created_at) VALUES ('key_legacy', ?, 'old', 'sk_a1B2c3D', ?, 0)",
    )
      .bind(userId, hash)
      .run();
    const res = await api("GET", "/api/v1/connected-accounts", { key: legacy });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-remaining")).toBe(String(Number(res.headers.get("ratelimit-limit")) - 1));
  });
});

describe("an OAuth token cannot mint more power than it holds", () => {
  it("refuses an app's token asking for an API key (403 insufficient_scope) and creates nothing", async () => {
    const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator" } });
    const user = res.body.data as { email: string; password: string; api_key: string };
    const keysOf = async () => (await api("GET", "/api/v1/api-keys", { key: user.api_key })).body.data.length;
    const before = await keysOf();
    // Every scope a person can grant: even an app given all of them cannot turn its token into a key.
    const token = await accessTokenFor(user, SCOPES.join(" "));
    const refused = await api("POST", "/api/v1/api-keys", {
      headers: { authorization: `Bearer ${token}` },
      body: { name: "the app's own key" },
    });
    expect([refused.status, refused.body.error.code]).toEqual([403, "insufficient_scope"]);
    expect(await keysOf()).toBe(before);
    // The token itself works, and an API key may still make keys.
    expect((await api("GET", "/api/v1/api-keys", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await api("POST", "/api/v1/api-keys", { key: user.api_key, body: { name: "mine" } })).status).toBe(201);
  });
});

describe("rate limit", () => {
  it("counts requests per key, sends RateLimit headers, and answers 429 rate_limited with Retry-After", async () => {
    const { key } = await newUser();
    await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 3 } });
    const first = await api("GET", "/api/v1/connected-accounts", { key });
    expect(first.headers.get("RateLimit-Limit")).toBe("3");
    expect(first.headers.get("RateLimit-Remaining")).toBe("1");
    await api("GET", "/api/v1/connected-accounts", { key });
    const over = await api("GET", "/api/v1/connected-accounts", { key });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe("rate_limited");
    expect(over.headers.get("RateLimit-Remaining")).toBe("0");
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);

    // Another key of the same limit has its own count.
    const other = await newUser();
    expect((await api("GET", "/api/v1/connected-accounts", { key: other.key })).status).toBe(200);
  });

  it("every answer under /api/v1 carries the caller's RateLimit headers: errors and unknown routes included", async () => {
    const { key } = await newUser();
    await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 50 } });
    const answers = {
      ok: await api("GET", "/api/v1/connected-accounts", { key }),
      "not someone's post": await api("GET", "/api/v1/posts/post_nope", { key }),
      "bad body": await api("POST", "/api/v1/posts", { key, body: { text: 5 } }),
      "bad query": await api("GET", "/api/v1/posts?limit=5000", { key }),
      "not JSON": await api("POST", "/api/v1/posts", { key, rawBody: "{" }),
      "unknown route": await api("GET", "/api/v1/no-such-thing", { key }),
      "unknown method": await api("PUT", "/api/v1/connected-accounts", { key }),
    };
    const seen = Object.entries(answers).map(([what, res]) => [
      what,
      res.status >= 400 || what === "ok",
      res.headers.get("RateLimit-Limit"),
      res.headers.get("RateLimit-Remaining") !== null,
      res.headers.get("RateLimit-Reset") !== null,
    ]);
    expect(seen).toEqual(Object.keys(answers).map((what) => [what, true, "50", true, true]));
    // Each answer counted once against the bucket.
    const after = await api("GET", "/api/v1/connected-accounts", { key });
    const first = Number(answers.ok.headers.get("RateLimit-Remaining"));
    expect(Number(after.headers.get("RateLimit-Remaining"))).toBe(first - Object.keys(answers).length);
  });

  it("the public answers under /api/v1 carry them too when a credential was given, each counted once", async () => {
    const { key } = await newUser();
    await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 60 } });
    const paths = ["/api/v1/health", "/api/v1/openapi.json", "/api/v1/docs", "/api/v1/ping"];
    const first = await api("GET", "/api/v1/connected-accounts", { key });
    const seen = [];
    for (const path of paths) {
      const res = await exports.default.fetch(
        new Request(`http://herald.test${path}`, { headers: { "x-api-key": key } }),
      );
      await res.text();
      seen.push([path, res.status, res.headers.get("RateLimit-Limit"), res.headers.get("RateLimit-Remaining")]);
    }
    const start = Number(first.headers.get("RateLimit-Remaining"));
    expect(seen).toEqual(paths.map((path, i) => [path, 200, "60", String(start - i - 1)]));
    // Without a credential they answer as before, with no RateLimit headers; a bad credential is a 401.
    const anonymous = await api("GET", "/api/v1/health");
    expect([anonymous.status, anonymous.headers.get("RateLimit-Limit")]).toEqual([200, null]);
    const forged = await api("GET", "/api/v1/openapi.json", { key: "sk_not_a_key" });
    expect([forged.status, forged.body.error.code]).toEqual([401, "invalid_api_key"]);
  });

  it("writes each bucket's count down from an alarm, so a restarted object goes on counting", async () => {
    const limiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(`test:${crypto.randomUUID()}`));
    const now = Date.UTC(2030, 5, 1, 10, 15);
    for (let i = 0; i < 3; i++) await limiter.hit(5, now);
    expect(await runInDurableObject(limiter, (_, state) => state.storage.kv.get("window"))).toBeUndefined();
    expect(await runDurableObjectAlarm(limiter)).toBe(true);
    expect(await runInDurableObject(limiter, (_, state) => state.storage.kv.get("window"))).toEqual({
      start: Date.UTC(2030, 5, 1, 10),
      count: 3,
    });
    // A fresh instance (as after eviction) reads the written count and goes on from it.
    const fresh = await runInDurableObject(limiter, (_, state) => new RateLimiter(state, env).hit(5, now + 1));
    expect(fresh).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("starts a new window an hour later", async () => {
    const { key } = await newUser();
    const operator = await newUser();
    await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 2 } });
    await api("GET", "/api/v1/connected-accounts", { key });
    expect((await api("GET", "/api/v1/connected-accounts", { key })).status).toBe(429);
    await api("POST", "/api/v1/sandbox/clock", { key: operator.key, body: { advance_ms: 3_600_000 } });
    expect((await api("GET", "/api/v1/connected-accounts", { key })).status).toBe(200);
  });
});

describe("unauthenticated traffic costs almost nothing", () => {
  it("an unknown X-API-Key creates no Durable Object; a known key has its bucket", async () => {
    const before = (await listDurableObjectIds(env.RATE_LIMITER)).length;
    const { key: genuine } = await newUser();
    const forgedTag = `${genuine.slice(0, -16)}${genuine.endsWith("0") ? "1" : "0"}${genuine.slice(-15)}`;
    const unknown = [
      "sk_unknown",
      "sk_0123456789abcdefghijABCDEFGHIJ0123456789",
      forgedTag,
      `${genuine.slice(0, 35)}_x`,
    ];
    for (const key of unknown) {
      const res = await api("GET", "/api/v1/connected-accounts", { key });
      expect(res.status, key).toBe(401);
      expect(res.body.error.code).toBe("invalid_api_key");
    }
    expect((await listDurableObjectIds(env.RATE_LIMITER)).length).toBe(before);
    expect((await api("GET", "/api/v1/connected-accounts", { key: genuine })).status).toBe(200);
    expect((await listDurableObjectIds(env.RATE_LIMITER)).length).toBe(before + 1);
  });

  it("a key's tag, once checked, is checked again under another secret (a rotated ENCRYPTION_KEY)", async () => {
    const { key } = await newUser();
    const background = () => {};
    const admitted = await admitApiKey(await createRuntime(env), key, background);
    expect(admitted.principal.via).toBe("api_key");
    const rotated = await createRuntime({ ...env, ENCRYPTION_KEY: "another-secret-for-this-test-0123456789" });
    await expect(admitApiKey(rotated, key, background)).rejects.toMatchObject({ code: "invalid_api_key" });
  });

  it("sign-in, sign-up and the OAuth server's open endpoints are limited per client IP (429 with Retry-After)", async () => {
    const { key } = await newUser();
    await api("PATCH", "/api/v1/sandbox/config", { key, body: { auth_attempts_per_ip_per_minute: 4 } });
    await api("POST", "/api/v1/sandbox/clock", { key, body: { set: "2030-06-01T08:00:00.000Z" } });
    const from = (ip: string, path: string, body: string, type = "application/x-www-form-urlencoded") =>
      exports.default.fetch(
        new Request(`http://herald.test${path}`, {
          method: "POST",
          headers: { "content-type": type, "cf-connecting-ip": ip },
          body,
        }),
      );
    const attacker = "203.0.113.9";
    const statuses = [
      (await from(attacker, "/signin", "email=a%40b.c&password=guess-one")).status,
      (await from(attacker, "/signup", "email=new%40b.c&password=x")).status,
      (await from(attacker, "/api/oauth/register", "{}", "application/json")).status,
      (await from(attacker, "/api/oauth/token", "grant_type=authorization_code&code=x")).status,
    ];
    expect(statuses).not.toContain(429);
    const fifth = await from(attacker, "/signin", "email=a%40b.c&password=guess-five");
    expect(fifth.status).toBe(429);
    expect(Number(fifth.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await fifth.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    for (const path of ["/signup", "/api/oauth/register", "/api/oauth/token"]) {
      expect((await from(attacker, path, "{}", "application/json")).status, path).toBe(429);
    }
    // Another address is not held back, and the attacker's minute ends.
    expect((await from("198.51.100.7", "/signin", "email=a%40b.c&password=guess")).status).not.toBe(429);
    await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 60_000 } });
    expect((await from(attacker, "/signin", "email=a%40b.c&password=guess")).status).not.toBe(429);
  });

  describe("per-address limits", () => {
    const signIn = (ip: string) =>
      exports.default.fetch(
        new Request("http://herald.test/signin", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
          body: "email=a%40b.c&password=guess",
        }),
      );
    const limited = async (ips: string[]) => (await Promise.all(ips.map(signIn))).map((res) => res.status === 429);

    it("count an IPv6 client by its /64 and an IPv4 client by its address", async () => {
      const { key } = await newUser();
      await api("PATCH", "/api/v1/sandbox/config", { key, body: { auth_attempts_per_ip_per_minute: 4 } });
      await api("POST", "/api/v1/sandbox/clock", { key, body: { set: "2030-06-02T08:00:00.000Z" } });
      // Four addresses of one /64, written four ways: one bucket, full.
      const rotating = [
        "2001:db8:aa:1::1",
        "2001:DB8:AA:1:ffff::2",
        "2001:0db8:00aa:0001:1:2:3:4",
        "2001:db8:aa:1::beef",
      ];
      expect(await limited(rotating)).toEqual([false, false, false, false]);
      expect(await limited(["2001:db8:aa:1:9999::9"])).toEqual([true]);
      // The next /64, and IPv4 addresses side by side, are their own buckets; an IPv4-mapped address is its IPv4.
      expect(await limited(["2001:db8:aa:2::1"])).toEqual([false]);
      const four = ["198.51.100.20", "198.51.100.20", "198.51.100.20", "::ffff:198.51.100.20"];
      expect(await limited(four)).toEqual([false, false, false, false]);
      expect(await limited(["198.51.100.20", "198.51.100.21"])).toEqual([true, false]);
    });

    it("new addresses of one /64 asking at once get no more than the limit (many rounds)", async () => {
      const { key } = await newUser();
      await api("PATCH", "/api/v1/sandbox/config", { key, body: { auth_attempts_per_ip_per_minute: 4 } });
      await api("POST", "/api/v1/sandbox/clock", { key, body: { set: "2030-06-03T08:00:00.000Z" } });
      for (let round = 0; round < 6; round++) {
        const ips = Array.from({ length: 12 }, (_, i) => `2001:db8:bb:${round}:${i.toString(16)}::${i + 1}`);
        const outcome = await limited(ips);
        expect(outcome.filter((was) => !was)).toHaveLength(4);
      }
    });

    it("a bucket for an address never seen costs no storage write until its second request", async () => {
      const bucket = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName("auth-ip:2001:db8:cc:1::/64"));
      const written = () =>
        runInDurableObject(bucket, async (_, state) => ({
          alarm: await state.storage.getAlarm(),
          keys: [...state.storage.kv.list()].length,
        }));
      expect((await signIn("2001:db8:cc:1::1")).status).not.toBe(429);
      expect(await written()).toEqual({ alarm: null, keys: 0 });
      expect((await signIn("2001:db8:cc:1::2")).status).not.toBe(429);
      expect((await written()).alarm).not.toBeNull();
      expect(await runDurableObjectAlarm(bucket)).toBe(true);
      expect(await runInDurableObject(bucket, (_, state) => state.storage.kv.get("window"))).toMatchObject({
        count: 2,
      });
    });
  });

  it("a user holds at most 50 active API keys, even when asking for many at once", async () => {
    const { key } = await newUser(); // its sandbox key is the first
    await api("PATCH", "/api/v1/sandbox/config", { key, body: { rate_limit_per_hour: 1000 } });
    const create = () => api("POST", "/api/v1/api-keys", { key, body: { name: "k" } });
    for (let i = 0; i < 45; i++) expect((await create()).status).toBe(201);
    const racing = await Promise.all(Array.from({ length: 8 }, create));
    expect(racing.filter((r) => r.status === 201)).toHaveLength(4);
    expect(racing.filter((r) => r.status === 409).map((r) => r.body.error.code)).toEqual(
      Array(4).fill("limit_reached"),
    );
    const keys = (await api("GET", "/api/v1/api-keys", { key })).body.data as {
      id: string;
      revoked_at: string | null;
    }[];
    expect(keys.filter((k) => k.revoked_at === null)).toHaveLength(50);
    const spare = keys.find((k) => k.revoked_at === null && k.id !== keys.at(-1)!.id)!;
    expect((await api("DELETE", `/api/v1/api-keys/${spare.id}`, { key })).status).toBe(200);
    expect((await create()).status).toBe(201);
  });
});
