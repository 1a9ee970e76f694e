import { describe, expect, it } from "vitest";
import { GoogleBusinessAdapter } from "../../../src/platforms/google/google-business";
import type {
  GbpAccountList,
  GbpErrorAnswer,
  GbpLocalPost,
  GbpLocalPostCreate,
  GbpLocationList,
  GbpReviewList,
  GbpReviewReply,
} from "../../../src/platforms/google/google-business-shapes";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { fakeTime, platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as Google's Business Profile references show them (Account Management v1, Business
// Information v1, My Business v4 local posts and reviews, Google's OAuth 2.0 for web servers); nothing here was
// recorded from Google itself.

const ENV = {
  GOOGLE_BUSINESS_CLIENT_ID: "gbp-client.apps.googleusercontent.com",
  GOOGLE_BUSINESS_CLIENT_SECRET: "gbp-secret",
};
const CALLBACK = "https://herald.example/api/v1/connect/google_business/callback";
const ACCOUNTS = "https://mybusinessaccountmanagement.googleapis.com/v1";
const INFO = "https://mybusinessbusinessinformation.googleapis.com/v1";
const V4 = "https://mybusiness.googleapis.com/v4";
const LOCATIONS_QUERY = "readMask=name%2Ctitle%2CstorefrontAddress%2Cmetadata&pageSize=100";

const account: PlatformAccount = {
  id: "acct_gbp",
  platform: "google_business",
  platformUserId: "accounts/1077",
  subscriptionTier: null,
  destinations: [{ id: "locations/555", label: "Corner Bakery — 1 High St, Leeds" }],
  credentials: { accessToken: "ya29.gbp", refreshToken: "1//gbp-refresh" },
};

function gbp(script: Exchange[]) {
  const platform = scriptedPlatform(script, ENV);
  const time = fakeTime();
  return { adapter: new GoogleBusinessAdapter({ ...platform.deps, ...time }), platform, time };
}

const made = (state: GbpLocalPost["state"] = "LIVE") =>
  json(200, {
    name: "accounts/1077/locations/555/localPosts/9001",
    searchUrl: "https://local.google.com/place?id=1&use=posts&lpsid=9001",
    state,
  } satisfies GbpLocalPost);
const googleError = (status: number, code: string, message: string, headers: Record<string, string> = {}) =>
  json(status, { error: { code: status, message, status: code } } satisfies GbpErrorAnswer, headers);

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Fresh sourdough every morning",
  media: [],
  destinationId: "locations/555",
  options: {},
  ...overrides,
});

