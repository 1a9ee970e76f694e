import { env } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../../src";
import { accounts } from "../../../src/db/schema";
import { newId } from "../../../src/lib/ids";
import type { PlatformKey } from "../../../src/platforms/catalog";
import type { PlatformCredentials } from "../../../src/platforms/types";
import { credentialsUpsert, sealCredentials } from "../../../src/services/accounts/credentials";
import { createRuntime } from "../../../src/services/runtime";
import { api } from "../helpers/api";
import { json } from "../helpers/platform";
import { liveUser, scriptWorkerFetch } from "../helpers/production";
import { eventually } from "../helpers/wait";

afterEach(() => vi.restoreAllMocks());

const X_REVOKE = "POST https://api.x.com/2/oauth2/revoke";
const X_TOKENS = { accessToken: "AT-x", refreshToken: "RT-x" };

/** An account connected earlier, with its credentials stored as a connection stores them. */
async function storedAccount(userId: string, platform: PlatformKey, credentials: PlatformCredentials) {
  const rt = await createRuntime(env);
  const id = newId("acct");
  await rt.db.insert(accounts).values({
    id,
    userId,
    platform,
    name: platform,
    platformUserId: `${platform}-${id}`,
    textLimit: 500,
    groupId: null,
    status: "active",
    subscriptionTier: null,
    destinations: [],
    destinationsReadAt: null,
    createdAt: Date.now(),
  });
  const sealed = await sealCredentials(rt, id, credentials);
  await credentialsUpsert(rt, id, sealed);
  return { id, sealed: sealed.sealed };
}

/** As the disconnect leaves it: the credentials gone from Herald, only the queued copy left. */
const forgetCredentials = (accountId: string) =>
  env.DB.prepare("DELETE FROM account_credentials WHERE account_id = ?").bind(accountId).run();

/** Runs the revocation consumer on one message, as the queue would deliver its `attempts`th try; answers what it did with it. */
async function consume(revocation: { accountId: string; platform: string; sealed: string }, attempts = 1) {
  const settled: { acked?: true; retried?: unknown } = {};
  const message = {
    id: "m1",
    timestamp: new Date(),
    attempts,
    body: revocation,
    ack: () => {
      settled.acked = true;
    },
    retry: (options?: unknown) => {
      settled.retried = options;
    },
  };
  const batch = { queue: "herald-revocations", messages: [message] } as unknown as MessageBatch<unknown>;
  await worker.queue(batch, env);
  return settled;
}

describe("revoking a disconnected account's tokens", () => {
  it("disconnects even when the platform refuses the revocation", async () => {
    const { userId, key } = await liveUser();
    const account = await storedAccount(userId, "twitter", X_TOKENS);
    const platform = scriptWorkerFetch([
      { expect: X_REVOKE, answer: json(400, { error: "invalid_request", error_description: "Token invalid" }) },
    ]);
    const res = await api("DELETE", `/api/v1/connected-accounts/${account.id}`, { key });
    expect([res.status, res.body.data.status]).toEqual([200, "disconnected"]);
    const stored = await env.DB.prepare("SELECT * FROM account_credentials WHERE account_id = ?")
      .bind(account.id)
      .first();
    expect(stored).toBeNull();
    await eventually(async () => (platform.sent.length === 1 ? true : undefined), "the revoke attempt");
    expect(platform.sent[0]!.body).toEqual({ token: "RT-x", token_type_hint: "refresh_token" });
  });

  it("tries again later when the platform does not answer, and gives up after the fifth try", async () => {
    const { userId } = await liveUser();
    const account = await storedAccount(userId, "twitter", X_TOKENS);
    await forgetCredentials(account.id);
    const revocation = { accountId: account.id, platform: "twitter", sealed: account.sealed };

    scriptWorkerFetch([{ expect: X_REVOKE, answer: "network-error" }]);
    expect(await consume(revocation, 1)).toEqual({ retried: { delaySeconds: 30 } });
    vi.restoreAllMocks();

    scriptWorkerFetch([{ expect: X_REVOKE, answer: "network-error" }]);
    expect(await consume(revocation, 5)).toEqual({ acked: true });
  });

  it("does not retry a refusal, and never revokes the token the account holds again after reconnecting", async () => {
    const { userId } = await liveUser();
    const account = await storedAccount(userId, "twitter", X_TOKENS);
    await forgetCredentials(account.id);
    const revocation = { accountId: account.id, platform: "twitter", sealed: account.sealed };
    const refusing = scriptWorkerFetch([{ expect: X_REVOKE, answer: json(401, { error: "unauthorized_client" }) }]);
    expect(await consume(revocation)).toEqual({ acked: true });
    expect(refusing.sent).toHaveLength(1);
    vi.restoreAllMocks();

    // Connected again and handed the same token: it must stay valid, so nothing is sent.
    const rt = await createRuntime(env);
    await credentialsUpsert(rt, account.id, await sealCredentials(rt, account.id, X_TOKENS));
    const platform = scriptWorkerFetch([]);
    expect(await consume(revocation)).toEqual({ acked: true });
    expect(platform.sent).toEqual([]);
  });

  it("leaves a pasted Mastodon token alone: Herald never held its app's secret", async () => {
    const { userId, key } = await liveUser();
    const account = await storedAccount(userId, "mastodon", {
      instanceUrl: "https://pasted.example",
      accessToken: "pasted-token",
    });
    const platform = scriptWorkerFetch([]);
    expect((await api("DELETE", `/api/v1/connected-accounts/${account.id}`, { key })).status).toBe(200);
    const revocation = { accountId: account.id, platform: "mastodon", sealed: account.sealed };
    expect(await consume(revocation)).toEqual({ acked: true });
    expect(platform.sent).toEqual([]);
  });
});
