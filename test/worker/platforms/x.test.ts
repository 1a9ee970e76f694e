import type { TweetV2LookupResult, TweetV2PostTweetResult, TweetV2RetweetResult, UserV2Result } from "twitter-api-v2";
import type {
  MediaV2MetadataCreateResult,
  MediaV2UploadResponse,
} from "twitter-api-v2/dist/esm/types/v2/media.v2.types";
import { describe, expect, it } from "vitest";
import { type PlatformAccount, PlatformError } from "../../../src/platforms/types";
import { XAdapter } from "../../../src/platforms/x";
import { type Answer, bytes, json, scriptedPlatform } from "../helpers/platform";

const account: PlatformAccount = {
  id: "acct_x",
  platform: "twitter",
  platformUserId: "2244994945",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "x-access-token", refreshToken: "x-refresh-token" },
};

const created = (id: string, text = "hi") => json(201, { data: { id, text } } satisfies TweetV2PostTweetResult);
/** X's answer to an upload (`initialize`, the one-request upload, `finalize`, `STATUS`). */
const uploaded = (id: string, processing?: MediaV2UploadResponse["data"]["processing_info"]) =>
  json(200, {
    data: {
      id,
      media_key: `3_${id}`,
      expires_after_secs: 86400,
      ...(processing ? { processing_info: processing } : {}),
    },
  } satisfies MediaV2UploadResponse);
/** `append` answers when the uploaded segments expire (https://docs.x.com/x-api/media/media-upload, 2026-11-27). */
const appended = json(200, { data: { expires_at: 1_924_992_000 } });

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
};

