// Proves a platform's types hold an adapter to its shapes: renames a field where the file sends it (every object
// literal key of that name, never a type's own declaration), runs the typecheck of the tsconfig that covers the
// file, expects it to fail in that file, and puts the file back as it was. It refuses a file with uncommitted
// changes, so what it restores is what git has.
//
//   node scripts/prove-types-bite.mjs src/platforms/x.ts reply_settings [more fields…] [--at LINE]
//
// `--at LINE` renames only the keys on that line (a name the file also uses elsewhere, such as `description`).
// `--adapters` proves the fields listed in ADAPTER_FIELDS below, one or more per adapter, one file after another.
// A rename bites when the typecheck reports an error on a line it renamed. Exit 0: every rename bit. Exit 1: one
// did not, or the file has no such key.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "@typescript/typescript6";

/** Fields each adapter sends in a typed request body, proven by `--adapters`. */
const ADAPTER_FIELDS = [
  // POST /api/submit (`RedditSubmit`) and POST /api/comment (`RedditComment`).
  ["src/platforms/reddit/reddit.ts", "sr", "thing_id"],
  // localPosts.create (`GbpLocalPostCreate`, its `CallToAction`) and reviews.updateReply (`GbpReviewReply`).
  ["src/platforms/google/google-business.ts", "topicType", "actionType", "comment"],
];

const root = resolve(import.meta.dirname, "..");
if (process.argv[2] === "--adapters") {
  let failed = 0;
  for (const [file, ...names] of ADAPTER_FIELDS) {
    const run = spawnSync(process.execPath, [import.meta.filename, file, ...names], { cwd: root, stdio: "inherit" });
    if (run.status !== 0) failed++;
  }
  process.exit(failed === 0 ? 0 : 1);
}
const args = process.argv.slice(2);
const atFlag = args.indexOf("--at");
const onlyLine = atFlag === -1 ? undefined : Number(args.splice(atFlag, 2)[1]);
const [file, ...fields] = args;
if (!file || fields.length === 0 || Number.isNaN(onlyLine)) {
  console.error("usage: node scripts/prove-types-bite.mjs <file> <field> [field…] [--at LINE]");
  process.exit(2);
}
const path = relative(root, resolve(file));

/** The tsconfig whose typecheck covers the file (package.json's `typecheck` runs each of them). */
function projectOf(path) {
  for (const dir of ["test/node", "sdk", "cli"]) if (path.startsWith(`${dir}/`)) return `${dir}/tsconfig.json`;
  return "tsconfig.json";
}

function git(...args) {
  return spawnSync("git", args, { cwd: root, encoding: "utf8" });
}

if (git("ls-files", "--error-unmatch", path).status !== 0) {
  console.error(`${path} is not tracked by git: nothing to restore it from`);
  process.exit(2);
}
if (git("status", "--porcelain", "--", path).stdout.trim() !== "") {
  console.error(`${path} has uncommitted changes: commit or stash them first`);
  process.exit(2);
}

const original = readFileSync(resolve(root, path), "utf8");
const restore = () => writeFileSync(resolve(root, path), original);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

/** The file with every object-literal key `field` renamed (`{ field }` shorthand too), and where they were. */
function renamed(source, field) {
  const tree = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const edits = [];
  const lineOf = (position) => tree.getLineAndCharacterOfPosition(position).line + 1;
  const rename = (name, text) => {
    const start = name.getStart(tree);
    if (onlyLine === undefined || lineOf(start) === onlyLine) edits.push({ start, end: name.end, text });
  };
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
      const name = node.name;
      const text = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
      if (text === field) rename(name, `${field}_renamed`);
    } else if (ts.isShorthandPropertyAssignment(node) && node.name.text === field) {
      rename(node.name, `${field}_renamed: ${field}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  let out = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return { source: out, lines: edits.map((edit) => lineOf(edit.start)) };
}

const project = projectOf(path);
const tsc = resolve(root, "node_modules", ".bin", "tsc");
let failures = 0;
try {
  for (const field of fields) {
    const { source, lines } = renamed(original, field);
    if (lines.length === 0) {
      console.log(`✗ ${path}: no object key named ${field}${onlyLine === undefined ? "" : ` on line ${onlyLine}`}`);
      failures++;
      continue;
    }
    writeFileSync(resolve(root, path), source);
    const started = Date.now();
    const result = spawnSync(tsc, ["-p", project, "--pretty", "false"], { cwd: root, encoding: "utf8" });
    restore();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const errors = `${result.stdout}${result.stderr}`
      .split("\n")
      .filter((line) => lines.some((renamedLine) => line.startsWith(`${path}(${renamedLine},`)));
    const where = `${field} → ${field}_renamed at line${lines.length > 1 ? "s" : ""} ${lines.join(", ")}`;
    if (result.status !== 0 && errors.length > 0) {
      console.log(
        `✓ ${path}: ${where}: tsc -p ${project} fails (${seconds} s):\n    ${errors.slice(0, 3).join("\n    ")}`,
      );
    } else {
      console.log(`✗ ${path}: ${where}: tsc -p ${project} ${result.status === 0 ? "passes" : "fails, not there"}`);
      failures++;
    }
  }
} finally {
  restore();
}
process.exit(failures === 0 ? 0 : 1);
