import { describe, expect, it } from "vitest";
import { type Answer, api } from "../helpers/api";
import { accessTokenFor } from "../helpers/oauth-client";
import { liveAccount, liveUser } from "../helpers/production";

/**
 * Round-trip budgets of the hot routes, as deployed (no sandbox). Each is what the route costs today: a change
 * that adds a round trip fails here, and one that removes a round trip lowers the budget here.
 */

type Trips = Record<"d1" | "do" | "queue" | "kv" | "r2", number>;

/** `X-Herald-Round-Trips: d1=2, do=1, queue=0, kv=0, r2=0; background d1=1` → on the path, and in the background. */
function tripsOf(res: Answer): { path: Trips; background: Partial<Trips> } {
  const header = res.headers.get("x-herald-round-trips");
  if (!header) throw new Error("no X-Herald-Round-Trips header: is COUNT_ROUND_TRIPS on?");
  const [now, later = ""] = header.split("; background ");
  const parse = (part: string) =>
    Object.fromEntries(
      part
        .split(", ")
        .filter(Boolean)
        .map((kv) => [kv.split("=")[0], Number(kv.split("=")[1])]),
    );
  return { path: parse(now!) as Trips, background: parse(later) };
}

const none = { d1: 0, do: 0, queue: 0, kv: 0, r2: 0 };

async function userWithTwoAccounts() {
  const { userId, key } = await liveUser();
  const accounts = [await liveAccount(userId, "bluesky"), await liveAccount(userId, "mastodon")];
  const platforms = accounts.map((a) => ({ platform: a.platform, account_id: a.id }));
  return { key, accounts, platforms };
}

describe("round-trip budgets of the hot routes (production mode)", () => {
  it("health: one D1 read", async () => {
    const res = await api("GET", "/api/v1/health");
    expect(res.status).toBe(200);
    expect(tripsOf(res)).toEqual({ path: { ...none, d1: 1 }, background: {} });
  });

  it("authenticated read (GET /connected-accounts): the key's gate, then the read; on the gate's lease, the read", async () => {
    const { key } = await userWithTwoAccounts();
    const first = await api("GET", "/api/v1/connected-accounts", { key });
    expect(first.status).toBe(200);
    // The gate reads the key's holder and stamps its last use itself: none of it is the Worker's round trip.
    expect(tripsOf(first)).toEqual({ path: { ...none, d1: 1, do: 1 }, background: {} });
    // It also leased this isolate a share of the key's hour: the next requests here do not call it.
    const next = await api("GET", "/api/v1/connected-accounts", { key });
    expect(tripsOf(next)).toEqual({ path: { ...none, d1: 1 }, background: {} });
  });

  it("authenticated read with an OAuth token: the token (the provider's KV), the user's bucket, then the read", async () => {
    const user = await liveUser();
    await liveAccount(user.userId, "bluesky");
    const bearer = { headers: { authorization: `Bearer ${await accessTokenFor(user, "accounts:read")}` } };
    for (let i = 0; i < 2; i++) {
      const res = await api("GET", "/api/v1/connected-accounts", bearer);
      expect([res.status, res.body.data.length]).toEqual([200, 1]);
      expect(tripsOf(res)).toEqual({ path: { ...none, d1: 1, do: 1, kv: 1 }, background: {} });
    }
  });

  it("draft create with two targets: one insert batch, once the accounts were read and the key leased", async () => {
    const { key, platforms } = await userWithTwoAccounts();
    const first = await api("POST", "/api/v1/posts", { key, body: { text: "A draft", platforms } });
    expect(first.status).toBe(201);
    // The isolate's first create for these accounts reads them; the next ones check against what it read.
    expect(tripsOf(first)).toEqual({ path: { ...none, d1: 2, do: 1 }, background: {} });
    const next = await api("POST", "/api/v1/posts", { key, body: { text: "Another draft", platforms } });
    expect(next.status).toBe(201);
    expect(tripsOf(next)).toEqual({ path: { ...none, d1: 1 }, background: {} });
  });

  it("scheduled create with two targets: as a draft, plus waking the scheduler", async () => {
    const { key, platforms } = await userWithTwoAccounts();
    const scheduled = { schedule_type: "scheduled", scheduled_at: "2031-01-01T09:00:00Z" };
    const first = await api("POST", "/api/v1/posts", { key, body: { text: "Later", platforms, ...scheduled } });
    expect(first.status).toBe(201);
    expect(tripsOf(first)).toEqual({ path: { ...none, d1: 2, do: 2 }, background: {} });
    const next = await api("POST", "/api/v1/posts", { key, body: { text: "Later too", platforms, ...scheduled } });
    expect(next.status).toBe(201);
    expect(tripsOf(next)).toEqual({ path: { ...none, d1: 1, do: 1 }, background: {} });
  });

  it("find-slot on the key's lease: one batch of reads and one call to the slot picker", async () => {
    const { key, accounts } = await userWithTwoAccounts();
    const slot = await api("POST", "/api/v1/posting-slots", {
      key,
      body: { account_ids: [accounts[0]!.id], weekday: 1, time: "09:00", timezone: "UTC" },
    });
    expect(slot.status).toBe(201);
    const res = await api("GET", `/api/v1/find-slot?account_ids=${accounts[0]!.id}`, { key });
    expect(res.status).toBe(200);
    expect(tripsOf(res)).toEqual({ path: { ...none, d1: 1, do: 1 }, background: {} });
  });
});
