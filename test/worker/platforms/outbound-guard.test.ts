import { describe, expect, it } from "vitest";
import { BlueskyAdapter } from "../../../src/platforms/bluesky";
import { MastodonAdapter } from "../../../src/platforms/fediverse/mastodon";
import type { CredentialConnection, OAuthConnection, PlatformAccount } from "../../../src/platforms/types";
import { type Answer, type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

/** A scripted platform that also keeps every URL the adapter asked for, expected or not. */
function wire(script: Exchange[]) {
  const platform = scriptedPlatform(script);
  const asked: string[] = [];
  const deps = {
    ...platform.deps,
    fetch: ((input, init) => {
      asked.push(new Request(input as string, init).url);
      return platform.deps.fetch(input, init);
    }) as typeof fetch,
  };
  return { ...platform, deps, asked };
}

const redirect =
  (location: string, status = 302): Answer =>
  () =>
    new Response(null, { status, headers: { location } });

const INSTANCE = "https://mastodon.example";
const mastodonAccount = (instanceUrl = INSTANCE): PlatformAccount => ({
  id: "acct_masto",
  platform: "mastodon",
  platformUserId: "109@mastodon.example",
  subscriptionTier: null,
  destinations: [],
  credentials: { instanceUrl, accessToken: "masto-token" },
});

const DID = "did:plc:ewvi7nxzyoun6zhxrhs64oiz";
const blueskyCredentials = (service: string) => ({
  service,
  did: DID,
  handle: "herald.bsky.social",
  identifier: "herald.bsky.social",
  appPassword: "abcd-efgh-ijkl-mnop",
  accessToken: "access-jwt",
  refreshToken: "refresh-jwt",
});
const blueskyAccount = (service: string): PlatformAccount => ({
  id: "acct_bsky",
  platform: "bluesky",
  platformUserId: DID,
  subscriptionTier: null,
  destinations: [],
  credentials: blueskyCredentials(service),
});

const PRIVATE_HOSTS = [
  "https://10.0.0.5",
  "https://169.254.169.254",
  "https://[::ffff:0:a9fe:a9fe]",
  "https://[64:ff9b::10.0.0.1]",
  "https://localhost",
  "http://bsky.social",
];

describe("rule 14: every outbound URL a user can influence goes through the SSRF guard, redirects included", () => {
  it("never follows an adapter call's redirect to a private host (each hop is checked before it is asked)", async () => {
    for (const [target, status] of [
      ["https://169.254.169.254/latest/meta-data/iam", 302],
      ["http://10.0.0.5/admin", 301],
      ["https://[::ffff:0:7f00:1]/", 307],
      ["https://localhost:8443/", 308],
    ] as const) {
      const platform = wire([
        { expect: `GET ${INSTANCE}/api/v1/statuses/1`, answer: redirect(target, status) },
        { expect: `GET ${target}`, answer: json(200, { id: "1" }) },
      ]);
      const error = await platformFailure(new MastodonAdapter(platform.deps).readMetrics(mastodonAccount(), ["1"]));
      expect([error.failure, error.code], target).toEqual(["refused", "SERVER_NOT_PUBLIC"]);
      expect(platform.asked, target).toEqual([`${INSTANCE}/api/v1/statuses/1`]);
    }
  });

  it("a creating call redirected somewhere refused may have gone through: it fails as no answer, never retried", async () => {
    const platform = wire([
      { expect: `POST ${INSTANCE}/api/v1/statuses`, answer: redirect("https://10.0.0.5/statuses/1", 303) },
    ]);
    const error = await platformFailure(
      new MastodonAdapter(platform.deps).publish(mastodonAccount(), { text: "hi", media: [], options: {} }),
    );
    expect([error.failure, error.retryable]).toEqual(["no_answer", false]);
    expect(platform.asked).toEqual([`${INSTANCE}/api/v1/statuses`]);
  });

  it("follows up to three redirects to public hosts and refuses the fourth without asking it", async () => {
    const hop = (n: number) => `https://mirror${n}.example/api/v1/statuses/1`;
    const three = wire([
      { expect: `GET ${INSTANCE}/api/v1/statuses/1`, answer: redirect(hop(1)) },
      { expect: `GET ${hop(1)}`, answer: redirect(hop(2), 301) },
      { expect: `GET ${hop(2)}`, answer: redirect(hop(3), 307) },
      { expect: `GET ${hop(3)}`, answer: json(200, { id: "1", favourites_count: 4 }) },
    ]);
    const metrics = await new MastodonAdapter(three.deps).readMetrics(mastodonAccount(), ["1"]);
    expect(metrics.get("1")).toMatchObject({ likes: 4 });
    expect(three.asked).toHaveLength(4);
    // The account's token stays with the instance: it is not carried to another host.
    expect(three.sent.map((s) => s.headers.authorization)).toEqual([
      "Bearer masto-token",
      undefined,
      undefined,
      undefined,
    ]);

    const four = wire([
      { expect: `GET ${INSTANCE}/api/v1/statuses/1`, answer: redirect(hop(1)) },
      { expect: `GET ${hop(1)}`, answer: redirect(hop(2)) },
      { expect: `GET ${hop(2)}`, answer: redirect(hop(3)) },
      { expect: `GET ${hop(3)}`, answer: redirect(hop(4)) },
      { expect: `GET ${hop(4)}`, answer: json(200, { id: "1" }) },
    ]);
    const error = await platformFailure(new MastodonAdapter(four.deps).readMetrics(mastodonAccount(), ["1"]));
    expect(error).toMatchObject({ failure: "refused", message: expect.stringContaining("more than 3 redirects") });
    expect(four.asked).toEqual([`${INSTANCE}/api/v1/statuses/1`, hop(1), hop(2), hop(3)]);
  });

  it("re-checks a stored Mastodon instance URL before every call, never only at connect", async () => {
    for (const host of PRIVATE_HOSTS) {
      const platform = wire([]);
      const adapter = new MastodonAdapter(platform.deps);
      const publish = await platformFailure(
        adapter.publish(mastodonAccount(host), { text: "hi", media: [], options: {} }),
      );
      const read = await platformFailure(adapter.readMetrics(mastodonAccount(host), ["1"]));
      const exchange = await platformFailure(
        (adapter.connection as OAuthConnection).exchangeCode({
          code: "c",
          codeVerifier: "v",
          redirectUri: "https://herald.test/api/v1/connect/mastodon/callback",
          app: { serverUrl: host, clientId: "id", clientSecret: "secret" },
        }),
      );
      for (const error of [publish, read, exchange]) {
        expect([error.failure, error.code], host).toEqual(["refused", "SERVER_NOT_PUBLIC"]);
      }
      expect(platform.asked, host).toEqual([]);
    }
  });

  it("refuses a Bluesky service on a private host at connect, publish and token refresh, before any connection", async () => {
    for (const service of PRIVATE_HOSTS) {
      const platform = wire([]);
      const adapter = new BlueskyAdapter(platform.deps);
      const connection = adapter.connection as CredentialConnection;
      await expect(
        connection.verify({ handle: "herald.bsky.social", app_password: "abcd-efgh-ijkl-mnop", service }),
        service,
      ).rejects.toThrow();
      const publish = await platformFailure(
        adapter.publish(blueskyAccount(service), { text: "hi", media: [], options: {} }),
      );
      const refresh = await platformFailure(connection.refresh!(blueskyCredentials(service)));
      for (const error of [publish, refresh]) {
        expect([error.failure, error.code], service).toEqual(["refused", "SERVER_NOT_PUBLIC"]);
      }
      expect(platform.asked, service).toEqual([]);
    }
  });

  it("copies a platform's error text trimmed, and never the body of an answer from another host", async () => {
    const long = wire([
      {
        expect: `POST ${INSTANCE}/api/v1/statuses`,
        answer: json(422, { error: `Validation failed: ${"x".repeat(50_000)}` }),
      },
    ]);
    const trimmed = await platformFailure(
      new MastodonAdapter(long.deps).publish(mastodonAccount(), { text: "hi", media: [], options: {} }),
    );
    expect(trimmed.message).toContain("Validation failed");
    expect(trimmed.message.length).toBeLessThanOrEqual(500);

    const elsewhere = wire([
      { expect: `GET ${INSTANCE}/api/v1/statuses/1`, answer: redirect("https://intranet-proxy.example/login") },
      {
        expect: "GET https://intranet-proxy.example/login",
        answer: json(403, { error: "internal page: db=10.1.2.3 user=admin" }),
      },
    ]);
    const foreign = await platformFailure(new MastodonAdapter(elsewhere.deps).readMetrics(mastodonAccount(), ["1"]));
    expect(foreign.message).toContain("403");
    expect(foreign.message).not.toContain("internal page");
  });
});
