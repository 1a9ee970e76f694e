import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig(async () => ({
  test: {
    projects: [
      {
        // The Worker, inside workerd: storage is isolated per test file.
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: { SANDBOX: "true", TEST_MIGRATIONS: await readD1Migrations("./migrations") },
            },
          }),
        ],
        test: {
          name: "worker",
          include: ["test/worker/**/*.test.ts"],
          setupFiles: ["./test/worker/helpers/apply-migrations.ts"],
          // Files run in parallel, each with its own workerd: a loaded machine makes the 5 s default flaky.
          testTimeout: 30_000,
        },
      },
      {
        // Tools that run in Node: the OpenAPI document's validity, later the CLI and SDK.
        test: { name: "node", include: ["test/node/**/*.test.ts"], environment: "node" },
      },
    ],
  },
}));
