// `npm run bench -- scale`: 100,000 posts due over one hour across N users, served in real time by the scheduler's
// alarm with the minute sweep as safety net, as deployed (sandbox platform, local D1). For each user count
// (SCALE_USERS, default 1000,10000) it seeds the users, one account each and the posts straight into a fresh local
// D1, the first minute of posts already overdue (as after an outage), then:
//   - runs the sweep once: it must take the overdue posts, and read about as many rows (its index, not a scan);
//   - lets the alarm publish in real time for SCALE_MINUTES (default 5) while the sweep runs every minute: each
//     sweep's time, D1 round trips and rows read, with 100,000 posts waiting in the table;
//   - measures the lag (scheduled_at → the platform call) of every post due in that window.
// The lag and the rows per sweep at two user counts show whether either grows with the number of users.
// Writes bench/results-scale.json. Numbers from a shared 2-core machine are noisy.
//
// `npm run bench -- scale burst` instead seeds BURST_POSTS (default 10,000) posts due at the same second across
// BURST_USERS (default 1,000) users, runs the sweep at that second (as the alarm or the minute cron would), and waits
// until every target is published: how long the last took, and how many platform calls were made (one per target:
// none twice). Writes bench/results-burst.json.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { call, executeLocal, migrateLocal, root, startServer } from "../scripts/lib/server.mjs";
import { parseRoundTrips, percentile } from "./lib.mjs";
import { queueBatches, workerdCpuMs } from "./publish-stages.mjs";

const POSTS = Number(process.env.SCALE_POSTS ?? 100_000);
const SPREAD_MS = 3_600_000;
const OVERDUE_MS = 60_000;
const USER_COUNTS = (process.env.SCALE_USERS ?? "1000,10000").split(",").map(Number);
const MINUTES = Number(process.env.SCALE_MINUTES ?? 5);
const port = Number(process.env.BENCH_PORT ?? 8797);
const ROWS_PER_INSERT = 300;

const query = (persistTo, sql) => JSON.parse(executeLocal(persistTo, ["--json", "--command", sql]))[0].results;

/** Multi-row INSERTs of `rows` (arrays of SQL literals) into `table (columns)`. */
function inserts(table, columns, rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const values = rows.slice(i, i + ROWS_PER_INSERT).map((r) => `(${r.join(",")})`);
    out.push(`INSERT INTO ${table} (${columns}) VALUES ${values.join(",")};`);
  }
  return out;
}

/** `users` users with one Bluesky account each, and `posts` posts (one target each) due from `firstDue` over `spreadMs`. */
function seed(persistTo, users, firstDue, posts = POSTS, spreadMs = SPREAD_MS) {
  const now = Date.now();
  const s = (v) => `'${v}'`;
  const userRows = [];
  const accountRows = [];
  for (let u = 0; u < users; u++) {
    userRows.push([s(`user_s${u}`), s(`s${u}@scale.local`), s("x"), s("agency"), now]);
    accountRows.push([
      s(`acct_s${u}`),
      s(`user_s${u}`),
      s("bluesky"),
      s("scale"),
      s(`did:s${u}`),
      300,
      s("active"),
      s("[]"),
      now,
    ]);
  }
  const postRows = [];
  const targetRows = [];
  const request = s(JSON.stringify({ text: "Scale", media: [], options: {} }));
  for (let p = 0; p < posts; p++) {
    const u = p % users;
    const due = firstDue + Math.floor((p * spreadMs) / posts);
    postRows.push([
      s(`post_s${p}`),
      s(`user_s${u}`),
      s("scheduled"),
      s("Scale"),
      s("[]"),
      s("scheduled"),
      due,
      s("{}"),
      1,
      now,
      now,
    ]);
    targetRows.push([
      s(`tgt_s${p}`),
      s(`post_s${p}`),
      s(`user_s${u}`),
      s(`acct_s${u}`),
      s("bluesky"),
      s("{}"),
      request,
      0,
      s("scheduled"),
      0,
      now,
    ]);
  }
  const sql = [
    ...inserts("users", "id, email, password_hash, plan, created_at", userRows),
    ...inserts(
      "accounts",
      "id, user_id, platform, name, platform_user_id, text_limit, status, destinations, created_at",
      accountRows,
    ),
    ...inserts(
      "posts",
      "id, user_id, status, text, media, schedule_type, scheduled_at, platform_overrides, version, created_at, updated_at",
      postRows,
    ),
    ...inserts(
      "post_targets",
      "id, post_id, user_id, account_id, platform, metadata, request, position, status, attempts, updated_at",
      targetRows,
    ),
  ];
  const file = join(persistTo, "..", "scale-seed.sql");
  writeFileSync(file, sql.join("\n"));
  executeLocal(persistTo, ["--file", file]);
}

