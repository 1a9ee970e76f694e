// `npm run bench`: starts the service locally and measures each route against a floor route (a Worker
// route that does no work) in the same run, with the round trips one request of each makes, the hot routes again on a
// second server run as deployed (bench/deployed.mjs: no sandbox, no counting), find-slot for a busy
// user and across users, the publish lag of 1,000 posts due in the same minute, then webhook delivery to a local
// receiver (throughput, and the delay from emitEvent to its 2xx), then one RSS check cycle over 1,000 locally
// served feeds (most answering 304). Writes everything to bench/results.json and compares it with the run before.
// `npm run bench -- scale` runs the scale simulation instead (bench/scale.mjs); `-- report` the report bench.
import { execFileSync } from "node:child_process";
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { call, executeLocal, migrateLocal, root, startServer } from "../scripts/lib/server.mjs";
import { compareResults } from "./compare.mjs";
import { startCpuProfile } from "./cpu-profile.mjs";
import { deployedRoutes } from "./deployed.mjs";
import { CONNECTIONS, DURATION_S, load, percentile, printAgainstFloor, Results } from "./lib.mjs";
import { mediaUpload } from "./media-upload.mjs";
import { checkedCount, PLUGS, seedPlugs } from "./plug-cycle.mjs";
import { printStages, publishStages, queueBatches, workerdCpuMs } from "./publish-stages.mjs";

if (process.argv[2] === "report") {
  await import("./report.mjs");
  process.exit(0);
}
if (process.argv[2] === "scale") {
  await import("./scale.mjs");
  process.exit(0);
}

const port = Number(process.env.BENCH_PORT ?? 8797);
/** `BENCH_ONLY=routes,publish` runs some sections; the floor is always measured. */
const SECTIONS = ["routes", "deployed", "mcp", "plugs", "slots", "publish", "webhooks", "feeds", "flows", "media"];
const only = new Set(process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(",") : SECTIONS);
const runs = (section) => only.has(section);
/** The publish lag's posts are spread over this many accounts (the user's first four and more on their platforms). */
const PUBLISH_ACCOUNTS = 100;
const resultsFile = process.env.BENCH_RESULTS ?? join(root, "bench", "results.json");
const persistTo = join(root, ".bench", "state");
rmSync(persistTo, { recursive: true, force: true });
migrateLocal(persistTo);
if (runs("plugs")) seedPlugs(persistTo);

const results = new Results({
  started_at: new Date().toISOString(),
  commit: execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim(),
  sections_run: [...only],
  connections: CONNECTIONS,
  seconds_per_load: DURATION_S,
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memory_gb: Math.round(totalmem() / 2 ** 30),
    loadavg_at_start: loadavg().map((l) => Number(l.toFixed(2))),
  },
});

