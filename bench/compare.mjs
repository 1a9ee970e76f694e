// Compares two bench runs: `node bench/compare.mjs <before.json> <after.json>` (what `npm run bench` writes to
// bench/results.json; the run before it is kept as bench/results.previous.json and compared at the end of a run).
// Prints each measurement present in both with its numbers before → after and the change, and its round trips.
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

export function compareResults(beforeFile, afterFile) {
  const [before, after] = [beforeFile, afterFile].map((f) => JSON.parse(readFileSync(f, "utf8")));
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
