// A CPU profile of the Worker under `wrangler dev`, taken through its inspector (the Chrome DevTools protocol on
// `--inspector-port`): `BENCH_PROFILE=<file>` makes the publish section profile its burst. The profile is written as a
// .cpuprofile (open it in Chrome's DevTools or speedscope) and summarised: the functions with the most samples, of
// their own and with what they called.
import { copyFileSync, existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "../scripts/lib/server.mjs";

/**
 * Starts sampling the Worker's isolate; `stop(file)` writes the profile and answers its summary, and keeps the bundle
 * the profile's lines point into beside it (`<file>.js`: wrangler deletes its own copy when it stops).
 */
export async function startCpuProfile(inspectorPort, { intervalUs = 200 } = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${inspectorPort}/ws`, {
    // wrangler's inspector proxy takes only a local origin
    headers: { Origin: "http://localhost" },
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  const pending = new Map();
  let next = 0;
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await send("Profiler.enable");
  await send("Profiler.setSamplingInterval", { interval: intervalUs });
  await send("Profiler.start");
  return {
    async stop(file) {
      const { result } = await send("Profiler.stop");
      socket.close();
      writeFileSync(file, JSON.stringify(result.profile));
      const bundle = newestBundle();
      if (bundle) copyFileSync(bundle, `${file}.js`);
      return summarise(result.profile);
    },
  };
}

/** The bundle `wrangler dev` serves now (`.wrangler/tmp/dev-…/index.js`, the newest). */
function newestBundle() {
  const tmp = join(root, ".wrangler", "tmp");
  if (!existsSync(tmp)) return null;
  const bundles = readdirSync(tmp)
    .filter((d) => d.startsWith("dev-") && existsSync(join(tmp, d, "index.js")))
    .map((d) => join(tmp, d, "index.js"))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return bundles[0] ?? null;
}

/**
 * Samples per function, its own (self) and with what it called (total), as shares of the samples that were not idle.
 * Functions are named as the bundle names them, with their line in the bundle.
 */
export function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nameOf = (node) => {
    const { functionName, lineNumber } = node.callFrame;
    return `${functionName || "(anonymous)"}${lineNumber >= 0 ? `:${lineNumber + 1}` : ""}`;
  };
  const counts = new Map();
  for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1);
  let busy = 0;
  const self = new Map();
  const total = new Map();
  for (const [id, count] of counts) {
    const leaf = byId.get(id);
    if (leaf.callFrame.functionName === "(idle)") continue;
    busy += count;
    self.set(nameOf(leaf), (self.get(nameOf(leaf)) ?? 0) + count);
    const onStack = new Set();
    for (let at = id; at !== undefined; at = parentOf.get(at)) onStack.add(nameOf(byId.get(at)));
    for (const name of onStack) total.set(name, (total.get(name) ?? 0) + count);
  }
  const top = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 30)
      .map(([name, count]) => ({ name, share: Number((count / Math.max(busy, 1)).toFixed(3)) }));
  return {
    samples: profile.samples.length,
    busy: busy / Math.max(profile.samples.length, 1),
    self: top(self),
    total: top(total),
  };
}