// The publish section reads its queue batches from the server's log; otherwise the server runs quiet.
const publishBatches = queueBatches("herald-publish");
/** `BENCH_PROFILE=<file>`: a CPU profile of the publish burst is written there (bench/cpu-profile.mjs). */
const profileFile = process.env.BENCH_PROFILE;
const inspectorPort = profileFile ? port + 100 : undefined;
const { baseUrl, stop, server } = await startServer({
  port,
  persistTo,
  quiet: !runs("publish"),
  onLine: runs("publish") ? publishBatches.onLine : undefined,
  inspectorPort,
  vars: { COUNT_ROUND_TRIPS: "true", BENCH_FLOORS: "true" },
});
try {
  const user = await call(baseUrl, "POST", "/api/v1/sandbox/users", { plan: "agency" });
  const key = user.api_key;
  const headers = { "x-api-key": key };
  await call(baseUrl, "PATCH", "/api/v1/sandbox/config", { rate_limit_per_hour: 1_000_000 }, key);
  const accounts = [];
  for (const platform of ["bluesky", "mastodon", "linkedin", "threads"]) {
    accounts.push(await call(baseUrl, "POST", "/api/v1/sandbox/accounts", { platform }, key));
  }
  const draft = JSON.stringify({
    text: "Benchmark post with a link https://example.com/a",
    platforms: accounts.slice(0, 2).map((a) => ({ platform: a.platform, account_id: a.id })),
  });

  console.log(`\nRoutes under load (${CONNECTIONS} connections, ${DURATION_S} s each; round trips of one request)`);
  const floor = await load("floor: GET /api/v1/ping", { url: `${baseUrl}/api/v1/ping` });
  const createPost = { url: `${baseUrl}/api/v1/posts`, method: "POST", headers, body: draft };
  const rows = [];
  if (runs("routes")) {
    rows.push(
      await load("GET /api/v1/health", { url: `${baseUrl}/api/v1/health` }),
      await load("GET /api/v1/connected-accounts", { url: `${baseUrl}/api/v1/connected-accounts`, headers }),
      await load("POST /api/v1/posts (draft, 2 targets)", createPost),
      await load("GET /api/v1/posts?limit=20", { url: `${baseUrl}/api/v1/posts?limit=20`, headers }),
    );
  }
  printAgainstFloor(floor, rows);
  results.add("routes", floor, ...rows);
  if (runs("routes")) {
    // Latency alone: under load a 2-core machine is saturated and the ratios measure CPU per request.
    console.log("\nOne connection (latency without queueing)");
    const oneFloor = await load("floor: GET /api/v1/ping", { url: `${baseUrl}/api/v1/ping`, connections: 1 });
    const oneCreate = await load("POST /api/v1/posts (draft, 2 targets)", { ...createPost, connections: 1 });
    printAgainstFloor(oneFloor, [oneCreate]);
    results.add("one connection", oneFloor, oneCreate);
  }

  if (runs("deployed")) await deployedRoutes(results, port + 1);
  if (runs("mcp")) await mcpToolCalls(baseUrl, headers);
  if (runs("plugs")) await plugCycle(baseUrl, key);
  if (runs("slots")) await findSlotLoad(baseUrl, key, floor);
  if (runs("publish")) await publishLag(baseUrl, key, accounts, server.pid);
  if (runs("webhooks")) await webhookDelivery(baseUrl, key);
  if (runs("feeds")) await feedCheckCycle(baseUrl);
  if (runs("flows")) await flowReplies(baseUrl, key);
  if (runs("media")) results.add("media", ...(await mediaUpload(baseUrl, key)));
} finally {
  stop();
}

if (existsSync(resultsFile)) renameSync(resultsFile, resultsFile.replace(/\.json$/, ".previous.json"));
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`\nResults written to ${resultsFile}`);
const previous = resultsFile.replace(/\.json$/, ".previous.json");
if (existsSync(previous)) compareResults(previous, resultsFile);

/**
 * 1,000 keyword comments from 1,000 people on one Instagram account with a live flow: each goes in through the
 * sandbox's inbound route (the same queue as Meta's webhook), is taken by the consumer and run by that person's
 * Durable Object, whose first step is the comment's private reply. Time per comment: from the inbound's
 * `received_at` to its private reply's `at` (both service time), p50 and p99.
 */
