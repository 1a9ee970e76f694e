// Starts the Worker under `wrangler dev` in sandbox mode with a migrated local D1; used by `npm start` and the bench.
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { ConfigSchema, configFromVars } from "../../src/services/config.ts";

export const root = join(import.meta.dirname, "..", "..");
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

/** The deployment's tunables (src/services/config.ts) by their wrangler var names: RATE_LIMIT_PER_HOUR, … */
export const TUNABLE_VARS = Object.keys(ConfigSchema.shape).map((key) => key.toUpperCase());

/**
 * The tunables set in `shell`, as wrangler vars, so `RATE_LIMIT_PER_HOUR=25 npm start` reaches the Worker.
 * Checked here as the Worker will read them: a value it could not take stops the start with its name.
 */
export function tunablesFrom(shell) {
  const vars = Object.fromEntries(TUNABLE_VARS.filter((name) => shell[name]).map((name) => [name, shell[name]]));
  try {
    configFromVars(vars);
  } catch (error) {
    const issues = (error.issues ?? [error]).map((i) => `${String(i.path?.[0] ?? "").toUpperCase()}: ${i.message}`);
    throw new Error(`cannot start with these variables: ${issues.join("; ")}`);
  }
  return vars;
}

/** Applies every migration to the local D1 (a database one migration behind fails on insert). */
export function migrateLocal(persistTo) {
  const args = ["d1", "migrations", "apply", "herald", "--local", ...(persistTo ? ["--persist-to", persistTo] : [])];
  const result = spawnSync(wrangler, args, { cwd: root, env: { ...env, CI: "true" }, stdio: "inherit" });
  if (result.status !== 0) throw new Error("migrating the local database failed");
}

/** Runs `wrangler d1 execute` on the local D1 (`--command` or `--file` in `args`); answers what it printed. */
export function executeLocal(persistTo, args) {
  const result = spawnSync(wrangler, ["d1", "execute", "herald", "--local", "--persist-to", persistTo, ...args], {
    cwd: root,
    env: { ...env, CI: "true", WRANGLER_SEND_METRICS: "false" },
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`d1 execute failed: ${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** wrangler dev ended before the Worker answered (on a port another process took meanwhile, say). */
class ServerExited extends Error {}

async function waitForHealth(baseUrl, server) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new ServerExited(`wrangler dev exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the Worker did not answer on ${baseUrl} within two minutes`);
}

/** A loopback port nobody listens on now, so parallel runs on one machine do not collide. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * Serves the Worker on `port` with the tunables set in `shell` (the environment `npm start` was given) and `vars`
 * beside them, in sandbox mode unless `sandbox` is false (as deployed); resolves once /api/v1/health answers.
 * `onLine` receives each line the Worker and wrangler print, instead of the terminal. `inspectorPort` sets where
 * wrangler serves the Worker's inspector (for CPU profiles). `detached` makes wrangler lead its own process group, so
 * that wrangler and workerd can be killed together (`process.kill(-server.pid, "SIGKILL")`, as the soak does).
 *
 * Without a `port`, a free one is taken, and another if wrangler exits before answering: between the probe that
 * found a port free and wrangler binding it, another process on the machine may take it (tests start several
 * servers at once). The answer says which port it serves on.
 */
export async function startServer(options) {
  if (options.port !== undefined) return startServerOn(options);
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOn({ ...options, port: await freePort() });
    } catch (error) {
      if (!(error instanceof ServerExited) || attempt === 3) throw error;
    }
  }
}

async function startServerOn({
  port,
  persistTo,
  quiet = false,
  env: shell = process.env,
  vars: extra = {},
  sandbox = true,
  onLine,
  inspectorPort,
  detached = false,
}) {
  // Short links and the OAuth issuer name the address the server really answers on, unless told otherwise.
  const vars = {
    PUBLIC_BASE_URL: `http://localhost:${port}`,
    ...tunablesFrom(shell),
    ...extra,
    SANDBOX: String(sandbox),
  };
  migrateLocal(persistTo);
  const args = ["dev", "--port", String(port), "--ip", "127.0.0.1"];
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  args.push("--show-interactive-dev-session=false");
  if (inspectorPort) args.push("--inspector-port", String(inspectorPort));
  if (persistTo) args.push("--persist-to", persistTo);
  if (quiet) args.push("--log-level", "error");
  const stdout = onLine ? "pipe" : quiet ? "ignore" : "inherit";
  const server = spawn(wrangler, args, { cwd: root, env, stdio: ["ignore", stdout, "inherit"], detached });
  if (onLine) createInterface({ input: server.stdout }).on("line", onLine);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, server);
  return { server, baseUrl, port, stop: () => server.kill("SIGTERM") };
}

/** Calls the API and unwraps the envelope; throws on failure. */
export async function call(baseUrl, method, path, body, key) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { "content-type": "application/json", ...(key ? { "x-api-key": key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(`${method} ${path}: ${JSON.stringify(json.error)}`);
  return json.data;
}
