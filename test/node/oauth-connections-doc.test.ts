import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { OAUTH_CONNECTIONS } from "../../src/platforms/oauth-connections";
import type { OAuthDeclaration } from "../../src/platforms/platform-oauth";

// docs/platforms.md shows OAUTH_CONNECTIONS side by side; this keeps that table true to the code.

const code = (text: string) => `\`${text}\``;

/** The cells of a platform's row, as the table in docs/platforms.md writes them. */
function cells(key: string, declared: OAuthDeclaration): string[] {
  const scopes = declared.scopes.join(declared.scopeSeparator);
  const optional = declared.optionalScopes;
  const fields = declared.clientFields ? ` (${declared.clientFields.map(code).join(", ")})` : "";
  return [
    code(key),
    code(declared.authorizeUrl),
    code(declared.tokenUrl),
    code(scopes) + (optional ? ` (+ ${code(optional.scopes.join(" "))} with ${code(optional.setting)})` : ""),
    declared.pkce ? "S256" : "no",
    declared.clientAuth + fields + (declared.app.secretOptional ? ", or none (public client)" : ""),
    declared.refresh + (declared.longLived ? `, ${code(declared.longLived.grantType)} first` : ""),
    declared.accounts,
  ];
}

it("docs/platforms.md's table of OAuth connections says what OAUTH_CONNECTIONS declares, one row each", () => {
  const doc = readFileSync(join(import.meta.dirname, "..", "..", "docs", "platforms.md"), "utf8");
  const rows = doc
    .split("\n")
    .filter((line) => /^\| `[a-z_]+` +\| `https:/.test(line))
    .map((line) =>
      line
        .slice(1, -1)
        .split(" | ")
        .map((cell) => cell.trim()),
    );
  const expected = Object.entries(OAUTH_CONNECTIONS).map(([key, declared]) => cells(key, declared));
  expect(rows).toEqual(expected);
});
