import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/client";
import { users } from "../../src/db/schema";
import { type RoundTrips, withRoundTrips } from "../../src/lib/round-trips";
import { api } from "./helpers/api";

const kinds = (t: RoundTrips) => ({ d1: t.d1, do: t.do, queue: t.queue, kv: t.kv, r2: t.r2 });

describe("counting round trips", () => {
  it("counts each call that leaves the Worker as one round trip of its binding's kind", async () => {
    const ctx = createExecutionContext();
    const [, { path }] = await withRoundTrips(env, ctx, async (counted) => {
      // Building statements and stubs is local; running them is not.
      const one = counted.DB.prepare("SELECT 1 AS one");
      await counted.DB.batch([one, counted.DB.prepare("SELECT 2 AS two"), one.bind()]);
      await one.first();
      await counted.DB.withSession("first-primary").prepare("SELECT 3").raw();
      const picker = counted.SLOT_PICKER.get(counted.SLOT_PICKER.idFromName("round-trips"));
      await picker.holds(0);
      await picker.release("hold_none");
      await counted.OAUTH_KV.get("nothing-here");
      await counted.OAUTH_KV.put("round-trips", "1");
      await counted.MEDIA.head("nothing-here");
      await counted.FEED_CHECK_QUEUE.send({ feedId: "feed_missing" });
    });
    expect(kinds(path)).toEqual({ d1: 3, do: 2, queue: 1, kv: 2, r2: 1 });
  });

  it("takes rows from D1's meta where the answer has it and counts the statements without it", async () => {
    const [, { path }] = await withRoundTrips(env, createExecutionContext(), async (counted) => {
      await counted.DB.prepare("CREATE TABLE IF NOT EXISTS counted_rows (n INTEGER)").run();
      await counted.DB.batch([
        counted.DB.prepare("INSERT INTO counted_rows VALUES (1)"),
        counted.DB.prepare("INSERT INTO counted_rows VALUES (2)"),
      ]);
      await counted.DB.prepare("SELECT n FROM counted_rows").all();
      await counted.DB.prepare("SELECT n FROM counted_rows").raw();
    });
    expect(path.d1RowsWritten).toBeGreaterThanOrEqual(2);
    expect(path.d1RowsRead).toBeGreaterThanOrEqual(2);
    expect(path.d1Unmetered).toBe(1);
  });

  it("tallies a query that starts when waitUntil takes it apart from the request's own", async () => {
    const ctx = createExecutionContext();
    const [, { path, background }] = await withRoundTrips(env, ctx, async (counted, countedCtx) => {
      // A drizzle query runs when it is awaited, as the last-used stamp of an API key does.
      countedCtx.waitUntil(createDb(counted.DB).select().from(users).limit(1));
      await counted.OAUTH_KV.get("now");
    });
    await waitOnExecutionContext(ctx);
    expect(kinds(path)).toEqual({ d1: 0, do: 0, queue: 0, kv: 1, r2: 0 });
    expect(kinds(background)).toEqual({ d1: 1, do: 0, queue: 0, kv: 0, r2: 0 });
  });

  it("is off unless COUNT_ROUND_TRIPS=true: the answers carry no counts", async () => {
    expect(env.COUNT_ROUND_TRIPS).toBeUndefined();
    const res = await api("GET", "/api/v1/health");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-herald-round-trips")).toBeNull();
    expect(res.headers.get("x-herald-d1-rows")).toBeNull();
  });
});