describe("Google Business Profile: connecting", () => {
  it("asks for business.manage with PKCE and offline access", () => {
    const { adapter } = gbp([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st", codeChallenge: "ch", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: ENV.GOOGLE_BUSINESS_CLIENT_ID,
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "https://www.googleapis.com/auth/business.manage",
      state: "st",
      code_challenge: "ch",
      code_challenge_method: "S256",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
    });
  });

  it("exchanges the code with the verifier, then brings each account with its locations as destinations", async () => {
    const { adapter, platform, time } = gbp([
      {
        expect: "POST https://oauth2.googleapis.com/token",
        answer: json(200, {
          access_token: "ya29.new",
          expires_in: 3599,
          refresh_token: "1//new-refresh",
          scope: "https://www.googleapis.com/auth/business.manage",
          token_type: "Bearer",
        }),
      },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "4/0code",
      codeVerifier: "verif",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.body).toEqual({
      grant_type: "authorization_code",
      code: "4/0code",
      redirect_uri: CALLBACK,
      code_verifier: "verif",
      client_id: ENV.GOOGLE_BUSINESS_CLIENT_ID,
      client_secret: "gbp-secret",
    });
    expect(credentials).toEqual({
      accessToken: "ya29.new",
      refreshToken: "1//new-refresh",
      expiresAt: time.now() + 3_599_000,
    });

    const listing = gbp([
      {
        expect: `GET ${ACCOUNTS}/accounts`,
        answer: json(200, {
          accounts: [
            { name: "accounts/1077", accountName: "Corner Bakery Ltd", type: "ORGANIZATION" },
            { name: "accounts/2088", accountName: "", type: "PERSONAL" },
          ],
        } satisfies GbpAccountList),
      },
      {
        expect: `GET ${INFO}/accounts/1077/locations?${LOCATIONS_QUERY}`,
        answer: json(200, {
          locations: [
            {
              name: "locations/555",
              title: "Corner Bakery",
              storefrontAddress: { addressLines: ["1 High St"], locality: "Leeds", regionCode: "GB" },
              metadata: { hasVoiceOfMerchant: true, canOperateLocalPost: true },
            },
          ],
          nextPageToken: "p2",
        } satisfies GbpLocationList),
      },
      {
        expect: `GET ${INFO}/accounts/1077/locations?${LOCATIONS_QUERY}&pageToken=p2`,
        answer: json(200, {
          locations: [{ name: "locations/556", title: "Corner Bakery Vans", metadata: { hasVoiceOfMerchant: false } }],
        } satisfies GbpLocationList),
      },
      {
        expect: `GET ${INFO}/accounts/2088/locations?${LOCATIONS_QUERY}`,
        answer: json(200, {} satisfies GbpLocationList),
      },
    ]);
    const accounts = await listing.adapter.connection.accounts!(credentials);
    expect(accounts.map((a) => a.identity)).toEqual([
      {
        platformUserId: "accounts/1077",
        name: "Corner Bakery Ltd",
        subscriptionTier: null,
        destinations: [
          { id: "locations/555", label: "Corner Bakery — 1 High St, Leeds" },
          { id: "locations/556", label: "Corner Bakery Vans" },
        ],
      },
      { platformUserId: "accounts/2088", name: "accounts/2088", subscriptionTier: null, destinations: [] },
    ]);
    expect(listing.platform.sent.every((s) => s.headers.authorization === "Bearer ya29.new")).toBe(true);
  });

  it("refreshes with the refresh token Google keeps; a refused refresh means connecting again", async () => {
    const { adapter, platform } = gbp([
      {
        expect: "POST https://oauth2.googleapis.com/token",
        answer: json(200, { access_token: "ya29.2", expires_in: 3599, token_type: "Bearer" }),
      },
      {
        expect: "POST https://oauth2.googleapis.com/token",
        answer: json(400, { error: "invalid_grant", error_description: "Token has been expired or revoked." }),
      },
    ]);
    const renewed = await adapter.connection.refresh!({ accessToken: "ya29.1", refreshToken: "1//r" });
    expect(platform.sent[0]!.body).toMatchObject({ grant_type: "refresh_token", refresh_token: "1//r" });
    expect(renewed).toMatchObject({ accessToken: "ya29.2", refreshToken: "1//r" });
    expect((await platformFailure(adapter.connection.refresh!({ refreshToken: "1//gone" }))).failure).toBe(
      "auth_expired",
    );
  });
});

describe("Google Business Profile: local posts", () => {
  const sentPost = async (options: Record<string, unknown>, media: PublishRequest["media"] = []) => {
    const { adapter, platform } = gbp([
      { expect: `POST ${V4}/accounts/1077/locations/555/localPosts`, answer: made() },
    ]);
    const result = await adapter.publish(account, request({ options, media }));
    expect(result).toEqual({
      platformPostId: "accounts/1077/locations/555/localPosts/9001",
      url: "https://local.google.com/place?id=1&use=posts&lpsid=9001",
    });
    expect(platform.sent[0]!.headers.authorization).toBe("Bearer ya29.gbp");
    return platform.sent[0]!.body as GbpLocalPostCreate;
  };

  it("a standard post with a call to action and a photo", async () => {
    const body = await sentPost({ call_to_action: { action_type: "ORDER", url: "https://bakery.example/order" } }, [
      { type: "image", url: "https://cdn.example.com/loaf.jpg" },
    ]);
    expect(body).toEqual({
      summary: "Fresh sourdough every morning",
      topicType: "STANDARD",
      callToAction: { actionType: "ORDER", url: "https://bakery.example/order" },
      media: [{ mediaFormat: "PHOTO", sourceUrl: "https://cdn.example.com/loaf.jpg" }],
    } satisfies GbpLocalPostCreate);
  });

  it("CALL goes without a url", async () => {
    expect((await sentPost({ call_to_action: { action_type: "CALL" } })).callToAction).toEqual({ actionType: "CALL" });
  });

  it("an event with its title and local dates and times, and a video", async () => {
    const body = await sentPost(
      { topic_type: "EVENT", event: { title: "Bake-off", start: "2030-06-10T10:00", end: "2030-06-10T16:30" } },
      [{ type: "video", url: "https://cdn.example.com/bake.mp4" }],
    );
    expect(body).toEqual({
      summary: "Fresh sourdough every morning",
      topicType: "EVENT",
      event: {
        title: "Bake-off",
        schedule: {
          startDate: { year: 2030, month: 6, day: 10 },
          startTime: { hours: 10, minutes: 0 },
          endDate: { year: 2030, month: 6, day: 10 },
          endTime: { hours: 16, minutes: 30 },
        },
      },
      media: [{ mediaFormat: "VIDEO", sourceUrl: "https://cdn.example.com/bake.mp4" }],
    } satisfies GbpLocalPostCreate);
  });

  it("an offer with its coupon, redeem link and terms over whole days", async () => {
    const body = await sentPost({
      topic_type: "OFFER",
      event: { title: "10% off loaves", start: "2030-06-01", end: "2030-06-07" },
      offer: { coupon_code: "LOAF10", redeem_url: "https://bakery.example/offer", terms: "One per customer" },
      language_code: "en-GB",
    });
    expect(body).toEqual({
      languageCode: "en-GB",
      summary: "Fresh sourdough every morning",
      topicType: "OFFER",
      event: {
        title: "10% off loaves",
        schedule: { startDate: { year: 2030, month: 6, day: 1 }, endDate: { year: 2030, month: 6, day: 7 } },
      },
      offer: {
        couponCode: "LOAF10",
        redeemOnlineUrl: "https://bakery.example/offer",
        termsConditions: "One per customer",
      },
    } satisfies GbpLocalPostCreate);
  });

  it("refuses before sending a post without a location", async () => {
    const { adapter, platform } = gbp([]);
    expect((await platformFailure(adapter.publish(account, request({ destinationId: undefined })))).code).toBe(
      "DESTINATION_REQUIRED",
    );
    expect(platform.sent).toEqual([]);
  });
});

describe("Google Business Profile: refusals in Herald's terms", () => {
  const postWith = (answer: Exchange["answer"]) =>
    gbp([{ expect: `POST ${V4}/accounts/1077/locations/555/localPosts`, answer }]).adapter.publish(account, request());

  it("a location that is not verified keeps its own code and Google's words", async () => {
    const refused = await platformFailure(
      postWith(googleError(400, "FAILED_PRECONDITION", "The location is not verified. Verify it to create posts.")),
    );
    expect([refused.failure, refused.code, refused.message]).toEqual([
      "refused",
      "LOCATION_NOT_VERIFIED",
      "Google Business Profile refused: The location is not verified. Verify it to create posts.",
    ]);
  });

  it("a post Google rejects for its content policy is refused", async () => {
    const rejected = await platformFailure(postWith(made("REJECTED")));
    expect([rejected.failure, rejected.code]).toEqual(["refused", "PLATFORM_REFUSED"]);
  });

  it("429 waits for Retry-After; 403 is a missing permission; 401 is auth_expired; no answer may have posted", async () => {
    const limited = await platformFailure(
      postWith(googleError(429, "RESOURCE_EXHAUSTED", "Quota exceeded", { "retry-after": "30" })),
    );
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 30_000]);
    expect(
      (await platformFailure(postWith(googleError(403, "PERMISSION_DENIED", "The caller does not have permission"))))
        .code,
    ).toBe("PERMISSION_DENIED");
    expect((await platformFailure(postWith(googleError(401, "UNAUTHENTICATED", "Invalid Credentials")))).failure).toBe(
      "auth_expired",
    );
    expect((await platformFailure(postWith("timeout"))).failure).toBe("no_answer");
    expect((await platformFailure(postWith(googleError(503, "UNAVAILABLE", "Backend Error")))).failure).toBe(
      "transient",
    );
  });
});

