import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { liveAccount, liveUser } from "../helpers/production";

/**
 * Creating a post checks its targets against the account rows this isolate remembers and writes in one D1 round
 * trip, but only while those rows are still exactly so: each test here changes a remembered row behind the
 * isolate's back, where only the write's guard can see it.
 */

const d1TripsOf = (res: { headers: Headers }) => Number(/d1=(\d+)/.exec(res.headers.get("x-herald-round-trips")!)![1]);

const postsOf = async (userId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM posts WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

const setAccount = (accountId: string, column: string, value: unknown) =>
  env.DB.prepare(`UPDATE accounts SET ${column} = ? WHERE id = ?`).bind(value, accountId).run();

/** A user whose two accounts this isolate remembers (one create read them), and the post body naming them. */
async function remembered() {
  const { userId, key } = await liveUser();
  const accounts = [await liveAccount(userId, "bluesky"), await liveAccount(userId, "mastodon")];
  const platforms = accounts.map((a) => ({ platform: a.platform, account_id: a.id }));
  const first = await api("POST", "/api/v1/posts", { key, body: { text: "First", platforms } });
  expect([first.status, d1TripsOf(first)]).toEqual([201, 2]);
  return { userId, key, accounts, platforms };
}

describe("creating a post on remembered accounts", () => {
  it("takes one D1 round trip once the accounts were read, and writes the post and its targets", async () => {
    const { userId, key, platforms } = await remembered();
    const res = await api("POST", "/api/v1/posts", {
      key,
      body: { text: "Later", platforms, schedule_type: "scheduled", scheduled_at: "2031-01-01T09:00:00Z" },
    });
    expect([res.status, d1TripsOf(res)]).toEqual([201, 1]);
    expect(await postsOf(userId)).toBe(2);
    const read = await api("GET", `/api/v1/posts/${res.body.data.id}`, { key });
    expect(read.body.data.platforms.map((t: { status: string }) => t.status)).toEqual(["scheduled", "scheduled"]);
  });

  it("refuses an account disconnected since it was remembered, and writes nothing", async () => {
    const { userId, key, accounts, platforms } = await remembered();
    await setAccount(accounts[1]!.id, "status", "disconnected");
    const res = await api("POST", "/api/v1/posts", { key, body: { text: "Again", platforms } });
    expect([res.status, res.body.error.code]).toEqual([403, "PLATFORM_UNAVAILABLE"]);
    expect(await postsOf(userId)).toBe(1);
  });

  it("holds a scheduled post to a text limit lowered since, and writes nothing", async () => {
    const { userId, key, accounts, platforms } = await remembered();
    await setAccount(accounts[0]!.id, "text_limit", 10);
    const res = await api("POST", "/api/v1/posts", {
      key,
      body: { text: "Longer than ten", platforms, schedule_type: "scheduled", scheduled_at: "2031-01-01T09:00:00Z" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.targets.map((t: { code: string }) => t.code)).toEqual(["text_too_long"]);
    expect(await postsOf(userId)).toBe(1);
  });

  it("does not find an account given to another user since, and writes nothing", async () => {
    const { userId, key, accounts, platforms } = await remembered();
    const other = await liveUser();
    await setAccount(accounts[0]!.id, "user_id", other.userId);
    const res = await api("POST", "/api/v1/posts", { key, body: { text: "Again", platforms } });
    expect(res.status).toBe(400);
    expect(res.body.error.targets.map((t: { code: string }) => t.code)).toEqual(["account_not_found"]);
    expect(await postsOf(userId)).toBe(1);
  });

  it("is never refused on a remembered row: an account reconnected since takes the post", async () => {
    const { userId, key, accounts, platforms } = await remembered();
    await setAccount(accounts[0]!.id, "status", "disconnected");
    const refused = await api("POST", "/api/v1/posts", { key, body: { text: "Refused", platforms } });
    expect(refused.status).toBe(403);
    await setAccount(accounts[0]!.id, "status", "active");
    const res = await api("POST", "/api/v1/posts", { key, body: { text: "Taken", platforms } });
    expect(res.status).toBe(201);
    expect(await postsOf(userId)).toBe(2);
  });

  it("reads the accounts again after a change, then goes back to one round trip", async () => {
    const { key, accounts, platforms } = await remembered();
    await setAccount(accounts[0]!.id, "name", "Renamed");
    const afterChange = await api("POST", "/api/v1/posts", { key, body: { text: "Two", platforms } });
    // The guarded write found the row changed and wrote nothing, then the accounts were read and the post written.
    expect([afterChange.status, d1TripsOf(afterChange)]).toEqual([201, 3]);
    const next = await api("POST", "/api/v1/posts", { key, body: { text: "Three", platforms } });
    expect([next.status, d1TripsOf(next)]).toEqual([201, 1]);
  });

  it("compares JSON columns as JSON: destinations stored with other spacing are not a change", async () => {
    const { userId, key } = await liveUser();
    const account = await liveAccount(userId, "bluesky");
    await setAccount(account.id, "destinations", '[ { "id": "d1", "label": "One" } ]');
    const platforms = [{ platform: "bluesky", account_id: account.id }];
    const first = await api("POST", "/api/v1/posts", { key, body: { text: "First", platforms } });
    const next = await api("POST", "/api/v1/posts", { key, body: { text: "Next", platforms } });
    expect([first.status, next.status, d1TripsOf(next)]).toEqual([201, 201, 1]);
  });

  it("takes as many accounts as the guarded insert's 100 parameters hold in one round trip, and reads for more", async () => {
    const { userId, key } = await liveUser("agency");
    const accounts = await Promise.all(Array.from({ length: 8 }, () => liveAccount(userId, "bluesky")));
    // Every column set: each account binds 12 parameters in the guard, and a draft's post binds 10 of its own.
    await env.DB.prepare(
      "UPDATE accounts SET group_id = 'grp_x', subscription_tier = 'premium', destinations_read_at = 5 WHERE user_id = ?",
    )
      .bind(userId)
      .run();
    const platformsOf = (n: number) => accounts.slice(0, n).map((a) => ({ platform: "bluesky", account_id: a.id }));
    await api("POST", "/api/v1/posts", { key, body: { text: "Read them", platforms: platformsOf(8) } });
    const seven = await api("POST", "/api/v1/posts", { key, body: { text: "Seven", platforms: platformsOf(7) } });
    const eight = await api("POST", "/api/v1/posts", { key, body: { text: "Eight", platforms: platformsOf(8) } });
    // 10 + 7 × 12 = 94 fit; 10 + 8 × 12 = 106 do not (local D1 would take them; D1 refuses past 100).
    expect([seven.status, d1TripsOf(seven), eight.status, d1TripsOf(eight)]).toEqual([201, 1, 201, 2]);
    expect(await postsOf(userId)).toBe(3);
  });

  it("is not used for another user's account: that create reads, and finds nothing", async () => {
    const { accounts, platforms } = await remembered();
    const other = await liveUser();
    const res = await api("POST", "/api/v1/posts", { key: other.key, body: { text: "Not mine", platforms } });
    expect(res.status).toBe(400);
    expect(res.body.error.targets.map((t: { account_id: string }) => t.account_id)).toEqual(accounts.map((a) => a.id));
    expect(await postsOf(other.userId)).toBe(0);
  });
});
