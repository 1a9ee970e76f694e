import { exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { JOBS } from "../../src/cron";
import { api, connect, newUser } from "./helpers/api";
import { captureLog } from "./helpers/log";
import { MCP_URL } from "./helpers/mcp";
import { createPost, resetClock, settled } from "./helpers/posts";

/**
 * Every request has an id: the client's own `X-Request-Id` when it is sane, else a new one; answered in the header,
 * in every failure envelope as `error.request_id`, and on every log line of the work the request started, through
 * its queue messages to the platform call.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const raw = (path: string, init: RequestInit = {}) =>
  exports.default.fetch(new Request(`http://herald.test${path}`, init));

afterEach(() => {
  vi.restoreAllMocks();
});

describe("X-Request-Id", () => {
  it("every answer carries one: a new UUID for each request that sent none", async () => {
    const answers = await Promise.all([
      raw("/api/v1/health"),
      raw("/api/v1/posts"),
      raw("/no/such/page"),
      raw("/signin"),
      raw("/.well-known/oauth-authorization-server"),
      raw(MCP_URL.replace("http://herald.test", ""), { method: "POST" }),
    ]);
    const ids = answers.map((a) => a.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("honours the client's own id of up to 128 letters, digits, -, _ and =; replaces any other", async () => {
    const own = "client-trace_42=";
    expect((await raw("/api/v1/health", { headers: { "x-request-id": own } })).headers.get("x-request-id")).toBe(own);
    const longest = "a".repeat(128);
    expect((await raw("/api/v1/health", { headers: { "x-request-id": longest } })).headers.get("x-request-id")).toBe(
      longest,
    );
    for (const insane of ["a".repeat(129), "has space", "semi;colon", "<script>", "ünïcode"]) {
      const answer = await raw("/api/v1/health", { headers: { "x-request-id": encodeURI(insane) } });
      expect(answer.headers.get("x-request-id")).toMatch(UUID);
    }
  });
});

describe("error.request_id", () => {
  it("every failure envelope carries the request's id, the same as its header", async () => {
    const { key } = await newUser();
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.spyOn(JOBS.housekeeping!, "run").mockRejectedValue(new Error("an unexpected failure"));
    const failures = await Promise.all([
      api("GET", "/api/v1/posts"), // 401
      api("GET", "/api/v1/posts", { key: "sk_not_a_key" }), // 401
      api("GET", "/api/v1/nothing-here", { key }), // 404, no such route
      api("GET", "/api/v1/posts/post_never", { key }), // 404
      api("POST", "/api/v1/posts", { key, body: { text: 1 } }), // 400
      api("POST", "/api/v1/posts", { key, rawBody: "{not json" }), // 400, a body that does not parse
      api("GET", "/api/v1/health", { headers: { "x-d1-bookmark": "not a bookmark" } }), // 400 before any route
      api("POST", "/api/v1/sandbox/tick", { key, body: { jobs: ["housekeeping"] } }), // 500
      api("POST", "/mcp", { body: { jsonrpc: "2.0", id: 1, method: "tools/list" } }), // 401 of the agent tools
    ]);
    expect(failures.map((f) => f.status)).toEqual([401, 401, 404, 404, 400, 400, 400, 500, 401]);
    for (const failure of failures) {
      expect(failure.body.success).toBe(false);
      expect(failure.body.error.request_id).toMatch(UUID);
      expect(failure.body.error.request_id).toBe(failure.headers.get("x-request-id"));
    }
  });

  it("is the client's own id when it sent one", async () => {
    const answer = await api("GET", "/api/v1/posts", { headers: { "x-request-id": "mine-1" } });
    expect(answer.body.error).toMatchObject({ code: "unauthorized", request_id: "mine-1" });
  });
});

describe("a publish followed by its request id", () => {
  it("the API call, the dispatch, the queue message and the platform call share one id", async () => {
    const { key } = await newUser();
    await resetClock(key);
    const account = await connect(key, "bluesky");
    const logged = captureLog();
    const created = await api("POST", "/api/v1/posts", {
      key,
      headers: { "x-request-id": "trace-publish-1" },
      body: {
        text: "Followed",
        platforms: [{ platform: "bluesky", account_id: account.id }],
        schedule_type: "immediate",
      },
    });
    expect(created.status).toBe(201);
    const post = created.body.data;
    expect((await settled(key, post.id)).status).toBe("published");
    logged.restore();
    const traced = logged.lines().filter((l) => l.request_id === "trace-publish-1");
    expect(traced.map((l) => l.event)).toEqual(expect.arrayContaining(["publish.dispatched", "publish.published"]));
    expect(traced.find((l) => l.event === "publish.dispatched")).toMatchObject({ post_ids: [post.id] });
    expect(traced.find((l) => l.event === "publish.published")).toMatchObject({
      level: "info",
      post_id: post.id,
      platform: "bluesky",
      account_id: account.id,
      platform_post_id: expect.any(String),
    });
  });

  it("a scheduled post is published under the id of what found it due (here the sweep a tick ran)", async () => {
    const { key } = await newUser();
    await resetClock(key);
    const account = await connect(key, "bluesky");
    const post = await createPost(key, {
      text: "Later",
      platforms: [{ platform: "bluesky", account_id: account.id }],
      schedule_type: "scheduled",
      scheduled_at: "2030-06-01T09:00:00.000Z",
    });
    const logged = captureLog();
    await api("POST", "/api/v1/sandbox/clock", { key, body: { set: "2030-06-01T09:00:01.000Z" } });
    await api("POST", "/api/v1/sandbox/tick", {
      key,
      body: { jobs: ["publish-sweep"] },
      headers: { "x-request-id": "tick-1" },
    });
    expect((await settled(key, post.id)).status).toBe("published");
    logged.restore();
    const published = logged.lines().find((l) => l.event === "publish.published" && l.post_id === post.id);
    const dispatched = logged
      .lines()
      .find((l) => l.event === "publish.dispatched" && (l.post_ids as string[]).includes(post.id));
    expect(dispatched?.request_id).toBe("tick-1");
    expect(published?.request_id).toBe("tick-1");
  });
});
