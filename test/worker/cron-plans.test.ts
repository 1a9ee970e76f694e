import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { JOBS, runJobs } from "../../src/cron";
import { createRuntime } from "../../src/services/runtime";
import { api, connect, newUser } from "./helpers/api";
import { stubNetwork } from "./helpers/receiver";
import { addWebhook, emit } from "./helpers/webhooks";

/**
 * Every statement the cron jobs (and the alarms they wake) send to D1 reads through an index: SQLite's plan for it
 * has no SCAN of a table, so a sweep reads the rows it is after, not the table. The jobs run over a little of
 * everything (a due post, an armed plug waiting for its window, an event with a webhook) so that their
 * statements for each kind of row run.
 */

const statements = new Set<string>();

/** `EXPLAIN QUERY PLAN` of a statement, its parameters bound to NULL (plans do not depend on their values). */
async function planOf(sql: string): Promise<string[]> {
  const numbered = [...sql.matchAll(/\?(\d+)/g)].map((m) => Number(m[1]));
  const count = numbered.length > 0 ? Math.max(...numbered) : (sql.match(/\?/g) ?? []).length;
  const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...Array(count).fill(null))
    .all<{ detail: string }>();
  return plan.results.map((row) => row.detail);
}

beforeAll(async () => {
  const { key } = await newUser("agency");
  const [bluesky, x] = [await connect(key, "bluesky"), await connect(key, "twitter")];
  stubNetwork();
  await addWebhook(key, { target_url: "https://hooks.example.com/herald", events: ["flow.error"] });

  const prepare = env.DB.prepare.bind(env.DB);
  vi.spyOn(env.DB, "prepare").mockImplementation((sql) => {
    statements.add(sql);
    return prepare(sql);
  });

  const { now } = (await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 0 } })).body.data;
  const later = new Date(Date.parse(now) + 3_600_000).toISOString();
  const post = await api("POST", "/api/v1/posts", {
    key,
    body: {
      text: "Due soon",
      platforms: [
        { platform: "bluesky", account_id: bluesky.id },
        { platform: "twitter", account_id: x.id },
      ],
      schedule_type: "scheduled",
      scheduled_at: later,
    },
  });
  expect(post.status).toBe(201);
  const plug = await api("POST", `/api/v1/posts/${post.body.data.id}/plugs`, {
    key,
    body: { account_id: x.id, trigger: { metric: "likes", threshold: 5 }, action: { kind: "comment", text: "Thanks" } },
  });
  expect(plug.status).toBe(201);
  await emit(key, "flow.error", { reason: "plans" });
  await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 3_600_000 + 1000 } });

  await runJobs(await createRuntime(env), Object.keys(JOBS));
  vi.restoreAllMocks();
});

describe("what the cron jobs read", () => {
  it("no statement scans a table", async () => {
    const tables = new Set(
      (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map(
        (t) => t.name,
      ),
    );
    const scans: string[] = [];
    for (const sql of statements) {
      for (const line of await planOf(sql)) {
        const scanned = /^SCAN (\w+)/.exec(line)?.[1];
        if (scanned && tables.has(scanned)) scans.push(`${line}  ←  ${sql.slice(0, 140)}`);
      }
    }
    expect(statements.size).toBeGreaterThan(20);
    expect(scans).toEqual([]);
  });

  it("the due-post sweep takes due posts by (status, scheduled_at) and their targets by post", async () => {
    const plans = await Promise.all([...statements].map(async (sql) => ({ sql, plan: await planOf(sql) })));
    const take = plans.find((p) => p.sql.startsWith('update "posts" set "status"'));
    const targets = plans.find(
      (p) => p.sql.startsWith('update "post_targets" set "status"') && p.sql.includes("dispatch_token"),
    );
    expect(take?.plan).toContain("SEARCH posts USING INDEX posts_due (status=? AND scheduled_at<?)");
    expect(targets?.plan).toContain(
      "SEARCH post_targets USING COVERING INDEX post_targets_post (post_id=? AND status=?)",
    );
  });

  it("the plug job reads only plugs waiting for their window or past it, not every armed plug", async () => {
    const plans = await Promise.all([...statements].map(async (sql) => ({ sql, plan: await planOf(sql) })));
    const windowed = plans.filter(
      (p) => p.sql.includes('"plugs"."window_start_at"') && p.sql.includes('"plugs"."state"'),
    );
    expect(windowed.length).toBeGreaterThanOrEqual(2);
    for (const { plan } of windowed) {
      expect(plan.some((line) => /SEARCH plugs USING INDEX plugs_(window|due) \(state=\? AND \w+/.test(line))).toBe(
        true,
      );
    }
  });
});
