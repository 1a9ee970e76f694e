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
          // End-to-end tests wait on queue consumers that run on their own.
          testTimeout: 30_000,
        },
      },
      {
        // Tools that run in Node: the OpenAPI document's validity, later the CLI and SDK.
        test: {
          name: "node",
          include: ["test/node/**/*.test.ts"],
          environment: "node",
          // Inlined so the alias below reaches the library's own import of cloudflare:workers.
          server: { deps: { inline: ["@cloudflare/workers-oauth-provider"] } },
        },
        resolve: { alias: { "cloudflare:workers": "./test/node/stubs/cloudflare-workers.ts" } },
      },
    ],
  },
}));
