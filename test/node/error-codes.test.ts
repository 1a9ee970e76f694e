import { expect, it } from "vitest";
import { API_ERRORS, OUTCOME_CODES } from "../../src/lib/error-codes";

/** Every catalog of codes a client can read: API answers, and the codes written into records and events. */
const CATALOGS = { API_ERRORS, OUTCOME_CODES };

/** The codes SPEC.md names (its Errors table and the plug and post fields): spelled exactly as there. */
const SPEC_CODES = [
  "feature_disabled",
  "PLATFORM_UNAVAILABLE",
  "firing",
  "reauth_required",
  "no_slots",
  "no_free_slot",
  "busy",
  "invalid_accounts",
  "invalid_token",
  "X_LONG_POST_REFUSED",
  "state_error",
  "validation_error",
  "upstream_error",
  "AMBIGUOUS_MAY_HAVE_POSTED",
  "NOT_REACHED",
  "POST_DELETED",
];

it("no two codes of any catalog differ only by case, so a client comparing them loosely cannot confuse two", () => {
  const seen = new Map<string, string>();
  const clashes: string[] = [];
  for (const [catalog, codes] of Object.entries(CATALOGS)) {
    for (const code of Object.keys(codes)) {
      const folded = code.toLowerCase();
      const earlier = seen.get(folded);
      if (earlier) clashes.push(`${catalog}.${code} ~ ${earlier}`);
      seen.set(folded, `${catalog}.${code}`);
    }
  }
  expect(clashes).toEqual([]);
});

it("SPEC's codes keep SPEC's spelling", () => {
  const all = new Set(Object.values(CATALOGS).flatMap((codes) => Object.keys(codes)));
  expect(SPEC_CODES.filter((code) => !all.has(code))).toEqual([]);
});
