import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, connect, newUser } from "../helpers/api";
import { accountsOf, group, invite, inviteRow, owner } from "../helpers/invites";

describe("account groups (every plan)", () => {
  it("creates, lists, gets, renames and sets a group's accounts; an account sits in one group at most", async () => {
    const { key } = await newUser("free");
    const a = await connect(key, "bluesky");
    const b = await connect(key, "mastodon");
    const first = await group(key, "Acme Bakery", [a.id]);
    expect(first).toMatchObject({ id: expect.stringMatching(/^grp_/), name: "Acme Bakery", account_ids: [a.id] });

    const second = await group(key, "Corner Café", [a.id, b.id]);
    expect(second.account_ids).toEqual([a.id, b.id]);
    // Listing a in the second group took it out of the first.
    const list = await api("GET", "/api/v1/account-groups", { key });
    expect(list.body.data.map((g: { name: string; account_ids: string[] }) => [g.name, g.account_ids])).toEqual([
      ["Acme Bakery", []],
      ["Corner Café", [a.id, b.id]],
    ]);

    const renamed = await api("PATCH", `/api/v1/account-groups/${second.id}`, {
      key,
      body: { name: "Corner Cafe", account_ids: [b.id] },
    });
    expect(renamed.body.data).toMatchObject({ name: "Corner Cafe", account_ids: [b.id] });
    expect((await accountsOf(key)).map((x) => [x.id, x.group_id])).toEqual([
      [a.id, null],
      [b.id, second.id],
    ]);
    const got = await api("GET", `/api/v1/account-groups/${second.id}`, { key });
    expect(got.body.data.account_ids).toEqual([b.id]);
  });

  it("keeps names unique per user (409 group_name_taken), not across users", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await group(alice.key, "Clients");
    const again = await api("POST", "/api/v1/account-groups", { key: alice.key, body: { name: "Clients" } });
    expect([again.status, again.body.error.code]).toEqual([409, "group_name_taken"]);
    expect((await api("GET", "/api/v1/account-groups", { key: alice.key })).body.data).toHaveLength(1);
    expect((await api("POST", "/api/v1/account-groups", { key: bob.key, body: { name: "Clients" } })).status).toBe(201);

    const other = await group(alice.key, "Others");
    const clash = await api("PATCH", `/api/v1/account-groups/${other.id}`, {
      key: alice.key,
      body: { name: "Clients" },
    });
    expect([clash.status, clash.body.error.code]).toEqual([409, "group_name_taken"]);
  });

  it("moves an account in and out with PATCH /connected-accounts/{id}; another user's group or account is 404", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const account = await connect(alice.key, "bluesky");
    const mine = await group(alice.key, "Mine");
    const theirs = await group(bob.key, "Theirs");

    const moved = await api("PATCH", `/api/v1/connected-accounts/${account.id}`, {
      key: alice.key,
      body: { group_id: mine.id },
    });
    expect([moved.status, moved.body.data.group_id]).toEqual([200, mine.id]);
    const foreign = await api("PATCH", `/api/v1/connected-accounts/${account.id}`, {
      key: alice.key,
      body: { group_id: theirs.id },
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, "not_found"]);
    const notMine = await api("PATCH", `/api/v1/connected-accounts/${account.id}`, {
      key: bob.key,
      body: { group_id: theirs.id },
    });
    expect(notMine.status).toBe(404);
    const out = await api("PATCH", `/api/v1/connected-accounts/${account.id}`, {
      key: alice.key,
      body: { group_id: null },
    });
    expect(out.body.data.group_id).toBeNull();

    const badMembers = await api("POST", "/api/v1/account-groups", {
      key: bob.key,
      body: { name: "Stolen", account_ids: [account.id] },
    });
    expect([badMembers.status, badMembers.body.error.issues[0].path]).toEqual([400, "account_ids.0"]);
    expect((await api("GET", "/api/v1/account-groups", { key: bob.key })).body.data).toHaveLength(1);
    expect((await api("GET", `/api/v1/account-groups/${mine.id}`, { key: bob.key })).status).toBe(404);
    expect((await api("DELETE", `/api/v1/account-groups/${mine.id}`, { key: bob.key })).status).toBe(404);
  });

  it("deleting a group leaves its accounts connected and ungrouped, and revokes only its active invites", async () => {
    const { key } = await owner("studio");
    const account = await connect(key, "instagram");
    const doomed = await group(key, "Doomed", [account.id]);
    const kept = await group(key, "Kept");
    const open = await invite(key, { group_id: doomed.id, platforms: ["instagram"], max_accounts: 1 });
    const elsewhere = await invite(key, { group_id: kept.id, platforms: ["instagram"] });
    const expired = await invite(key, { group_id: doomed.id, platforms: ["instagram"] });
    // Make one invite expired already: it must stay expired, not become revoked.
    await env.DB.prepare("UPDATE client_invites SET expires_at = 1 WHERE id = ?").bind(expired.id).run();

    const res = await api("DELETE", `/api/v1/account-groups/${doomed.id}`, { key });
    expect(res.body.data).toEqual({ id: doomed.id, deleted: true });
    const [after] = await accountsOf(key);
    expect([after!.id, after!.status, after!.group_id]).toEqual([account.id, "active", null]);

    const states = await api("GET", "/api/v1/client-invites", { key });
    const stateOf = (id: string) => states.body.data.find((i: { id: string }) => i.id === id).state;
    expect([stateOf(open.id), stateOf(expired.id), stateOf(elsewhere.id)]).toEqual(["revoked", "expired", "active"]);
    expect((await inviteRow(expired.id))!.revoked_at).toBeNull();
    expect((await api("GET", `/api/v1/account-groups/${doomed.id}`, { key })).status).toBe(404);
  });
});
