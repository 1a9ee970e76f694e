import type {
  AppBskyActorGetProfile,
  AppBskyFeedGetPosts,
  ComAtprotoIdentityResolveHandle,
  ComAtprotoRepoCreateRecord,
  ComAtprotoRepoGetRecord,
  ComAtprotoServerCreateSession,
} from "@atproto/api";
import { describe, expect, it } from "vitest";
import { BlueskyAdapter, type Wire, type WireBlob, type XrpcError } from "../../../src/platforms/bluesky";
import { PlatformError } from "../../../src/platforms/types";
import { blueskyAccount, DID, PDS } from "../helpers/answers/bluesky";
import type { PartOf } from "../helpers/answers/part";
import { type Answer, bytes, json, scriptedPlatform } from "../helpers/platform";

const account = blueskyAccount;

const created = (rkey: string) =>
  json(200, {
    uri: `at://${DID}/app.bsky.feed.post/${rkey}`,
    cid: "bafyreib2rxk3rh6kzwq",
    validationStatus: "valid",
  } satisfies Wire<ComAtprotoRepoCreateRecord.OutputSchema>);
const xrpcError = (error: string, message?: string): XrpcError => (message ? { error, message } : { error });

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

/** A JWT whose payload says it expires at `exp` (seconds); the signature is not checked by Herald. */
const jwt = (exp: number) => `eyJhbGciOiJFUzI1NksifQ.${btoa(JSON.stringify({ exp })).replace(/=+$/, "")}.sig`;

