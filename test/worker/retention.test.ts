import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { runJobs } from "../../src/cron";
import { createRuntime } from "../../src/services/runtime";
import { api, connect, newUser } from "./helpers/api";
import { flows } from "./helpers/flows";
import { resetClock } from "./helpers/posts";

const DAY = 86_400_000;
/** Rows are written this far either side of their table's horizon, so the few ms the run takes do not matter. */
const MARGIN = 60_000;

let user: Awaited<ReturnType<typeof newUser>>;
let accountId: string;
let flowId: string;
let now: number;

beforeAll(async () => {
  user = await newUser("agency");
  await resetClock(user.key); // 2030-06-01 08:00 UTC
  accountId = (await connect(user.key, "instagram")).id;
  flowId = (await flows(user.key).create({ name: "Kept or not", account_id: accountId })).id;
  now = (await createRuntime(env)).clock.now();
});

const run = (sql: string, ...values: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...values)
    .run();
/** `n` rows of `table` written at `at` (past its horizon), in one statement. */
const bulkExpired = (table: "notifications" | "dead_letters", n: number, at: number) =>
  table === "notifications"
    ? run(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO notifications (id, user_id, kind, message, data, created_at)
         SELECT 'ret_bulk_' || i, ?, 'k', 'm', '{}', ? FROM n`,
        n,
        user.userId,
        at,
      )
    : run(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO dead_letters (id, queue, message_id, body, attempts, created_at)
         SELECT 'ret_dl_' || i, 'herald-publish', 'ret_dl_' || i, '{}', 5, ? FROM n`,
        n,
        at,
      );

const setBudget = (seconds: number) =>
  api("PATCH", "/api/v1/sandbox/config", { key: user.key, body: { retention_budget_s: seconds } });

/** What /api/v1/health (no key) says of the last housekeeping run's retention. */
const retentionHealth = async () => (await api("GET", "/api/v1/health")).body.data.retention;

const ids = async (sql: string) => (await env.DB.prepare(sql).all<{ id: string }>()).results.map((r) => r.id).sort();

/** Runs the hourly housekeeping job, as the cron does: what it pruned, per table. */
async function housekeeping(): Promise<Record<string, number>> {
  const results = await runJobs(await createRuntime(env), ["housekeeping"]);
  return (results.housekeeping as { pruned: Record<string, number> }).pruned;
}

/**
 * Per table: rows just past its horizon (`old`) and just inside it (`kept`), written by `insert(id, at)`; housekeeping
 * removes exactly the old ones.
 */