describe("Google Business Profile: reviews, comments and counts", () => {
  it("reads a location's reviews newest first, under its account", async () => {
    const listed: GbpReviewList = {
      reviews: [
        {
          name: "accounts/1077/locations/555/reviews/r-2",
          reviewId: "r-2",
          reviewer: { displayName: "Ana", profilePhotoUrl: "https://lh3.googleusercontent.com/a/ana" },
          starRating: "FIVE",
          comment: "Best flat white in town",
          createTime: "2030-06-01T09:00:00Z",
          updateTime: "2030-06-01T09:00:00Z",
        },
      ],
      totalReviewCount: 1,
      nextPageToken: "next",
    };
    const { adapter, platform } = gbp([
      {
        expect: `GET ${V4}/accounts/1077/locations/555/reviews?pageSize=50&orderBy=updateTime+desc&pageToken=p2`,
        answer: json(200, listed),
      },
    ]);
    expect(await adapter.listReviews(account, "locations/555", "p2")).toEqual(listed);
    expect(platform.sent[0]!.headers.authorization).toBe("Bearer ya29.gbp");
  });

  it("replies to a review as the business (a PUT: sent again, it replaces rather than adds)", async () => {
    const review = "accounts/1077/locations/555/reviews/r-1";
    const { adapter, platform } = gbp([
      {
        expect: `PUT ${V4}/${review}/reply`,
        answer: json(200, { comment: "Thank you!", updateTime: "2030-06-01T10:00:00Z" } satisfies GbpReviewReply),
      },
    ]);
    expect(await adapter.comments.reply!(account, review, "Thank you!")).toEqual({ messageId: `${review}/reply` });
    expect(platform.sent[0]!.body).toEqual({ comment: "Thank you!" } satisfies GbpReviewReply);
    const long = await platformFailure(adapter.comments.reply!(account, review, "é".repeat(2049)));
    expect([long.failure, long.code]).toEqual(["refused", "TEXT_TOO_LONG"]);
    expect(platform.sent).toHaveLength(1);
  });

  it("has no comments under posts, reposts or counts per post", async () => {
    const { adapter, platform } = gbp([]);
    expect("comment" in adapter).toBe(false);
    expect("repost" in adapter).toBe(false);
    expect("readMetrics" in adapter).toBe(false);
    expect(platform.sent).toEqual([]);
  });
});
