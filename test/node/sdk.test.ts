// The SDK against a stand-in fetch: what it sends, how it reads answers and errors, and the 429 retry.
// test/worker/sdk.test.ts runs it against the real Worker.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Herald, HeraldError } from "../../sdk/src/index.ts";

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each request and answers from `answers` in turn (the last one repeats). */
function stub(...answers: Array<() => Response>) {
  const sent: Sent[] = [];
  const fetch = async (request: Request) => {
    const text = await request.text();
    sent.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: text ? JSON.parse(text) : undefined,
    });
    return answers[Math.min(sent.length - 1, answers.length - 1)]!();
  };
  return { sent, fetch };
}

const ok =
  (data: unknown, extra: Record<string, unknown> = {}) =>
  () =>
    Response.json({ success: true, data, ...extra });
const fail =
  (status: number, code: string, headers: Record<string, string> = {}) =>
  () =>
    Response.json({ success: false, error: { code, message: `${code}!` } }, { status, headers });

const client = (fetch: (r: Request) => Promise<Response>, retry?: ConstructorParameters<typeof Herald>[1]["retry"]) =>
  new Herald({ apiKey: "sk_test" }, { baseUrl: "https://herald.example/", fetch, retry });

afterEach(() => {
  vi.useRealTimers();
});

describe("requests", () => {
  it("sends the API key as X-API-Key, or an access token as a bearer token", async () => {
    const { sent, fetch } = stub(ok([]));
    await client(fetch).accounts.list();
    await new Herald({ accessToken: "tok_1" }, { baseUrl: "https://herald.example", fetch }).accounts.list();
    expect(sent[0]).toMatchObject({ method: "GET", url: "https://herald.example/api/v1/connected-accounts" });
    expect(sent[0]!.headers["x-api-key"]).toBe("sk_test");
    expect(sent[0]!.headers.authorization).toBeUndefined();
    expect(sent[1]!.headers.authorization).toBe("Bearer tok_1");
    expect(sent[1]!.headers["x-api-key"]).toBeUndefined();
  });

  it("sends back the newest X-D1-Bookmark it was answered with, so it reads its own writes", async () => {
    const withBookmark = (bookmark: string) => () =>
      Response.json({ success: true, data: [] }, { headers: { "X-D1-Bookmark": bookmark } });
    const { sent, fetch } = stub(
      withBookmark("00000000-00000002-00000000-00"),
      withBookmark("00000000-00000001-00000000-00"),
      ok([]),
    );
    const herald = client(fetch);
    await herald.accounts.list();
    await herald.accounts.list();
    await herald.accounts.list();
    expect(sent.map((s) => s.headers["x-d1-bookmark"])).toEqual([
      undefined,
      "00000000-00000002-00000000-00",
      // An older bookmark (an answer overtaken by a newer one) never replaces a newer one.
      "00000000-00000002-00000000-00",
    ]);
  });

  it("needs a credential and a base URL", () => {
    expect(() => new Herald({ apiKey: "" }, { baseUrl: "https://herald.example" })).toThrow(TypeError);
    expect(() => new Herald({} as any, { baseUrl: "https://herald.example" })).toThrow(TypeError);
    expect(() => new Herald({ apiKey: "sk_1" }, {} as any)).toThrow(TypeError);
  });

  it("fills path parameters (encoded), joins lists with commas and leaves out unset query values", async () => {
    const { sent, fetch } = stub(ok({}));
    const herald = client(fetch);
    await herald.posts.get("post/1 ?");
    await herald.posts.list({ status: "scheduled", limit: 5, cursor: undefined });
    await herald.slots.next({ account_ids: ["acct_1", "acct_2"] });
    expect(sent.map((s) => s.url)).toEqual([
      "https://herald.example/api/v1/posts/post%2F1%20%3F",
      "https://herald.example/api/v1/posts?status=scheduled&limit=5",
      "https://herald.example/api/v1/find-slot?account_ids=acct_1%2Cacct_2",
    ]);
  });

  it("answers the envelope's data; posts.page keeps the cursor and posts.each follows it", async () => {
    const pages = [
      ok([{ id: "post_3" }, { id: "post_2" }], { next_cursor: "c1" }),
      ok([{ id: "post_1" }], { next_cursor: null }),
    ];
    expect(await client(stub(...pages).fetch).posts.list({ limit: 2 })).toEqual([{ id: "post_3" }, { id: "post_2" }]);
    expect(await client(stub(...pages).fetch).posts.page({ limit: 2 })).toEqual({
      success: true,
      data: [{ id: "post_3" }, { id: "post_2" }],
      next_cursor: "c1",
    });
    const { sent, fetch } = stub(...pages);
    const ids: string[] = [];
    for await (const post of client(fetch).posts.each({ limit: 2 })) ids.push(post.id);
    expect(ids).toEqual(["post_3", "post_2", "post_1"]);
    expect(sent.map((s) => s.url)).toEqual([
      "https://herald.example/api/v1/posts?limit=2",
      "https://herald.example/api/v1/posts?limit=2&cursor=c1",
    ]);
  });

  it("sends an Idempotency-Key when given and asks for a dry run with ?dry_run=true", async () => {
    const { sent, fetch } = stub(ok({ id: "post_1" }));
    const herald = client(fetch);
    const body = { platforms: [{ platform: "bluesky" as const, account_id: "acct_1" }], text: "hi" };
    await herald.posts.create(body, { idempotencyKey: "k-1" });
    await herald.posts.dryRun(body);
    expect(sent[0]).toMatchObject({ method: "POST", body, url: "https://herald.example/api/v1/posts" });
    expect(sent[0]!.headers["idempotency-key"]).toBe("k-1");
    expect(sent[0]!.headers["content-type"]).toBe("application/json");
    expect(sent[1]!.url).toBe("https://herald.example/api/v1/posts?dry_run=true");
  });

  it("resource groups whose routes are still being built call the paths SPEC.md gives", async () => {
    const { sent, fetch } = stub(ok({}));
    const h = client(fetch);
    const calls: Array<[() => Promise<unknown>, string, string, unknown?]> = [
      [
        () => h.accounts.destinations("acct_1", { fresh: true }),
        "GET",
        "/api/v1/composer-platform-parts/destinations/acct_1?fresh=1",
      ],
      [
        () => h.accounts.checkDestination("acct_1", "@news"),
        "POST",
        "/api/v1/composer-platform-parts/destinations/acct_1",
        { input: "@news" },
      ],
      [() => h.slots.list({ account_ids: ["a", "b"] }), "GET", "/api/v1/posting-slots?account_ids=a%2Cb"],
      [
        () => h.slots.create({ account_ids: ["a"], weekday: 1, time: "09:30", timezone: "UTC" }),
        "POST",
        "/api/v1/posting-slots",
        { account_ids: ["a"], weekday: 1, time: "09:30", timezone: "UTC" },
      ],
      [() => h.slots.update("slot_1", { time: "10:00" }), "PATCH", "/api/v1/posting-slots/slot_1", { time: "10:00" }],
      [() => h.slots.delete("slot_1"), "DELETE", "/api/v1/posting-slots/slot_1"],
      [
        () => h.slots.occurrences({ from: "2026-12-01", to: "2026-12-07" }),
        "GET",
        "/api/v1/posting-slots/occurrences?from=2026-12-01&to=2026-12-07",
      ],
      [
        () => h.slots.next({ account_ids: ["a"], after: "2026-12-01T00:00:00Z" }),
        "GET",
        "/api/v1/find-slot?account_ids=a&after=2026-12-01T00%3A00%3A00Z",
      ],
      [() => h.plugs.list("post_1"), "GET", "/api/v1/posts/post_1/plugs"],
      [
        () =>
          h.plugs.create("post_1", {
            account_id: "a",
            trigger: { metric: "likes", threshold: 5 },
            action: { kind: "repost" },
          }),
        "POST",
        "/api/v1/posts/post_1/plugs",
        { account_id: "a", trigger: { metric: "likes", threshold: 5 }, action: { kind: "repost" } },
      ],
      [() => h.plugs.delete("post_1", "plug_1"), "DELETE", "/api/v1/posts/post_1/plugs?plug_id=plug_1"],
      [() => h.rssFeeds.list(), "GET", "/api/v1/rss-feeds"],
      [
        () => h.rssFeeds.create({ url: "https://blog.example/feed", platforms: ["bluesky"] }),
        "POST",
        "/api/v1/rss-feeds",
        { url: "https://blog.example/feed", platforms: ["bluesky"] },
      ],
      [() => h.rssFeeds.update("feed_1", { daily_cap: 5 }), "PATCH", "/api/v1/rss-feeds/feed_1", { daily_cap: 5 }],
      [() => h.rssFeeds.pause("feed_1"), "POST", "/api/v1/rss-feeds/feed_1/pause", { paused: true }],
      [() => h.rssFeeds.resume("feed_1"), "POST", "/api/v1/rss-feeds/feed_1/pause", { paused: false }],
      [() => h.rssFeeds.delete("feed_1"), "DELETE", "/api/v1/rss-feeds/feed_1"],
      [() => h.webhooks.list(), "GET", "/api/v1/webhooks"],
      [
        () => h.webhooks.create({ target_url: "https://hooks.example/in", events: ["post.published"] }),
        "POST",
        "/api/v1/webhooks",
        { target_url: "https://hooks.example/in", events: ["post.published"] },
      ],
      [() => h.webhooks.update("wh_1", { active: true }), "PATCH", "/api/v1/webhooks/wh_1", { active: true }],
      [() => h.webhooks.delete("wh_1"), "DELETE", "/api/v1/webhooks/wh_1"],
      [() => h.webhooks.test("wh_1"), "POST", "/api/v1/webhooks/wh_1/test"],
      [() => h.webhooks.rotateSecret("wh_1"), "POST", "/api/v1/webhooks/wh_1/rotate-secret"],
      [() => h.webhooks.deliveries("wh_1"), "GET", "/api/v1/webhooks/wh_1/deliveries"],
      [
        () => h.analytics.overview({ from: "2026-11-01", to: "2026-11-30", accountIds: ["a", "b"] }),
        "GET",
        "/api/v1/analytics/overview?from=2026-11-01&to=2026-11-30&account_ids=a%2Cb",
      ],
      [() => h.analytics.overview(), "GET", "/api/v1/analytics/overview"],
      [() => h.analytics.post("post_1"), "GET", "/api/v1/analytics/posts/post_1"],
    ];
    for (const [call] of calls) await call();
    expect(sent.map((s) => [s.method, s.url.replace("https://herald.example", ""), s.body])).toEqual(
      calls.map(([, method, path, body]) => [method, path, body]),
    );
  });
});

