// Shared pieces of the benchmark: load with autocannon, round trips per request, percentiles, printing against
// the floor, and the results written to bench/results.json.
import autocannon from "autocannon";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds of the same load, unmeasured, before each measurement: the isolate compiles the route's code first. */
export const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
/** How many times a route and its floor are measured in turns (`loadInTurns`). */
export const TURNS = Number(process.env.BENCH_TURNS ?? 3);

/**
 * What one request costs in round trips, read from the answer's `X-Herald-Round-Trips` (the bench serves with
 * COUNT_ROUND_TRIPS=true): `{ d1, do, queue, kv, r2, background? }`, or null for a route answered before counting.
 */
export async function roundTripsOf({ url, method = "GET", headers = {}, body }) {
  const res = await fetch(url, { method, headers: { "content-type": "application/json", ...headers }, body });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  return parseRoundTrips(res.headers.get("x-herald-round-trips"));
}

/** `d1=2, do=1, queue=0, kv=0, r2=0; background d1=1` → `{ d1: 2, do: 1, queue: 0, kv: 0, r2: 0, background: { d1: 1 } }`. */
export function parseRoundTrips(header) {
  if (!header) return null;
  const [now, later] = header.split("; background ");
  const parse = (part) =>
    Object.fromEntries(part.split(", ").map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])]));
  return { ...parse(now), ...(later ? { background: parse(later) } : {}) };
}

/** `d1 2 · do 1` (kinds with none left out; background after a plus). */
export function describeRoundTrips(trips) {
  if (!trips) return "-";
  const { background, ...path } = trips;
  const list = (t) =>
    Object.entries(t)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${k} ${n}`)
      .join(" · ");
  return [list(path) || "none", background ? `+ ${list(background)} later` : ""].filter(Boolean).join(" ");
}

/**
 * Runs autocannon against one request, after `WARMUP_S` of the same load unmeasured, and returns p50/p99 latency (ms),
 * requests per second and the round trips of one such request (measured first, apart from the load).
 * `setupClient(client, index)` may give each connection its own request (autocannon's Client API); `probe` is then
 * the request whose round trips are shown.
 */
export async function load(
  name,
  { url, method = "GET", headers = {}, body, requests, connections = CONNECTIONS, setupClient, probe },
) {
  const trips = await roundTripsOf(probe ?? { url, method, headers, body });
  let clients = 0;
  const run = (duration) =>
    autocannon({
      url,
      method,
      headers: { "content-type": "application/json", ...headers },
      body,
      requests,
      connections,
      duration,
      ...(setupClient ? { setupClient: (client) => setupClient(client, clients++) } : {}),
    });
  if (WARMUP_S > 0) await run(WARMUP_S);
  const result = await run(DURATION_S);
  const bad = result.non2xx + result.errors;
  if (bad > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(`${name}: ${bad} of ${result.requests.total} requests failed (statuses ${statuses})`);
  }
  return { name, connections, p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, trips };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/**
 * Routes against their floor, measured in turns (floor, each route, floor, each route, …) so that each ratio sets a
 * route beside its floor in the same state of the machine; answers, per route, each turn's ratios and their median.
 * A floor measured once at the start drifts with whatever else the machine does: from one run to the next the same
 * floor served 300 or 620 req/s. `routes`: `[{ name, request }]`.
 */
export async function loadInTurns(floorName, floorRequest, routes, turns = TURNS) {
  const ratios = routes.map(() => []);
  for (let turn = 0; turn < turns; turn++) {
    const floor = await load(floorName, floorRequest);
    for (const [i, { name, request }] of routes.entries()) {
      const route = await load(name, request);
      ratios[i].push({ p50: route.p50 / Math.max(floor.p50, 0.1), rps: route.rps / floor.rps, floor, route });
    }
  }
  const median = (values) => percentile(values, 50);
  return routes.map(({ name }, i) => ({
    name: `${name} vs ${floorName}`,
    p50: median(ratios[i].map((r) => r.p50)),
    rps: median(ratios[i].map((r) => r.rps)),
    turns: ratios[i],
  }));
}

/** Each route's median ratios to its floor over the turns, and every turn's. */
export function printInTurns(measured) {
  const list = (values) => values.map((v) => `×${v.toFixed(2)}`).join(" ");
  for (const m of measured) {
    console.log(m.name);
    console.log(`  p50   median ×${m.p50.toFixed(2)}  (turns ${list(m.turns.map((t) => t.p50))})`);
    console.log(`  req/s median ×${m.rps.toFixed(2)}  (turns ${list(m.turns.map((t) => t.rps))})`);
  }
}

/** Each measurement with its ratio to the floor (latency: × the floor's; throughput: share of it) and its round trips. */
export function printAgainstFloor(floor, rows) {
  const line = (r) =>
    [
      r.name.padEnd(40),
      `p50 ${r.p50.toFixed(1).padStart(6)} ms`,
      `p99 ${r.p99.toFixed(1).padStart(6)} ms`,
      `${Math.round(r.rps).toString().padStart(6)} req/s`,
      `p50 ×${(r.p50 / Math.max(floor.p50, 0.1)).toFixed(2)}`,
      `req/s ×${(r.rps / floor.rps).toFixed(2)}`,
      `  ${describeRoundTrips(r.trips)}`,
    ].join("  ");
  console.log(`${"".padEnd(40)}  ${"".padEnd(66)}round trips`);
  console.log(line(floor));
  for (const row of rows) console.log(line(row));
}

/** The results of one run, kept for bench/results.json: each section's measurements under its name. */
export class Results {
  constructor(meta) {
    this.meta = meta;
    this.sections = {};
  }

  /** Adds measurements (objects with a `name`) to a section. */
  add(section, ...measurements) {
    this.sections[section] = [...(this.sections[section] ?? []), ...measurements];
  }

  toJSON() {
    return { ...this.meta, sections: this.sections };
  }
}
