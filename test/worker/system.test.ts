import { env } from "cloudflare:test";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import pkg from "../../package.json";
import { createApp } from "../../src/app";
import { JOBS } from "../../src/cron";
import { api, newUser } from "./helpers/api";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

describe("health and docs", () => {
  it("answers /api/v1/health without a key, with the version and every job", async () => {
    const res = await api("GET", "/api/v1/health");
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "ok", version: pkg.version });
    expect(Array.isArray(res.body.data.jobs)).toBe(true);
  });

  it("serves the OpenAPI document and the reference page that loads its script locally", async () => {
    const doc = await api("GET", "/api/v1/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toBe("3.1.0");
    const page = await createApp().fetch(new Request("http://h/api/v1/docs"), env, ctx);
    const html = await page.text();
    expect(html).toContain("/vendor/scalar.js");
    expect(html).not.toMatch(/cdn\.jsdelivr|unpkg/);
    const script = await env.ASSETS.fetch("http://h/vendor/scalar.js");
    expect(script.status).toBe(200);
  });

  it("answers /api/v1/ping, the benchmark floor", async () => {
    expect((await api("GET", "/api/v1/ping")).body).toEqual({ pong: true });
  });

  it("serves the bench's one-insert floor only with BENCH_FLOORS=true: one row written, and no public write otherwise", async () => {
    const floorRow = () => env.DB.prepare("SELECT value FROM settings WHERE key = 'bench_floor'").first();
    const off = await api("POST", "/bench/insert-floor");
    expect(off.status).toBe(404);
    expect(await floorRow()).toBeNull();
    const request = () => new Request("http://h/bench/insert-floor", { method: "POST" });
    const on = await createApp().fetch(request(), { ...env, BENCH_FLOORS: "true" }, ctx);
    expect(on.status).toBe(201);
    await createApp().fetch(request(), { ...env, BENCH_FLOORS: "true" }, ctx);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM settings WHERE key = 'bench_floor'").first();
    expect(rows).toEqual({ n: 1 });
  });
});

describe("rule 18: public answers leak nothing internal", () => {
  afterEach(() => vi.restoreAllMocks());

  it("/api/v1/health shows a failed job's name, time and error code, never its message", async () => {
    const { key } = await newUser();
    // What a failed D1 query looks like: drizzle puts the SQL and the bound values (any tenant's) in the message.
    const failure = new DrizzleQueryError(
      'select "id", "password_hash" from "users" where "email" = ?',
      ["victim@other-tenant.example"],
      new Error("D1_ERROR: no such column: password_hash: SQLITE_ERROR"),
    );
    vi.spyOn(JOBS.housekeeping!, "run").mockRejectedValue(failure);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const tick = await api("POST", "/api/v1/sandbox/tick", { key, body: { jobs: ["housekeeping"] } });
    expect(tick.status).toBe(500);

    const health = await api("GET", "/api/v1/health");
    const job = health.body.data.jobs.find((j: { name: string }) => j.name === "housekeeping");
    expect(job).toMatchObject({ last_run_at: expect.any(String), last_error: "D1_ERROR" });
    const shown = JSON.stringify(health.body);
    for (const leak of ["victim@other-tenant.example", "select", "password_hash", "users", "Failed query", "SQLITE"]) {
      expect(shown).not.toContain(leak);
    }
  });

  it("names the class of an error that carries no code", async () => {
    const { key } = await newUser();
    vi.spyOn(JOBS["feed-checks"]!, "run").mockRejectedValue(
      new TypeError("Cannot read properties of undefined (reading 'token=abc')"),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    await api("POST", "/api/v1/sandbox/tick", { key, body: { jobs: ["feed-checks"] } });
    const health = await api("GET", "/api/v1/health");
    const job = health.body.data.jobs.find((j: { name: string }) => j.name === "feed-checks");
    expect(job.last_error).toBe("TypeError");
    expect(JSON.stringify(health.body)).not.toContain("token=abc");
  });
});

describe("unexpected failures", () => {
  it("answer 500 internal_error with no stack or SQL", async () => {
    const broken = {
      prepare() {
        throw new Error("D1_ERROR: no such table: api_keys SELECT * FROM api_keys");
      },
    } as unknown as D1Database;
    const res = await createApp().fetch(
      new Request("http://h/api/v1/connected-accounts", { headers: { "x-api-key": "sk_x" } }),
      { ...env, SANDBOX: undefined, DB: broken },
      ctx,
    );
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      success: false,
      error: { code: "internal_error", message: expect.any(String), request_id: res.headers.get("x-request-id") },
    });
    expect(body).not.toMatch(/SELECT|api_keys|at /);
  });
});