describe("X adapter: posting", () => {
  it("sends a poll as API v2's poll, its options and duration in minutes", async () => {
    const platform = scriptedPlatform([
      { expect: "POST https://api.x.com/2/tweets", answer: created("1850000000000000009") },
    ]);
    await new XAdapter(platform.deps).publish(account, {
      text: "Tabs or spaces?",
      media: [],
      options: {},
      poll: { options: ["Tabs", "Spaces"], durationMinutes: 1440 },
    });
    expect(platform.sent[0]!.body).toEqual({
      text: "Tabs or spaces?",
      poll: { options: ["Tabs", "Spaces"], duration_minutes: 1440 },
    });
  });

  it("posts text with reply settings, sending exactly the documented request", async () => {
    const platform = scriptedPlatform([
      { expect: "POST https://api.x.com/2/tweets", answer: created("1850000000000000001") },
    ]);
    const result = await new XAdapter(platform.deps).publish(account, {
      text: "Launch day",
      media: [],
      options: { reply_settings: "following" },
    });
    expect(result).toEqual({
      platformPostId: "1850000000000000001",
      url: "https://x.com/i/status/1850000000000000001",
    });
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: "https://api.x.com/2/tweets",
        headers: { authorization: "Bearer x-access-token", "content-type": "application/json" },
        body: { text: "Launch day", reply_settings: "following" },
      },
    ]);
  });

  it("leaves reply_settings out for everyone (X's default, not one of its values)", async () => {
    const platform = scriptedPlatform([{ expect: "POST https://api.x.com/2/tweets", answer: created("1") }]);
    await new XAdapter(platform.deps).publish(account, {
      text: "hi",
      media: [],
      options: { reply_settings: "everyone" },
    });
    expect(platform.sent[0]!.body).toEqual({ text: "hi" });
  });

  it("uploads images, sets their alt text through media metadata, then posts with the media ids", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/a.png", answer: bytes(2048, "image/png") },
      { expect: "POST https://api.x.com/2/media/upload", answer: uploaded("710511363345354753") },
      {
        expect: "POST https://api.x.com/2/media/metadata",
        answer: json(200, {
          data: { id: "710511363345354753", associated_metadata: { alt_text: { text: "A red bicycle" } } },
        } satisfies MediaV2MetadataCreateResult),
      },
      { expect: "GET https://cdn.example.com/b.gif", answer: bytes(1024, "image/gif") },
      { expect: "POST https://api.x.com/2/media/upload", answer: uploaded("710511363345354754") },
      { expect: "POST https://api.x.com/2/tweets", answer: created("1850000000000000002") },
    ]);
    await new XAdapter(platform.deps).publish(account, {
      text: "Two pictures",
      media: [
        { type: "image", url: "https://cdn.example.com/a.png", altText: "A red bicycle" },
        { type: "image", url: "https://cdn.example.com/b.gif" },
      ],
      options: {},
    });
    const [, upload, metadata, , gif, post] = platform.sent;
    expect(upload!.headers.authorization).toBe("Bearer x-access-token");
    expect(upload!.body).toEqual({
      media: { file: "a.png", type: "image/png", size: 2048 },
      media_category: "tweet_image",
    });
    expect(metadata!.body).toEqual({ id: "710511363345354753", metadata: { alt_text: { text: "A red bicycle" } } });
    expect(gif!.body).toEqual({ media: { file: "b.gif", type: "image/gif", size: 1024 }, media_category: "tweet_gif" });
    expect(post!.body).toEqual({
      text: "Two pictures",
      media: { media_ids: ["710511363345354753", "710511363345354754"] },
    });
  });

  it("uploads a video in chunks and waits for X to finish processing it", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/clip.mp4", answer: bytes(5 * 1024 * 1024, "video/mp4") },
      { expect: "POST https://api.x.com/2/media/upload/initialize", answer: uploaded("99") },
      { expect: "POST https://api.x.com/2/media/upload/99/append", answer: appended },
      { expect: "POST https://api.x.com/2/media/upload/99/append", answer: appended },
      {
        expect: "POST https://api.x.com/2/media/upload/99/finalize",
        answer: uploaded("99", { state: "pending", check_after_secs: 1 }),
      },
      {
        expect: "GET https://api.x.com/2/media/upload?media_id=99&command=STATUS",
        answer: uploaded("99", { state: "succeeded" }),
      },
      { expect: "POST https://api.x.com/2/tweets", answer: created("3") },
    ]);
    await new XAdapter(platform.deps).publish(account, {
      text: "Watch",
      media: [{ type: "video", url: "https://cdn.example.com/clip.mp4" }],
      options: {},
    });
    expect(platform.sent[1]!.body).toEqual({
      media_type: "video/mp4",
      total_bytes: 5242880,
      media_category: "tweet_video",
    });
    expect(platform.sent[2]!.body).toEqual({
      segment_index: "0",
      media: { file: "media", type: "video/mp4", size: 4194304 },
    });
    expect(platform.sent[3]!.body).toEqual({
      segment_index: "1",
      media: { file: "media", type: "video/mp4", size: 1048576 },
    });
    expect(platform.sent[6]!.body).toEqual({ text: "Watch", media: { media_ids: ["99"] } });
  });

  it("refuses more than 4 images, or images with a video, before sending anything", async () => {
    const platform = scriptedPlatform([]);
    const image = { type: "image" as const, url: "https://cdn.example.com/a.png" };
    const error = await failureOf(
      new XAdapter(platform.deps).publish(account, {
        text: "x",
        media: [image, image, image, image, image],
        options: {},
      }),
    );
    expect([error.failure, error.code]).toEqual(["refused", "MEDIA_LIMIT"]);
    expect(platform.sent).toEqual([]);
  });

  it("replies for a comment and reposts through the user's retweets", async () => {
    const platform = scriptedPlatform([
      { expect: "POST https://api.x.com/2/tweets", answer: created("5") },
      {
        expect: "POST https://api.x.com/2/users/2244994945/retweets",
        answer: json(200, { data: { retweeted: true } } satisfies TweetV2RetweetResult),
      },
    ]);
    const adapter = new XAdapter(platform.deps);
    expect((await adapter.comment(account, "4", "Thanks all")).platformPostId).toBe("5");
    expect((await adapter.repost(account, "4")).platformPostId).toBe("4");
    expect(platform.sent.map((s) => s.body)).toEqual([
      { text: "Thanks all", reply: { in_reply_to_tweet_id: "4" } },
      { tweet_id: "4" },
    ]);
  });
});

