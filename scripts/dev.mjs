// `npm start`: migrate the local D1, serve the Worker in sandbox mode, seed demo users, fire crons.
import { join } from "node:path";
import { cronsOf, startCronTicker } from "./lib/crons.mjs";
import { seedDemo } from "./lib/seed.mjs";
import { root, startServer } from "./lib/server.mjs";

const port = Number(process.env.PORT ?? 8787);

try {
  const { server, baseUrl, stop } = await startServer({ port });
  const stopTicker = startCronTicker(baseUrl, cronsOf(join(root, "wrangler.toml")));
  const shutdown = () => {
    stopTicker();
    stop();
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  server.on("exit", (code) => {
    stopTicker();
    process.exit(code ?? 0);
  });

  const users = await seedDemo(baseUrl);
  const creator = users.find((u) => u.plan === "creator");
  const local = `http://localhost:${port}`;
  console.log(`
Herald is running on ${local} (sandbox mode: no network, no credentials needed)
  API reference: ${local}/api/v1/docs

Demo users (a fresh password and key on every start; sign in to the dashboard at ${local}/signin):
${users.map((u) => `  ${u.plan.padEnd(8)} ${u.email.padEnd(28)} ${u.password.padEnd(24)} ${u.api_key}`).join("\n")}

Try:
  curl -s ${local}/api/v1/connected-accounts -H "X-API-Key: ${creator.api_key}"
`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
