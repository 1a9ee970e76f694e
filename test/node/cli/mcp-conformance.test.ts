import { describe, expect, it } from "vitest";
import { APPLIES, runConformance } from "../../../scripts/lib/mcp-conformance.mjs";
import { baseUrl } from "./helpers";

describe("the official MCP conformance suite (server scenarios)", () => {
  it("passes every check that applies to Herald, on the 2025 revisions and on 2026-07-28", async () => {
    const { results, failures } = await runConformance(baseUrl);
    expect(failures).toEqual([]);
    // Each scenario that applies ran, and passed checks of its own (not only the wire schema's).
    const passed = (scenario: string) =>
      results.some(
        (r) => r.scenario === scenario && r.checks.some((c) => c.verdict === "passed" && c.id !== "wire-schema-valid"),
      );
    expect(Object.keys(APPLIES).filter((scenario) => !passed(scenario))).toEqual([]);
  }, 120_000);
});
