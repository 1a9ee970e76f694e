import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";

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
          // End-to-end tests wait on queue consumers that run on their own.
          testTimeout: 30_000,
        },
      },
      {
        // Tools that run in Node: the OpenAPI document, the SDK's generated types, the CLI's parsing.
        test: {
          name: "node",
          include: ["test/node/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "test/node/cli/**"],
          environment: "node",
        },
      },
      {
        // The `herald` binary against one local service (wrangler dev in sandbox mode) shared by every file.
        test: {
          name: "cli",
          include: ["test/node/cli/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./test/node/cli/server.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
}));
