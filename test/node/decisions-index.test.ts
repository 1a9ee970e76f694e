import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const DIR = join(import.meta.dirname, "..", "..", "docs", "decisions");

/** One decision is a top-level bullet whose bold lead names it: `- **Short links** are …`. */
const decisionTitle = (line: string) => /^- \*\*(.+?)\*\*/.exec(line)?.[1]?.replace(/[:.]$/, "");

/** docs/decisions.md: every area file under docs/decisions/, its sections, and each decision's title in one line. */
function decisionsIndex(): string {
  const areas = readdirSync(DIR)
    .filter((name) => name.endsWith(".md"))
    .sort();
  const out = [
    "<!-- Generated from docs/decisions/*.md by `npm run docs:decisions`; do not edit. -->",
    "",
    "# Decisions",
    "",
    "Choices the spec and the issues left open, and why: one file per area under `docs/decisions/`, newest sections",
    "last in each. This index lists every decision by its title; search it, then open the area's file and find the",
    "title in bold.",
  ];
  for (const file of areas) {
    const lines = readFileSync(join(DIR, file), "utf8").split("\n");
    const area = lines[0]!.replace(/^# Decisions: /, "");
    out.push("", `## [${area}](decisions/${file})`);
    for (const line of lines) {
      if (line.startsWith("## ")) out.push("", `### ${line.slice(3)}`, "");
      const title = decisionTitle(line);
      if (title) out.push(`- ${title}`);
    }
  }
  return `${out.join("\n")}\n`;
}

it("docs/decisions.md lists every decision of the area files (npm run docs:decisions)", async () => {
  await expect(decisionsIndex()).toMatchFileSnapshot("../../docs/decisions.md");
});

it("every area file opens with its title and has at least one decision", () => {
  for (const file of readdirSync(DIR).filter((name) => name.endsWith(".md"))) {
    const text = readFileSync(join(DIR, file), "utf8");
    expect(text.startsWith("# Decisions: "), file).toBe(true);
    expect(
      text.split("\n").some((line) => decisionTitle(line)),
      file,
    ).toBe(true);
  }
});
