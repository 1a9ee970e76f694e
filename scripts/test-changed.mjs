// The development loop: runs the test files that touch what changed since `main` (or `--base <ref>`), committed or
// not, instead of the whole suite. A test touches a changed file when it imports it (directly or through a helper),
// or when it tests the same area: most Worker tests reach src/ over HTTP, not by import, so a file is matched to
// the tests whose path names its area (src/services/flows/run/inbound.ts → test/worker/flows/**,
// src/platforms/x.ts → test/worker/platforms/x.test.ts and test/worker/production/connect-x.test.ts).
// `--list` prints the files instead of running them. CI runs everything (`npm test`).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = process.cwd();
const args = process.argv.slice(2);
const base = args.includes("--base") ? args[args.indexOf("--base") + 1] : "main";
const git = (...a) => execFileSync("git", a, { cwd: root, encoding: "utf8" }).split("\n").filter(Boolean);

const mergeBase = git("merge-base", "HEAD", base)[0];
const changed = [
  ...new Set([...git("diff", "--name-only", mergeBase), ...git("ls-files", "--others", "--exclude-standard")]),
].filter((file) => existsSync(join(root, file)));

/** Files whose change can reach any test: nothing narrower than the whole suite covers them. */
const FOUNDATIONS = [
  /^src\/(app|index)\.ts$/,
  /^src\/(lib|db)\//,
  /^migrations\//,
  /^(package(-lock)?\.json|wrangler\.toml|vitest\.config\.ts|tsconfig\.json)$/,
];
/** Path words that name a layer, not an area. */
const LAYER_WORDS = new Set(
  "src test worker node production helpers services routes api web schemas schema platforms durable queues cron mcp tools pages run index types ts test.ts"
    .split(" ")
    .concat(["session", "define", "store", "rules", "catalog", "model", "queue", "http"]),
);

const words = (file) =>
  file
    .replace(/\.(test\.)?[mc]?[jt]s$/, "")
    .split(/[/-]/)
    .filter((w) => w.length > 0 && !LAYER_WORDS.has(w));

const testFiles = git("ls-files", "test", "sdk-python")
  .concat(git("ls-files", "--others", "--exclude-standard", "test"))
  .filter((f) => f.endsWith(".test.ts") && existsSync(join(root, f)));

/**
 * What a test file reaches by import: its helpers (through each other), and the files outside test/ they import
 * themselves. Deeper imports are left out: through them every test would reach nearly all of src/.
 */
function reach(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  if (!file.startsWith("test/")) return seen;
  const text = readFileSync(join(root, file), "utf8");
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const target = resolveImport(file, spec);
    if (target) reach(target, seen);
  }
  return seen;
}

function resolveImport(from, spec) {
  const bare = relative(root, resolve(root, dirname(from), spec));
  for (const candidate of [bare, `${bare}.ts`, `${bare}/index.ts`, bare.replace(/\.m?js$/, ".ts")]) {
    if (existsSync(join(root, candidate)) && candidate.match(/\.[mc]?[jt]s$/)) return candidate;
  }
  return undefined;
}

const selected = new Set();
const broad = [];
for (const file of changed) {
  if (testFiles.includes(file)) selected.add(file);
  if (FOUNDATIONS.some((pattern) => pattern.test(file))) broad.push(file);
}
const reaches = new Map(testFiles.map((t) => [t, reach(t)]));
const sourceChanges = changed.filter((f) => /^(src|test|sdk|cli|sdk-python|scripts)\//.test(f));
for (const test of testFiles) {
  const testWords = new Set(words(test));
  for (const file of sourceChanges) {
    const byImport = reaches.get(test).has(file) && !FOUNDATIONS.some((pattern) => pattern.test(file));
    const byArea = file.startsWith("src/") && words(file).some((w) => testWords.has(w));
    if (byImport || byArea) selected.add(test);
  }
}
// The Python SDK and the CLI are tested through the cli project's files.
if (changed.some((f) => f.startsWith("sdk-python/"))) selected.add("test/node/cli/python-sdk.test.ts");

const files = [...selected].sort();
if (broad.length > 0) {
  console.error(`Shared foundations changed (${broad.join(", ")}): only their importers run here; run npm test too.`);
}
if (args.includes("--list") || files.length === 0) {
  console.log(files.length === 0 ? `No test touches what changed since ${base}.` : files.join("\n"));
  process.exit(0);
}
console.error(`${files.length} test files touch ${changed.length} changed files since ${base}.`);
const lint = spawnSync("npx", ["biome", "check", "--no-errors-on-unmatched", ...changed], {
  cwd: root,
  stdio: "inherit",
});
const run = spawnSync("npx", ["vitest", "run", ...files], { cwd: root, stdio: "inherit" });
process.exit(lint.status || run.status || 0);
