// Shared pieces of the benchmark: load with autocannon, round trips per request, percentiles, printing against
// the floor, and the results written to bench/results.json.
import autocannon from "autocannon";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Seconds of the same load, unmeasured, before each measurement: the isolate compiles the route's code first. */
export const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);

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