async function flowReplies(baseUrl, key) {
  const COMMENTS = 1000;
  const account = await call(baseUrl, "POST", "/api/v1/sandbox/accounts", { platform: "instagram" }, key);
  const flow = await call(baseUrl, "POST", "/api/v1/flows", { name: "Bench guide", account_id: account.id }, key);
  const node = (body) => call(baseUrl, "POST", `/api/v1/flows/${flow.id}/nodes`, body, key);
  await node({ type: "trigger", name: "Trigger", data: { config: { kind: "comment_keyword", keywords: ["GUIDE"] } } });
  await node({ type: "message", name: "Reply", data: { blocks: [{ text: "Here is the guide" }] } });
  await call(baseUrl, "POST", `/api/v1/flows/${flow.id}/edges`, { from: "Trigger", to: "Reply" }, key);
  await call(baseUrl, "POST", `/api/v1/flows/${flow.id}/activate`, undefined, key);

  const receivedAt = new Map();
  const started = Date.now();
  let next = 0;
  const sender = async () => {
    while (next < COMMENTS) {
      const i = next++;
      const body = {
        account_id: account.id,
        kind: "comment",
        id: `bench-c-${i}`,
        sender_id: `bench-p-${i}`,
        text: "guide please",
      };
      const event = await call(baseUrl, "POST", "/api/v1/sandbox/inbound", body, key);
      receivedAt.set(event.id, Date.parse(event.received_at));
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, sender));
  const sentMs = Date.now() - started;
  let replies = [];
  while (Date.now() - started < 300_000) {
    const calls = await call(baseUrl, "GET", `/api/v1/sandbox/published?account_id=${account.id}`, undefined, key);
    replies = calls.filter((c) => c.kind === "private_reply");
    if (replies.length >= COMMENTS) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const allMs = Date.now() - started;
  const lags = replies.map((r) => Date.parse(r.at) - receivedAt.get(r.parent_platform_post_id));
  const p50 = percentile(lags, 50);
  const p99 = percentile(lags, 99);
  console.log(`\nFlows: ${COMMENTS} keyword comments from ${COMMENTS} people`);
  console.log(
    `  sent in ${sentMs} ms; ${replies.length}/${COMMENTS} private replies after ${allMs} ms; inbound → first reply p50 ${p50} ms, p99 ${p99} ms`,
  );
  results.add("flows", {
    name: `${COMMENTS} inbound comments, ${COMMENTS} contacts: inbound to first reply`,
    comments: COMMENTS,
    replies: replies.length,
    sent_ms: sentMs,
    all_replied_ms: allMs,
    p50_ms: p50,
    p99_ms: p99,
  });
}

/**
 * One plug check cycle over the 10,000 seeded armed plugs (1,000 accounts, half X, half Instagram): the cron's
 * dispatch, the queue messages it makes (one per account, up to 100 plugs each) and so the metric calls, and the
 * time until every plug has been checked. The limit is those calls: one per account per cycle.
 */
async function plugCycle(baseUrl, key) {
  const started = Date.now();
  const result = await call(baseUrl, "POST", "/api/v1/sandbox/tick", { jobs: ["plug-checks"] }, key);
  const dispatchMs = Date.now() - started;
  const { queued, messages, capped } = result.results["plug-checks"];
  let checked = 0;
  while (Date.now() - started < 180_000) {
    checked = checkedCount(persistTo);
    if (checked >= PLUGS) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const cycleMs = Date.now() - started;
  console.log(`\nPlug check cycle, ${PLUGS} armed plugs due`);
  console.log(
    `  dispatch ${dispatchMs} ms: ${queued} plugs in ${messages} queue messages (${messages} metric calls, ${capped} held by caps)  all checked: ${checked}/${PLUGS} after ${cycleMs} ms`,
  );
  results.add("plugs", {
    name: `plug check cycle, ${PLUGS} armed plugs due`,
    dispatch_ms: dispatchMs,
    queued,
    messages,
    capped,
    checked,
    cycle_ms: cycleMs,
  });
}

/**
 * 1,000 posts due at the same second across 100 accounts: lag from scheduled_at to the sandbox platform's call, as the
 * scheduler's alarm (not the cron) delivers them; then where that time went, stage by stage (bench/publish-stages.mjs).
 */
async function publishLag(baseUrl, key, firstAccounts, serverPid) {
  const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
  const count = 1000;
  const accounts = [...firstAccounts];
  const platforms = firstAccounts.map((a) => a.platform);
  while (accounts.length < PUBLISH_ACCOUNTS) {
    const platform = platforms[accounts.length % platforms.length];
    accounts.push(await call(baseUrl, "POST", "/api/v1/sandbox/accounts", { platform }, key));
  }
  const dueAt = Date.now() + 30_000;
  const scheduledAt = new Date(Math.ceil(dueAt / 1000) * 1000).toISOString();
  for (let i = 0; i < count; i += 100) {
    const rows = Array.from({ length: 100 }, (_, j) => {
      const account = accounts[(i + j) % accounts.length];
      return {
        text: `Due together #${i + j}`,
        platforms: [{ platform: account.platform, account_id: account.id }],
        schedule_type: "scheduled",
        scheduled_at: scheduledAt,
      };
    });
    await call(baseUrl, "POST", "/api/v1/posts/bulk", rows, key);
  }
  const due = Date.parse(scheduledAt);
  const profile = profileFile ? await startCpuProfile(inspectorPort) : null;
  await new Promise((r) => setTimeout(r, due - 200 - Date.now()));
  const cpuBefore = workerdCpuMs(serverPid);
  let calls = [];
  const deadline = due + 120_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    calls = await call(baseUrl, "GET", "/api/v1/sandbox/published", undefined, key);
    if (calls.length >= count) break;
  }
  const cpuMs = workerdCpuMs(serverPid) - cpuBefore;
  const lags = calls.map((c) => Date.parse(c.at) - due);
  const lag = { min: Math.min(...lags), p50: percentile(lags, 50), p99: percentile(lags, 99), max: Math.max(...lags) };
  console.log(
    `\nPublish lag, ${count} posts due at the same second across ${accounts.length} accounts (scheduled_at → platform call)`,
  );
  console.log(
    `  published ${calls.length}/${count}  min ${lag.min} ms  p50 ${lag.p50} ms  p99 ${lag.p99} ms  max ${lag.max} ms`,
  );
  console.log(
    `  workerd CPU from the second to the last call seen: ${cpuMs} ms (load average ${loadAtStart.join(" ")})`,
  );
  const query = (sql) => JSON.parse(executeLocal(persistTo, ["--json", "--command", sql]))[0].results;
  const rows = query(
    `SELECT c.created_at AS called, t.published_at AS settled
     FROM post_targets t JOIN posts p ON p.id = t.post_id
     LEFT JOIN sandbox_calls c ON c.platform_post_id = t.platform_post_id AND c.kind = 'publish'
     WHERE p.scheduled_at = ${due}`,
  );
  const [alarm] = query("SELECT last_run_at AS at, last_duration_ms AS ms FROM job_runs WHERE name = 'scheduler'");
  const stages = publishStages({ due, rows, alarm, batches: publishBatches.batches });
  printStages(stages);
  if (profile) {
    const summary = await profile.stop(profileFile);
    console.log(`  CPU profile written to ${profileFile}; busy ${(summary.busy * 100).toFixed(0)}% of the samples`);
    for (const kind of ["self", "total"]) {
      console.log(`  most samples (${kind}):`);
      for (const f of summary[kind]) console.log(`    ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}`);
    }
  }
  results.add("publish", {
    name: `publish lag, ${count} posts due together`,
    published: calls.length,
    ...lag,
    batches: stages.batches.length,
    workerd_cpu_ms: cpuMs,
    loadavg_before: loadAtStart,
    stages,
  });
}

/**
 * Webhook delivery to a receiver on this machine (sandbox mode accepts http://127.0.0.1:<port>), which
 * answers 200 at once. Throughput: 1,000 events written together, from the first write to the last
 * receipt. Delay: from each event's `timestamp` (when emitEvent wrote it) to the receiver's 2xx, for the
 * burst and for 200 events written one at a time.
 */
async function webhookDelivery(baseUrl, key) {
  const receiverPort = Number(process.env.BENCH_RECEIVER_PORT ?? port + 1);
  const arrivals = new Map();
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      res.writeHead(200).end("ok");
      if (!arrivals.has(body.id)) arrivals.set(body.id, Date.now() - Date.parse(body.timestamp));
    });
  });
  await new Promise((resolve) => receiver.listen(receiverPort, "127.0.0.1", resolve));
  try {
    await call(
      baseUrl,
      "POST",
      "/api/v1/webhooks",
      { target_url: `http://127.0.0.1:${receiverPort}/hook`, events: ["flow.error"] },
      key,
    );
    const emit = (count) =>
      call(baseUrl, "POST", "/api/v1/sandbox/events", { event: "flow.error", data: { bench: true }, count }, key);
    const waitFor = async (ids) => {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline && !ids.every((id) => arrivals.has(id))) {
        await new Promise((r) => setTimeout(r, 50));
      }
      return ids.filter((id) => arrivals.has(id));
    };

    const burst = 1000;
    const started = Date.now();
    const { event_ids: burstIds } = await emit(burst);
    const got = await waitFor(burstIds);
    const seconds = (Date.now() - started) / 1000;
    const burstDelays = got.map((id) => arrivals.get(id));
    console.log("\nWebhook delivery to a local receiver");
    console.log(
      `  ${burst} events written together: delivered ${got.length}/${burst} in ${seconds.toFixed(1)} s  ${Math.round(got.length / seconds)} events/s  delay p50 ${percentile(burstDelays, 50)} ms  p99 ${percentile(burstDelays, 99)} ms`,
    );
    results.add("webhooks", {
      name: `${burst} events written together`,
      delivered: got.length,
      seconds,
      events_per_s: got.length / seconds,
      p50: percentile(burstDelays, 50),
      p99: percentile(burstDelays, 99),
    });

    const single = [];
    for (let i = 0; i < 200; i++) {
      single.push(...(await emit(1)).event_ids);
      await new Promise((r) => setTimeout(r, 20));
    }
    const singleGot = await waitFor(single);
    const delays = singleGot.map((id) => arrivals.get(id));
    console.log(
      `  200 events written one at a time: delivered ${singleGot.length}/200  emitEvent → receiver 2xx p50 ${percentile(delays, 50)} ms  p99 ${percentile(delays, 99)} ms`,
    );
    results.add("webhooks", {
      name: "200 events written one at a time",
      delivered: singleGot.length,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
    });
  } finally {
    receiver.close();
  }
}

