// `npm run bench`: starts the service locally and measures each route against a floor route (a Worker
// route that does no work) in the same run, then the publish lag of 1,000 posts due in the same minute.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { call, root, startServer } from "../scripts/lib/server.mjs";
import { load, percentile, printAgainstFloor } from "./lib.mjs";

const port = Number(process.env.BENCH_PORT ?? 8797);
const persistTo = join(root, ".bench", "state");
rmSync(persistTo, { recursive: true, force: true });

const { baseUrl, stop } = await startServer({ port, persistTo, quiet: true });
try {
  const user = await call(baseUrl, "POST", "/api/v1/sandbox/users", { plan: "agency" });
  const key = user.api_key;
  const headers = { "x-api-key": key };
  await call(baseUrl, "PATCH", "/api/v1/sandbox/config", { rate_limit_per_hour: 1_000_000 }, key);
  const accounts = [];
  for (const platform of ["bluesky", "mastodon", "linkedin", "threads"]) {
    accounts.push(await call(baseUrl, "POST", "/api/v1/sandbox/accounts", { platform }, key));
  }
  const draft = JSON.stringify({
    text: "Benchmark post with a link https://example.com/a",
    platforms: accounts.slice(0, 2).map((a) => ({ platform: a.platform, account_id: a.id })),
  });

  console.log(
    `\nRoutes under load (${process.env.BENCH_CONNECTIONS ?? 10} connections, ${process.env.BENCH_SECONDS ?? 5} s each)`,
  );
  const floor = await load("floor: GET /api/v1/ping", { url: `${baseUrl}/api/v1/ping` });
  const rows = [
    await load("GET /api/v1/health", { url: `${baseUrl}/api/v1/health` }),
    await load("GET /api/v1/connected-accounts", { url: `${baseUrl}/api/v1/connected-accounts`, headers }),
    await load("POST /api/v1/posts (draft, 2 targets)", {
      url: `${baseUrl}/api/v1/posts`,
      method: "POST",
      headers,
      body: draft,
    }),
    await load("GET /api/v1/posts?limit=20", { url: `${baseUrl}/api/v1/posts?limit=20`, headers }),
  ];
  printAgainstFloor(floor, rows);

  await publishLag(baseUrl, key, accounts);
} finally {
  stop();
}

/**
 * 1,000 posts due at the same second: lag from scheduled_at to the sandbox platform's call, as the
 * scheduler's alarm (not the cron) delivers them.
 */
async function publishLag(baseUrl, key, accounts) {
  const count = 1000;
  const dueAt = Date.now() + 30_000;
  const scheduledAt = new Date(Math.ceil(dueAt / 1000) * 1000).toISOString();
  for (let i = 0; i < count; i += 100) {
    const rows = Array.from({ length: 100 }, (_, j) => {
      const account = accounts[(i + j) % accounts.length];
      return {
        text: `Due together #${i + j}`,
        platforms: [{ platform: account.platform, account_id: account.id }],
        schedule_type: "scheduled",
        scheduled_at: scheduledAt,
      };
    });
    await call(baseUrl, "POST", "/api/v1/posts/bulk", rows, key);
  }
  const due = Date.parse(scheduledAt);
  let calls = [];
  const deadline = due + 120_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    calls = await call(baseUrl, "GET", "/api/v1/sandbox/published", undefined, key);
    if (calls.length >= count) break;
  }
  const lags = calls.map((c) => Date.parse(c.at) - due);
  console.log(`\nPublish lag, ${count} posts due at the same second (scheduled_at → platform call)`);
  console.log(
    `  published ${calls.length}/${count}  p50 ${percentile(lags, 50)} ms  p99 ${percentile(lags, 99)} ms  max ${Math.max(...lags)} ms`,
  );
}
