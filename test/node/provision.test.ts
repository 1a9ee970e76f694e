import { spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "smol-toml";
import { beforeEach, describe, expect, it } from "vitest";

// `npm run deploy` (scripts/provision.mjs) against a stub wrangler on PATH (test/node/stubs/wrangler.mjs), which
// records every call and answers from a described account; the run works on a copy of the real wrangler.toml.

const root = join(import.meta.dirname, "..", "..");
const QUEUES = [
  "herald-publish",
  "herald-webhooks",
  "herald-plug-checks",
  "herald-feed-checks",
  "herald-revocations",
  "herald-report-mails",
  "herald-inbox-replies",
  "herald-metrics-reads",
  "herald-inbound",
  "herald-publish-dlq",
  "herald-webhooks-dlq",
  "herald-inbound-dlq",
];

interface Account {
  loggedIn: boolean;
  accounts: { id: string; name: string }[];
  d1: { uuid: string; name: string }[];
  kv: { id: string; title: string }[];
  r2: string[];
  queues: string[];
  secrets: Record<string, string> | null;
  migrated?: boolean;
  fail?: string;
  calls: { args: string[]; ci: string | null }[];
  deploys: { env: string; secretsFile: string | null; uploaded: Record<string, string> }[];
}

let dir: string;
const stateFile = () => join(dir, "account.json");
const account = (): Account => JSON.parse(readFileSync(stateFile(), "utf8"));
const config = () => readFileSync(join(dir, "wrangler.toml"), "utf8");
const production = () => (parse(config()) as any).env.production;
const commands = () => account().calls.map((c) => c.args.join(" "));

function setAccount(changes: Partial<Account>) {
  const fresh: Account = {
    loggedIn: true,
    accounts: [{ id: "acc1", name: "Ops" }],
    d1: [],
    kv: [],
    r2: [],
    queues: [],
    secrets: null,
    calls: [],
    deploys: [],
  };
  writeFileSync(stateFile(), JSON.stringify({ ...fresh, ...changes }));
}

/** Only what the script needs: no CLOUDFLARE_*, PUBLIC_BASE_URL or secret from the machine's own environment. */
function onlyStubEnv() {
  const env: Record<string, string> = {
    PATH: `${join(dir, "bin")}:${process.env.PATH}`,
    HOME: dir,
    STUB_STATE: stateFile(),
  };
  return env as NodeJS.ProcessEnv;
}

/** Runs the script as `npm run deploy` would, answering its questions with `answers`, one per line. */
function deploy(answers: string[] = [], flags: string[] = []) {
  const result = spawnSync(process.execPath, [join(root, "scripts", "provision.mjs"), ...flags], {
    cwd: dir,
    input: answers.join("\n"),
    encoding: "utf8",
    env: onlyStubEnv(),
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "herald-provision-"));
  copyFileSync(join(root, "wrangler.toml"), join(dir, "wrangler.toml"));
  const bin = join(dir, "bin");
  spawnSync("mkdir", [bin]);
  writeFileSync(
    join(bin, "wrangler"),
    `#!/bin/sh\nexec node ${join(root, "test", "node", "stubs", "wrangler.mjs")} "$@"\n`,
    {
      mode: 0o755,
    },
  );
  setAccount({});
});

// A first run's answers: the address, then the secrets in docs/platforms.md's order (Enter skips).
const FIRST_RUN = ["https://herald.ops.workers.dev", "", "x-client-id", "x-client-secret"];