const TABLES: {
  table: string;
  horizon: number;
  insert: (id: string, at: number) => Promise<unknown>;
  list: string;
}[] = [
  {
    table: "connect_states",
    horizon: 0,
    insert: (id, at) =>
      run(
        "INSERT INTO connect_states (state_hash, user_id, platform, sealed_verifier, expires_at) VALUES (?, ?, 'twitter', 'v1.x.y', ?)",
        id,
        user.userId,
        at,
      ),
    list: "SELECT state_hash AS id FROM connect_states WHERE state_hash LIKE 'ret_%'",
  },
  {
    table: "sessions",
    horizon: 0,
    insert: (id, at) =>
      run(
        "INSERT INTO sessions (id_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, 'c', ?, ?)",
        id,
        user.userId,
        at - 14 * DAY,
        at,
      ),
    list: "SELECT id_hash AS id FROM sessions WHERE id_hash LIKE 'ret_%'",
  },
  {
    table: "idempotency_keys",
    horizon: DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?, ?, 'h', ?)",
        user.userId,
        id,
        at,
      ),
    list: "SELECT key AS id FROM idempotency_keys WHERE key LIKE 'ret_%'",
  },
  {
    table: "inbound_events",
    horizon: 7 * DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO inbound_events (account_id, external_id, kind, sender_id, received_at) VALUES (?, ?, 'message', 's', ?)",
        accountId,
        id,
        at,
      ),
    list: "SELECT external_id AS id FROM inbound_events WHERE external_id LIKE 'ret_%'",
  },
  {
    table: "notifications",
    horizon: 90 * DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO notifications (id, user_id, kind, message, data, created_at) VALUES (?, ?, 'k', 'm', '{}', ?)",
        id,
        user.userId,
        at,
      ),
    list: "SELECT id FROM notifications WHERE id LIKE 'ret_%'",
  },
  {
    table: "dead_letters",
    horizon: 30 * DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO dead_letters (id, queue, message_id, body, attempts, created_at) VALUES (?, 'herald-publish', ?, '{}', 5, ?)",
        id,
        id,
        at,
      ),
    list: "SELECT id FROM dead_letters WHERE id LIKE 'ret_%'",
  },
  {
    table: "webhook_deliveries",
    horizon: 30 * DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, attempts, next_attempt_at, created_at, updated_at) VALUES (?, 'wh_x', ?, 'succeeded', 1, ?, ?, ?)",
        id,
        id,
        at,
        at,
        at,
      ),
    list: "SELECT id FROM webhook_deliveries WHERE id LIKE 'ret_%'",
  },
  {
    table: "delivery_attempts",
    horizon: 30 * DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO delivery_attempts (webhook_id, event_id, event, attempt, trigger, ok, status, duration_ms, created_at) VALUES ('wh_x', ?, 'flow.error', 1, 'delivery', 1, 200, 5, ?)",
        id,
        at,
      ),
    list: "SELECT event_id AS id FROM delivery_attempts WHERE event_id LIKE 'ret_%'",
  },
  {
    table: "flow_executions",
    horizon: 90 * DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO flow_executions (id, flow_id, user_id, account_id, version_id, contact_id, status, started_at, updated_at, ended_at) VALUES (?, ?, ?, ?, 'v', 'c', 'completed', ?, ?, ?)",
        id,
        flowId,
        user.userId,
        accountId,
        at - DAY,
        at,
        at,
      ),
    list: "SELECT id FROM flow_executions WHERE id LIKE 'ret_%'",
  },
  {
    table: "collected_items",
    horizon: 365 * DAY,
    insert: (id, at) =>
      run(
        "INSERT INTO collected_items (id, user_id, flow_id, flow_name, execution_id, step_id, field_type, field_label, value, valid, collected_at) VALUES (?, ?, ?, 'Kept or not', 'exec', 'step', 'email', 'Email', 'a@example.com', 1, ?)",
        id,
        user.userId,
        flowId,
        at,
      ),
    list: "SELECT id FROM collected_items WHERE id LIKE 'ret_%'",
  },
];