describe("HeraldError", () => {
  const errorOf = async (answer: () => Response) => {
    const error = await client(stub(answer).fetch)
      .accounts.list()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldError);
    return error as HeraldError;
  };

  it("carries status, code and the body for every non-2xx", async () => {
    const error = await errorOf(fail(404, "not_found"));
    expect(error).toMatchObject({ status: 404, code: "not_found", message: "not_found!" });
    expect(error.body).toEqual({ success: false, error: { code: "not_found", message: "not_found!" } });
    const html = await errorOf(() => new Response("<h1>Bad gateway</h1>", { status: 502 }));
    expect(html).toMatchObject({ status: 502, code: "http_502", body: "<h1>Bad gateway</h1>" });
  });

  it("carries the request's id from error.request_id, null when the answer had none", async () => {
    const answer = () =>
      Response.json(
        { success: false, error: { code: "not_found", message: "m", request_id: "req-1" } },
        { status: 404 },
      );
    expect((await errorOf(answer)).requestId).toBe("req-1");
    expect((await errorOf(answer)).toJSON()).toMatchObject({ requestId: "req-1" });
    expect((await errorOf(fail(404, "not_found"))).requestId).toBeNull();
  });

  it("helpers name the kind of refusal", async () => {
    const cases: Array<[number, string, string[]]> = [
      [401, "unauthorized", ["isAuthError"]],
      [401, "invalid_token", ["isAuthError"]],
      [403, "insufficient_scope", ["isAuthError"]],
      [403, "feature_disabled", []],
      [403, "PLATFORM_UNAVAILABLE", []],
      [404, "not_found", ["isNotFound"]],
      [404, "no_free_slot", ["isNotFound"]],
      [409, "state_error", ["isStateError"]],
      [409, "busy", []],
      [429, "rate_limited", ["isRateLimited"]],
      [400, "validation_error", []],
    ];
    for (const [status, code, yes] of cases) {
      const error = await errorOf(fail(status, code));
      for (const helper of ["isAuthError", "isRateLimited", "isNotFound", "isStateError"] as const) {
        expect(error[helper](), `${status} ${code} ${helper}`).toBe(yes.includes(helper));
      }
    }
  });

  it("reads Retry-After as seconds or as an HTTP date", async () => {
    expect((await errorOf(fail(429, "rate_limited", { "retry-after": "120" }))).retryAfter).toBe(120);
    const date = new Date(Date.now() + 30_000).toUTCString();
    const fromDate = (await errorOf(fail(429, "rate_limited", { "retry-after": date }))).retryAfter!;
    expect(fromDate).toBeGreaterThan(25);
    expect(fromDate).toBeLessThanOrEqual(30);
    expect((await errorOf(fail(429, "rate_limited"))).retryAfter).toBeNull();
  });
});

