// `npm run soak`: Herald in sandbox mode under wrangler dev, driven through a simulated week (SOAK_MINUTES of wall
// time, 60 by default; the run's size scales with it) with platform faults, misbehaving receivers and SIGKILL
// restarts chosen from a printed seed (SOAK_SEED to repeat a run); then every invariant checked, the report written
// to bench/runs/ and the exit code 1 when any invariant broke.
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Actions } from "./actions.mjs";
import { SoakClock } from "./clock.mjs";
import { HeraldApi } from "./driver.mjs";
import { FeedServer } from "./feeds.mjs";
import { checkInvariants } from "./invariants.mjs";
import { scaleOf, setUp } from "./plan.mjs";
import { createRandom } from "./prng.mjs";
import { Receivers } from "./receivers.mjs";
import { writeReport } from "./report.mjs";
import { Supervisor } from "./supervisor.mjs";

const minutes = Number(process.env.SOAK_MINUTES ?? 60);
const seed = Number(process.env.SOAK_SEED ?? Math.floor(Math.random() * 2 ** 31));
const port = Number(process.env.SOAK_PORT ?? 8790);
const TICK_MS = 2000;
/** Where the simulated time starts (a Monday). */
const START = Date.parse("2031-03-03T00:00:00.000Z");
/** Herald's tunables for compressed time: retries in seconds, not minutes (they wait on wall time). */
const CONFIG = {
  webhook_retry_delays_s: [2, 4, 8, 16],
  webhook_timeout_ms: 2500,
  publish_retry_delays_s: [2, 5, 10, 20],
  rss_check_interval_s: 60,
};
const KINDS = ["publishing", "fan-out", "plugs", "flows"];

