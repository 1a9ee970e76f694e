import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PLUG_ACTIONS, PLUG_METRICS } from "../../src/db/schema/plugs";
import { PLATFORMS, type PlatformKey } from "../../src/platforms/catalog";
import { ADAPTERS } from "../../src/platforms/index";
import type { AdapterDeps, Platform } from "../../src/platforms/types";
import { PLUG_SUPPORT } from "../../src/services/plugs/rules";

/**
 * The plug table against the adapters: a plug is offered exactly where its platform's adapter reads the count it
 * watches (`countsRead`) and has the action it runs (`repost`, `comment`), and docs/platforms.md says so per
 * platform. What a platform cannot do is absent from its adapter, never a stub that refuses.
 */

const deps: AdapterDeps = {
  fetch: async () => new Response(null, { status: 599 }),
  now: () => 0,
  env: {},
  sleep: async () => {},
};

const adapters = Object.entries(ADAPTERS).map(([platform, make]) => [platform as PlatformKey, make!(deps)] as const);

/** What the adapter can do for a plug: the counts it reads and the actions it has. */
const canDo = (adapter: Platform) => ({
  metrics: PLUG_METRICS.filter((m) => adapter.countsRead?.includes(m)),
  actions: PLUG_ACTIONS.filter((a) => typeof adapter[a] === "function"),
});

describe("plug support", () => {
  it("is offered on every platform whose adapter reads a count and runs an action, with exactly those", () => {
    const offerable = Object.fromEntries(
      adapters.flatMap(([platform, adapter]) => {
        const { metrics, actions } = canDo(adapter);
        return metrics.length > 0 && actions.length > 0 ? [[platform, { metrics, actions }]] : [];
      }),
    );
    const offered = Object.fromEntries(
      Object.entries(PLUG_SUPPORT).map(([platform, s]) => [
        platform,
        {
          metrics: PLUG_METRICS.filter((m) => s!.metrics.includes(m)),
          actions: PLUG_ACTIONS.filter((a) => s!.actions.includes(a)),
        },
      ]),
    );
    expect(offered).toEqual(offerable);
    // SPEC's four, and the platforms whose adapters could already act but no plug reached.
    expect(Object.keys(offered).sort()).toEqual(
      expect.arrayContaining([
        "bluesky",
        "facebook",
        "instagram",
        "linkedin",
        "mastodon",
        "threads",
        "twitter",
        "youtube",
      ]),
    );
  });

  it("an adapter with an action says which counts it reads; the others are never stubs that refuse", () => {
    for (const [platform, adapter] of adapters) {
      const { actions } = canDo(adapter);
      if (actions.length > 0 && !["kick", "telegram"].includes(platform)) {
        expect(adapter.countsRead, `${platform} declares countsRead`).toBeDefined();
      }
      for (const name of ["repost", "comment", "listDestinations", "readProfile"] as const) {
        const method = adapter[name] as ((...args: unknown[]) => unknown) | undefined;
        if (!method) continue;
        const source = method.toString();
        expect(/NOT_SUPPORTED/.test(source), `${platform}.${name} is a stub that refuses`).toBe(false);
        expect(
          /^\s*async \w+\(\)\s*\{\s*return (\[\]|\{ subscriptionTier: null \});\s*\}$/.test(source),
          `${platform}.${name} answers nothing`,
        ).toBe(false);
      }
    }
  });

  it("a platform that reports followers can read its profile", () => {
    for (const [platform, adapter] of adapters) {
      if (PLATFORMS[platform]?.reportsFollowers) expect(adapter.readProfile, platform).toBeDefined();
    }
  });

  it("docs/platforms.md lists each platform's plugs as the table has them", () => {
    const doc = readFileSync("docs/platforms.md", "utf8");
    const section = doc.slice(doc.indexOf("## Plugs"), doc.indexOf("\n## ", doc.indexOf("## Plugs") + 1));
    const rows = section
      .split("\n")
      .filter((line) => /^\| `\w+`/.test(line))
      .map((line) =>
        line
          .split("|")
          .map((cell) => cell.trim())
          .slice(1, 4),
      );
    const expected = Object.entries(PLUG_SUPPORT).map(([platform, s]) => [
      `\`${platform}\``,
      s!.metrics.join(", "),
      s!.actions.join(", "),
    ]);
    expect(rows).toEqual(expected);
  });
});
