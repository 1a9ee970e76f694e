// Proves a platform's types hold an adapter to its shapes: renames a field where the file sends it (every object
// literal key of that name, never a type's own declaration), runs the typecheck of the tsconfig that covers the
// file, expects it to fail in that file, and puts the file back as it was. It refuses a file with uncommitted
// changes, so what it restores is what git has.
//
//   node scripts/prove-types-bite.mjs src/platforms/x.ts reply_settings [more fields…]
//
// Exit 0: every rename failed the typecheck (the types bite). Exit 1: a rename passed, or the file has no such key.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "@typescript/typescript6";

const root = resolve(import.meta.dirname, "..");
const [file, ...fields] = process.argv.slice(2);
if (!file || fields.length === 0) {
  console.error("usage: node scripts/prove-types-bite.mjs <file> <field> [field…]");
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
  const visit = (node) => {
    if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
      const name = node.name;
      const text = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
      if (text === field) edits.push({ start: name.getStart(tree), end: name.end, text: `${field}_renamed` });
    } else if (ts.isShorthandPropertyAssignment(node) && node.name.text === field) {
      edits.push({ start: node.name.getStart(tree), end: node.name.end, text: `${field}_renamed: ${field}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  let out = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  const lines = edits.map((edit) => tree.getLineAndCharacterOfPosition(edit.start).line + 1);
  return { source: out, lines };
}

const project = projectOf(path);
const tsc = resolve(root, "node_modules", ".bin", "tsc");
let failures = 0;
try {
  for (const field of fields) {
    const { source, lines } = renamed(original, field);
    if (lines.length === 0) {
      console.log(`✗ ${path}: no object key named ${field}`);
      failures++;
      continue;
    }
    writeFileSync(resolve(root, path), source);
    const started = Date.now();
    const result = spawnSync(tsc, ["-p", project, "--pretty", "false"], { cwd: root, encoding: "utf8" });
    restore();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const errors = `${result.stdout}${result.stderr}`.split("\n").filter((line) => line.startsWith(`${path}(`));
    const where = `${field} → ${field}_renamed at line${lines.length > 1 ? "s" : ""} ${lines.join(", ")}`;
    if (result.status !== 0 && errors.length > 0) {
      console.log(
        `✓ ${path}: ${where}: tsc -p ${project} fails (${seconds} s):\n    ${errors.slice(0, 3).join("\n    ")}`,
      );
    } else {
      console.log(`✗ ${path}: ${where}: tsc -p ${project} ${result.status === 0 ? "passes" : "fails elsewhere"}`);
      failures++;
    }
  }
} finally {
  restore();
}
process.exit(failures === 0 ? 0 : 1);