describe("npm run deploy on a fresh account", () => {
  it("creates every resource, writes their ids and the address, migrates remotely, deploys with the secrets", () => {
    const run = deploy(FIRST_RUN);
    expect(run.status, run.output).toBe(0);

    const made = account();
    expect(made.d1.map((db) => db.name)).toEqual(["herald"]);
    expect(made.kv.map((ns) => ns.title)).toEqual(["herald-oauth-kv"]);
    expect(made.r2).toEqual(["herald-media"]);
    expect(made.queues).toEqual(QUEUES);

    const env = production();
    expect(env.d1_databases[0].database_id).toBe(made.d1[0]!.uuid);
    expect(env.kv_namespaces[0].id).toBe(made.kv[0]!.id);
    expect(env.vars.PUBLIC_BASE_URL).toBe("https://herald.ops.workers.dev");
    expect(env.vars.SANDBOX).toBe("false");

    // Migrations go to the remote database before the Worker that needs them is deployed.
    const order = commands();
    const migrate = order.indexOf("d1 migrations apply herald --remote --env production");
    const deployed = order.findIndex((c) => c.startsWith("deploy --env production"));
    expect(migrate).toBeGreaterThan(-1);
    expect(deployed).toBeGreaterThan(migrate);
    expect(made.calls[migrate]!.ci).toBe("true");

    // The secrets go up with the version, from a file that is gone afterwards.
    expect(made.deploys).toHaveLength(1);
    const { uploaded, secretsFile } = made.deploys[0]!;
    expect(Object.keys(uploaded).sort()).toEqual(["ENCRYPTION_KEY", "X_CLIENT_ID", "X_CLIENT_SECRET"]);
    expect(uploaded.X_CLIENT_ID).toBe("x-client-id");
    expect(uploaded.ENCRYPTION_KEY!.length).toBeGreaterThanOrEqual(32);
    expect(run.output).not.toContain(uploaded.ENCRYPTION_KEY);
    expect(existsSync(secretsFile!)).toBe(false);
    expect(run.output).toContain("Read replication of herald is disabled");
  });

  it("a second run creates nothing, asks for nothing, rewrites nothing, and migrates and deploys again", () => {
    expect(deploy(FIRST_RUN).status).toBe(0);
    const after = config();
    const before = account();
    writeFileSync(stateFile(), JSON.stringify({ ...before, calls: [], deploys: [] }));

    const again = deploy([]);
    expect(again.status, again.output).toBe(0);
    expect(commands().filter((c) => c.includes("create"))).toEqual([]);
    expect(config()).toBe(after);
    expect(account().queues).toEqual(QUEUES);
    expect(again.output).not.toContain("ENCRYPTION_KEY,");
    expect(account().deploys).toEqual([{ env: "production", secretsFile: null, uploaded: {} }]);
    expect(commands()).toContain("d1 migrations apply herald --remote --env production");
  });

  it("finds what already exists and creates only what is missing", () => {
    setAccount({
      d1: [{ uuid: "existing-d1", name: "herald" }],
      kv: [{ id: "existing-kv", title: "herald-oauth-kv" }],
      r2: ["herald-media"],
      queues: ["herald-publish", "herald-publish-dlq"],
    });
    const run = deploy(FIRST_RUN);
    expect(run.status, run.output).toBe(0);
    expect(production().d1_databases[0].database_id).toBe("existing-d1");
    expect(production().kv_namespaces[0].id).toBe("existing-kv");
    expect(commands().filter((c) => c.includes("create"))).toEqual(
      QUEUES.filter((q) => !["herald-publish", "herald-publish-dlq"].includes(q)).map((q) => `queues create ${q}`),
    );
  });

  it("creates a queue added to wrangler.toml later, with its dead-letter queue", () => {
    appendFileSync(
      join(dir, "wrangler.toml"),
      '\n[[env.production.queues.producers]]\nbinding = "DIGEST_QUEUE"\nqueue = "herald-digests"\n\n' +
        '[[env.production.queues.consumers]]\nqueue = "herald-digests"\ndead_letter_queue = "herald-digests-dlq"\n',
    );
    expect(deploy(FIRST_RUN).status).toBe(0);
    expect(account().queues).toEqual(expect.arrayContaining(["herald-digests", "herald-digests-dlq"]));
  });

  it("asks for no secret with --skip-secrets, and stops before migrating with --provision-only", () => {
    const run = deploy(["https://herald.ops.workers.dev"], ["--skip-secrets", "--provision-only"]);
    expect(run.status, run.output).toBe(0);
    expect(account().queues).toEqual(QUEUES);
    expect(commands().some((c) => c.startsWith("secret") || c.startsWith("deploy") || c.includes("migrations"))).toBe(
      false,
    );
  });
});

describe("npm run deploy refuses", () => {
  it("to start when wrangler is not logged in, and touches nothing", () => {
    setAccount({ loggedIn: false });
    const run = deploy(FIRST_RUN);
    expect(run.status).toBe(1);
    expect(run.output).toContain("npx wrangler login");
    expect(commands()).toEqual(["whoami --json"]);
  });

  it("an address that is not https, before writing the config or deploying", () => {
    const original = config();
    const run = deploy(["http://herald.ops.workers.dev"]);
    expect(run.status).toBe(1);
    expect(run.output).toContain("PUBLIC_BASE_URL must be an https address");
    expect(config()).toBe(original);
    expect(account().deploys).toEqual([]);
  });

  it("to go on when wrangler fails, saying what failed, and never deploys", () => {
    setAccount({ fail: "queues create herald-webhooks-dlq" });
    const run = deploy(FIRST_RUN);
    expect(run.status).toBe(1);
    expect(run.output).toContain("wrangler queues create herald-webhooks-dlq failed");
    expect(account().deploys).toEqual([]);
  });

  it("an ENCRYPTION_KEY shorter than 32 characters", () => {
    const run = deploy(["https://herald.ops.workers.dev", "too-short"]);
    expect(run.status).toBe(1);
    expect(run.output).toContain("ENCRYPTION_KEY must be at least 32 characters");
    expect(account().deploys).toEqual([]);
  });
});
