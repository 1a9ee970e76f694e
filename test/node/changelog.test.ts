import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApp, openApiConfig } from "../../src/app";
import { CHANGELOG_MARKDOWN, releasesOf, VERSION } from "../../src/changelog";

const file = readFileSync(join(import.meta.dirname, "..", "..", "CHANGELOG.md"), "utf8");
const document = createApp().getOpenAPI31Document(openApiConfig) as any;

describe("CHANGELOG.md", () => {
  it("has an entry for the OpenAPI document's info.version, its newest release", () => {
    expect(CHANGELOG_MARKDOWN).toBe(file);
    const [newest] = releasesOf(file);
    expect(document.info.version).toBe(newest!.version);
    expect(VERSION).toBe(newest!.version);
    expect(file).toContain(`## [${document.info.version}] - `);
  });

  it("keeps Keep a Changelog's shape: an Unreleased section, dated releases newest first, the four surfaces", () => {
    expect(file).toMatch(/^## \[Unreleased\]$/m);
    const releases = releasesOf(file);
    expect(releases.length).toBeGreaterThan(0);
    const dates = releases.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const { date } of releases) expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
    // Every section heading names one surface.
    const sections = [...file.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
    expect(new Set(sections)).toEqual(new Set(["REST API", "Agent tools", "SDKs", "CLI"]));
  });

  it("reads only released versions: Unreleased and other headings are not versions", () => {
    expect(releasesOf("## [Unreleased]\n\n## [2.0.0-rc.1] - 2027-01-02\n## [1.0.0] - 2026-12-01\n")).toEqual([
      { version: "2.0.0-rc.1", date: "2027-01-02" },
      { version: "1.0.0", date: "2026-12-01" },
    ]);
    expect(releasesOf("## 1.0.0\n## [1.0] - 2026-12-01\n")).toEqual([]);
  });

  it("is linked from the API reference's description", () => {
    expect(document.info.description).toContain("(/changelog)");
  });
});
