import { expect, it } from "vitest";
import { IdListQuery, QueryFlag } from "../../src/schemas/common";

it("reads a yes/no query parameter one way: true or 1, false or 0, nothing else", () => {
  expect(["true", "1", "false", "0"].map((flag) => QueryFlag.parse(flag))).toEqual([true, true, false, false]);
  expect(QueryFlag.safeParse("yes").success).toBe(false);
});

it("reads a list of ids one way: comma-separated, blanks dropped", () => {
  expect(IdListQuery.parse("acct_a, acct_b,,acct_c")).toEqual(["acct_a", "acct_b", "acct_c"]);
  expect(IdListQuery.safeParse("x".repeat(5001)).success).toBe(false);
});
