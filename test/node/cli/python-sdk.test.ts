// The Python SDK's own unittest suite (sdk-python/tests) against the service the cli project starts, so `npm test`
// and CI run it. Skipped only when the machine has no python3 (CI installs it, see .ci/run).
import { execFile, spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { baseUrl } from "./helpers";

const sdkDir = join(import.meta.dirname, "..", "..", "..", "sdk-python");
const version = spawnSync("python3", ["-c", "import sys; print('%d.%d' % sys.version_info[:2])"], { encoding: "utf8" });
const python = version.status === 0 ? version.stdout.trim() : null;

function unittest(): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      "python3",
      ["-m", "unittest", "discover", "-s", "tests", "-t", ".", "-v"],
      { cwd: sdkDir, env: { ...process.env, HERALD_TEST_BASE_URL: baseUrl, PYTHONDONTWRITEBYTECODE: "1" } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

it.skipIf(!python)(
  "the Python SDK passes its unittest suite on Python 3.9+ against the running service",
  async () => {
    const [major, minor] = python!.split(".").map(Number);
    expect(major! > 3 || (major === 3 && minor! >= 9), `python3 is ${python}`).toBe(true);
    const { code, output } = await unittest();
    expect(code, output).toBe(0);
    expect(output).toMatch(/^Ran \d+ tests/m);
    // Only tests waiting for routes still being built may skip; the service tests never do here.
    const skipped = output.split("\n").filter((line) => line.includes(" skipped "));
    expect(
      skipped.filter((line) => !line.includes("client-invites")),
      output,
    ).toEqual([]);
  },
  300_000,
);
