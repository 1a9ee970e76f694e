import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { liveAccount, liveUser } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

/**
 * Records the SQL sent to the primary (the binding itself) and through request sessions (`withSession`), in
 * order: which reads may be served by a replica and which must not.
 */
function watchD1() {
  const primary: string[] = [];
  const session: string[] = [];
  const prepare = env.DB.prepare.bind(env.DB);
  const withSession = env.DB.withSession.bind(env.DB);
  vi.spyOn(env.DB, "prepare").mockImplementation((sql) => {
    primary.push(sql);
    return prepare(sql);
  });
  vi.spyOn(env.DB, "withSession").mockImplementation((constraint) => {
    const opened = withSession(constraint);
    const sessionPrepare = opened.prepare.bind(opened);
    vi.spyOn(opened, "prepare").mockImplementation((sql) => {
      session.push(sql);
      return sessionPrepare(sql);
    });
    return opened;
  });
  return { primary, session };
}

const mentions = (statements: string[], table: string) => statements.filter((sql) => sql.includes(`"${table}"`));

describe("what must not come from a replica (production mode)", () => {
  it("the API key lookup reads the primary whatever bookmark the client sends, so a revoked key fails at once", async () => {
    const { key } = await liveUser();
    const second = await api("POST", "/api/v1/api-keys", { key, body: { name: "second" } });
    const bookmark = second.headers.get("x-d1-bookmark")!;

    const d1 = watchD1();
    const read = await api("GET", "/api/v1/connected-accounts", {
      key: second.body.data.key,
      headers: { "X-D1-Bookmark": bookmark },
    });
    expect(read.status).toBe(200);
    // The key's gate reads its holder on the primary (and stamps its first use there); the session never sees it.
    expect(mentions(d1.primary, "api_keys").filter((sql) => sql.startsWith("select"))).toHaveLength(1);
    expect(mentions(d1.session, "api_keys")).toEqual([]);
    // The route's own read goes through the session that started at the bookmark.
    expect(mentions(d1.session, "accounts")).toHaveLength(1);

    const revoked = await api("DELETE", `/api/v1/api-keys/${second.body.data.id}`, { key });
    expect(revoked.status).toBe(200);
    const refused = await api("GET", "/api/v1/connected-accounts", {
      key: second.body.data.key,
      headers: { "X-D1-Bookmark": bookmark },
    });
    expect([refused.status, refused.body.error.code]).toEqual([401, "invalid_api_key"]);
  });

  it("a slot pick reads slots and posts on the primary, and writes nothing to D1 (its picker keeps the hold)", async () => {
    const { userId, key } = await liveUser();
    const account = await liveAccount(userId, "bluesky");
    const slot = await api("POST", "/api/v1/posting-slots", {
      key,
      body: { account_ids: [account.id], weekday: 1, time: "09:00", timezone: "UTC" },
    });
    expect(slot.status).toBe(201);

    const d1 = watchD1();
    const found = await api("GET", `/api/v1/find-slot?account_ids=${account.id}`, {
      key,
      headers: { "X-D1-Bookmark": slot.headers.get("x-d1-bookmark")! },
    });
    expect(found.status).toBe(200);
    const reads = (statements: string[]) => statements.filter((sql) => sql.startsWith("select"));
    expect(mentions(reads(d1.primary), "posting_slots")).toHaveLength(1);
    expect(mentions(reads(d1.primary), "posts")).toHaveLength(1);
    expect([...d1.primary, ...d1.session].filter((sql) => !sql.startsWith("select"))).toEqual([]);
    expect(found.headers.get("x-d1-bookmark")! >= slot.headers.get("x-d1-bookmark")!).toBe(true);
  });
});
