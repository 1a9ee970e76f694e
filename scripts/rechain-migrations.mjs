// Rebuilds drizzle's migration meta after branches that each added a migration are merged:
// the journal lists the .sql files in name order, each snapshot's prevId names the one before it,
// and the last snapshot holds the whole schema (so the next `drizzle-kit generate` diffs correctly).
// Usage: npm run db:rechain
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";

const dir = "migrations";
const journalPath = `${dir}/meta/_journal.json`;
const probeName = "rechain_probe";

const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));
const writeJson = (path, value) => writeFileSync(path, JSON.stringify(value, null, 2));
const snapshotPath = (tag) => `${dir}/meta/${tag.slice(0, 4)}_snapshot.json`;
const sqlTags = () =>
  readdirSync(dir)
    .filter((name) => name.endsWith(".sql"))
    .sort()
    .map((name) => name.slice(0, -4));

function rebuildJournal() {
  const journal = readJson(journalPath);
  const known = new Map(journal.entries.map((entry) => [entry.tag, entry]));
  journal.entries = sqlTags().map((tag, idx) => {
    const { version = "6", when = Date.now(), breakpoints = true } = known.get(tag) ?? {};
    return { idx, version, when, tag, breakpoints };
  });
  writeJson(journalPath, journal);
  return journal.entries.map((entry) => entry.tag);
}

function rechainSnapshots(tags) {
  let prevId = "00000000-0000-0000-0000-000000000000";
  for (const tag of tags) {
    const path = snapshotPath(tag);
    if (!existsSync(path)) throw new Error(`${tag} has no snapshot at ${path}`);
    const snapshot = readJson(path);
    if (snapshot.prevId !== prevId) writeJson(path, { ...snapshot, prevId });
    prevId = snapshot.id;
  }
}

const generate = () => execFileSync("npx", ["drizzle-kit", "generate", "--name", probeName], { encoding: "utf8" });

// drizzle-kit numbers the probe by the journal's length, which is an existing migration's number whenever numbers
// were skipped (0040 after 0039, then 0045): its snapshot would be overwritten by the probe's and then removed.
// It is kept aside and put back.
function foldProbeIntoLast(tags) {
  const probeSnapshot = snapshotPath(String(tags.length).padStart(4, "0"));
  const kept = existsSync(probeSnapshot) ? readFileSync(probeSnapshot, "utf8") : undefined;
  generate();
  const probe = readdirSync(dir).find((name) => name.endsWith(`_${probeName}.sql`));
  if (!probe) return false;
  const probeTag = probe.slice(0, -4);
  const last = snapshotPath(tags.at(-1));
  const { id, prevId } = readJson(last);
  writeJson(last, { ...readJson(snapshotPath(probeTag)), id, prevId });
  rmSync(`${dir}/${probe}`);
  if (kept === undefined) rmSync(snapshotPath(probeTag));
  else writeFileSync(probeSnapshot, kept);
  rebuildJournal();
  return true;
}

const tags = rebuildJournal();
rechainSnapshots(tags);
const folded = foldProbeIntoLast(tags);
const check = generate();
if (!check.includes("No schema changes")) {
  throw new Error(`the schema and the migrations disagree after rechaining:\n${check}`);
}
console.log(`${tags.length} migrations chained; last is ${tags.at(-1)}${folded ? " (snapshot refreshed)" : ""}`);