describe("X adapter: failures in Herald's terms", () => {
  const publishWith = async (answer: Answer | "network-error") => {
    const platform = scriptedPlatform([{ expect: "POST https://api.x.com/2/tweets", answer }]);
    return failureOf(new XAdapter(platform.deps).publish(account, { text: "hi", media: [], options: {} }));
  };

  it("429 is rate_limited until x-rate-limit-reset", async () => {
    const reset = String(Date.UTC(2030, 5, 1) / 1000 + 900);
    const error = await publishWith(
      json(
        429,
        { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 },
        { "x-rate-limit-reset": reset },
      ),
    );
    expect([error.failure, error.code, error.retryAfterMs, error.retryable]).toEqual([
      "rate_limited",
      "PLATFORM_RATE_LIMITED",
      900_000,
      true,
    ]);
  });

  it("401 is auth_expired", async () => {
    const error = await publishWith(
      json(401, { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" }),
    );
    expect([error.failure, error.retryable]).toEqual(["auth_expired", false]);
  });

  it("a long post from an account without a paid tier is X_LONG_POST_REFUSED", async () => {
    const error = await publishWith(
      json(400, {
        errors: [{ message: "Your Tweet text is too long." }],
        title: "Invalid Request",
        detail: "One or more parameters to your request was invalid.",
        type: "https://api.x.com/2/problems/invalid-request",
      }),
    );
    expect([error.failure, error.code]).toEqual(["refused", "X_LONG_POST_REFUSED"]);
    expect(error.message).toContain("Your Tweet text is too long.");
    // …which tells the publisher that Herald's record of the account's tier is stale.
    expect(new XAdapter(scriptedPlatform([]).deps).rereadProfileAfter).toEqual(["X_LONG_POST_REFUSED"]);
  });

  it("other refusals keep X's message", async () => {
    const error = await publishWith(
      json(403, {
        detail: "You are not allowed to create a Tweet with duplicate content.",
        type: "about:blank",
        title: "Forbidden",
        status: 403,
      }),
    );
    expect([error.failure, error.code]).toEqual(["refused", "PLATFORM_REFUSED"]);
    expect(error.message).toBe("X refused: You are not allowed to create a Tweet with duplicate content.; Forbidden");
  });

  it("503 is transient; a 504 or a lost connection while posting may have posted", async () => {
    expect((await publishWith(json(503, { title: "Service Unavailable" }))).failure).toBe("transient");
    expect((await publishWith(json(504, { title: "Gateway Timeout" }))).failure).toBe("no_answer");
    expect((await publishWith("network-error")).failure).toBe("no_answer");
  });

  it("a media upload that fails is transient: nothing was posted", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example.com/a.png", answer: bytes(10, "image/png") },
      { expect: "POST https://api.x.com/2/media/upload", answer: "network-error" },
    ]);
    const error = await failureOf(
      new XAdapter(platform.deps).publish(account, {
        text: "x",
        media: [{ type: "image", url: "https://cdn.example.com/a.png" }],
        options: {},
      }),
    );
    expect(error.failure).toBe("transient");
  });
});

