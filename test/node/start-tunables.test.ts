import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root, startServer, TUNABLE_VARS } from "../../scripts/lib/server.mjs";

describe("rule 20: RATE_LIMIT_PER_HOUR=25 npm start works", () => {
  it("passes the documented tunables from the shell to the Worker", { timeout: 180_000 }, async () => {
    const persistTo = await mkdtemp(join(tmpdir(), "herald-tunables-"));
    const shell = { ...process.env, RATE_LIMIT_PER_HOUR: "25", SLOT_HOLD_S: "120" };
    const { server, baseUrl, stop } = await startServer({ persistTo, quiet: true, env: shell });
    try {
      const user: any = await (
        await fetch(`${baseUrl}/api/v1/sandbox/users`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ plan: "creator" }),
        })
      ).json();
      const key = user.data.api_key as string;
      const res = await fetch(`${baseUrl}/api/v1/connected-accounts`, { headers: { "x-api-key": key } });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit-limit")).toBe("25");
      const config: any = await (
        await fetch(`${baseUrl}/api/v1/sandbox/config`, { headers: { "x-api-key": key } })
      ).json();
      expect(config.data).toMatchObject({ rate_limit_per_hour: 25, slot_hold_s: 120 });
    } finally {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      stop();
      await exited;
      await rm(persistTo, { recursive: true, force: true });
    }
  });

  it("README names every variable that passes through", async () => {
    const readme = await readFile(join(root, "README.md"), "utf8");
    expect(TUNABLE_VARS).toContain("RATE_LIMIT_PER_HOUR");
    for (const name of TUNABLE_VARS) expect(readme, name).toContain(`\`${name}\``);
  });

  it("refuses a tunable the Worker could not read, before starting anything", async () => {
    await expect(startServer({ quiet: true, env: { ...process.env, RATE_LIMIT_PER_HOUR: "lots" } })).rejects.toThrow(
      /RATE_LIMIT_PER_HOUR/,
    );
  });
});
