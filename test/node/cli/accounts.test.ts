import { beforeAll, describe, expect, it } from "vitest";
import { api, baseUrl, connect, herald, heraldAs, newUser } from "./helpers";

describe("herald accounts", () => {
  let key: string;
  let accounts: any[];

  beforeAll(async () => {
    key = await newUser();
    await connect(key, "bluesky");
    await connect(key, "twitter", { subscription_tier: "premium" });
    accounts = await api("GET", "/api/v1/connected-accounts", key);
  });

  it("accounts list prints the accounts as JSON on stdout, exit 0", async () => {
    const run = await heraldAs(key, ["accounts", "list"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.json).toEqual(accounts);
    expect(run.json.map((a: any) => [a.platform, a.text_limit])).toEqual([
      ["bluesky", 300],
      ["twitter", 4000],
    ]);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
  });

  it("--pretty indents the same data", async () => {
    const run = await heraldAs(key, ["accounts", "list", "--pretty"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${JSON.stringify(accounts, null, 2)}\n`);
  });

  it("--platform filters, and accounts get shows one", async () => {
    const listed = await heraldAs(key, ["accounts", "list", "--platform", "twitter"]);
    expect(listed.json).toEqual([accounts[1]]);
    const one = await heraldAs(key, ["accounts", "get", accounts[0].id]);
    expect(one.json).toEqual(accounts[0]);
  });

  it("takes the key and address from flags instead of the environment", async () => {
    const run = await herald(["--api-key", key, "--base-url", baseUrl, "accounts", "list"]);
    expect(run.code).toBe(0);
    expect(run.json).toEqual(accounts);
    // A flag wins over the environment.
    const other = await newUser();
    const flagged = await herald(["accounts", "list", "--api-key", other], {
      HERALD_API_KEY: key,
      HERALD_BASE_URL: baseUrl,
    });
    expect(flagged.json).toEqual([]);
  });

  it("accounts destinations lists (--fresh asks the platform) and --check checks a typed channel", async () => {
    const key = await newUser();
    const channels = [{ id: "111", label: "Herald #general" }];
    const discord = await connect(key, "discord", { destinations: channels });
    const listed = await heraldAs(key, ["accounts", "destinations", discord.id, "--fresh"]);
    expect([listed.code, listed.json]).toEqual([0, { mode: "list", destinations: channels }]);

    const telegram = await connect(key, "telegram");
    const checked = await heraldAs(key, ["accounts", "destinations", telegram.id, "--check", "@heraldnews"]);
    expect(checked.json).toEqual({ mode: "manual", destinations: [{ id: "@heraldnews", label: "@heraldnews" }] });
    const kept = await heraldAs(key, ["accounts", "destinations", telegram.id]);
    expect(kept.json.destinations).toEqual(checked.json.destinations);

    const refused = await heraldAs(key, ["accounts", "destinations", discord.id, "--check", "#random"]);
    expect([refused.code, refused.error.status, refused.error.error.issues[0].path]).toEqual([1, 400, "input"]);
  });

  it("uses HERALD_TOKEN when no key is set (an unknown token is a 401)", async () => {
    const run = await herald(["accounts", "list"], { HERALD_TOKEN: "not-a-token", HERALD_BASE_URL: baseUrl });
    expect(run.code).toBe(1);
    expect(run.error.status).toBe(401);
  });
});
