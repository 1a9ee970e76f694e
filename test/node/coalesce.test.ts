import { describe, expect, it } from "vitest";
import { coalesced } from "../../src/lib/coalesce";

describe("coalesced", () => {
  it("serves the calls of one turn with one call, each caller getting its own answer", async () => {
    const served: number[][] = [];
    const double = coalesced(async (items: number[]) => {
      served.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([double(1), double(2), double(3)])).toEqual([2, 4, 6]);
    expect(served).toEqual([[1, 2, 3]]);
  });

  it("serves calls of later turns with calls of their own", async () => {
    const served: number[][] = [];
    const echo = coalesced(async (items: number[]) => {
      served.push(items);
      return items;
    });
    await echo(1);
    await Promise.all([echo(2), echo(3)]);
    expect(served).toEqual([[1], [2, 3]]);
  });

  it("rejects every caller of a turn whose serve failed, and serves the next turn afresh", async () => {
    let fail = true;
    const flaky = coalesced(async (items: string[]) => {
      if (fail) throw new Error("down");
      return items;
    });
    const results = await Promise.allSettled([flaky("a"), flaky("b")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await flaky("c")).toBe("c");
  });
});