describe("housekeeping keeps each growing table to its retention", () => {
  it.each(TABLES)(
    "$table: removes exactly the rows past the horizon, keeps the rest",
    async ({ table, horizon, insert, list }) => {
      const old = ["ret_old_1", "ret_old_2"];
      const kept = ["ret_kept_1", "ret_kept_2"];
      for (const id of old) await insert(id, now - horizon - MARGIN);
      for (const id of kept) await insert(id, now - horizon + MARGIN);
      const pruned = await housekeeping();
      expect(pruned[table]).toBe(2);
      expect(await ids(list)).toEqual(kept);
    },
  );

  it("flow_executions: a run still going (no end) is kept however old", async () => {
    await run(
      "INSERT INTO flow_executions (id, flow_id, user_id, account_id, version_id, contact_id, status, started_at, updated_at) VALUES ('ret_waiting', ?, ?, ?, 'v', 'c', 'waiting_input', ?, ?)",
      flowId,
      user.userId,
      accountId,
      now - 400 * DAY,
      now - 400 * DAY,
    );
    await housekeeping();
    expect(await ids("SELECT id FROM flow_executions WHERE id = 'ret_waiting'")).toEqual(["ret_waiting"]);
  });

  it("events: kept 30 days, and longer while a reader of the outbox has not passed them", async () => {
    const event = async (id: string, at: number) => {
      await run(
        "INSERT INTO events (id, user_id, type, data, created_at) VALUES (?, ?, 'flow.error', '{}', ?)",
        id,
        user.userId,
        at,
      );
      return (await env.DB.prepare("SELECT seq FROM events WHERE id = ?").bind(id).first<number>("seq"))!;
    };
    const [oldRead, keptYoung] = [
      await event("ret_evt_old", now - 30 * DAY - MARGIN),
      await event("ret_evt_young", now - 30 * DAY + MARGIN),
    ];
    const oldUnread = await event("ret_evt_unread", now - 30 * DAY - MARGIN);
    // The fan-out has read up to the young one, not the last.
    await run(
      "INSERT INTO outbox_cursors (name, seq) VALUES ('webhooks', ?) ON CONFLICT (name) DO UPDATE SET seq = excluded.seq",
      keptYoung,
    );
    expect(oldRead).toBeLessThan(keptYoung);
    expect(oldUnread).toBeGreaterThan(keptYoung);
    const pruned = await housekeeping();
    expect(pruned.events).toBe(1);
    expect(await ids("SELECT id FROM events WHERE id LIKE 'ret_evt_%'")).toEqual(["ret_evt_unread", "ret_evt_young"]);
  });

  it("ai_credit_uses: charges of this month and the last are kept, older months removed", async () => {
    const charge = (id: string, month: string) =>
      run(
        "INSERT INTO ai_credit_uses (id, user_id, month, credits, feature, created_at) VALUES (?, ?, ?, 5, 'ai_reply', ?)",
        id,
        user.userId,
        month,
        now,
      );
    // The clock is in June 2030.
    await charge("ret_april", "2030-04");
    await charge("ret_may", "2030-05");
    await charge("ret_june", "2030-06");
    const pruned = await housekeeping();
    expect(pruned.ai_credit_uses).toBe(1);
    expect(await ids("SELECT id FROM ai_credit_uses WHERE id LIKE 'ret_%'")).toEqual(["ret_june", "ret_may"]);
  });

  it("deletes until drained: 10,005 expired rows (twenty chunks and more) are all gone after one run", async () => {
    await bulkExpired("notifications", 10_005, now - 91 * DAY);
    await run(
      "INSERT INTO notifications (id, user_id, kind, message, data, created_at) VALUES ('ret_recent', ?, 'k', 'm', '{}', ?)",
      user.userId,
      now - DAY,
    );
    expect((await housekeeping()).notifications).toBe(10_005);
    expect(await ids("SELECT id FROM notifications WHERE id LIKE 'ret_bulk_%' OR id = 'ret_recent'")).toEqual([
      "ret_recent",
    ]);
    expect((await retentionHealth()).backlog).toEqual([]);
  });

  it("a run cut by its time budget leaves a backlog that health shows, and the next run works it off", async () => {
    await setBudget(0);
    onTestFinished(async () => {
      await setBudget(60);
    });
    await bulkExpired("notifications", 2_500, now - 91 * DAY);
    await bulkExpired("dead_letters", 1_200, now - 31 * DAY);
    const cut = await housekeeping();
    // One round over the tables: a chunk each, none starved by the other.
    expect([cut.notifications, cut.dead_letters]).toEqual([1_000, 1_000]);
    const behind = await retentionHealth();
    expect(behind).toMatchObject({ drained: false, last_run_at: expect.any(String) });
    expect(behind.backlog).toEqual([
      { table: "notifications", rows: 1_500 },
      { table: "dead_letters", rows: 200 },
    ]);
    await setBudget(60);
    const next = await housekeeping();
    expect([next.notifications, next.dead_letters]).toEqual([1_500, 200]);
    expect(await retentionHealth()).toMatchObject({ drained: true, backlog: [] });
  });

  it("the sandbox's tick runs it as the cron would", async () => {
    const tick = await api("POST", "/api/v1/sandbox/tick", { key: user.key, body: { jobs: ["housekeeping"] } });
    expect(tick.status).toBe(200);
    expect(JSON.stringify(tick.body.data)).toContain("pruned");
  });
});
