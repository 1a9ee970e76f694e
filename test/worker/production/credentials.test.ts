import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { randomToken } from "../../../src/lib/ids";
import { type Platform, type PlatformCredentials, PlatformError } from "../../../src/platforms/types";
import { connectAccount } from "../../../src/services/accounts/accounts";
import {
  credentialsUpsert,
  refreshExpiringCredentials,
  sealCredentials,
  withCredentials,
} from "../../../src/services/accounts/credentials";
import { createRuntime } from "../../../src/services/runtime";
import { json } from "../helpers/platform";
import { liveUser, scriptWorkerFetch } from "../helpers/production";

afterEach(() => vi.restoreAllMocks());

async function accountWith(platform: "twitter" | "bluesky", credentials: PlatformCredentials) {
  const rt = await createRuntime(env);
  const { userId } = await liveUser();
  const account = await connectAccount(rt, userId, platform, { platform_user_id: randomToken(12) });
  await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, credentials));
  return { rt, account };
}

/** A platform whose refresh and publish are test doubles. */
function fakePlatform(refresh: (c: PlatformCredentials) => Promise<PlatformCredentials>) {
  const publish = vi.fn();
  const platform = {
    connection: { kind: "credentials", requiredEnv: [], input: z.object({}), verify: vi.fn(), refresh: vi.fn(refresh) },
    publish,
  } as unknown as Platform & { publish: typeof publish; connection: { refresh: ReturnType<typeof vi.fn> } };
  return platform;
}

const statusOf = async (accountId: string) =>
  (await env.DB.prepare("SELECT status FROM accounts WHERE id = ?").bind(accountId).first<{ status: string }>())!
    .status;

describe("using stored credentials", () => {
  it("a call answered 'credentials no longer work' refreshes them once and tries again", async () => {
    const { rt, account } = await accountWith("bluesky", {
      accessToken: "old",
      refreshToken: "r1",
      expiresAt: Date.now() + 3_600_000,
    });
    const platform = fakePlatform(async (c) => ({
      ...c,
      accessToken: "new",
      refreshToken: "r2",
      expiresAt: Date.now() + 7_200_000,
    }));
    platform.publish
      .mockRejectedValueOnce(new PlatformError("auth_expired", "Bluesky no longer accepts the session"))
      .mockResolvedValueOnce({ platformPostId: "p1" });
    const result = await withCredentials(rt, account, platform, (acct) => platform.publish(acct));
    expect(result).toEqual({ platformPostId: "p1" });
    expect(platform.publish.mock.calls.map(([acct]) => acct.credentials.accessToken)).toEqual(["old", "new"]);
    expect(platform.connection.refresh).toHaveBeenCalledTimes(1);
    // The next call starts from the stored fresh tokens.
    platform.publish.mockResolvedValueOnce({ platformPostId: "p2" });
    await withCredentials(rt, account, platform, (acct) => platform.publish(acct));
    expect(platform.publish.mock.calls[2]![0].credentials.refreshToken).toBe("r2");
  });

  it("leaves tokens to the worker holding the refresh lease: valid ones are used, expired ones wait", async () => {
    const soon = Date.now() + 60_000;
    const { rt, account } = await accountWith("bluesky", {
      accessToken: "current",
      refreshToken: "r1",
      expiresAt: soon,
    });
    await env.DB.prepare("UPDATE account_credentials SET refresh_lease_until = ? WHERE account_id = ?")
      .bind(Date.now() + 30_000, account.id)
      .run();
    const platform = fakePlatform(async (c) => c);
    platform.publish.mockResolvedValue({ platformPostId: "p" });
    await withCredentials(rt, account, platform, (acct) => platform.publish(acct));
    expect(platform.publish.mock.calls[0]![0].credentials.accessToken).toBe("current");
    expect(platform.connection.refresh).not.toHaveBeenCalled();

    await env.DB.prepare("UPDATE account_credentials SET expires_at = ? WHERE account_id = ?")
      .bind(Date.now() - 1, account.id)
      .run();
    const error = await withCredentials(rt, account, platform, (acct) => platform.publish(acct)).then(
      () => undefined,
      (e: PlatformError) => e,
    );
    expect(error).toBeInstanceOf(PlatformError);
    expect([error!.failure, error!.retryable]).toEqual(["transient", true]);
  });
});

describe("the hourly token refresh", () => {
  it("renews tokens expiring within the window; a refused refresh marks the account reauth_required", async () => {
    const renewed = await accountWith("twitter", {
      accessToken: "a1",
      refreshToken: "keep-me",
      expiresAt: Date.now() + 30 * 60_000,
    });
    const refused = await accountWith("twitter", {
      accessToken: "b1",
      refreshToken: "spent",
      expiresAt: Date.now() + 40 * 60_000,
    });
    const later = await accountWith("twitter", {
      accessToken: "c1",
      refreshToken: "c",
      expiresAt: Date.now() + 5 * 3_600_000,
    });
    const platform = scriptWorkerFetch([
      {
        expect: "POST https://api.x.com/2/oauth2/token",
        answer: json(200, { token_type: "bearer", expires_in: 7200, access_token: "a2", refresh_token: "rotated" }),
      },
      {
        expect: "POST https://api.x.com/2/oauth2/token",
        answer: json(400, { error: "invalid_request", error_description: "Value passed for the token was invalid." }),
      },
    ]);
    const result = await refreshExpiringCredentials(renewed.rt);
    expect(result).toMatchObject({ refreshed: 1, reauth_required: 1 });
    expect(platform.sent.map((s) => (s.body as Record<string, string>).refresh_token)).toEqual(["keep-me", "spent"]);
    expect(await statusOf(renewed.account.id)).toBe("active");
    expect(await statusOf(refused.account.id)).toBe("reauth_required");
    expect(await statusOf(later.account.id)).toBe("active");
    vi.restoreAllMocks();

    // Nothing more is tried for the account that must be reconnected.
    const again = scriptWorkerFetch([]);
    await env.DB.prepare("UPDATE account_credentials SET expires_at = ? WHERE account_id = ?")
      .bind(Date.now() + 3_600_000 * 10, renewed.account.id)
      .run();
    expect(await refreshExpiringCredentials(renewed.rt)).toMatchObject({ refreshed: 0, reauth_required: 0 });
    expect(again.sent).toEqual([]);
  });
});
