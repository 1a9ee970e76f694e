import { expect, it } from "vitest";
import { API_ERRORS, OUTCOME_CODES } from "../../src/lib/error-codes";

/** A Markdown table with its columns padded, as the formatter (Biome) writes them. */
function table(header: string[], rows: string[][]): string[] {
  const all = [header, ...rows].map((row) => row.map((cell) => cell.replaceAll("|", "\\|")));
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(all[0]!), line(widths.map((w) => "-".repeat(w))), ...all.slice(1).map(line)];
}

/** docs/errors.md, written from the catalog in src/lib/error-codes.ts. */
function errorsPage(): string {
  const api = Object.entries(API_ERRORS)
    .sort(([a, x], [b, y]) => x.status - y.status || a.localeCompare(b))
    .map(([code, { status, description }]) => [`\`${code}\``, String(status), description]);
  const outcomes = Object.entries(OUTCOME_CODES).map(([code, description]) => [`\`${code}\``, description]);
  return [
    "<!-- Generated from src/lib/error-codes.ts by `npm run docs:errors`; do not edit. -->",
    "",
    "# Error codes",
    "",
    "Every failure answer is `{ success: false, error: { code, message, request_id, … } }` with the status below;",
    "extra members sit inside `error`, and `request_id` is the request's id, as in its `X-Request-Id` header. The",
    "OpenAPI document lists, per route, the codes that route can answer.",
    "",
    "## Answers to API calls",
    "",
    ...table(["Code", "Status", "Meaning"], api),
    "",
    "## Codes in records and events (not HTTP answers)",
    "",
    "Why a post target failed (`platforms[].error.code`, the `post.failed` event's `error`), why a plug expired or",
    "failed (its `error`), and how a platform refused. A record may also hold an API code from the table above",
    "(a target refused before any call, such as `platform_not_configured`).",
    "",
    ...table(["Code", "Meaning"], outcomes),
    "",
  ].join("\n");
}

it("docs/errors.md is generated from the error catalog (npm run docs:errors)", async () => {
  await expect(errorsPage()).toMatchFileSnapshot("../../docs/errors.md");
});