describe("Bluesky adapter", () => {
  it("posts with facets at UTF-8 byte offsets: links, resolved mentions and tags", async () => {
    const text = "Café ☕ news: https://herald.example/l/abc123. Thanks @alice.bsky.social and @nobody.example #launch";
    const platform = scriptedPlatform([
      // The first link's page, for a link card: gone, so the post goes without one.
      { expect: "GET https://herald.example/l/abc123", answer: json(404, {}) },
      {
        expect: `GET ${PDS}/com.atproto.identity.resolveHandle?handle=alice.bsky.social`,
        answer: json(200, { did: "did:plc:alice" } satisfies ComAtprotoIdentityResolveHandle.OutputSchema),
      },
      {
        expect: `GET ${PDS}/com.atproto.identity.resolveHandle?handle=nobody.example`,
        answer: json(400, xrpcError("InvalidRequest", "Unable to resolve handle")),
      },
      { expect: `POST ${PDS}/com.atproto.repo.createRecord`, answer: created("3l6oveex3ii2l") },
    ]);
    const result = await new BlueskyAdapter(platform.deps).publish(account, { text, media: [], options: {} });
    expect(result).toEqual({
      platformPostId: `at://${DID}/app.bsky.feed.post/3l6oveex3ii2l`,
      url: `https://bsky.app/profile/${DID}/post/3l6oveex3ii2l`,
      // Kept so a reply to it (a thread's next segment) names it without reading it again.
      cid: "bafyreib2rxk3rh6kzwq",
    });
    const sent = platform.sent[3]!;
    expect(sent.headers.authorization).toBe("Bearer access-jwt");
    const encoder = new TextEncoder();
    const at = (s: string) => encoder.encode(text.slice(0, text.indexOf(s))).byteLength;
    const link = "https://herald.example/l/abc123";
    expect(sent.body).toEqual({
      repo: DID,
      collection: "app.bsky.feed.post",
      record: {
        $type: "app.bsky.feed.post",
        text,
        createdAt: "2030-06-01T00:00:00.000Z",
        facets: [
          {
            index: { byteStart: at(link), byteEnd: at(link) + link.length },
            features: [{ $type: "app.bsky.richtext.facet#link", uri: link }],
          },
          {
            index: { byteStart: at("@alice"), byteEnd: at("@alice") + "@alice.bsky.social".length },
            features: [{ $type: "app.bsky.richtext.facet#mention", did: "did:plc:alice" }],
          },
          {
            index: { byteStart: at("#launch"), byteEnd: at("#launch") + "#launch".length },
            features: [{ $type: "app.bsky.richtext.facet#tag", tag: "launch" }],
          },
        ],
      },
    });
    // "Café ☕" is 6 characters but 9 bytes: offsets are bytes, not characters.
    expect(at(link)).toBe(text.indexOf(link) + 3);
  });

  it("uploads images as blobs and embeds them with their alt text", async () => {
    const blob = (n: number): WireBlob => ({
      $type: "blob",
      ref: { $link: `bafkrei${n}` },
      mimeType: "image/jpeg",
      size: 3000,
    });
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/one.jpg", answer: bytes(3000, "image/jpeg") },
      { expect: `POST ${PDS}/com.atproto.repo.uploadBlob`, answer: json(200, { blob: blob(1) }) },
      { expect: "GET https://cdn.example.com/two.jpg", answer: bytes(3000, "image/jpeg") },
      { expect: `POST ${PDS}/com.atproto.repo.uploadBlob`, answer: json(200, { blob: blob(2) }) },
      { expect: `POST ${PDS}/com.atproto.repo.createRecord`, answer: created("3l6") },
    ]);
    await new BlueskyAdapter(platform.deps).publish(account, {
      text: "Pictures",
      media: [
        { type: "image", url: "https://cdn.example.com/one.jpg", altText: "A lighthouse at dusk" },
        { type: "image", url: "https://cdn.example.com/two.jpg" },
      ],
      options: {},
    });
    expect(platform.sent[1]!.headers["content-type"]).toBe("image/jpeg");
    expect(platform.sent[1]!.body).toEqual({ bytes: 3000, type: "image/jpeg" });
    expect((platform.sent[4]!.body as any).record.embed).toEqual({
      $type: "app.bsky.embed.images",
      images: [
        { alt: "A lighthouse at dusk", image: blob(1) },
        { alt: "", image: blob(2) },
      ],
    });
  });

  it("refuses over 300 graphemes (not code units) and an image over 2 MB, before posting", async () => {
    const family = "👨‍👩‍👧‍👦"; // one grapheme, 11 UTF-16 code units
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/big.jpg", answer: bytes(2_000_001, "image/jpeg") },
      { expect: `POST ${PDS}/com.atproto.repo.createRecord`, answer: created("ok") },
    ]);
    const adapter = new BlueskyAdapter(platform.deps);
    const long = await failure(adapter.publish(account, { text: "a".repeat(301), media: [], options: {} }));
    expect([long.failure, long.code]).toEqual(["refused", "TEXT_TOO_LONG"]);
    const big = await failure(
      adapter.publish(account, {
        text: "x",
        media: [{ type: "image", url: "https://cdn.example.com/big.jpg" }],
        options: {},
      }),
    );
    expect(big.code).toBe("MEDIA_TOO_LARGE");
    await adapter.publish(account, { text: family.repeat(300), media: [], options: {} });
    expect(platform.sent.map((s) => s.url)).toEqual([
      "https://cdn.example.com/big.jpg",
      `${PDS}/com.atproto.repo.createRecord`,
    ]);
  });

  it("replies under the thread's root and reposts with a strong reference", async () => {
    const parent = `at://${DID}/app.bsky.feed.post/parent`;
    const root = { uri: `at://${DID}/app.bsky.feed.post/root`, cid: "bafyroot" };
    const getRecord = `GET ${PDS}/com.atproto.repo.getRecord?repo=${encodeURIComponent(DID)}&collection=app.bsky.feed.post&rkey=parent`;
    const record = json(200, {
      uri: parent,
      cid: "bafyparent",
      value: { text: "hi", reply: { root, parent: root } },
    } satisfies ComAtprotoRepoGetRecord.OutputSchema);
    const platform = scriptedPlatform([
      { expect: getRecord, answer: record },
      { expect: `POST ${PDS}/com.atproto.repo.createRecord`, answer: created("reply") },
      { expect: getRecord, answer: record },
      {
        expect: `POST ${PDS}/com.atproto.repo.createRecord`,
        answer: json(200, {
          uri: `at://${DID}/app.bsky.feed.repost/rp`,
          cid: "bafyrp",
        } satisfies Wire<ComAtprotoRepoCreateRecord.OutputSchema>),
      },
    ]);
    const adapter = new BlueskyAdapter(platform.deps);
    await adapter.comment(account, parent, "Thanks");
    await adapter.repost(account, parent);
    expect((platform.sent[1]!.body as any).record.reply).toEqual({ root, parent: { uri: parent, cid: "bafyparent" } });
    expect(platform.sent[3]!.body).toEqual({
      repo: DID,
      collection: "app.bsky.feed.repost",
      record: {
        $type: "app.bsky.feed.repost",
        subject: { uri: parent, cid: "bafyparent" },
        createdAt: "2030-06-01T00:00:00.000Z",
      },
    });
  });

  it("reads the followers from the account's profile view", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${PDS}/app.bsky.actor.getProfile?actor=${encodeURIComponent(DID)}`,
        answer: json(200, {
          did: DID,
          handle: "herald.bsky.social",
          followersCount: 812,
        } satisfies PartOf<Wire<AppBskyActorGetProfile.OutputSchema>>),
      },
    ]);
    expect(await new BlueskyAdapter(platform.deps).readProfile(account)).toEqual({
      subscriptionTier: null,
      followers: 812,
    });
  });

  it("reads like, reply and repost counts; a post that is gone is null", async () => {
    const a = `at://${DID}/app.bsky.feed.post/a`;
    const b = `at://${DID}/app.bsky.feed.post/b`;
    const platform = scriptedPlatform([
      {
        expect: `GET ${PDS}/app.bsky.feed.getPosts?uris=${encodeURIComponent(a)}&uris=${encodeURIComponent(b)}`,
        answer: json(200, {
          posts: [{ uri: a, cid: "c", likeCount: 7, replyCount: 2, repostCount: 3, quoteCount: 1 }],
        } satisfies PartOf<Wire<AppBskyFeedGetPosts.OutputSchema>>),
      },
    ]);
    const metrics = await new BlueskyAdapter(platform.deps).readMetrics(account, [a, b]);
    expect(metrics.get(a)).toEqual({ likes: 7, comments: 2, reposts: 3, views: 0 });
    expect(metrics.get(b)).toBeNull();
  });

  it.each<[string, Answer, string, number | undefined]>([
    [
      "429 → rate_limited until RateLimit-Reset",
      json(429, xrpcError("RateLimitExceeded", "Rate Limit Exceeded"), {
        "ratelimit-reset": String(Date.UTC(2030, 5, 1) / 1000 + 300),
      }),
      "rate_limited",
      300_000,
    ],
    [
      "ExpiredToken → auth_expired",
      json(400, xrpcError("ExpiredToken", "Token has expired")),
      "auth_expired",
      undefined,
    ],
    [
      "400 InvalidRequest → refused",
      json(400, xrpcError("InvalidRequest", "Invalid app.bsky.feed.post record")),
      "refused",
      undefined,
    ],
    ["502 → transient", json(502, xrpcError("UpstreamFailure")), "transient", undefined],
  ])("%s", async (_name, answer, failure_, wait) => {
    const platform = scriptedPlatform([{ expect: `POST ${PDS}/com.atproto.repo.createRecord`, answer }]);
    const error = await failure(
      new BlueskyAdapter(platform.deps).publish(account, { text: "hi", media: [], options: {} }),
    );
    expect([error.failure, error.retryAfterMs]).toEqual([failure_, wait]);
    if (failure_ === "refused") expect(error.message).toContain("Invalid app.bsky.feed.post record");
  });

  it("connects with an app password; refreshes the session, and signs in again when the refresh token is spent", async () => {
    const session = (n: number) =>
      json(200, {
        did: DID,
        handle: "herald.bsky.social",
        accessJwt: jwt(1_900_000_000 + n),
        refreshJwt: `refresh-${n}`,
      } satisfies ComAtprotoServerCreateSession.OutputSchema);
    const platform = scriptedPlatform([
      { expect: `POST ${PDS}/com.atproto.server.createSession`, answer: session(1) },
      { expect: `POST ${PDS}/com.atproto.server.refreshSession`, answer: session(2) },
      {
        expect: `POST ${PDS}/com.atproto.server.refreshSession`,
        answer: json(400, xrpcError("ExpiredToken", "Token has been revoked")),
      },
      { expect: `POST ${PDS}/com.atproto.server.createSession`, answer: session(3) },
      {
        expect: `POST ${PDS}/com.atproto.server.refreshSession`,
        answer: json(400, xrpcError("ExpiredToken", "Token has expired")),
      },
      {
        expect: `POST ${PDS}/com.atproto.server.createSession`,
        answer: json(401, xrpcError("AuthenticationRequired", "Invalid identifier or password")),
      },
    ]);
    const { connection } = new BlueskyAdapter(platform.deps);
    const { credentials, identity } = await (connection as any).verify({
      handle: "herald.bsky.social",
      app_password: "abcd-efgh-ijkl-mnop",
    });
    expect(identity).toEqual({ platformUserId: DID, name: "herald.bsky.social", subscriptionTier: null });
    expect(credentials).toMatchObject({ did: DID, refreshToken: "refresh-1", expiresAt: 1_900_000_001_000 });
    expect(platform.sent[0]!.body).toEqual({ identifier: "herald.bsky.social", password: "abcd-efgh-ijkl-mnop" });

    const refreshed = await connection.refresh!(credentials);
    expect(platform.sent[1]!.headers.authorization).toBe("Bearer refresh-1");
    expect(refreshed).toMatchObject({
      accessToken: jwt(1_900_000_002),
      refreshToken: "refresh-2",
      appPassword: "abcd-efgh-ijkl-mnop",
    });

    expect(await connection.refresh!(refreshed)).toMatchObject({ refreshToken: "refresh-3" });
    const refused = await failure(connection.refresh!(refreshed));
    expect(refused.failure).toBe("auth_expired");
  });
});