describe("retry on 429", () => {
  it("is off by default: the 429 is thrown after one request", async () => {
    const { sent, fetch } = stub(fail(429, "rate_limited", { "retry-after": "1" }), ok([]));
    await expect(client(fetch).accounts.list()).rejects.toMatchObject({ status: 429 });
    expect(sent).toHaveLength(1);
  });

  it("when on, waits Retry-After before trying again", async () => {
    vi.useFakeTimers();
    const { sent, fetch } = stub(fail(429, "rate_limited", { "retry-after": "3" }), ok([{ id: "acct_1" }]));
    const result = client(fetch, true).accounts.list();
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual([{ id: "acct_1" }]);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
  });

  it("gives up after maxRetries, and at once when Retry-After is over maxDelaySeconds", async () => {
    vi.useFakeTimers();
    const limited = stub(fail(429, "rate_limited", { "retry-after": "1" }));
    const result = client(limited.fetch, { maxRetries: 2 })
      .accounts.list()
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await result).toMatchObject({ status: 429 });
    expect(limited.sent).toHaveLength(3);

    const long = stub(fail(429, "rate_limited", { "retry-after": "3600" }));
    await expect(client(long.fetch, { maxDelaySeconds: 60 }).accounts.list()).rejects.toMatchObject({
      retryAfter: 3600,
    });
    expect(long.sent).toHaveLength(1);
  });

  it("never retries other errors", async () => {
    const { sent, fetch } = stub(fail(503, "unavailable"));
    await expect(client(fetch, true).accounts.list()).rejects.toMatchObject({ status: 503 });
    expect(sent).toHaveLength(1);
  });
});