describe("X adapter: the inbox's comment actions", () => {
  it("deletes a reply the account wrote (DELETE /2/tweets/:id), taken only when X answers deleted: true", async () => {
    const platform = scriptedPlatform([
      {
        expect: "DELETE https://api.x.com/2/tweets/1850000000000000042",
        answer: json(200, { data: { deleted: true } }),
      },
      {
        expect: "DELETE https://api.x.com/2/tweets/1850000000000000043",
        answer: json(200, { data: { deleted: false } }),
      },
    ]);
    const x = new XAdapter(platform.deps);
    await x.comments.delete!(account, "1850000000000000042");
    expect(platform.sent[0]?.headers.authorization).toBe("Bearer x-access-token");
    expect((await failureOf(x.comments.delete!(account, "1850000000000000043"))).failure).toBe("refused");
  });
});

describe("X adapter: reading", () => {
  it("reads public_metrics for up to 100 posts a call; a post X no longer has is null", async () => {
    const ids = Array.from({ length: 101 }, (_, i) => String(1000 + i));
    const platform = scriptedPlatform([
      {
        expect: `GET https://api.x.com/2/tweets?ids=${ids.slice(0, 100).join(",")}&tweet.fields=public_metrics`,
        answer: json(200, {
          data: [
            {
              id: "1000",
              text: "a",
              public_metrics: {
                retweet_count: 3,
                reply_count: 2,
                like_count: 40,
                quote_count: 1,
                bookmark_count: 0,
                impression_count: 900,
              },
              edit_history_tweet_ids: ["1000"],
            },
          ],
          errors: [
            {
              value: "1001",
              detail: "Could not find tweet with ids: [1001].",
              parameter: "ids",
              resource_id: "1001",
              resource_type: "tweet",
              title: "Not Found Error",
              type: "https://api.x.com/2/problems/resource-not-found",
            },
          ],
        } satisfies TweetV2LookupResult),
      },
      {
        expect: "GET https://api.x.com/2/tweets?ids=1100&tweet.fields=public_metrics",
        answer: json(200, {
          data: [
            {
              id: "1100",
              text: "b",
              public_metrics: { retweet_count: 0, reply_count: 0, like_count: 1, quote_count: 0, impression_count: 5 },
              edit_history_tweet_ids: ["1100"],
            },
          ],
        } satisfies TweetV2LookupResult),
      },
    ]);
    const metrics = await new XAdapter(platform.deps).readMetrics(account, ids);
    expect(metrics.get("1000")).toEqual({ likes: 40, comments: 2, reposts: 3, views: 900 });
    expect(metrics.get("1001")).toBeNull();
    expect(metrics.get("1100")).toEqual({ likes: 1, comments: 0, reposts: 0, views: 5 });
    expect(metrics.size).toBe(101);
  });

  it("reads the subscription tier and the followers from the user lookup", async () => {
    const me = (subscription_type: NonNullable<UserV2Result["data"]["subscription_type"]>, followers?: number) =>
      json(200, {
        data: {
          id: "2244994945",
          name: "Herald",
          username: "herald",
          subscription_type,
          ...(followers === undefined
            ? {}
            : { public_metrics: { followers_count: followers, following_count: 3, tweet_count: 40, listed_count: 1 } }),
        },
      } satisfies UserV2Result);
    const url = "GET https://api.x.com/2/users/me?user.fields=subscription_type,public_metrics";
    const platform = scriptedPlatform([
      { expect: url, answer: me("PremiumPlus", 1234) },
      { expect: url, answer: me("None") },
    ]);
    const adapter = new XAdapter(platform.deps);
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: "premium-plus", followers: 1234 });
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null });
  });
});

