import { describe, expect, it } from "vitest";
import { api, connect, newUser } from "./helpers/api";

describe("connected accounts", () => {
  it("lists the user's accounts with their facts and filters by platform", async () => {
    const { key } = await newUser();
    const x = await connect(key, "twitter", { name: "Herald on X", platform_user_id: "x-1" });
    await connect(key, "bluesky");
    const all = await api("GET", "/api/v1/connected-accounts", { key });
    expect(all.status).toBe(200);
    expect(all.body.data).toHaveLength(2);
    expect(all.body.data[0]).toEqual({
      id: x.id,
      platform: "twitter",
      name: "Herald on X",
      platform_user_id: "x-1",
      text_limit: 280,
      group_id: null,
      status: "active",
      subscription_tier: null,
      created_at: expect.any(String),
    });
    const only = await api("GET", "/api/v1/connected-accounts?platform=bluesky", { key });
    expect(only.body.data.map((a: { platform: string }) => a.platform)).toEqual(["bluesky"]);
  });

  it.each([
    ["twitter", {}, 280],
    ["twitter", { subscription_tier: "premium" }, 4000],
    ["bluesky", {}, 300],
    ["mastodon", {}, 500],
    ["threads", {}, 500],
    ["linkedin", {}, 3000],
  ])("gives %s %j a text_limit of %i", async (platform, facts, limit) => {
    const { key } = await newUser();
    expect((await connect(key, platform, facts)).text_limit).toBe(limit);
  });

  it("never shows one user another user's account", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const bobs = await connect(bob.key, "mastodon");
    expect((await api("GET", "/api/v1/connected-accounts", { key: alice.key })).body.data).toEqual([]);
    const peek = await api("GET", `/api/v1/connected-accounts/${bobs.id}`, { key: alice.key });
    expect(peek.status).toBe(404);
    expect(peek.body.error.code).toBe("not_found");
    const patch = await api("PATCH", `/api/v1/sandbox/accounts/${bobs.id}`, { key: alice.key, body: { name: "mine" } });
    expect(patch.status).toBe(404);
    const mine = await api("GET", `/api/v1/connected-accounts/${bobs.id}`, { key: bob.key });
    expect(mine.body.data.name).toBe("mastodon account");
  });

  it("refuses to connect a platform identity that another user holds", async () => {
    const alice = await newUser();
    const bob = await newUser();
    await connect(alice.key, "bluesky", { platform_user_id: "did:plc:same" });
    const res = await api("POST", "/api/v1/sandbox/accounts", {
      key: bob.key,
      body: { platform: "bluesky", platform_user_id: "did:plc:same" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe("account_taken");
    expect((await api("GET", "/api/v1/connected-accounts", { key: bob.key })).body.data).toEqual([]);
  });
});
