// The npm registry these machines reach lacks the macOS, Windows and musl builds of biome and workerd, so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This adds each missing platform build as an optional, os/cpu-restricted entry (which npm skips on other
// platforms) beside its parent. Run it after any `npm install` that rewrites the lock.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const PLATFORMS = [
  ["android-arm64", "android", "arm64"],
  ["android-x64", "android", "x64"],
  ["darwin-arm64", "darwin", "arm64"],
  ["darwin-x64", "darwin", "x64"],
  ["darwin-64", "darwin", "x64"],
  ["linux-arm64-musl", "linux", "arm64", "musl"],
  ["linux-x64-musl", "linux", "x64", "musl"],
  ["win32-arm64", "win32", "arm64"],
  ["win32-x64", "win32", "x64"],
  ["windows-64", "win32", "x64"],
];
const platformOf = (name) => PLATFORMS.find(([suffix]) => name.endsWith(suffix));

const path = join(import.meta.dirname, "..", "package-lock.json");
const lock = JSON.parse(readFileSync(path, "utf8"));
const packages = lock.packages;

/** Where npm would look for `dep` from `parent`: its own node_modules, then each ancestor's. */
function lookupChain(parent, dep) {
  const chain = [];
  let current = parent;
  for (;;) {
    chain.push(`${current ? `${current}/` : ""}node_modules/${dep}`);
    if (!current) return chain;
    const cut = current.lastIndexOf("/node_modules/");
    current = cut === -1 ? "" : current.slice(0, cut);
  }
}

const added = [];
for (const [parent, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const platform = platformOf(dep.split("/").pop());
    if (!platform || lookupChain(parent, dep).some((place) => place in packages)) continue;
    const [, os, cpu, libc] = platform;
    const place = `${parent ? `${parent}/` : ""}node_modules/${dep}`;
    packages[place] = { version, cpu: [cpu], os: [os], ...(libc ? { libc: [libc] } : {}), optional: true };
    added.push(place);
  }
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added.length > 0 ? `added ${added.length} platform builds:\n  ${added.join("\n  ")}` : "lock already complete",
);
