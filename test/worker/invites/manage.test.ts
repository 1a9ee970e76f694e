import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../../src/lib/crypto";
import { api, newUser } from "../helpers/api";
import { Browser } from "../helpers/browser";
import { connectAs, group, invite, invited, inviteRow, owner } from "../helpers/invites";

const DAY = 24 * 60 * 60 * 1000;
const resetClock = (key: string) =>
  api("POST", "/api/v1/sandbox/clock", { key, body: { set: new Date().toISOString() } });

describe("creating a client invite", () => {
  it("answers the invite with its link once: <PUBLIC_BASE_URL>/invite/<32 random bytes>, kept only as a hash", async () => {
    const { key } = await owner("studio");
    const into = await group(key, "Acme Bakery");
    const res = await api("POST", "/api/v1/client-invites", {
      key,
      body: { group_id: into.id, platforms: ["instagram", "twitter", "instagram"] },
    });
    expect(res.status).toBe(201);
    const created = res.body.data;
    expect(created).toMatchObject({
      id: expect.stringMatching(/^inv_/),
      group_id: into.id,
      platforms: ["instagram", "twitter"],
      max_accounts: 5,
      state: "active",
      places_left: 5,
      accounts: [],
      revoked_at: null,
    });
    expect(Date.parse(created.expires_at) - Date.parse(created.created_at)).toBe(7 * DAY);
    const token = created.url.match(/^http:\/\/localhost:8787\/invite\/([A-Za-z0-9_-]{43})$/)![1];
    const row = await inviteRow(created.id);
    expect(row!.token_hash).toBe(await sha256Hex(token));
    const stored = await env.DB.prepare("SELECT * FROM client_invites").all();
    expect(JSON.stringify(stored.results)).not.toContain(token);

    const listed = await api("GET", "/api/v1/client-invites", { key });
    expect(listed.body.data[0].id).toBe(created.id);
    expect(listed.body.data[0].url).toBeUndefined();
  });

  it("is for Studio, Pro and Agency; Free and Creator get 403 feature_disabled and nothing is made", async () => {
    for (const plan of ["free", "creator"] as const) {
      const { key } = await newUser(plan);
      const into = await group(key, "Clients");
      const res = await api("POST", "/api/v1/client-invites", { key, body: { group_id: into.id, platforms: ["x"] } });
      expect([res.status, res.body.error.code], plan).toEqual([403, "feature_disabled"]);
      expect((await api("GET", "/api/v1/client-invites", { key })).body.data).toEqual([]);
    }
    for (const plan of ["studio", "pro", "agency"] as const) {
      const { key } = await newUser(plan);
      const into = await group(key, "Clients");
      const res = await api("POST", "/api/v1/client-invites", {
        key,
        body: { group_id: into.id, platforms: ["facebook", "instagram", "linkedin", "pinterest", "twitter"] },
      });
      expect(res.status, plan).toBe(201);
    }
  });

  it("refuses a platform invites do not offer (naming it), max_accounts outside 1–50, and another user's group", async () => {
    const { key } = await owner("studio");
    const bob = await owner("studio");
    const into = await group(key, "Clients");
    const theirs = await group(bob.key, "Theirs");
    const tiktok = await api("POST", "/api/v1/client-invites", {
      key,
      body: { group_id: into.id, platforms: ["instagram", "tiktok"] },
    });
    expect([tiktok.status, tiktok.body.error.code, tiktok.body.error.issues[0].path]).toEqual([
      400,
      "validation_error",
      "platforms.1",
    ]);
    expect(tiktok.body.error.message).toContain("tiktok");
    for (const max of [0, 51, 2.5]) {
      const res = await api("POST", "/api/v1/client-invites", {
        key,
        body: { group_id: into.id, platforms: ["instagram"], max_accounts: max },
      });
      expect([res.status, res.body.error.issues[0].path], String(max)).toEqual([400, "max_accounts"]);
    }
    for (const max of [1, 50]) {
      const res = await api("POST", "/api/v1/client-invites", {
        key,
        body: { group_id: into.id, platforms: ["instagram"], max_accounts: max },
      });
      expect(res.body.data.max_accounts).toBe(max);
    }
    const foreign = await api("POST", "/api/v1/client-invites", {
      key,
      body: { group_id: theirs.id, platforms: ["instagram"] },
    });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, "not_found"]);
    const listed = await api("GET", "/api/v1/client-invites", { key });
    expect(listed.body.data.map((i: { max_accounts: number }) => i.max_accounts)).toEqual([50, 1]);
    expect((await api("GET", `/api/v1/client-invites?group_id=${theirs.id}`, { key })).status).toBe(404);
  });

  it("needs accounts:write to create and delete, accounts:read to list", async () => {
    const res = await api("GET", "/api/v1/client-invites");
    expect(res.status).toBe(401);
    const doc = await api("GET", "/api/v1/openapi.json");
    const path = doc.body.paths["/api/v1/client-invites"];
    expect(path.get.security).toContainEqual({ OAuth2: ["accounts:read"] });
    expect(path.post.security).toContainEqual({ OAuth2: ["accounts:write"] });
    expect(path.delete.security).toContainEqual({ OAuth2: ["accounts:write"] });
  });
});

