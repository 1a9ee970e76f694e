import { env } from "cloudflare:test";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { type Platform, type PlatformCredentials, PlatformError } from "../../../src/platforms/types";
import { getOwnedAccount } from "../../../src/services/accounts/accounts";
import { credentialsUpsert, sealCredentials, withCredentials } from "../../../src/services/accounts/credentials";
import { createRuntime } from "../../../src/services/runtime";
import { api, connect, newUser } from "../helpers/api";
import { createPost, resetClock } from "../helpers/posts";
import { stubNetwork } from "../helpers/receiver";
import { eventually } from "../helpers/wait";
import { addWebhook, outboxEvents, signedWith, sweep } from "../helpers/webhooks";

// `account.disconnected`: sent when the owner disconnects an account, when the platform refuses its tokens, and
// when renewing them is refused; once per fact, through a real signed delivery, to webhooks whose account filter
// takes the account.

const HOST = "hooks.example.com";
const net = stubNetwork();
afterAll(() => net.restore());

let user: Awaited<ReturnType<typeof newUser>>;
beforeEach(async () => {
  net.reset();
  net.serve(HOST, 200);
  user = await newUser("studio");
  await resetClock(user.key);
});

/** The user's `account.disconnected` events in the outbox. */
const outboxOf = (key: string) => outboxEvents(key, "account.disconnected");

const requestsAbout = (accountId: string) =>
  net.received(HOST).filter((r) => r.body.event === "account.disconnected" && r.body.data.accountId === accountId);

const disconnect = (key: string, accountId: string) =>
  api("DELETE", `/api/v1/connected-accounts/${accountId}`, { key });

const fault = (platform: string, count = 1) =>
  api("POST", "/api/v1/sandbox/faults", { key: user.key, body: { platform, mode: "revoked", count } });

/** Every event has reached the receiver, and the sweep found nothing more to send. */
async function settle(count: number, accountId: string) {
  await eventually(async () => (requestsAbout(accountId).length >= count ? true : undefined), `${count} requests`);
  await sweep(user.key);
}

describe("the owner disconnects an account", () => {
  it("sends one signed account.disconnected with reason owner, only to webhooks that take the account", async () => {
    const mine = await connect(user.key, "bluesky");
    const other = await connect(user.key, "mastodon");
    const forMine = await addWebhook(user.key, {
      target_url: `https://${HOST}/mine`,
      events: ["account.disconnected"],
      account_ids: [mine.id],
    });
    await addWebhook(user.key, {
      target_url: `https://${HOST}/other`,
      events: ["account.disconnected"],
      account_ids: [other.id],
    });

    const res = await disconnect(user.key, mine.id);
    expect([res.status, res.body.data.status]).toEqual([200, "disconnected"]);
    await settle(1, mine.id);
    const [got] = requestsAbout(mine.id);
    expect(got!.url).toBe(`https://${HOST}/mine`);
    expect(got!.body.data).toEqual({
      accountId: mine.id,
      platform: "bluesky",
      reason: "owner",
      at: expect.any(String),
    });
    expect(new Date(got!.body.data.at).toISOString()).toBe(got!.body.data.at);
    expect(got!.headers["x-service-event"]).toBe("account.disconnected");
    expect(await signedWith(forMine.signing_secret, got!)).toBe(true);

    // Disconnecting it again is answered the same, and is no new fact.
    const again = await disconnect(user.key, mine.id);
    expect([again.status, again.body.data.status]).toEqual([200, "disconnected"]);
    await sweep(user.key);
    expect(await outboxOf(user.key)).toHaveLength(1);
    expect(requestsAbout(mine.id)).toHaveLength(1);
    expect(net.received(HOST).filter((r) => r.url.endsWith("/other"))).toEqual([]);
  });

  it("writes one event however many disconnects of the account run at once", async () => {
    for (let round = 0; round < 5; round++) {
      const account = await connect(user.key, "bluesky");
      const answers = await Promise.all(Array.from({ length: 8 }, () => disconnect(user.key, account.id)));
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect((await outboxOf(user.key)).filter((e) => e.data.accountId === account.id)).toHaveLength(1);
    }
  });

  it("sends nothing for another user's account, which stays connected", async () => {
    const other = await newUser("studio");
    const theirs = await connect(other.key, "bluesky");
    const res = await disconnect(user.key, theirs.id);
    expect(res.status).toBe(404);
    expect(await outboxOf(other.key)).toEqual([]);
    expect((await api("GET", `/api/v1/connected-accounts/${theirs.id}`, { key: other.key })).body.data.status).toBe(
      "active",
    );
  });
});

