// The hot routes as deployed: no sandbox (so no settings read per request), a tagged API key checked by its gate, and
// no round-trip counting in the way. A user, their key and two accounts are written straight into a fresh local D1.
// Creating a post is also set against the one-insert floor (`POST /bench/insert-floor`, served with BENCH_FLOORS).
import { createHash, createHmac, randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeLocal, migrateLocal, root, startServer } from "../scripts/lib/server.mjs";
import { load, loadInTurns, printAgainstFloor, printInTurns, TURNS } from "./lib.mjs";

const SECRET = "bench-only-encryption-key-0123456789abcdef";

/** A key as `mintApiKey` makes one (`sk_<32>_<tag>`, the tag an HMAC under ENCRYPTION_KEY), and its stored hash. */
function taggedKey() {
  const random = randomBytes(24)
    .toString("base64")
    .replace(/[^0-9A-Za-z]/g, "")
    .padEnd(32, "x")
    .slice(0, 32);
  const tag = createHmac("sha256", SECRET).update(`herald-api-key:${random}`).digest("hex").slice(0, 16);
  const key = `sk_${random}_${tag}`;
  return { key, hash: createHash("sha256").update(key).digest("hex") };
}

function seed(persistTo, hash) {
  const now = Date.now();
  const sql = [
    `INSERT INTO users (id, email, password_hash, plan, created_at) VALUES ('user_bench', 'bench@herald.local', 'x', 'agency', ${now});`,
    `INSERT INTO api_keys (id, user_id, name, prefix, hash, created_at) VALUES ('key_bench', 'user_bench', 'bench', 'sk_bench', '${hash}', ${now});`,
    ...["bluesky", "mastodon"].map(
      (platform) =>
        `INSERT INTO accounts (id, user_id, platform, name, platform_user_id, text_limit, status, destinations, created_at) VALUES ('acct_${platform}', 'user_bench', '${platform}', 'bench', '${platform}:bench', 300, 'active', '[]', ${now});`,
    ),
  ];
  const file = join(persistTo, "..", "deployed-seed.sql");
  writeFileSync(file, sql.join("\n"));
  executeLocal(persistTo, ["--file", file]);
}

/** Floor, authenticated read and draft create on a server run as deployed; the rows go to `results`. */
export async function deployedRoutes(results, port) {
  const persistTo = join(root, ".bench", "deployed");
  rmSync(persistTo, { recursive: true, force: true });
  migrateLocal(persistTo);
  const { key, hash } = taggedKey();
  seed(persistTo, hash);
  const { baseUrl, stop } = await startServer({
    port,
    persistTo,
    quiet: true,
    sandbox: false,
    vars: { ENCRYPTION_KEY: SECRET, RATE_LIMIT_PER_HOUR: "1000000", BENCH_FLOORS: "true" },
  });
  try {
    const headers = { "x-api-key": key };
    const draft = JSON.stringify({
      text: "Benchmark post with a link https://example.com/a",
      platforms: ["bluesky", "mastodon"].map((platform) => ({ platform, account_id: `acct_${platform}` })),
    });
    const floorRequest = { url: `${baseUrl}/api/v1/ping` };
    const healthRequest = { url: `${baseUrl}/api/v1/health` };
    const readRequest = { url: `${baseUrl}/api/v1/connected-accounts`, headers };
    const createRequest = { url: `${baseUrl}/api/v1/posts`, method: "POST", headers, body: draft };
    const insertFloorRequest = { url: `${baseUrl}/bench/insert-floor`, method: "POST" };
    console.log("\nRoutes as deployed (no sandbox, no counting; their round trips are the budget tests')");
    const floor = await load("floor: GET /api/v1/ping", floorRequest);
    // Health is one D1 read and no key: beside the floor (none) and the authenticated read (the key's gate and one
    // D1 read), it shows what one round trip costs here.
    const create = await load("POST /api/v1/posts (draft, 2 targets)", createRequest);
    const rows = [
      await load("GET /api/v1/health", healthRequest),
      await load("GET /api/v1/connected-accounts", readRequest),
      create,
    ];
    printAgainstFloor(floor, rows);
    results.add("routes as deployed", floor, ...rows);
    // The issue measures a create against a route that makes one D1 write and nothing else.
    console.log("\nCreating a post as deployed, against the one-insert floor");
    const insertFloor = await load("floor: POST /bench/insert-floor", insertFloorRequest);
    printAgainstFloor(insertFloor, [create]);
    results.add("create as deployed, against the one-insert floor", insertFloor, create);
    // The two targets, each against its floor in turns: what they are judged by.
    console.log(
      `\nThe issue's targets, each route and its floor measured in ${TURNS} turns (median of the turns' ratios)`,
    );
    // Health (one D1 read, no key) beside the authenticated read shows what of the read is its one D1 round trip.
    const inTurns = [
      ...(await loadInTurns("GET /api/v1/ping", floorRequest, [
        { name: "GET /api/v1/connected-accounts", request: readRequest },
        { name: "GET /api/v1/health (one D1 read, no key)", request: healthRequest },
      ])),
      ...(await loadInTurns("POST /bench/insert-floor", insertFloorRequest, [
        { name: "POST /api/v1/posts (draft)", request: createRequest },
      ])),
    ];
    printInTurns(inTurns);
    results.add(
      "targets in turns",
      ...inTurns.map(({ name, p50, rps, turns }) => ({
        name,
        p50_ratio: p50,
        rps_ratio: rps,
        turns: turns.map((t) => ({ p50_ratio: t.p50, rps_ratio: t.rps, floor: t.floor, route: t.route })),
      })),
    );
  } finally {
    stop();
  }
}