describe("X adapter: OAuth 2.0 with PKCE", () => {
  const env = { X_CLIENT_ID: "client-123", X_CLIENT_SECRET: "secret-456" };

  it("builds the authorization URL with S256 PKCE and the scopes Herald needs", () => {
    const adapter = new XAdapter(scriptedPlatform([], env).deps);
    const url = new URL(
      adapter.connection.authorizationUrl({
        state: "st",
        codeChallenge: "ch",
        redirectUri: "https://herald.example/cb",
      }),
    );
    expect(url.origin + url.pathname).toBe("https://x.com/i/oauth2/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: "code",
      client_id: "client-123",
      redirect_uri: "https://herald.example/cb",
      scope: "tweet.read tweet.write users.read media.write offline.access",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
    });
  });

  it("exchanges the code as a confidential client (Basic auth) and keeps when the token expires", async () => {
    const platform = scriptedPlatform(
      [
        {
          expect: "POST https://api.x.com/2/oauth2/token",
          answer: json(200, {
            token_type: "bearer",
            expires_in: 7200,
            access_token: "AT",
            scope: "tweet.read",
            refresh_token: "RT",
          }),
        },
      ],
      env,
    );
    const tokens = await new XAdapter(platform.deps).connection.exchangeCode({
      code: "the-code",
      codeVerifier: "the-verifier",
      redirectUri: "https://herald.example/cb",
    });
    expect(tokens).toEqual({
      accessToken: "AT",
      refreshToken: "RT",
      expiresAt: platform.now + 7_200_000,
      scope: "tweet.read",
    });
    expect(platform.sent[0]!.headers.authorization).toBe(`Basic ${btoa("client-123:secret-456")}`);
    expect(platform.sent[0]!.body).toEqual({
      code: "the-code",
      grant_type: "authorization_code",
      redirect_uri: "https://herald.example/cb",
      code_verifier: "the-verifier",
    });
  });

  it("a public client names itself in the body; a refused refresh is auth_expired", async () => {
    const platform = scriptedPlatform(
      [
        {
          expect: "POST https://api.x.com/2/oauth2/token",
          answer: json(400, { error: "invalid_request", error_description: "Value passed for the token was invalid." }),
        },
      ],
      { X_CLIENT_ID: "client-123" },
    );
    const error = await failureOf(new XAdapter(platform.deps).connection.refresh!({ refreshToken: "old" }));
    expect(error.failure).toBe("auth_expired");
    expect(platform.sent[0]!.headers.authorization).toBeUndefined();
    expect(platform.sent[0]!.body).toEqual({
      refresh_token: "old",
      grant_type: "refresh_token",
      client_id: "client-123",
    });
  });
  it("revokes the refresh token, then the access token, at oauth2/revoke with the client's Basic auth", async () => {
    const revokeUrl = "POST https://api.x.com/2/oauth2/revoke";
    const platform = scriptedPlatform(
      [
        { expect: revokeUrl, answer: json(200, { revoked: true }) },
        { expect: revokeUrl, answer: json(200, { revoked: true }) },
      ],
      env,
    );
    expect(await new XAdapter(platform.deps).connection.revoke!({ accessToken: "AT", refreshToken: "RT" })).toBe(true);
    const basic = `Basic ${btoa("client-123:secret-456")}`;
    const form = "application/x-www-form-urlencoded";
    expect(platform.sent).toEqual([
      {
        method: "POST",
        url: "https://api.x.com/2/oauth2/revoke",
        headers: { authorization: basic, "content-type": form },
        body: { token: "RT", token_type_hint: "refresh_token" },
      },
      {
        method: "POST",
        url: "https://api.x.com/2/oauth2/revoke",
        headers: { authorization: basic, "content-type": form },
        body: { token: "AT", token_type_hint: "access_token" },
      },
    ]);
  });

  it("a public client revokes naming itself; a failed revoke is the platform's failure", async () => {
    const platform = scriptedPlatform(
      [{ expect: "POST https://api.x.com/2/oauth2/revoke", answer: json(503, { title: "Service Unavailable" }) }],
      { X_CLIENT_ID: "client-123" },
    );
    const error = await failureOf(new XAdapter(platform.deps).connection.revoke!({ accessToken: "AT" }));
    expect(error.failure).toBe("transient");
    expect(platform.sent[0]!.headers.authorization).toBeUndefined();
    expect(platform.sent[0]!.body).toEqual({ token: "AT", token_type_hint: "access_token", client_id: "client-123" });
  });
});
