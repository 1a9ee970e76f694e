// A stand-in for the `wrangler` binary in the provision tests: it records every call in the JSON state file named
// by STUB_STATE and answers as wrangler 4 does (the same output shapes, exit codes and error wording), from the
// account that file describes: { loggedIn, accounts, d1, kv, r2, queues, secrets (null: never deployed), fail }.
import { readFileSync, writeFileSync } from "node:fs";

const file = process.env.STUB_STATE;
const state = JSON.parse(readFileSync(file, "utf8"));
const args = process.argv.slice(2);
state.calls.push({ args, ci: process.env.CI ?? null });
const save = () => writeFileSync(file, JSON.stringify(state, null, 2));
const out = (text) => process.stdout.write(`${text}\n`);
const fail = (message) => {
  save();
  process.stderr.write(`✘ [ERROR] ${message}\n`);
  process.exit(1);
};
const json = (value) => out(JSON.stringify(value, null, 2));
const banner = () => out("\n ⛅️ wrangler 4.164.0 (stub)\n───────────────────");
const command = args.filter((a) => !a.startsWith("-")).join(" ");
const option = (name) => args[args.indexOf(name) + 1];

if (state.fail && command.startsWith(state.fail)) fail(`A request to the Cloudflare API failed. (stub: ${state.fail})`);

const [a, b, c, d] = args;
const newId = (prefix) => `${prefix}${String(state.calls.length).padStart(6, "0")}`;

if (a === "whoami") {
  if (!state.loggedIn) {
    json({ loggedIn: false });
    save();
    process.exit(1);
  }
  json({ loggedIn: true, authType: "OAuth Token", email: "ops@example.com", accounts: state.accounts });
} else if (a === "d1" && b === "list") {
  json(
    state.d1.map((db) => ({ uuid: db.uuid, name: db.name, created_at: "2026-11-23T00:00:00Z", version: "production" })),
  );
} else if (a === "d1" && b === "create") {
  const db = { uuid: `d1-${newId("0000")}`, name: c };
  state.d1.push(db);
  banner();
  out(`✅ Successfully created DB '${c}' in region WEUR\nCreated your new D1 database.\n`);
  out(`[[d1_databases]]\nbinding = "DB"\ndatabase_name = "${c}"\ndatabase_id = "${db.uuid}"`);
} else if (a === "d1" && b === "info") {
  const db = state.d1.find((x) => x.name === c);
  if (!db) fail(`Couldn't find DB with name '${c}'`);
  json({ uuid: db.uuid, name: c, read_replication: { mode: state.replication ?? "disabled" } });
} else if (a === "d1" && b === "migrations" && c === "apply") {
  if (!args.includes("--remote")) fail("stub: migrations applied locally");
  banner();
  out(state.migrated ? "✅ No migrations to apply!" : "🚣 9 migrations applied");
  state.migrated = true;
} else if (a === "kv" && b === "namespace" && c === "list") {
  json(state.kv.map((ns) => ({ id: ns.id, title: ns.title, supports_url_encoding: true })));
} else if (a === "kv" && b === "namespace" && c === "create") {
  if (state.kv.some((ns) => ns.title === d)) fail(`A KV namespace with the title "${d}" already exists.`);
  const ns = { id: `kv${newId("0")}`, title: d };
  state.kv.push(ns);
  banner();
  out(`🌀 Creating namespace with title "${d}"\n✨ Success!\n[[kv_namespaces]]\nbinding = "${d}"\nid = "${ns.id}"`);
} else if (a === "r2" && b === "bucket" && c === "list") {
  banner();
  out("Listing buckets...");
  out(state.r2.map((name) => `name:           ${name}\ncreation_date:  2026-11-23T00:00:00.000Z`).join("\n\n"));
} else if (a === "r2" && b === "bucket" && c === "create") {
  if (state.r2.includes(d)) fail("The bucket you tried to create already exists, and you own it. [code: 10004]");
  state.r2.push(d);
  banner();
  out(`Creating bucket '${d}'...\n✅ Created bucket '${d}' with default storage class of Standard.`);
} else if (a === "queues" && b === "info") {
  if (!state.queues.includes(c)) fail(`Queue "${c}" does not exist. To create it, run: wrangler queues create ${c}`);
  banner();
  out(`Queue Name: ${c}\nQueue ID: q-${c}\nNumber of Producers: 1\nNumber of Consumers: 1`);
} else if (a === "queues" && b === "create") {
  if (state.queues.includes(c)) fail(`A queue with name '${c}' already exists. [code: 11009]`);
  state.queues.push(c);
  banner();
  out(`🌀 Creating queue '${c}'\n✅ Created queue '${c}'`);
} else if (a === "secret" && b === "list") {
  if (state.secrets === null) fail(`Worker "herald" (env: ${option("--env")}) not found.`);
  json(Object.keys(state.secrets).map((name) => ({ name, type: "secret_text" })));
} else if (a === "deploy") {
  const secretsFile = args.includes("--secrets-file") ? option("--secrets-file") : null;
  const uploaded = secretsFile ? JSON.parse(readFileSync(secretsFile, "utf8")) : {};
  state.secrets = { ...state.secrets, ...uploaded };
  state.deploys.push({ env: option("--env"), secretsFile, uploaded });
  banner();
  out("Uploaded herald (3.1 sec)\nDeployed herald triggers (0.5 sec)\n  https://herald.ops.workers.dev");
} else {
  fail(`stub: unknown command: wrangler ${args.join(" ")}`);
}
save();
