// `npm run mcp:conformance`: the official MCP conformance suite's server scenarios against a local Herald (sandbox).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runConformance } from "./lib/mcp-conformance.mjs";
import { startServer } from "./lib/server.mjs";

const persistTo = mkdtempSync(join(tmpdir(), "herald-conformance-db-"));
const { baseUrl, stop } = await startServer({ persistTo, quiet: true });
try {
  const { results, failures } = await runConformance(baseUrl);
  for (const { run, scenario, checks } of results) {
    const count = (verdict) => checks.filter((c) => c.verdict === verdict).length;
    console.log(
      `${run.padEnd(26)} ${scenario.padEnd(48)} passed ${count("passed")}, failed ${count("failed")}, not applicable ${count("not applicable")}`,
    );
  }
  for (const failure of failures) console.error(`FAILED ${failure}`);
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  stop();
  rmSync(persistTo, { recursive: true, force: true });
}