/**
 * `tools/call list_accounts` at /mcp against `GET /api/v1/connected-accounts`, the REST route calling the same
 * service, in the same run: what the agent tool server adds (JSON-RPC, the per-request server, the tool list's
 * checks). A 2026-07-28 call is one POST, as the SDK's client sends it; a 2025-era one to this stateless
 * server is the same POST without the envelope.
 */
async function mcpToolCalls(baseUrl, headers) {
  const envelope = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientInfo": { name: "bench", version: "1" },
    "io.modelcontextprotocol/clientCapabilities": {},
  };
  const mcpCall = (modern) => ({
    url: `${baseUrl}/mcp`,
    method: "POST",
    headers: {
      ...headers,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...(modern
        ? { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/call", "mcp-name": "list_accounts" }
        : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "list_accounts", arguments: {}, ...(modern ? { _meta: envelope } : {}) },
    }),
  });
  for (const modern of [true, false]) {
    const probe = mcpCall(modern);
    const answer = await fetch(probe.url, { method: "POST", headers: probe.headers, body: probe.body });
    const text = await answer.text();
    if (!answer.ok || !text.includes('"accounts"') || text.includes('"isError":true')) {
      throw new Error(
        `MCP list_accounts (${modern ? "2026" : "2025"}) answered ${answer.status}: ${text.slice(0, 300)}`,
      );
    }
  }
  console.log("\nAgent tool server: tools/call list_accounts against the REST route");
  // REST is measured before and after the tool calls, and their mean is the reference, so that warming up
  // and the machine's other load do not favour whichever runs later.
  // One connection: latency without queueing on a shared machine.
  const one = { connections: 1 };
  const restRoute = { url: `${baseUrl}/api/v1/connected-accounts`, headers, ...one };
  const before = await load("GET /api/v1/connected-accounts", restRoute);
  const modern = await load("MCP tools/call list_accounts (2026)", { ...mcpCall(true), ...one });
  const legacy = await load("MCP tools/call list_accounts (2025)", { ...mcpCall(false), ...one });
  const after = await load("GET /api/v1/connected-accounts (again)", restRoute);
  const floorOne = await load("floor: GET /api/v1/ping", { url: `${baseUrl}/api/v1/ping`, ...one });
  printAgainstFloor(floorOne, [before, modern, legacy, after]);
  const rest = {
    p50: (before.p50 + after.p50) / 2,
    p99: (before.p99 + after.p99) / 2,
    rps: (before.rps + after.rps) / 2,
  };
  for (const row of [modern, legacy]) {
    console.log(
      `  ${row.name} / REST: p50 ×${(row.p50 / Math.max(rest.p50, 0.1)).toFixed(2)}  p99 ×${(row.p99 / Math.max(rest.p99, 0.1)).toFixed(2)}  req/s ×${(row.rps / rest.rps).toFixed(2)}`,
    );
  }
}