const log = (line) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`);
log(`seed ${seed} · ${minutes} minutes (SOAK_SEED=${seed} SOAK_MINUTES=${minutes} npm run soak repeats this run)`);

const random = createRandom(seed);
const scale = scaleOf(minutes);
const state = join(tmpdir(), `herald-soak-${seed}-${Date.now()}`);
mkdirSync(state, { recursive: true });
const supervisor = new Supervisor({
  port,
  inspectorPort: port + 1,
  persistTo: join(state, "wrangler"),
  logFile: join(state, "herald.log"),
});
let clock;
const receivers = new Receivers({
  serviceNow: () => (clock?.moves.length ? clock.now() : Date.now()),
  // Herald signs with service time as its queue batch read it when the batch began: a batch that takes a minute of wall
  // time signs up to an hour of simulated time behind (only in compressed time; a deployment's offset is zero).
  toleranceS: 300 + Math.ceil((90_000 * 168) / 1000),
  hangMs: CONFIG.webhook_timeout_ms + 1500,
});
const feeds = new FeedServer({ itemEveryMs: 20_000 });
let exitCode = 1;

try {
  await receivers.listen();
  await feeds.listen();
  log(`starting Herald on ${supervisor.baseUrl} (state ${state})`);
  await supervisor.start();
  const api = new HeraldApi(supervisor.baseUrl, null, { isUp: () => supervisor.up });
  const adminUser = await api.post("/api/v1/sandbox/users", {
    plan: "agency",
    email: `soak${seed}-admin@herald.local`,
  });
  const admin = api.as(adminUser.api_key);
  await admin.patch("/api/v1/sandbox/config", CONFIG);
  clock = new SoakClock({ api: admin, start: START, tickMs: TICK_MS, log });
  await clock.moveTo(START);

  log(
    `setting up ${scale.users} users, ~${scale.posts} posts over ${(scale.spanMs / 3_600_000).toFixed(1)} simulated hours`,
  );
  const setupStarted = Date.now();
  const world = await setUp({ api, random: random.fork("setup"), scale, receivers, feeds, start: START, seed, log });
  const setupMs = Date.now() - setupStarted;
  log(
    `set up in ${Math.round(setupMs / 1000)} s: ${world.users.reduce((n, u) => n + u.accounts.length + (u.flowAccount ? 1 : 0), 0)} accounts, ${world.posts.length} posts, ${world.plugs.length} plugs, ${world.webhooks.length} webhooks, ${world.feeds.length} feeds, ${world.flows.length} flows; errors ${JSON.stringify(world.errors)}`,
  );

  // The receivers' bad spells, spread over the run by the seed.
  const budgetMs = minutes * 60_000;
  const runStart = Date.now();
  const spells = random.fork("spells");
  for (const hook of world.webhooks) {
    if (hook.behaviour !== "flaky" && hook.behaviour !== "slow") continue;
    const spellCount = Math.max(1, Math.round(minutes / 3));
    hook.receiver.windows = Array.from({ length: spellCount }, () => {
      const from = runStart + spells.int(0, budgetMs);
      return [from, from + spells.int(3_000, 12_000)];
    });
  }

  clock.start = Math.max(START, clock.now());
  await clock.begin();
  const ticks = Math.floor(budgetMs / TICK_MS);
  const actions = new Actions({ api, admin, world, clock, random: random.fork("actions"), scale, seed, ticks, log });
  const kills = Math.max(1, Math.min(8, Math.round(minutes / 2.5)));
  const killAt = Array.from({ length: kills }, (_, i) => {
    const slot = budgetMs / (kills + 1);
    return runStart + slot * (i + 1) + random.int(-slot / 4, slot / 4);
  });
  log(`driving ${ticks} ticks with ${kills} kills`);
  let tickCount = 0;
  const inflight = new Set();
  while (Date.now() - runStart < budgetMs) {
    const tickStarted = Date.now();
    if (killAt.length > 0 && tickStarted >= killAt[0]) {
      killAt.shift();
      const kind = KINDS[supervisor.outages.length % KINDS.length];
      await actions.aimAt(kind);
      await new Promise((r) => setTimeout(r, random.int(30, 400)));
      log(`kill ${supervisor.outages.length + 1}/${kills}, aimed at ${kind}`);
      const outage = await supervisor.restart(kind);
      outage.killedService = clock.now();
      log(`Herald is back after ${((outage.upAt - outage.killedAt) / 1000).toFixed(1)} s`);
    }
    try {
      await clock.tick();
    } catch (error) {
      log(`tick: ${error.message}`);
    }
    if (inflight.size < 6) {
      const work = actions.tick().finally(() => inflight.delete(work));
      inflight.add(work);
    }
    tickCount++;
    if (tickCount % 30 === 0) {
      const b = await admin.get("/api/v1/sandbox/backlog").catch(() => null);
      log(
        `tick ${tickCount}/${ticks} · service ${new Date(clock.now()).toISOString().slice(0, 16)} · backlog ${b ? JSON.stringify(b) : "?"}`,
      );
    }
    await new Promise((r) => setTimeout(r, Math.max(0, TICK_MS - (Date.now() - tickStarted))));
  }
  await Promise.all(inflight);
  const drivenMs = Date.now() - runStart;

  // Settle: faults off, receivers healthy (the dead stay dead), time moving on until nothing is left to do.
  log("settling: faults cleared, receivers healed");
  await actions.clearFaults();
  receivers.heal();
  const settleStarted = Date.now();
  const settleLimit = Math.max(240_000, minutes * 6_000);
  let settledTimes = 0;
  let backlog = null;
  while (Date.now() - settleStarted < settleLimit && settledTimes < 3) {
    await clock.moveTo(clock.now() + 5 * 60_000).catch(() => {});
    await clock.tick({ advance: false }).catch(() => {});
    await actions.likes().catch(() => {});
    backlog = await admin.get("/api/v1/sandbox/backlog").catch(() => null);
    settledTimes = backlog?.settled ? settledTimes + 1 : 0;
    await new Promise((r) => setTimeout(r, TICK_MS));
  }
  log(
    `settled ${backlog?.settled ? "" : "NOT "}after ${Math.round((Date.now() - settleStarted) / 1000)} s: ${JSON.stringify(backlog)}`,
  );

  const result = await checkInvariants({
    api,
    world,
    actions,
    clock,
    receivers,
    feeds,
    supervisor,
    backlog,
    persistTo: join(state, "wrangler"),
  });
  const file = writeReport({
    seed,
    minutes,
    scale,
    setupMs,
    drivenMs,
    ticks: tickCount,
    world,
    actions,
    supervisor,
    result,
    config: CONFIG,
  });
  log(`report: ${file}`);
  exitCode = result.broken === 0 ? 0 : 1;
} catch (error) {
  log(`the soak itself failed: ${error.stack ?? error.message}`);
  exitCode = 2;
} finally {
  await supervisor.stop();
  await receivers.close();
  await feeds.close();
  if (exitCode === 0 && !process.env.SOAK_KEEP_STATE) rmSync(state, { recursive: true, force: true });
  else log(`state kept in ${state}`);
}
process.exit(exitCode);
