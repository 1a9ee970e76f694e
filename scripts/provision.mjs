// `npm run deploy`: deploys Herald to a Cloudflare account from nothing, and again whenever it is run.
// Creates what wrangler.toml's production environment binds and the account lacks (the D1 database, the KV
// namespace, the R2 bucket, every queue and dead-letter queue named there), writes their ids and the public
// address into wrangler.toml, asks for the secrets the Worker does not have yet, applies the migrations to the
// remote database and deploys. What exists is left as it is, so a second run only migrates and deploys.
//
//   --provision-only   stop before the migrations and the deploy
//   --skip-secrets     ask for no secret (set them later with `wrangler secret put NAME --env production`)
//
// Without a terminal (CI), answers come from environment variables of the same names (PUBLIC_BASE_URL,
// ENCRYPTION_KEY, X_CLIENT_ID, …) or, failing that, one line of standard input each (empty: skip).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { stripVTControlCharacters } from "node:util";
import { parse } from "smol-toml";

const ENV = "production";
const CONFIG = "wrangler.toml";
const PLACEHOLDER_URL = "https://herald.example.com";
const flags = new Set(process.argv.slice(2));

/** The secrets Herald reads (docs/platforms.md); each may be skipped and set later. */
const SECRETS = [
  {
    name: "ENCRYPTION_KEY",
    about: "encrypts stored platform tokens and webhook secrets (32+ characters; Enter makes a random one)",
    generate: () => randomBytes(32).toString("base64"),
  },
  { name: "X_CLIENT_ID", about: "X app: OAuth 2.0 client id" },
  { name: "X_CLIENT_SECRET", about: "X app: client secret (confidential apps)" },
  { name: "LINKEDIN_CLIENT_ID", about: "LinkedIn app: client id" },
  { name: "LINKEDIN_CLIENT_SECRET", about: "LinkedIn app: client secret" },
  { name: "META_APP_ID", about: "Meta app (Facebook Pages): app id" },
  { name: "META_APP_SECRET", about: "Meta app: app secret" },
  { name: "INSTAGRAM_APP_ID", about: "Meta app's Instagram product: app id" },
  { name: "INSTAGRAM_APP_SECRET", about: "Meta app's Instagram product: app secret" },
  { name: "THREADS_APP_ID", about: "Meta app's Threads use case: app id" },
  { name: "THREADS_APP_SECRET", about: "Meta app's Threads use case: app secret" },
];

class ProvisionError extends Error {}

// ---- wrangler

/** `wrangler` from PATH (npm puts the project's first), else the project's own. */
const wranglerEnv = {
  ...process.env,
  PATH: [process.env.PATH, join(import.meta.dirname, "..", "node_modules", ".bin")].join(delimiter),
  WRANGLER_SEND_METRICS: "false",
};

