import { env } from "cloudflare:test";
import { and, eq, type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runBatch } from "../../src/db/batch";
import { fixedStatement } from "../../src/db/fixed-statement";
import { insertIf } from "../../src/db/insert-if";
import { boundValues } from "../../src/db/limits";
import { rowsUnchanged } from "../../src/db/rows-unchanged";
import { accounts, events, postingSlots, signatures } from "../../src/db/schema";
import { insertUnderLimits } from "../../src/db/under-limit";
import { newId } from "../../src/lib/ids";
import { listAccounts, ownedAccounts } from "../../src/services/accounts/accounts";
import { createRuntime } from "../../src/services/runtime";
import { api, connect, newUser } from "./helpers/api";

const slotRow = (userId: string, accountId: string) => ({
  id: newId("slot"),
  userId,
  accountIds: [accountId],
  weekday: 1,
  minutes: 540,
  timezone: "UTC",
  createdAt: 0,
  updatedAt: 0,
});

describe("insertUnderLimits", () => {
  it("lets only one of two inserts made at once take the last place under a limit", async () => {
    const rt = await createRuntime(env);
    const { userId, key } = await newUser();
    const account = await connect(key, "bluesky");
    const limit = { table: postingSlots, where: eq(postingSlots.userId, userId), max: 3 };
    for (let i = 0; i < 2; i++)
      expect(await insertUnderLimits(rt.db, postingSlots, slotRow(userId, account.id), [limit])).toBeDefined();

    const both = await Promise.all([
      insertUnderLimits(rt.db, postingSlots, slotRow(userId, account.id), [limit]),
      insertUnderLimits(rt.db, postingSlots, slotRow(userId, account.id), [limit]),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const rows = await rt.db.select().from(postingSlots).where(eq(postingSlots.userId, userId));
    expect(rows).toHaveLength(3);
  });

  it("answers the stored row, with values computed in SQL, and nothing when a limit is reached", async () => {
    const rt = await createRuntime(env);
    const { userId } = await newUser();
    const row = { id: newId("sig"), userId, name: "n", text: "t", createdAt: 5 };
    const none = { table: signatures, where: eq(signatures.userId, userId), max: 0 };
    expect(await insertUnderLimits(rt.db, signatures, row, [none])).toBeUndefined();
    expect(await insertUnderLimits(rt.db, signatures, row, [])).toEqual(row);
  });
});

describe("runBatch", () => {
  it("runs nothing for no statements, and answers each statement's result in order", async () => {
    const rt = await createRuntime(env);
    expect(await runBatch(rt.db, [])).toEqual([]);
    const { userId } = await newUser();
    const ids = [newId("sig"), newId("sig")];
    const results = await runBatch(
      rt.db,
      ids.map((id) =>
        rt.db
          .insert(signatures)
          .values({ id, userId, name: id, text: "t", createdAt: 0 })
          .returning({ id: signatures.id }),
      ),
    );
    expect(results).toEqual([[{ id: ids[0] }], [{ id: ids[1] }]]);
  });
});

describe("ownedAccounts", () => {
  it("finds the user's accounts and reads another user's as missing, for more ids than one statement binds", async () => {
    const rt = await createRuntime(env);
    const me = await newUser();
    const other = await newUser();
    const mine = await connect(me.key, "bluesky");
    const theirs = await connect(other.key, "bluesky");
    const unknown = Array.from({ length: 120 }, (_, i) => `acct_unknown${i}`);
    const { byId, missing } = await ownedAccounts(rt, me.userId, [mine.id, theirs.id, ...unknown, mine.id]);
    expect([...byId.keys()]).toEqual([mine.id]);
    expect(missing).toEqual([theirs.id, ...unknown]);
  });

  it("lets a webhook filter name 100 accounts (one statement would bind too many)", async () => {
    const user = await newUser("creator");
    const account = await connect(user.key, "bluesky");
    const ids = [account.id, ...Array.from({ length: 99 }, (_, i) => `acct_unknown${i}`)];
    const res = await api("POST", "/api/v1/webhooks", {
      key: user.key,
      body: { target_url: "https://example.com/hook", events: ["post.published"], account_ids: ids },
    });
    expect([res.status, res.body.error.issues[0].path]).toEqual([400, "account_ids.1"]);
  });
});

describe("fixedStatement", () => {
  const insertEvent = fixedStatement<"id" | "userId" | "data" | "accountId">((db) =>
    db.insert(events).values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      type: "test.fixed",
      accountId: sql.placeholder("accountId"),
      data: sql.placeholder("data"),
      createdAt: 7,
    }),
  );

  it("binds each use's values by name, through the column (JSON), with the statement's constants", async () => {
    const rt = await createRuntime(env);
    const userId = newId("user");
    const ids = [newId("evt"), newId("evt")];
    await runBatch(rt.db, [
      insertEvent(rt.db, { id: ids[0], userId, data: { n: 1, tags: ["a"] }, accountId: null }),
      insertEvent(rt.db, { id: ids[1], userId, data: { n: 2 }, accountId: "acct_x" }),
    ]);
    // Awaited alone, it runs alone.
    await insertEvent(rt.db, { id: newId("evt"), userId, data: {}, accountId: null });
    const rows = await rt.db.select().from(events).where(eq(events.userId, userId)).orderBy(events.seq);
    expect(rows.map((r) => [r.type, r.data, r.accountId, r.createdAt])).toEqual([
      ["test.fixed", { n: 1, tags: ["a"] }, null, 7],
      ["test.fixed", { n: 2 }, "acct_x", 7],
      ["test.fixed", {}, null, 7],
    ]);
  });

  it("refuses a use missing a value, naming it, before anything is sent", async () => {
    const rt = await createRuntime(env);
    const values = { id: newId("evt"), userId: "u", data: {} } as Parameters<typeof insertEvent>[1];
    expect(() => insertEvent(rt.db, values)).toThrow("no value for accountId");
  });
});