describe("the platform refuses the account's tokens", () => {
  it("a refused destinations call sends platform_revoked once; a later disconnect by the owner is a new fact", async () => {
    const discord = await connect(user.key, "discord", { destinations: [{ id: "1", label: "#general" }] });
    const webhook = await addWebhook(user.key, { target_url: `https://${HOST}/in`, events: ["account.disconnected"] });
    await fault("discord", 2);
    const path = `/api/v1/composer-platform-parts/destinations/${discord.id}?fresh=1`;
    const refused = await api("GET", path, { key: user.key });
    expect([refused.status, refused.body.error.code]).toEqual([409, "reauth_required"]);
    // The account is now reauth_required: asking again is refused before the platform, and sends nothing new.
    expect((await api("GET", path, { key: user.key })).status).toBe(409);

    await settle(1, discord.id);
    const [revoked] = requestsAbout(discord.id);
    expect(revoked!.body.data).toMatchObject({
      accountId: discord.id,
      platform: "discord",
      reason: "platform_revoked",
    });
    expect(await signedWith(webhook.signing_secret, revoked!)).toBe(true);

    await disconnect(user.key, discord.id);
    await settle(2, discord.id);
    expect(requestsAbout(discord.id).map((r) => r.body.data.reason)).toEqual(["platform_revoked", "owner"]);

    // Connected again, then refused again: a new fact.
    await api("PATCH", `/api/v1/sandbox/accounts/${discord.id}`, { key: user.key, body: { status: "active" } });
    await fault("discord");
    expect((await api("GET", path, { key: user.key })).status).toBe(409);
    await settle(3, discord.id);
    expect((await outboxOf(user.key)).map((e) => e.data.reason)).toEqual([
      "platform_revoked",
      "owner",
      "platform_revoked",
    ]);
  });

  it("a publish refused for the tokens fails the post and sends one account.disconnected for two targets", async () => {
    const bluesky = await connect(user.key, "bluesky");
    await addWebhook(user.key, { target_url: `https://${HOST}/in`, events: ["account.disconnected", "post.failed"] });
    await fault("bluesky", 2);
    const posts = await Promise.all(
      ["one", "two"].map((text) =>
        createPost(user.key, {
          text,
          platforms: [{ platform: "bluesky", account_id: bluesky.id }],
          schedule_type: "immediate",
        }),
      ),
    );
    const failed = await eventually(async () => {
      const got = net.received(HOST).filter((r) => r.body.event === "post.failed");
      return got.length === 2 ? got : undefined;
    }, "both post.failed requests");
    expect(failed.map((r) => r.body.data.error)).toEqual(["reauth_required", "reauth_required"]);
    expect(new Set(failed.map((r) => r.body.data.postId))).toEqual(new Set(posts.map((p) => p.id)));
    await settle(1, bluesky.id);
    expect(requestsAbout(bluesky.id).map((r) => r.body.data.reason)).toEqual(["platform_revoked"]);
    expect(await outboxOf(user.key)).toHaveLength(1);
    expect((await api("GET", `/api/v1/connected-accounts/${bluesky.id}`, { key: user.key })).body.data.status).toBe(
      "reauth_required",
    );
  });
});

describe("renewing the tokens is refused", () => {
  /** A platform whose tokens expire and whose refresh the platform refuses. */
  const refusingPlatform = () =>
    ({
      connection: {
        kind: "credentials",
        requiredEnv: [],
        input: z.object({}),
        verify: vi.fn(),
        refresh: vi.fn(async (_: PlatformCredentials) => {
          throw new PlatformError("auth_expired", "the refresh token was revoked");
        }),
      },
    }) as unknown as Platform;

  it("sends reauth_required once, however many calls find it, at once or after", async () => {
    const rt = await createRuntime(env);
    const account = await connect(user.key, "twitter");
    const stored = { accessToken: "a", refreshToken: "r", expiresAt: rt.clock.now() + 60_000 };
    await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, stored));
    const webhook = await addWebhook(user.key, {
      target_url: `https://${HOST}/in`,
      events: ["account.disconnected"],
      account_ids: [account.id],
    });

    const row = await getOwnedAccount(rt, user.userId, account.id);
    const platform = refusingPlatform();
    const call = () => withCredentials(rt, row, platform, async () => "called");
    // At once, one call holds the refresh lease and is refused; the others use the tokens, still valid.
    const calls = await Promise.allSettled(Array.from({ length: 6 }, call));
    expect(calls.filter((c) => c.status === "rejected").map((c) => (c.reason as PlatformError).failure)).toContain(
      "auth_expired",
    );
    // After, each call refreshes again and is refused again: the same fact.
    for (let i = 0; i < 3; i++) await expect(call()).rejects.toThrow("the refresh token was revoked");

    await settle(1, account.id);
    const [got] = requestsAbout(account.id);
    expect(got!.body.data).toMatchObject({ accountId: account.id, platform: "twitter", reason: "reauth_required" });
    expect(await signedWith(webhook.signing_secret, got!)).toBe(true);
    expect(await outboxOf(user.key)).toHaveLength(1);
  });
});
