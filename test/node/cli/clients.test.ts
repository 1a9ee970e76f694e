import { describe, expect, it } from "vitest";
import { api, connect, heraldAs, newUser } from "./helpers";

describe("herald groups and herald clients", () => {
  it("groups create, list and delete (asking first), by name", async () => {
    const key = await newUser("studio");
    const account = await connect(key, "instagram");
    const created = await heraldAs(key, ["groups", "create", "Acme Bakery", "--accounts", account.id]);
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ name: "Acme Bakery", account_ids: [account.id] });
    const listed = await heraldAs(key, ["groups", "list"]);
    expect(listed.json).toEqual([created.json]);

    const unasked = await heraldAs(key, ["groups", "delete", "Acme Bakery"]);
    expect([unasked.code, unasked.error.error.code]).toEqual([2, "confirmation_required"]);
    expect(await api("GET", "/api/v1/account-groups", key)).toHaveLength(1);
    const deleted = await heraldAs(key, ["groups", "delete", "Acme Bakery", "--yes"]);
    expect([deleted.code, deleted.json]).toEqual([0, { id: created.json.id, deleted: true }]);

    const missing = await heraldAs(key, ["groups", "delete", "Nope", "--yes"]);
    expect([missing.code, missing.error.status, missing.error.error.code]).toEqual([1, 404, "not_found"]);
  });

  it("clients invite asks to confirm (--yes skips) and prints the link; clients invites lists a group's", async () => {
    const key = await newUser("studio");
    await api("POST", "/api/v1/account-groups", key, { name: "Acme Bakery" });
    const other = await api("POST", "/api/v1/account-groups", key, { name: "Other" });
    await api("POST", "/api/v1/client-invites", key, { group_id: other.id, platforms: ["twitter"] });

    const args = ["clients", "invite", "Acme Bakery", "--platforms", "instagram,facebook", "--max", "3"];
    const unasked = await heraldAs(key, args);
    expect([unasked.code, unasked.error.error.code]).toEqual([2, "confirmation_required"]);
    expect(await api("GET", "/api/v1/client-invites", key)).toHaveLength(1);

    const created = await heraldAs(key, [...args, "--yes"]);
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ platforms: ["instagram", "facebook"], max_accounts: 3, state: "active" });
    expect(created.json.url).toMatch(/^http:\/\/localhost:\d+\/invite\/[A-Za-z0-9_-]{43}$/);

    const listed = await heraldAs(key, ["clients", "invites", "--group", "Acme Bakery"]);
    expect(listed.json.map((i: { id: string }) => i.id)).toEqual([created.json.id]);
    expect(await heraldAs(key, ["clients", "invites"]).then((r) => r.json)).toHaveLength(2);

    const revoked = await heraldAs(key, ["clients", "revoke", created.json.id]);
    expect(revoked.json.state).toBe("revoked");
    const again = await heraldAs(key, ["clients", "revoke", created.json.id]);
    expect([again.code, again.error.status, again.error.error.code]).toEqual([1, 409, "invite_not_active"]);
  });

  it("says the API's refusals: a plan without invites, an unoffered platform, a bad --max", async () => {
    const creator = await newUser("creator");
    await api("POST", "/api/v1/account-groups", creator, { name: "Clients" });
    const plan = await heraldAs(creator, ["clients", "invite", "Clients", "--platforms", "instagram", "--yes"]);
    expect([plan.code, plan.error.status, plan.error.error.code]).toEqual([1, 403, "feature_disabled"]);

    const studio = await newUser("studio");
    await api("POST", "/api/v1/account-groups", studio, { name: "Clients" });
    const tiktok = await heraldAs(studio, ["clients", "invite", "Clients", "--platforms", "tiktok", "--yes"]);
    expect([tiktok.code, tiktok.error.status, tiktok.error.error.code]).toEqual([1, 400, "validation_error"]);
    expect(tiktok.error.error.message).toContain("tiktok");
    const max = await heraldAs(studio, ["clients", "invite", "Clients", "--platforms", "instagram", "--max", "0"]);
    expect([max.code, max.error.error.code]).toEqual([2, "usage_error"]);
    const tooMany = await heraldAs(studio, [
      "clients",
      "invite",
      "Clients",
      "--platforms",
      "instagram",
      "--max",
      "51",
      "--yes",
    ]);
    expect([tooMany.code, tooMany.error.status]).toEqual([1, 400]);
    expect(await api("GET", "/api/v1/client-invites", studio)).toEqual([]);
  });
});
