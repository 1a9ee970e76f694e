import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const bin = join(root, "node_modules", ".bin");
/** Workers Free plan: at most 3 MB of Worker, measured after compression (Paid: 10 MB). */
const FREE_PLAN_LIMIT = 3 * 1024 * 1024;

/** Builds the production bundle as `wrangler deploy` would, without uploading it. */
function buildProductionBundle(outdir: string) {
  const result = spawnSync(join(bin, "wrangler"), ["deploy", "--dry-run", "--env", "production", "--outdir", outdir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PATH: `${bin}:${process.env.PATH}`, WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
  if (result.status !== 0) throw new Error(`wrangler deploy --dry-run failed:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

/** The devDependencies any of whose files the bundle's source map lists. */
function devDependenciesIn(sourceMap: string): string[] {
  const { sources } = JSON.parse(readFileSync(sourceMap, "utf8")) as { sources: string[] };
  const { devDependencies } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  return Object.keys(devDependencies).filter((name) => sources.some((s) => s.includes(`node_modules/${name}/`)));
}

describe("the production bundle", () => {
  it("builds offline, stays under the Free plan's 3 MB once compressed, and holds no devDependency", {
    timeout: 180_000,
  }, () => {
    const outdir = mkdtempSync(join(tmpdir(), "herald-bundle-"));
    try {
      const output = buildProductionBundle(outdir);
      expect(output).toContain("--dry-run: exiting now.");
      // What is uploaded: the modules (source maps and wrangler's README stay behind).
      const modules = readdirSync(outdir).filter((f) => !f.endsWith(".map") && f !== "README.md");
      expect(modules).toContain("index.js");
      const gzipped = modules.reduce((sum, f) => sum + gzipSync(readFileSync(join(outdir, f))).length, 0);
      console.log(
        `production bundle: ${modules.join(", ")}, ${(gzipped / 1024).toFixed(0)} KiB gzipped (limit ${FREE_PLAN_LIMIT / 1024} KiB)`,
      );
      expect(gzipped).toBeLessThan(FREE_PLAN_LIMIT);
      // The platforms' type packages are devDependencies imported with `import type`: none of their code ships.
      expect(devDependenciesIn(join(outdir, "index.js.map"))).toEqual([]);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });
});
