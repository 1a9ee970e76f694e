// Compares two bench runs: `node bench/compare.mjs <before.json> <after.json>` (what `npm run bench` writes to
// bench/results.json; the run before it is kept as bench/results.previous.json and compared at the end of a run;
// `npm run bench -- scale burst` writes bench/results-burst.json). Prints each measurement present in both with its
// numbers before → after and the change, and its round trips. Runs kept for an issue live in bench/runs/.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { describeRoundTrips } from "./lib.mjs";

const NOT_COMPARED = new Set(["name", "trips", "connections"]);

const change = (before, after) => {
  if (before === 0) return after === 0 ? "" : "(new)";
  const pct = ((after - before) / before) * 100;
  return `${pct >= 0 ? "+" : ""}${pct.toFixed(0)}%`;
};

const show = (n) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** A burst run's numbers by their path (`consumer.batch_ms.p50`), round trips left out. */
const numbersOf = (value, path = "") =>
  typeof value === "number"
    ? [[path, value]]
    : value && typeof value === "object" && !path.endsWith("trips")
      ? Object.entries(value).flatMap(([k, v]) => numbersOf(v, path ? `${path}.${k}` : k))
      : [];

function compareBursts(before, after) {
  console.log(`\nCompared with the burst run at ${before.started_at}`);
  const earlier = new Map(numbersOf(before.run));
  for (const [name, n] of numbersOf(after.run).filter(([name]) => earlier.has(name))) {
    console.log(`  ${name.padEnd(36)} ${show(earlier.get(name))} → ${show(n)} ${change(earlier.get(name), n)}`);
  }
}

export function compareResults(beforeFile, afterFile) {
  const [before, after] = [beforeFile, afterFile].map((f) => JSON.parse(readFileSync(f, "utf8")));
  if (before.run && after.run) return compareBursts(before, after);
  console.log(`\nCompared with ${before.commit} at ${before.started_at} (numbers are noisy: a shared machine)`);
  for (const [section, measurements] of Object.entries(after.sections)) {
    const earlier = new Map((before.sections[section] ?? []).map((m) => [m.name, m]));
    const both = measurements.filter((m) => earlier.has(m.name));
    if (both.length === 0) continue;
    console.log(`  ${section}`);
    for (const m of both) {
      const old = earlier.get(m.name);
      const numbers = Object.keys(m)
        .filter((k) => !NOT_COMPARED.has(k) && typeof m[k] === "number" && typeof old[k] === "number")
        .map((k) => `${k} ${show(old[k])} → ${show(m[k])} ${change(old[k], m[k])}`.trim());
      const trips =
        m.trips || old.trips ? `  round trips ${describeRoundTrips(old.trips)} → ${describeRoundTrips(m.trips)}` : "";
      console.log(`    ${m.name.padEnd(40)} ${numbers.join("  ")}${trips}`);
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [beforeFile, afterFile] = process.argv.slice(2);
  if (!beforeFile || !afterFile) {
    console.error("usage: node bench/compare.mjs <before.json> <after.json>");
    process.exit(2);
  }
  compareResults(beforeFile, afterFile);
}
