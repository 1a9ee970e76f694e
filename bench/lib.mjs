// Shared pieces of the benchmark: load with autocannon, percentiles, and printing against the floor.
import autocannon from "autocannon";

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * Runs autocannon against one request and returns p50/p99 latency (ms) and requests per second.
 * `setupClient(client, index)` may give each connection its own request (autocannon's Client API).
 */
export async function load(
  name,
  { url, method = "GET", headers = {}, body, requests, connections = CONNECTIONS, setupClient },
) {
  let clients = 0;
  const result = await autocannon({
    url,
    method,
    headers: { "content-type": "application/json", ...headers },
    body,
    requests,
    connections,
    duration: DURATION_S,
    ...(setupClient ? { setupClient: (client) => setupClient(client, clients++) } : {}),
  });
  const bad = result.non2xx + result.errors;
  if (bad > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(`${name}: ${bad} of ${result.requests.total} requests failed (statuses ${statuses})`);
  }
  return { name, p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Prints each measurement with its ratio to the floor (latency: × the floor's; throughput: share of it). */
export function printAgainstFloor(floor, rows) {
  const line = (r) =>
    [
      r.name.padEnd(34),
      `p50 ${r.p50.toFixed(1).padStart(6)} ms`,
      `p99 ${r.p99.toFixed(1).padStart(6)} ms`,
      `${Math.round(r.rps).toString().padStart(6)} req/s`,
      `p50 ×${(r.p50 / Math.max(floor.p50, 0.1)).toFixed(2)}`,
      `req/s ×${(r.rps / floor.rps).toFixed(2)}`,
    ].join("  ");
  console.log(line(floor));
  for (const row of rows) console.log(line(row));
}