describe("an invite's state", () => {
  it("expires 7 days after creation by the sandbox clock", async () => {
    const { key, invite: link } = await invited();
    await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 7 * DAY - 60_000 } });
    expect((await api("GET", "/api/v1/client-invites", { key })).body.data[0].state).toBe("active");
    expect((await new Browser().page(link.url)).status).toBe(200);
    await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 60_000 } });
    expect((await api("GET", "/api/v1/client-invites", { key })).body.data[0].state).toBe("expired");
    const dead = await new Browser().page(link.url);
    expect([dead.status, dead.text.includes("This invite link has expired")]).toEqual([410, true]);
    await resetClock(key);
  });

  it("lists one group's invites with ?group_id=, newest first, with the accounts each added", async () => {
    const { key, group: acme, invite: first } = await invited({ max: 2 });
    const other = await group(key, "Other");
    const second = await invite(key, { group_id: acme.id, platforms: ["twitter"] });
    await invite(key, { group_id: other.id, platforms: ["twitter"] });
    const page = await connectAs(new Browser(), first.url, "instagram", "acme.bakes");
    expect(page.status).toBe(200);

    const listed = await api("GET", `/api/v1/client-invites?group_id=${acme.id}`, { key });
    expect(listed.body.data.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
    const [added] = listed.body.data[1].accounts;
    expect(added).toMatchObject({ platform: "instagram", name: "acme.bakes", id: expect.stringMatching(/^acct_/) });
    expect(Number.isNaN(Date.parse(added.connected_at))).toBe(false);
    expect(listed.body.data[1]).toMatchObject({ state: "active", places_left: 1 });
  });

  it("turns off with DELETE: revoked, the link dead, the accounts it added still connected", async () => {
    const { key, invite: link, group: acme } = await invited();
    await connectAs(new Browser(), link.url, "instagram", "kept.account");
    const res = await api("DELETE", `/api/v1/client-invites?invite_id=${link.id}`, { key });
    expect([res.status, res.body.data.state, res.body.data.places_left]).toEqual([200, "revoked", 0]);
    expect(res.body.data.revoked_at).not.toBeNull();
    const dead = await new Browser().page(link.url);
    expect([dead.status, dead.text.includes("This invite link was turned off")]).toEqual([410, true]);
    const accounts = await api("GET", "/api/v1/connected-accounts", { key });
    expect(
      accounts.body.data.map((a: { name: string; status: string; group_id: string }) => [a.name, a.status, a.group_id]),
    ).toEqual([["kept.account", "active", acme.id]]);
    const unknown = await api("DELETE", "/api/v1/client-invites?invite_id=inv_nope", { key });
    expect(unknown.status).toBe(404);
    const other = await owner();
    expect((await api("DELETE", `/api/v1/client-invites?invite_id=${link.id}`, { key: other.key })).status).toBe(404);
  });

  it("keeps the first terminal state, checked in order revoked, used_up, expired; DELETE of one changes nothing and says so", async () => {
    const { key, group: acme } = await invited();
    const usedUp = await invite(key, { group_id: acme.id, platforms: ["instagram"], max_accounts: 1 });
    await connectAs(new Browser(), usedUp.url, "instagram", "only.one");
    const revoked = await invite(key, { group_id: acme.id, platforms: ["instagram"] });
    await api("DELETE", `/api/v1/client-invites?invite_id=${revoked.id}`, { key });

    const stateOf = async (id: string) =>
      (await api("GET", "/api/v1/client-invites", { key })).body.data.find((i: { id: string }) => i.id === id).state;
    expect([await stateOf(usedUp.id), await stateOf(revoked.id)]).toEqual(["used_up", "revoked"]);

    // Past the 7 days: a used-up invite stays used up, a revoked one revoked.
    await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 8 * DAY } });
    expect([await stateOf(usedUp.id), await stateOf(revoked.id)]).toEqual(["used_up", "revoked"]);
    const expired = (await api("GET", "/api/v1/client-invites", { key })).body.data.find(
      (i: { id: string }) => ![usedUp.id, revoked.id].includes(i.id),
    );
    expect(expired.state).toBe("expired");

    for (const [id, state] of [
      [usedUp.id, "used_up"],
      [revoked.id, "revoked"],
      [expired.id, "expired"],
    ]) {
      const before = await inviteRow(id!);
      const res = await api("DELETE", `/api/v1/client-invites?invite_id=${id}`, { key });
      expect([res.status, res.body.error.code, res.body.error.state]).toEqual([409, "invite_not_active", state]);
      expect(await inviteRow(id!)).toEqual(before);
    }
    await resetClock(key);
  });
});
