// `npm start`: migrate the local D1, serve the Worker in sandbox mode, seed demo users, fire crons.
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { cronsOf, startCronTicker } from "./lib/crons.mjs";
import { seedDemo } from "./lib/seed.mjs";

const root = join(import.meta.dirname, "..");
const port = process.env.PORT ?? "8787";
const baseUrl = `http://localhost:${port}`;
const wrangler = join(root, "node_modules", ".bin", "wrangler");
const env = { ...process.env, WRANGLER_SEND_METRICS: "false" };

const migrate = spawnSync(wrangler, ["d1", "migrations", "apply", "herald", "--local"], {
  cwd: root,
  env: { ...env, CI: "true" },
  stdio: "inherit",
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const server = spawn(
  wrangler,
  ["dev", "--port", port, "--ip", "127.0.0.1", "--var", "SANDBOX:true", "--show-interactive-dev-session=false"],
  { cwd: root, env, stdio: ["ignore", "inherit", "inherit"] },
);
let stopTicker = () => {};
const stop = () => {
  stopTicker();
  server.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", (code) => process.exit(code ?? 0));

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the Worker did not answer on ${baseUrl} within two minutes`);
}

try {
  await waitForHealth();
  stopTicker = startCronTicker(baseUrl, cronsOf(join(root, "wrangler.toml")));
  const users = await seedDemo(baseUrl);
  const creator = users.find((u) => u.plan === "creator");
  console.log(`
Herald is running on ${baseUrl} (sandbox mode: no network, no credentials needed)
  API reference: ${baseUrl}/api/v1/docs

Demo users (a fresh key on every start):
${users.map((u) => `  ${u.plan.padEnd(8)} ${u.email.padEnd(28)} ${u.api_key}`).join("\n")}

Try:
  curl -s ${baseUrl}/api/v1/connected-accounts -H "X-API-Key: ${creator.api_key}"
`);
} catch (error) {
  console.error(error.message);
  stop();
}