/** One run of the publish sweep through the sandbox's tick, with what it cost. */
async function sweep(baseUrl, key) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/sandbox/tick`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify({ jobs: ["publish-sweep"] }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`sweep: ${JSON.stringify(body.error)}`);
  const rows = Object.fromEntries(
    (res.headers.get("x-herald-d1-rows") ?? "").split(", ").map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])]),
  );
  return {
    ms: Math.round(performance.now() - started),
    queued: body.data.results["publish-sweep"].queued,
    trips: parseRoundTrips(res.headers.get("x-herald-round-trips")),
    rows_read: rows.read,
    rows_written: rows.written,
    unmetered_statements: rows.unmetered,
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `batches` has held at least one batch and has not grown for `quietMs`, or at `deadline`. */
async function quiet(batches, deadline, quietMs = 1500) {
  let seen = batches.length;
  let since = Date.now();
  while ((batches.length === 0 || Date.now() - since < quietMs) && Date.now() < deadline) {
    await sleep(100);
    if (batches.length !== seen) [seen, since] = [batches.length, Date.now()];
  }
}

async function simulate(users) {
  const persistTo = join(root, ".bench", `scale-${users}`);
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  migrateLocal(persistTo);
  const firstDue = Date.now() - OVERDUE_MS;
  const seedStarted = Date.now();
  seed(persistTo, users, firstDue);
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  // Each publish batch logs what it cost (COUNT_ROUND_TRIPS): summed, that is the consumer's share per post.
  const consumer = { batches: 0, messages: 0, d1: 0, do: 0, queue: 0, d1RowsRead: 0, d1RowsWritten: 0, d1Unmetered: 0 };
  const onLine = (line) => {
    const logged = line.includes('"event":"queue.round_trips"') ? JSON.parse(line).round_trips : null;
    if (logged?.consumer !== "herald-publish") return;
    consumer.batches++;
    for (const k of Object.keys(consumer)) if (k !== "batches") consumer[k] += logged[k] ?? 0;
  };
  const { baseUrl, stop } = await startServer({ port, persistTo, onLine, vars: { COUNT_ROUND_TRIPS: "true" } });
  try {
    const { api_key: key } = await call(baseUrl, "POST", "/api/v1/sandbox/users", { plan: "agency" });
    const catchUp = await sweep(baseUrl, key);
    const windowStart = Date.now();
    const sweeps = [];
    for (let minute = 1; minute <= MINUTES; minute++) {
      await sleep(windowStart + minute * 60_000 - Date.now());
      sweeps.push(await sweep(baseUrl, key));
    }
    // Posts due in the window (after the catch-up, up to 30 s before its end so that they had time to go out).
    const [from, to] = [windowStart, windowStart + MINUTES * 60_000 - 30_000];
    const rows = query(
      persistTo,
      `SELECT p.scheduled_at AS due, t.published_at AS at FROM posts p JOIN post_targets t ON t.post_id = p.id WHERE p.scheduled_at >= ${from} AND p.scheduled_at < ${to}`,
    );
    const lags = rows.filter((r) => r.at !== null).map((r) => r.at - r.due);
    const [{ waiting }] = query(persistTo, "SELECT COUNT(*) AS waiting FROM posts WHERE status = 'scheduled'");
    return {
      users,
      posts: POSTS,
      seed_s: seedSeconds,
      catch_up: catchUp,
      sweeps,
      window: { minutes: MINUTES, due: rows.length, published: lags.length, still_scheduled_at_end: waiting },
      publish_consumer: consumer,
      lag_ms: { p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags) },
    };
  } finally {
    stop();
    await sleep(2000);
  }
}

/** Every post due at once: from their second to the last platform call, and the calls made. */
async function burst(users, posts) {
  const persistTo = join(root, ".bench", "burst");
  rmSync(persistTo, { recursive: true, force: true });
  mkdirSync(persistTo, { recursive: true });
  migrateLocal(persistTo);
  const due = Date.now() + 60_000;
  seed(persistTo, users, due, posts, 0);
  const publish = queueBatches("herald-publish");
  const { baseUrl, stop, server } = await startServer({
    port,
    persistTo,
    onLine: publish.onLine,
    vars: { COUNT_ROUND_TRIPS: "true" },
  });
  try {
    const { api_key: key } = await call(baseUrl, "POST", "/api/v1/sandbox/users", { plan: "agency" });
    await sleep(due - Date.now());
    const cpuBefore = workerdCpuMs(server.pid);
    const taken = await sweep(baseUrl, key);
    // Each look into the database starts a wrangler process (a second of CPU on a 2-core machine): look only once
    // the consumer has gone quiet.
    let published = 0;
    while (published < posts && Date.now() < due + 180_000) {
      await quiet(publish.batches, due + 180_000);
      [{ published }] = query(persistTo, "SELECT COUNT(*) AS published FROM post_targets WHERE status = 'published'");
    }
    const cpuMs = workerdCpuMs(server.pid) - cpuBefore;
    const [{ last, calls }] = query(
      persistTo,
      "SELECT (SELECT MAX(published_at) FROM post_targets) AS last, (SELECT COUNT(*) FROM sandbox_calls WHERE kind = 'publish') AS calls",
    );
    const batches = publish.batches.filter((b) => b.end >= due);
    const ms = batches.map((b) => b.ms);
    const consumer = {
      batches: batches.length,
      targets_per_batch: Math.round(posts / Math.max(batches.length, 1)),
      first_starts_after_ms: batches.length ? batches[0].start - due : null,
      busy_ms: batches.reduce((sum, b) => sum + b.ms, 0),
      batch_ms: batches.length ? { p50: percentile(ms, 50), max: Math.max(...ms) } : null,
    };
    return {
      users,
      posts,
      sweep: taken,
      published,
      platform_calls: calls,
      last_published_after_ms: last - due,
      workerd_cpu_ms: cpuMs,
      consumer,
    };
  } finally {
    stop();
    await sleep(2000);
  }
}

if (process.argv[3] === "burst") {
  const [users, posts] = [Number(process.env.BURST_USERS ?? 1000), Number(process.env.BURST_POSTS ?? 10_000)];
  console.log(`\nBurst: ${posts.toLocaleString()} posts due at the same second across ${users.toLocaleString()} users`);
  const run = await burst(users, posts);
  console.log(`  sweep at their second: ${run.sweep.queued} queued in ${run.sweep.ms} ms`);
  console.log(
    `  published ${run.published.toLocaleString()} of ${posts.toLocaleString()}, the last ${run.last_published_after_ms} ms after their second; ${run.platform_calls.toLocaleString()} platform calls`,
  );
  const c = run.consumer;
  console.log(
    `  workerd CPU until all were published: ${run.workerd_cpu_ms} ms; consumer: ${c.batches} batches (~${c.targets_per_batch} targets each), the first from +${c.first_starts_after_ms} ms; running ${c.busy_ms} ms in all, a batch p50 ${c.batch_ms?.p50} ms, max ${c.batch_ms?.max} ms`,
  );
  const file = join(root, "bench", "results-burst.json");
  writeFileSync(
    file,
    `${JSON.stringify({ started_at: new Date().toISOString(), machine: { cpus: cpus().length, loadavg: loadavg() }, run }, null, 2)}\n`,
  );
  console.log(`\nResults written to ${file}`);
  process.exit(0);
}

const runs = [];
for (const users of USER_COUNTS) {
  console.log(`\nScale: ${POSTS.toLocaleString()} posts due over an hour across ${users.toLocaleString()} users`);
  const run = await simulate(users);
  runs.push(run);
  const c = run.catch_up;
  console.log(`  seeded in ${run.seed_s.toFixed(0)} s`);
  console.log(
    `  catch-up sweep: ${c.queued} overdue posts queued in ${c.ms} ms, ${c.rows_read} rows read and ${c.rows_written} written (metered), ${c.trips?.d1} D1 / ${c.trips?.queue} queue round trips`,
  );
  for (const [i, s] of run.sweeps.entries()) {
    console.log(
      `  minute ${i + 1} sweep: ${s.queued} queued in ${s.ms} ms, ${s.rows_read} rows read (metered; ${s.unmetered_statements} statements unmetered), ${s.trips?.d1} D1 / ${s.trips?.do} DO / ${s.trips?.queue} queue round trips`,
    );
  }
  const p = run.publish_consumer;
  const per = (n) => (n / Math.max(p.messages, 1)).toFixed(2);
  console.log(
    `  publish consumer: ${p.messages} targets in ${p.batches} batches; per target ${per(p.d1)} D1 / ${per(p.do)} DO round trips, ${per(p.d1RowsWritten)} rows written and ${per(p.d1RowsRead)} read (metered; ${per(p.d1Unmetered)} statements unmetered)`,
  );
  const w = run.window;
  console.log(
    `  lag of the ${w.due} posts due in the ${w.minutes}-minute window: published ${w.published}, p50 ${run.lag_ms.p50} ms, p99 ${run.lag_ms.p99} ms, max ${run.lag_ms.max} ms (${w.still_scheduled_at_end.toLocaleString()} posts still waiting in the table)`,
  );
}

const file = join(root, "bench", "results-scale.json");
writeFileSync(
  file,
  `${JSON.stringify({ started_at: new Date().toISOString(), machine: { cpus: cpus().length, loadavg: loadavg() }, runs }, null, 2)}\n`,
);
console.log(`\nResults written to ${file}`);