/** A sandbox user with `platforms` accounts and `slots` (bodies without account_ids) on all of them. */
async function slotUser(baseUrl, platforms, slots) {
  const { api_key: key } = await call(baseUrl, "POST", "/api/v1/sandbox/users", { plan: "agency" });
  const accounts = [];
  for (const platform of platforms) {
    accounts.push(await call(baseUrl, "POST", "/api/v1/sandbox/accounts", { platform }, key));
  }
  const accountIds = accounts.map((a) => a.id);
  for (const slot of slots) {
    await call(baseUrl, "POST", "/api/v1/posting-slots", { account_ids: accountIds, ...slot }, key);
  }
  return { key, accounts, accountIds };
}

/**
 * find-slot latency (one connection, against a one-connection floor) for a user with 100
 * slots in four zones and 1,000 scheduled posts (600 of them on the earliest slot occurrences, so each
 * call steps over them), and throughput with one connection per user on distinct users (against the
 * floor). Holds last 1 s here (not 10 min) so that thousands of calls do not use up 60 days of slots.
 */
async function findSlotLoad(baseUrl, adminKey, floor) {
  await call(baseUrl, "PATCH", "/api/v1/sandbox/config", { slot_hold_s: 1 }, adminKey);
  const zones = ["UTC", "Europe/Berlin", "America/New_York", "Asia/Tokyo"];
  const busy = await slotUser(
    baseUrl,
    ["bluesky", "threads"],
    Array.from({ length: 100 }, (_, i) => ({
      weekday: i % 7,
      minutes: 8 * 60 + Math.floor(i / 7) * 30,
      timezone: zones[i % zones.length],
    })),
  );
  const from = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 61 * 86_400_000).toISOString().slice(0, 10);
  const occurrences = await call(
    baseUrl,
    "GET",
    `/api/v1/posting-slots/occurrences?from=${from}&to=${to}`,
    undefined,
    busy.key,
  );
  // 600 posts on the first occurrences (taking them), 400 more between slots (taking none).
  const at = (i) => Date.parse(occurrences[i % occurrences.length].at);
  const times = Array.from({ length: 1000 }, (_, i) => (i < 600 ? at(i) : at(i) + 17 * 60_000));
  for (let i = 0; i < times.length; i += 100) {
    const rows = times.slice(i, i + 100).map((time, j) => {
      const account = busy.accounts[(i + j) % busy.accounts.length];
      return {
        text: `Slot post #${i + j}`,
        platforms: [{ platform: account.platform, account_id: account.id }],
        schedule_type: "scheduled",
        scheduled_at: new Date(time).toISOString(),
      };
    });
    await call(baseUrl, "POST", "/api/v1/posts/bulk", rows, busy.key);
  }

  console.log("\nfind-slot: a user with 100 slots and 1,000 scheduled posts, one connection");
  const floorOne = await load("floor: GET /api/v1/ping", { url: `${baseUrl}/api/v1/ping`, connections: 1 });
  const latency = await load("GET /api/v1/find-slot", {
    url: `${baseUrl}/api/v1/find-slot?account_ids=${busy.accountIds.join(",")}`,
    headers: { "x-api-key": busy.key },
    connections: 1,
  });

  const users = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    users.push(
      await slotUser(
        baseUrl,
        ["bluesky"],
        Array.from({ length: 14 }, (_, d) => ({ weekday: d % 7, time: d < 7 ? "09:00" : "17:00", timezone: "UTC" })),
      ),
    );
  }
  printAgainstFloor(floorOne, [latency]);
  results.add("find-slot, one connection", floorOne, latency);

  console.log(`\nfind-slot: ${CONNECTIONS} users at once, one connection each`);
  const throughput = await load("GET /api/v1/find-slot", {
    url: `${baseUrl}/api/v1/find-slot`,
    setupClient: (client, index) => {
      const user = users[index % users.length];
      // setRequests, not setRequest: the latter changes only the first request of the connection.
      client.setRequests([
        {
          method: "GET",
          path: `/api/v1/find-slot?account_ids=${user.accountIds[0]}`,
          headers: { "x-api-key": user.key },
        },
      ]);
    },
    probe: {
      url: `${baseUrl}/api/v1/find-slot?account_ids=${users[0].accountIds[0]}`,
      headers: { "x-api-key": users[0].key },
    },
  });
  printAgainstFloor(floor, [throughput]);
  results.add(`find-slot, ${CONNECTIONS} users at once`, throughput);
  await call(baseUrl, "PATCH", "/api/v1/sandbox/config", { slot_hold_s: 600 }, adminKey);
}

