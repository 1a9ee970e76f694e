import { describe, expect, it } from "vitest";
import { api, connect, newUser } from "./helpers/api";

describe("envelope and errors", () => {
  it("wraps success in { success: true, data }", async () => {
    const { key } = await newUser();
    const res = await api("GET", "/api/v1/connected-accounts", { key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: [] });
  });

  it("answers an unknown route with 404 not_found in the envelope", async () => {
    const res = await api("GET", "/api/v1/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      error: { code: "not_found", message: expect.any(String), request_id: res.headers.get("x-request-id") },
    });
  });

  it("refuses a body that is not JSON with 400 validation_error", async () => {
    const { key } = await newUser();
    const res = await api("POST", "/api/v1/api-keys", { key, rawBody: "{not json" });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
  });

  it("names the field on a wrong type and writes nothing", async () => {
    const { key } = await newUser();
    const res = await api("POST", "/api/v1/api-keys", { key, body: { name: 42 } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.issues[0].path).toBe("name");
    const keys = await api("GET", "/api/v1/api-keys", { key });
    expect(keys.body.data).toHaveLength(1);
  });

  it("names the field on an over-long string", async () => {
    const { key } = await newUser();
    const res = await api("POST", "/api/v1/api-keys", { key, body: { name: "x".repeat(101) } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^name:/);
  });

  it("names the field on an unknown enum value", async () => {
    const { key } = await newUser();
    const res = await api("GET", "/api/v1/connected-accounts?platform=myspace", { key });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: "validation_error", issues: [{ path: "platform" }] });
  });

  it("gives every validation_error the same shape: issues naming each problem, the message naming the first", async () => {
    const { key } = await newUser();
    const account = await connect(key, "bluesky");
    const notJson = await api("POST", "/api/v1/api-keys", { key, rawBody: "{not json" });
    const cursor = await api("GET", "/api/v1/posts?cursor=nonsense", { key });
    const target = await api("POST", "/api/v1/posts", {
      key,
      body: {
        text: "hi",
        platforms: [
          { platform: "bluesky", account_id: account.id },
          { platform: "bluesky", account_id: "acct_nope" },
        ],
      },
    });
    const bulk = await api("POST", "/api/v1/posts/bulk", {
      key,
      body: [{ text: "ok", platforms: [{ platform: "bluesky", account_id: account.id }] }, { text: "no platforms" }],
    });
    const shapes = [notJson, cursor, target, bulk].map((res) => ({
      status: res.status,
      code: res.body.error.code,
      path: res.body.error.issues?.[0]?.path,
    }));
    expect(shapes).toEqual([
      { status: 400, code: "validation_error", path: "body" },
      { status: 400, code: "validation_error", path: "cursor" },
      { status: 400, code: "validation_error", path: "platforms.1" },
      { status: 400, code: "validation_error", path: "1" },
    ]);
    expect(cursor.body.error.message).toBe("cursor: not a cursor from this list");
    // The per-target and per-row details stay beside the issues.
    expect(target.body.error.targets[0]).toMatchObject({ account_id: "acct_nope", code: "account_not_found" });
    expect(bulk.body.error.rows[0]).toMatchObject({ index: 1, error: { status: 400, code: "validation_error" } });
    expect((await api("GET", "/api/v1/posts", { key })).body.data).toEqual([]);
  });
});
