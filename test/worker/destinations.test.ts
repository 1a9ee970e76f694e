import { env } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { api, connect, newUser } from "./helpers/api";
import { accessTokenFor } from "./helpers/oauth-client";

const path = (accountId: string) => `/api/v1/composer-platform-parts/destinations/${accountId}`;
const CHANNELS = [
  { id: "111", label: "Herald #general" },
  { id: "222", label: "Herald #launches" },
];

/** Faults are per platform for every user of this file: each test that sets one clears it. */
const fault = (key: string, platform: string, mode: string, count: number) =>
  api("POST", "/api/v1/sandbox/faults", { key, body: { platform, mode, count } });
const faultsLeft = async (platform: string) =>
  (await env.DB.prepare("SELECT remaining FROM sandbox_faults WHERE platform = ?")
    .bind(platform)
    .first<number>("remaining")) ?? 0;

afterEach(async () => {
  const { key } = await newUser();
  for (const platform of ["discord", "telegram"]) await fault(key, platform, "error", 0);
});

describe("destinations (sandbox accounts)", () => {
  it("lists a list-mode account's destinations", async () => {
    const { key } = await newUser();
    const discord = await connect(key, "discord", { destinations: CHANNELS });
    const res = await api("GET", path(discord.id), { key });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ mode: "list", destinations: CHANNELS });
    const x = await connect(key, "twitter");
    expect((await api("GET", path(x.id), { key })).body.data).toEqual({ mode: "list", destinations: [] });
  });

  it("answers from the cache for 5 minutes without asking the platform; fresh=1 asks it", async () => {
    const { key } = await newUser();
    const discord = await connect(key, "discord", { destinations: CHANNELS });
    expect((await api("GET", path(discord.id), { key })).status).toBe(200);

    // The platform would fail its next call: a cached answer does not make one.
    await fault(key, "discord", "error", 1);
    const cached = await api("GET", path(discord.id), { key });
    expect([cached.status, cached.body.data.destinations]).toEqual([200, CHANNELS]);
    expect(await faultsLeft("discord")).toBe(1);

    const fresh = await api("GET", `${path(discord.id)}?fresh=1`, { key });
    expect([fresh.status, fresh.body.error.code, fresh.body.error.retryable]).toEqual([
      502,
      "platform_unreachable",
      true,
    ]);
    expect(await faultsLeft("discord")).toBe(0);
    expect((await api("GET", `${path(discord.id)}?fresh=1`, { key })).status).toBe(200);

    // Five minutes on, the cache has lapsed: the platform is asked again.
    await api("POST", "/api/v1/sandbox/clock", { key, body: { advance_ms: 5 * 60_000 } });
    await fault(key, "discord", "error", 1);
    expect((await api("GET", path(discord.id), { key })).status).toBe(502);
    expect(await faultsLeft("discord")).toBe(0);
  });

  it("checks a typed channel on a manual platform and keeps it, so posts may target it", async () => {
    const { key } = await newUser();
    const telegram = await connect(key, "telegram");
    expect((await api("GET", path(telegram.id), { key })).body.data).toEqual({ mode: "manual", destinations: [] });
    const postTo = (destination_id: string) =>
      api("POST", "/api/v1/posts", {
        key,
        body: {
          text: "Hello channel",
          platforms: [{ platform: "telegram", account_id: telegram.id, metadata: { destination_id } }],
        },
      });
    expect((await postTo("@heraldnews")).body.error.targets[0].code).toBe("unknown_destination");

    const checked = await api("POST", path(telegram.id), { key, body: { input: " @heraldnews " } });
    expect(checked.status).toBe(200);
    expect(checked.body.data).toEqual({ mode: "manual", destinations: [{ id: "@heraldnews", label: "@heraldnews" }] });

    const listed = await api("GET", `${path(telegram.id)}?fresh=1`, { key });
    expect(listed.body.data.destinations).toEqual([{ id: "@heraldnews", label: "@heraldnews" }]);
    expect((await postTo("@heraldnews")).status).toBe(201);
  });

  it("refuses a destination the platform refuses, naming input, and keeps nothing", async () => {
    const { key } = await newUser();
    const telegram = await connect(key, "telegram");
    await fault(key, "telegram", "reject", 1);
    const refused = await api("POST", path(telegram.id), { key, body: { input: "@notmine" } });
    expect([refused.status, refused.body.error.code, refused.body.error.issues[0].path]).toEqual([
      400,
      "validation_error",
      "input",
    ]);
    expect((await api("GET", path(telegram.id), { key })).body.data.destinations).toEqual([]);

    const empty = await api("POST", path(telegram.id), { key, body: { input: "  " } });
    expect([empty.status, empty.body.error.issues[0].path]).toEqual([400, "input"]);
  });

  it("checks input against the list on a list platform, and refuses it where posts take no destination", async () => {
    const { key } = await newUser();
    const discord = await connect(key, "discord", { destinations: CHANNELS });
    for (const input of ["222", "Herald #launches", "herald #LAUNCHES"]) {
      const found = await api("POST", path(discord.id), { key, body: { input } });
      expect(found.body.data).toEqual({ mode: "list", destinations: [CHANNELS[1]] });
    }
    const unknown = await api("POST", path(discord.id), { key, body: { input: "#random" } });
    expect([unknown.status, unknown.body.error.issues[0].path]).toEqual([400, "input"]);
    const bluesky = await connect(key, "bluesky");
    const none = await api("POST", path(bluesky.id), { key, body: { input: "@anything" } });
    expect([none.status, none.body.error.message]).toEqual([400, "input: bluesky posts take no destination"]);
  });

  it("answers 404 for another user's account and 409 reauth_required for one that must be reconnected", async () => {
    const alice = await newUser();
    const bob = await newUser();
    const bobs = await connect(bob.key, "discord", { destinations: CHANNELS });
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", { input: "111" }],
    ] as const) {
      const peek = await api(method, path(bobs.id), { key: alice.key, body });
      expect([peek.status, peek.body.error.code]).toEqual([404, "not_found"]);
    }

    const stale = await connect(alice.key, "discord", { destinations: CHANNELS, status: "reauth_required" });
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", { input: "111" }],
    ] as const) {
      const res = await api(method, path(stale.id), { key: alice.key, body });
      expect([res.status, res.body.error.code]).toEqual([409, "reauth_required"]);
    }
  });

  it("needs posts:read, for both reading and checking", async () => {
    const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator" } });
    const user = res.body.data as { email: string; password: string; api_key: string };
    const discord = await connect(user.api_key, "discord", { destinations: CHANNELS });
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    const accountsOnly = await accessTokenFor(user, "accounts:read");
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", { input: "111" }],
    ] as const) {
      const refused = await api(method, path(discord.id), { headers: bearer(accountsOnly), body });
      expect([refused.status, refused.body.error.code, refused.body.error.scope]).toEqual([
        403,
        "insufficient_scope",
        "posts:read",
      ]);
    }
    const postsRead = await accessTokenFor(user, "posts:read");
    expect((await api("GET", path(discord.id), { headers: bearer(postsRead) })).status).toBe(200);
    expect((await api("POST", path(discord.id), { headers: bearer(postsRead), body: { input: "111" } })).status).toBe(
      200,
    );
  });

  it("a read-only grant checks a typed destination and stores nothing; one that may write posts keeps it", async () => {
    const res = await api("POST", "/api/v1/sandbox/users", { body: { plan: "creator" } });
    const user = res.body.data as { email: string; password: string; api_key: string };
    const telegram = await connect(user.api_key, "telegram");
    const stored = async () =>
      JSON.parse(
        (await env.DB.prepare("SELECT destinations FROM accounts WHERE id = ?")
          .bind(telegram.id)
          .first<string>("destinations"))!,
      );
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

    const readOnly = await accessTokenFor(user, "posts:read posts:write", { readOnly: true });
    const checked = await api("POST", path(telegram.id), { headers: bearer(readOnly), body: { input: "@heraldnews" } });
    expect([checked.status, checked.body.data]).toEqual([
      200,
      { mode: "manual", destinations: [{ id: "@heraldnews", label: "@heraldnews" }] },
    ]);
    expect(await stored()).toEqual([]);

    // On a list platform, the listing it checks against is not kept either.
    const discord = await connect(user.api_key, "discord", { destinations: CHANNELS });
    const readAt = () =>
      env.DB.prepare("SELECT destinations_read_at FROM accounts WHERE id = ?")
        .bind(discord.id)
        .first("destinations_read_at");
    const listed = await api("POST", path(discord.id), { headers: bearer(readOnly), body: { input: "111" } });
    expect([listed.status, listed.body.data.destinations]).toEqual([200, [CHANNELS[0]]]);
    expect(await readAt()).toBeNull();

    const writer = await accessTokenFor(user, "posts:read posts:write");
    expect(
      (await api("POST", path(telegram.id), { headers: bearer(writer), body: { input: "@heraldnews" } })).status,
    ).toBe(200);
    expect(await stored()).toEqual([{ id: "@heraldnews", label: "@heraldnews" }]);
    expect((await api("POST", path(discord.id), { headers: bearer(writer), body: { input: "111" } })).status).toBe(200);
    expect(await readAt()).not.toBeNull();
  });
});