/**
 * One RSS check cycle over 1,000 feeds served by a local server (200 accounts, five feeds each): a first
 * cycle records each feed (200 with an ETag), then, 15 minutes later on the sandbox clock, a measured cycle
 * in which 950 feeds answer 304 and 50 answer 200 with one new item. Time from the cron tick until every
 * feed shows the new check, and feed requests (subrequests) per feed.
 */
async function feedCheckCycle(baseUrl) {
  const feedPort = Number(process.env.BENCH_FEEDS_PORT ?? port + 2);
  const feeds = 1000;
  let changed = false;
  let requests = 0;
  const doc = (n, extra) =>
    `<?xml version="1.0"?><rss version="2.0"><channel><title>Feed ${n}</title>${extra ? `<item><title>New ${n}</title><link>https://example.com/${n}/new</link><guid>${n}-new</guid></item>` : ""}<item><title>Old ${n}</title><link>https://example.com/${n}/old</link><guid>${n}-old</guid></item></channel></rss>`;
  const server = createServer((req, res) => {
    requests++;
    const n = Number(req.url.match(/\d+/)?.[0] ?? 0);
    const fresh = changed && n % 20 === 0;
    const etag = `"${n}-${fresh ? 2 : 1}"`;
    if (req.headers["if-none-match"] === etag) return res.writeHead(304).end();
    res.writeHead(200, { "content-type": "application/rss+xml", etag }).end(doc(n, fresh));
  });
  await new Promise((resolve) => server.listen(feedPort, "127.0.0.1", resolve));
  try {
    const { api_key: key } = await call(baseUrl, "POST", "/api/v1/sandbox/users", { plan: "agency" });
    const accounts = [];
    for (let i = 0; i < feeds / 5; i++) {
      accounts.push(await call(baseUrl, "POST", "/api/v1/sandbox/accounts", { platform: "bluesky" }, key));
    }
    for (let i = 0; i < feeds; i++) {
      await call(
        baseUrl,
        "POST",
        "/api/v1/rss-feeds",
        { url: `http://127.0.0.1:${feedPort}/feed/${i}.xml`, account_ids: [accounts[Math.floor(i / 5)].id] },
        key,
      );
    }
    const cycle = async (since) => {
      const before = requests;
      const started = Date.now();
      await call(baseUrl, "POST", "/api/v1/sandbox/tick", { jobs: ["feed-checks"] }, key);
      const deadline = Date.now() + 300_000;
      let done = 0;
      while (Date.now() < deadline) {
        const list = await call(baseUrl, "GET", "/api/v1/rss-feeds", undefined, key);
        done = list.filter((f) => f.last_checked_at && Date.parse(f.last_checked_at) >= since).length;
        if (done === feeds) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      return { done, seconds: (Date.now() - started) / 1000, perFeed: (requests - before) / feeds };
    };
    await cycle(0);
    changed = true;
    const { now } = await call(baseUrl, "POST", "/api/v1/sandbox/clock", { advance_ms: 15 * 60_000 }, key);
    const { done, seconds, perFeed } = await cycle(Date.parse(now));
    console.log("\nRSS check cycle over 1,000 local feeds (950 answer 304, 50 have one new item)");
    console.log(
      `  checked ${done}/${feeds} in ${seconds.toFixed(1)} s  ${Math.round(done / seconds)} feeds/s  ${perFeed.toFixed(2)} feed requests per feed`,
    );
    results.add("feeds", {
      name: `RSS check cycle over ${feeds} local feeds`,
      checked: done,
      seconds,
      feeds_per_s: done / seconds,
      requests_per_feed: perFeed,
    });
  } finally {
    server.close();
  }
}