describe("fixedSelect", () => {
  it("answers the rows drizzle's own select answers: every column read back through its mapping", async () => {
    const rt = await createRuntime(env);
    const { userId, key } = await newUser();
    const bare = await connect(key, "bluesky");
    await connect(key, "mastodon");
    await connect(key, "bluesky");
    await env.DB.prepare(
      `UPDATE accounts SET group_id = 'grp_x', subscription_tier = 'premium', destinations_read_at = 5,
         destinations = '[{"id":"d1","name":"Board"}]' WHERE id = ?`,
    )
      .bind(bare.id)
      .run();
    const drizzleRead = (where: SQL) =>
      rt.db.select().from(accounts).where(where).orderBy(accounts.createdAt, accounts.id);
    const all = await listAccounts(rt, userId);
    expect(all).toHaveLength(3);
    expect(all).toEqual(await drizzleRead(eq(accounts.userId, userId)));
    expect(all.find((a) => a.id === bare.id)?.destinations).toEqual([{ id: "d1", name: "Board" }]);
    const bluesky = await listAccounts(rt, userId, "bluesky");
    expect(bluesky).toEqual(await drizzleRead(and(eq(accounts.userId, userId), eq(accounts.platform, "bluesky"))!));
    expect(bluesky).toHaveLength(2);
  });
});

describe("insertIf and rowsUnchanged bind boundValues parameters (what keeps a guarded insert within D1's 100)", () => {
  it("counts exactly the values that are not NULL, in the row and in the guard's rows", async () => {
    const rt = await createRuntime(env);
    const { userId, key } = await newUser();
    const bare = await connect(key, "bluesky");
    await env.DB.prepare(
      "UPDATE accounts SET group_id = 'grp_x', subscription_tier = 'premium', destinations_read_at = 5 WHERE id = ?",
    )
      .bind(bare.id)
      .run();
    const [full] = await rt.db.select().from(accounts).where(eq(accounts.id, bare.id));
    const empty = { ...full!, groupId: null, subscriptionTier: null, destinationsReadAt: null };
    const row = { id: newId("evt"), userId, type: "t", accountId: null, data: {}, createdAt: 1, dedupeKey: null };
    for (const rows of [[full!], [empty], [full!, empty]]) {
      const statement = insertIf(rt.db, events, row, rowsUnchanged(accounts, rows));
      expect(statement.toSQL().params.length).toBe(boundValues(row, ...rows));
    }
  });
});