describe("npm run sdk:build", () => {
  const root = join(import.meta.dirname, "..", "..");
  let outDir: string;
  beforeAll(async () => {
    // The package as npm would publish it: sdk/package.json and the built dist/.
    outDir = await mkdtemp(join(tmpdir(), "herald-sdk-"));
    const dist = join(outDir, "node_modules", "herald-sdk", "dist");
    execFileSync(join(root, "node_modules", ".bin", "tsc"), ["-p", "sdk/tsconfig.build.json", "--outDir", dist], {
      cwd: root,
    });
    await copyFile(join(root, "sdk", "package.json"), join(dist, "..", "package.json"));
    // tsc alone takes about 3 s of CPU; on two shared cores the wall time passes vitest's 5 s default.
  }, 60_000);
  afterAll(() => rm(outDir, { recursive: true, force: true }));

  it("writes JavaScript that works without TypeScript", async () => {
    const built = await import(pathToFileURL(join(outDir, "node_modules", "herald-sdk", "dist", "index.js")).href);
    const { sent, fetch } = stub(fail(404, "not_found"));
    const error = await new built.Herald({ apiKey: "sk_1" }, { baseUrl: "https://herald.example", fetch }).posts
      .get("post_1")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(built.HeraldError);
    expect(error.isNotFound()).toBe(true);
    expect(sent[0]!.url).toBe("https://herald.example/api/v1/posts/post_1");
  });

  it("publishes its types: a TypeScript program importing herald-sdk type-checks against them", async () => {
    await writeFile(
      join(outDir, "consumer.ts"),
      `import { Herald, HeraldError } from "herald-sdk";
const herald = new Herald({ apiKey: "sk_1" }, { baseUrl: "https://herald.example" });
export const from: Promise<string> = herald.analytics.overview({ from: "2026-11-01" }).then((o) => o.from);
export const limit: Promise<number> = herald.accounts.list().then((a) => a[0]!.text_limit);
export const isError = (e: unknown) => e instanceof HeraldError && e.isNotFound();
// @ts-expect-error: the types know the answer's fields
export const wrong: Promise<number> = herald.analytics.overview().then((o) => o.from);
`,
    );
    const options = ["--noEmit", "--strict", "--module", "nodenext", "--moduleResolution", "nodenext"];
    const run = () =>
      execFileSync(join(root, "node_modules", ".bin", "tsc"), [...options, "--target", "es2022", "consumer.ts"], {
        cwd: outDir,
        encoding: "utf8",
      });
    expect(run).not.toThrow();
  }, 60_000);

  // The build targets ES2022 with the web platform's fetch: what Node 18 and later have. The project runs on Node 24;
  // the machine's own Node (20 here) runs the built package too when there is one.
  const systemNode = ["/usr/bin/node", "/usr/local/bin/node"].find((path) => existsSync(path));
  it.skipIf(!systemNode)("runs on the machine's older Node, outside the project's", () => {
    const script = `import { Herald } from "herald-sdk";
const herald = new Herald({ apiKey: "sk_1" }, { baseUrl: "https://herald.example", fetch: async (r) =>
  Response.json({ success: true, data: { url: r.url, version: process.version } }) });
console.log(JSON.stringify(await herald.analytics.post("post_1")));`;
    const out = execFileSync(systemNode!, ["--input-type=module", "-e", script], { cwd: outDir, encoding: "utf8" });
    const answer = JSON.parse(out);
    expect(answer.url).toBe("https://herald.example/api/v1/analytics/posts/post_1");
    expect(Number(answer.version.slice(1).split(".")[0])).toBeGreaterThanOrEqual(18);
  });
});