/** Runs wrangler and answers its output; `show` lets the operator watch (long or interactive steps). */
function wrangler(args, { show = false, allowFailure = false, env = {} } = {}) {
  const result = spawnSync("wrangler", args, {
    env: { ...wranglerEnv, ...env },
    encoding: "utf8",
    stdio: show ? ["ignore", "inherit", "inherit"] : ["ignore", "pipe", "pipe"],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw new ProvisionError(`could not run wrangler: ${result.error.message}`);
  const output = { ok: result.status === 0, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
  if (!output.ok && !allowFailure) {
    throw new ProvisionError(`wrangler ${args.join(" ")} failed\n${output.stdout}${output.stderr}`.trim());
  }
  return output;
}

/** The JSON a wrangler command printed (after any banner lines). */
function jsonOf(output) {
  const start = output.stdout.search(/^[[{]/m);
  if (start < 0) throw new ProvisionError(`expected JSON from wrangler, got:\n${output.stdout}`);
  return JSON.parse(output.stdout.slice(start));
}

// ---- questions

/** Asks on the terminal (secrets without echo) or reads one line of piped input per question. */
class Questions {
  #interactive = Boolean(process.stdin.isTTY);
  #lines;
  #muted = false;

  async ask(question, { secret = false } = {}) {
    if (this.#interactive) {
      const output = new Writable({
        write: (chunk, encoding, done) => {
          if (!this.#muted) process.stdout.write(chunk, encoding);
          done();
        },
      });
      const rl = createInterface({ input: process.stdin, output, terminal: true });
      process.stdout.write(question);
      this.#muted = secret;
      try {
        return (await rl.question("")).trim();
      } finally {
        this.#muted = false;
        rl.close();
        if (secret) process.stdout.write("\n");
      }
    }
    console.log(question);
    this.#lines ??= createInterface({ input: process.stdin })[Symbol.asyncIterator]();
    const next = await this.#lines.next();
    return next.done ? "" : next.value.trim();
  }
}

// ---- wrangler.toml

/**
 * Sets `key = "value"` in the `[[header]]` table whose `match` line is present (or the `[header]` table), keeping
 * every other line of the file as it was.
 */
function setTomlValue(text, header, key, value, match) {
  const lines = text.split("\n");
  const headerAt = (i) => /^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$/.exec(lines[i])?.[1];
  for (let start = 0; start < lines.length; start++) {
    if (headerAt(start) !== header) continue;
    let end = start + 1;
    while (end < lines.length && headerAt(end) === undefined) end++;
    const block = lines.slice(start + 1, end);
    if (match && !block.some((line) => line.trim() === match)) continue;
    const line = `${key} = ${JSON.stringify(value)}`;
    const at = block.findIndex((l) => new RegExp(`^\\s*${key}\\s*=`).test(l));
    if (at >= 0) lines[start + 1 + at] = line;
    else lines.splice(start + 1, 0, line);
    return lines.join("\n");
  }
  throw new ProvisionError(`${CONFIG} has no [${header}]${match ? ` with ${match}` : ""}`);
}

function readConfig() {
  const text = readFileSync(CONFIG, "utf8");
  const config = parse(text);
  const env = config.env?.[ENV];
  if (!env) throw new ProvisionError(`${CONFIG} has no [env.${ENV}]`);
  return { text, env, workerName: env.name ?? config.name };
}

// ---- resources

/** The D1 databases: the id of each, created when the account has none of that name. */
function provisionD1(databases) {
  const ids = {};
  let existing = jsonOf(wrangler(["d1", "list", "--json"]));
  for (const { database_name: name } of databases) {
    if (!existing.some((db) => db.name === name)) {
      console.log(`Creating the D1 database ${name}`);
      wrangler(["d1", "create", name], { show: true });
      existing = jsonOf(wrangler(["d1", "list", "--json"]));
    } else console.log(`D1 database ${name}: exists`);
    const found = existing.find((db) => db.name === name);
    if (!found) throw new ProvisionError(`the D1 database ${name} was created but is not listed`);
    ids[name] = found.uuid;
  }
  return ids;
}

/** The KV namespaces, titled `<worker>-<binding>` as wrangler's own provisioning names them. */
function provisionKv(namespaces, workerName) {
  const ids = {};
  let existing = jsonOf(wrangler(["kv", "namespace", "list"]));
  for (const { binding } of namespaces) {
    const title = `${workerName}-${binding.toLowerCase().replaceAll("_", "-")}`;
    if (!existing.some((ns) => ns.title === title)) {
      console.log(`Creating the KV namespace ${title}`);
      wrangler(["kv", "namespace", "create", title], { show: true });
      existing = jsonOf(wrangler(["kv", "namespace", "list"]));
    } else console.log(`KV namespace ${title}: exists`);
    const found = existing.find((ns) => ns.title === title);
    if (!found) throw new ProvisionError(`the KV namespace ${title} was created but is not listed`);
    ids[binding] = found.id;
  }
  return ids;
}

function provisionR2(buckets) {
  // `r2 bucket list` prints `name:  <bucket>` lines (with colours on a terminal).
  const listed = stripVTControlCharacters(wrangler(["r2", "bucket", "list"]).stdout);
  const existing = new Set([...listed.matchAll(/^name:\s+(\S+)/gm)].map((m) => m[1]));
  for (const { bucket_name: name } of buckets) {
    if (existing.has(name)) console.log(`R2 bucket ${name}: exists`);
    else {
      console.log(`Creating the R2 bucket ${name}`);
      wrangler(["r2", "bucket", "create", name], { show: true });
    }
  }
}

/** Every queue the environment produces to, consumes from or dead-letters to, in the order wrangler.toml names them. */
function queueNames(env) {
  const names = [];
  for (const producer of env.queues?.producers ?? []) names.push(producer.queue);
  for (const consumer of env.queues?.consumers ?? []) names.push(consumer.queue, consumer.dead_letter_queue);
  return [...new Set(names.filter(Boolean))];
}

function provisionQueues(names) {
  for (const name of names) {
    const info = wrangler(["queues", "info", name], { allowFailure: true });
    if (info.ok) {
      console.log(`Queue ${name}: exists`);
      continue;
    }
    if (!`${info.stdout}${info.stderr}`.includes("does not exist")) {
      throw new ProvisionError(`wrangler queues info ${name} failed\n${info.stdout}${info.stderr}`.trim());
    }
    console.log(`Creating the queue ${name}`);
    wrangler(["queues", "create", name], { show: true });
  }
}

// ---- the public address and the secrets

async function publicBaseUrl(env, questions) {
  const current = env.vars?.PUBLIC_BASE_URL;
  if (current && current !== PLACEHOLDER_URL) return current;
  const answer =
    process.env.PUBLIC_BASE_URL ??
    (await questions.ask(
      "Public https address of this deployment (https://herald.<your-subdomain>.workers.dev, or your own domain): ",
    ));
  let url;
  try {
    url = new URL(answer);
  } catch {
    throw new ProvisionError(`PUBLIC_BASE_URL: "${answer}" is not a URL`);
  }
  if (url.protocol !== "https:") throw new ProvisionError("PUBLIC_BASE_URL must be an https address");
  return url.origin;
}

/** The secrets the deployed Worker has; none when it was never deployed. */
function existingSecrets() {
  const listed = wrangler(["secret", "list", "--env", ENV], { allowFailure: true });
  if (listed.ok) return new Set(jsonOf(listed).map((s) => s.name));
  if (/not found/i.test(`${listed.stdout}${listed.stderr}`)) return new Set();
  throw new ProvisionError(`wrangler secret list failed\n${listed.stdout}${listed.stderr}`.trim());
}

async function askSecrets(questions) {
  if (flags.has("--skip-secrets")) return {};
  const have = existingSecrets();
  const missing = SECRETS.filter((s) => !have.has(s.name));
  if (missing.length === 0) return {};
  console.log("\nSecrets (stored encrypted by Cloudflare; Enter skips one, `wrangler secret put` sets it later):");
  const values = {};
  for (const secret of missing) {
    let value =
      process.env[secret.name] ?? (await questions.ask(`  ${secret.name}, ${secret.about}: `, { secret: true }));
    if (!value && secret.generate) {
      value = secret.generate();
      console.log(`  ${secret.name}: a random one was made (Cloudflare keeps it; it cannot be read back)`);
    }
    if (value) values[secret.name] = value;
    else console.log(`  ${secret.name}: skipped`);
  }
  if (values.ENCRYPTION_KEY && values.ENCRYPTION_KEY.length < 32) {
    throw new ProvisionError("ENCRYPTION_KEY must be at least 32 characters");
  }
  return values;
}

// ---- the run

async function main() {
  const questions = new Questions();
  const whoami = wrangler(["whoami", "--json"], { allowFailure: true });
  const user = whoami.ok ? jsonOf(whoami) : { loggedIn: false };
  if (!user.loggedIn) {
    throw new ProvisionError("Not logged in to Cloudflare: run `npx wrangler login` (or set CLOUDFLARE_API_TOKEN).");
  }
  if (!process.env.CLOUDFLARE_ACCOUNT_ID && (user.accounts?.length ?? 0) > 1) {
    console.log("Accounts:");
    for (const [i, account] of user.accounts.entries()) console.log(`  ${i + 1}. ${account.name} (${account.id})`);
    const pick = user.accounts[Number(await questions.ask("Deploy to which account (number)? ")) - 1];
    if (!pick) throw new ProvisionError("no such account");
    wranglerEnv.CLOUDFLARE_ACCOUNT_ID = pick.id;
  }

  const { text, env, workerName } = readConfig();
  const d1Ids = provisionD1(env.d1_databases ?? []);
  const kvIds = provisionKv(env.kv_namespaces ?? [], workerName);
  provisionR2(env.r2_buckets ?? []);
  provisionQueues(queueNames(env));
  const url = await publicBaseUrl(env, questions);

  let updated = text;
  for (const [name, id] of Object.entries(d1Ids)) {
    updated = setTomlValue(updated, `env.${ENV}.d1_databases`, "database_id", id, `database_name = "${name}"`);
  }
  for (const [binding, id] of Object.entries(kvIds)) {
    updated = setTomlValue(updated, `env.${ENV}.kv_namespaces`, "id", id, `binding = "${binding}"`);
  }
  updated = setTomlValue(updated, `env.${ENV}.vars`, "PUBLIC_BASE_URL", url);
  if (updated !== text) {
    writeFileSync(CONFIG, updated);
    console.log(`Wrote the resource ids and PUBLIC_BASE_URL into ${CONFIG} [env.${ENV}]: commit them.`);
  }

  const secrets = await askSecrets(questions);
  if (flags.has("--provision-only")) return;

  for (const { database_name: name } of env.d1_databases ?? []) {
    console.log(`\nApplying migrations to ${name}`);
    // CI=true: wrangler applies without asking again.
    wrangler(["d1", "migrations", "apply", name, "--remote", "--env", ENV], { show: true, env: { CI: "true" } });
  }

  // Secrets go up with the deployed version, so the Worker never runs without them.
  const dir = mkdtempSync(join(tmpdir(), "herald-secrets-"));
  try {
    const deploy = ["deploy", "--env", ENV];
    if (Object.keys(secrets).length > 0) {
      const file = join(dir, "secrets.json");
      writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
      deploy.push("--secrets-file", file);
    }
    console.log("\nDeploying");
    wrangler(deploy, { show: true });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  remindOfReadReplication(env);
  console.log(
    `\nHerald is deployed at ${url}. Register ${url}/api/v1/connect/<platform>/callback with each OAuth app.`,
  );
}

/** Read replicas serve the sessions' reads only once enabled, which wrangler cannot do: say how. */
function remindOfReadReplication(env) {
  for (const { database_name: name } of env.d1_databases ?? []) {
    const info = wrangler(["d1", "info", name, "--json", "--env", ENV], { allowFailure: true });
    const mode = info.ok ? jsonOf(info).read_replication?.mode : undefined;
    if (mode === "auto") continue;
    console.log(
      `\nRead replication of ${name} is ${mode ?? "unknown"}: enable it in the dashboard (D1 → ${name} → Settings → ` +
        'Enable Read Replication) or with the REST API (PUT …/d1/database/<id> {"read_replication":{"mode":"auto"}}).',
    );
  }
}

try {
  await main();
} catch (error) {
  if (!(error instanceof ProvisionError)) throw error;
  console.error(`\n${error.message}`);
  process.exit(1);
}
