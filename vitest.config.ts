import { readFileSync } from "node:fs";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { parse } from "smol-toml";
import { configDefaults, defineConfig } from "vitest/config";

/** Markdown imported as its text, as wrangler's Text rule does for the Worker (CHANGELOG.md). */
const markdownAsText = {
  name: "markdown-as-text",
  transform: (code: string, id: string) => (id.endsWith(".md") ? `export default ${JSON.stringify(code)};` : undefined),
};

/**
 * WASM modules (the image codecs) as empty stand-ins: the Node tools read the app's routes and documents, never
 * running a codec, and Node cannot import a `.wasm` file as the Worker's bundler does.
 */
const wasmAsStub = {
  name: "wasm-as-stub",
  enforce: "pre" as const,
  resolveId: (source: string) => (source.endsWith(".wasm") ? "\0wasm-stub" : undefined),
  load: (id: string) => (id === "\0wasm-stub" ? "export default undefined;" : undefined),
};

interface WranglerConsumer {
  queue: string;
  max_batch_size?: number;
  max_batch_timeout?: number;
  max_retries?: number;
  dead_letter_queue?: string;
  retry_delay?: number;
}

/**
 * wrangler.toml's queue consumers as Miniflare takes them, each flushing a batch 50 ms after its first message
 * instead of after up to a second: a test that waits on a delivery waits for the work, not for the batch window.
 */
function quickQueueConsumers() {
  const wrangler = parse(readFileSync("./wrangler.toml", "utf8")) as { queues: { consumers: WranglerConsumer[] } };
  return Object.fromEntries(
    wrangler.queues.consumers.map((c) => [
      c.queue,
      {
        maxBatchSize: c.max_batch_size,
        maxBatchTimeout: Math.min(c.max_batch_timeout ?? 1, 0.05),
        maxRetries: c.max_retries,
        deadLetterQueue: c.dead_letter_queue,
        retryDelay: c.retry_delay,
      },
    ]),
  );
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("./migrations");
  const worker = (
    name: string,
    bindings: Record<string, unknown>,
    files: { include: string[]; exclude?: string[] },
  ) => ({
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: { bindings, queueConsumers: quickQueueConsumers() },
      }),
    ],
    // Queue and alarm tests wait for real deliveries (`eventually` allows 15 s); vitest's 5 s default is too tight
    // when both worker projects share two cores. The files of one vitest worker share its workerd runtime and the
    // Worker's loaded modules (isolate: false): fresh-storage.ts empties storage before each file instead.
    test: {
      name,
      ...files,
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 30_000,
      setupFiles: ["./test/worker/helpers/fresh-storage.ts"],
    },
  });
  return {
    test: {
      // vitest's default on two cores is one worker; the Worker tests spend much of their time waiting on queues
      // and alarms, so two keep both cores busy.
      maxWorkers: 2,
      projects: [
        // The Worker, inside workerd, in sandbox mode: each test file starts from empty storage.
        worker(
          "worker",
          { SANDBOX: "true", TEST_MIGRATIONS: migrations },
          { include: ["test/worker/**/*.test.ts"], exclude: ["test/worker/production/**"] },
        ),
        // The Worker in production mode (no sandbox), with platform app credentials; the platforms' answers are
        // recorded ones played back (test/worker/helpers/platform.ts), never the live APIs.
        // Every answer also reports its round trips (COUNT_ROUND_TRIPS), which the budget tests hold to.
        worker(
          "worker-production",
          {
            SANDBOX: "false",
            COUNT_ROUND_TRIPS: "true",
            TEST_MIGRATIONS: migrations,
            PUBLIC_BASE_URL: "https://herald.test",
            ENCRYPTION_KEY: "test-only-encryption-key-0123456789abcdef",
            X_CLIENT_ID: "herald-x-client",
            X_CLIENT_SECRET: "herald-x-secret",
            LINKEDIN_CLIENT_ID: "herald-li-client",
            LINKEDIN_CLIENT_SECRET: "herald-li-secret",
            LINKEDIN_COMPANY_PAGES: "true",
            META_APP_ID: "1001001",
            META_APP_SECRET: "herald-meta-secret",
            INSTAGRAM_APP_ID: "2002002",
            INSTAGRAM_APP_SECRET: "herald-ig-secret",
            META_WEBHOOK_VERIFY_TOKEN: "herald-verify-token",
            THREADS_APP_ID: "3003003",
            THREADS_APP_SECRET: "herald-threads-secret",
            TIKTOK_CLIENT_KEY: "herald-tiktok-key",
            TIKTOK_CLIENT_SECRET: "herald-tiktok-secret",
            YOUTUBE_CLIENT_ID: "herald-yt-client",
            YOUTUBE_CLIENT_SECRET: "herald-yt-secret",
            PINTEREST_APP_ID: "4004004",
            PINTEREST_APP_SECRET: "herald-pinterest-secret",
            DRIBBBLE_CLIENT_ID: "herald-dribbble-client",
            DRIBBBLE_CLIENT_SECRET: "herald-dribbble-secret",
            TWITCH_CLIENT_ID: "herald-twitch-client",
            TWITCH_CLIENT_SECRET: "herald-twitch-secret",
            KICK_CLIENT_ID: "herald-kick-client",
            KICK_CLIENT_SECRET: "herald-kick-secret",
            TUMBLR_CLIENT_ID: "herald-tumblr-key",
            TUMBLR_CLIENT_SECRET: "herald-tumblr-secret",
            REDDIT_CLIENT_ID: "herald-reddit-client",
            REDDIT_CLIENT_SECRET: "herald-reddit-secret",
            REDDIT_DEVELOPER_USERNAME: "herald_dev",
            GOOGLE_BUSINESS_CLIENT_ID: "herald-gbp-client",
            GOOGLE_BUSINESS_CLIENT_SECRET: "herald-gbp-secret",
          },
          { include: ["test/worker/production/**/*.test.ts"] },
        ),
        {
          // Tools that run in Node: the OpenAPI document's validity, the browser consent test, the CLI and SDK.
          test: {
            name: "node",
            include: ["test/node/**/*.test.ts"],
            exclude: [...configDefaults.exclude, "test/node/cli/**"],
            environment: "node",
            // Some run whole processes (the provisioning script against a fake wrangler, the bundle build): on two
            // busy cores one takes 5–12 s.
            testTimeout: 30_000,
            // Inlined so the alias below reaches the library's own import of cloudflare:workers.
            server: { deps: { inline: ["@cloudflare/workers-oauth-provider"] } },
          },
          resolve: { alias: { "cloudflare:workers": "./test/node/stubs/cloudflare-workers.ts" } },
          plugins: [markdownAsText, wasmAsStub],
        },
        {
          // Clients against one local service (wrangler dev in sandbox mode) shared by every file: the `herald`
          // binary and the Python SDK.
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
  };
});
