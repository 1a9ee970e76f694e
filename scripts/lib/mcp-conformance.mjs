// The official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios) run against Herald's /mcp.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call, freePort, root } from "./server.mjs";

const SUITE = join(root, "node_modules", ".bin", "conformance");

/** The runs: the 2025-era revisions (the suite's active scenarios) and everything the 2026-07-28 revision requires. */
const RUNS = [
  { name: "2025-06-18 and 2025-11-25", args: [] },
  { name: "2026-07-28", args: ["--requirements", "2026-07-28"] },
];

/**
 * Scenarios that test what Herald serves: every check must pass, except those named here with why they cannot be
 * exercised (the suite drives them through its own diagnostic tools, which a real server does not list).
 */
export const APPLIES = {
  "server-initialize": {},
  "server-stateless": {
    "sep-2575-server-rejects-undeclared-capability": "needs the suite's test_missing_capability tool",
    "sep-2575-missing-capability-http-400": "needs the suite's test_missing_capability tool",
    "sep-2575-http-server-no-independent-requests-on-stream": "needs the suite's test_streaming_elicitation tool",
    "sep-2575-server-no-log-without-loglevel": "needs the suite's test_logging_tool tool",
  },
  ping: {},
  "tools-list": {},
  "resources-list": {},
  "sep-2164-resource-not-found": {},
  caching: { "sep-2549-prompts-list-caching-hints": "Herald declares no prompts" },
  "server-sse-multiple-streams": {},
  "dns-rebinding-protection": {},
  "http-header-validation": {},
  "input-required-result-unsupported-methods": {},
  "input-required-result-validate-input": {},
};

/**
 * Every other scenario calls the suite's own test tools, resources or prompts, or a capability Herald does not declare
 * (logging, completions, prompts, subscriptions, tasks), or sessions (Herald keeps none).
 */
export const FIXTURE_ONLY =
  "needs the suite's own test tools, resources or prompts, or a capability Herald does not declare; its wire-schema-valid check still applies";

/**
 * A loopback proxy to `baseUrl` that adds `X-API-Key` to every request (the suite sends no credential), listening on
 * `localhost` so the Origin the suite sends for a valid request is the server's own host.
 */
async function keyProxy(baseUrl, key) {
  const target = new URL(baseUrl);
  const port = await freePort();
  const server = createServer((req, res) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, "x-api-key": key },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://localhost:${port}/mcp`, close: () => server.close() };
}

/** Each scenario's checks as the suite wrote them (`<dir>/server-<scenario>-<time>/checks.json`). */
function readChecks(dir) {
  return readdirSync(dir).map((sub) => ({
    scenario: sub.replace(/^server-/, "").replace(/-\d{4}-\d\d-\d\dT.*$/, ""),
    checks: JSON.parse(readFileSync(join(dir, sub, "checks.json"), "utf8")),
  }));
}

/** One check's verdict: passed, failed (a conformance failure of Herald's), or not applicable (and why). */
function verdict(scenario, check) {
  if (check.status !== "FAILURE")
    return { verdict: check.status === "SUCCESS" ? "passed" : check.status.toLowerCase() };
  const waived = APPLIES[scenario]?.[check.id];
  if (waived) return { verdict: "not applicable", why: waived };
  if (!(scenario in APPLIES) && check.id !== "wire-schema-valid")
    return { verdict: "not applicable", why: FIXTURE_ONLY };
  return { verdict: "failed", why: check.errorMessage ?? "" };
}

/**
 * Runs the suite's server scenarios against the Herald at `baseUrl` (sandbox mode) as a new Agency user: each
 * revision's run, each scenario's checks with their verdicts, and the failures that are Herald's.
 */
export async function runConformance(baseUrl) {
  const user = await call(baseUrl, "POST", "/api/v1/sandbox/users", { plan: "agency" });
  const proxy = await keyProxy(baseUrl, user.api_key);
  const out = mkdtempSync(join(tmpdir(), "herald-mcp-conformance-"));
  try {
    const results = [];
    for (const [i, run] of RUNS.entries()) {
      const dir = join(out, String(i));
      // A child waited for without blocking: the proxy serves it from this process's event loop.
      await new Promise((resolve, reject) => {
        const child = spawn(process.execPath, [SUITE, "server", "--url", proxy.url, "-o", dir, ...run.args], {
          stdio: "ignore",
        });
        child.on("exit", resolve);
        child.on("error", reject);
      });
      for (const { scenario, checks } of readChecks(dir)) {
        results.push({
          run: run.name,
          scenario,
          checks: checks.map((check) => ({ id: check.id, ...verdict(scenario, check) })),
        });
      }
    }
    const failures = results.flatMap((r) =>
      r.checks.filter((c) => c.verdict === "failed").map((c) => `${r.run} ${r.scenario} ${c.id}: ${c.why}`),
    );
    return { results, failures };
  } finally {
    proxy.close();
    rmSync(out, { recursive: true, force: true });
  }
}
