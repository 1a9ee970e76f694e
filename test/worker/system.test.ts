import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import pkg from "../../package.json";
import { createApp } from "../../src/app";
import { api } from "./helpers/api";

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
      error: { code: "internal_error", message: expect.any(String) },
    });
    expect(body).not.toMatch(/SELECT|api_keys|at /);
  });
});
