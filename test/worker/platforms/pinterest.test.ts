import { describe, expect, it } from "vitest";
import {
  type PinterestAccount,
  PinterestAdapter,
  type PinterestBoard,
  type PinterestBoardCreate,
  type PinterestBoardPage,
  type PinterestError,
  type PinterestMedia,
  type PinterestMediaUpload,
  type PinterestPin,
  type PinterestPinCreate,
} from "../../../src/platforms/pinterest";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type Answer, type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { fakeTime, platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as Pinterest's API v5 reference (pinterest/api-description openapi.yaml: pins/create,
// media/create, boards/list, user_account/get, oauth/token) and its guides show them; nothing here was
// recorded from Pinterest itself.

const API = "https://api.pinterest.com/v5";
const ENV = { PINTEREST_APP_ID: "1484362", PINTEREST_APP_SECRET: "pin-secret-5" };
const CALLBACK = "https://herald.example/api/v1/connect/pinterest/callback";
const S3 = "https://pinterest-media-upload.s3-accelerate.amazonaws.com/";
const BASIC = `Basic ${btoa("1484362:pin-secret-5")}`;

const account: PlatformAccount = {
  id: "acct_pin",
  platform: "pinterest",
  platformUserId: "2783136121146311751",
  subscriptionTier: null,
  destinations: [{ id: "549755885175", label: "Summer recipes" }],
  credentials: { accessToken: "pina_token", refreshToken: "pinr_refresh" },
};

function pinterest(script: Exchange[]) {
  const platform = scriptedPlatform(script, ENV);
  const time = fakeTime();
  return { adapter: new PinterestAdapter({ ...platform.deps, ...time }), platform, time };
}

const pin = (id = "813744226420795884") => json(201, { id, board_id: "549755885175" } satisfies PinterestPin);
const pinterestError = (status: number, code: number, message: string, headers: Record<string, string> = {}) =>
  json(status, { code, message } satisfies PinterestError, headers);

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "Our favourite summer salad",
  media: [{ type: "image", url: "https://cdn.example.com/salad.jpg", altText: "A bowl of salad" }],
  destinationId: "549755885175",
  options: { title: "Summer salad", link: "https://example.com/salad" },
  ...overrides,
});

describe("Pinterest: connecting", () => {
  it("sends the user to Pinterest's consent page with comma-separated scopes and the state", () => {
    const { adapter } = pinterest([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st-3", codeChallenge: "c", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://www.pinterest.com/oauth/");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "1484362",
      redirect_uri: CALLBACK,
      response_type: "code",
      scope: "boards:read,pins:read,pins:write,user_accounts:read",
      state: "st-3",
    });
  });

  it("exchanges the code with Basic auth, then reads the account and its boards as destinations", async () => {
    const { adapter, platform, time } = pinterest([
      {
        expect: `POST ${API}/oauth/token`,
        answer: json(200, {
          access_token: "pina_new",
          refresh_token: "pinr_new",
          response_type: "authorization_code",
          token_type: "bearer",
          expires_in: 2592000,
          refresh_token_expires_in: 5184000,
          scope: "boards:read,pins:read,pins:write,user_accounts:read",
        }),
      },
      {
        expect: `GET ${API}/user_account`,
        answer: json(200, {
          id: "2783136121146311751",
          username: "herald",
          business_name: "Herald",
        } satisfies PinterestAccount),
      },
      {
        expect: `GET ${API}/boards?page_size=250`,
        answer: json(200, {
          items: [{ id: "549755885175", name: "Summer recipes" }],
          bookmark: "Yjo1",
        } satisfies PinterestBoardPage),
      },
      {
        expect: `GET ${API}/boards?page_size=250&bookmark=Yjo1`,
        answer: json(200, {
          items: [{ id: "549755885176", name: "Winter" }],
          bookmark: null,
        } satisfies PinterestBoardPage),
      },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "pc0de",
      codeVerifier: "v",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.headers.authorization).toBe(BASIC);
    expect(platform.sent[0]!.body).toEqual({ grant_type: "authorization_code", code: "pc0de", redirect_uri: CALLBACK });
    expect(credentials).toEqual({
      accessToken: "pina_new",
      refreshToken: "pinr_new",
      expiresAt: time.now() + 2_592_000_000,
    });
    expect(await adapter.connection.identify!(credentials)).toEqual({
      platformUserId: "2783136121146311751",
      name: "Herald",
      subscriptionTier: null,
      destinations: [
        { id: "549755885175", label: "Summer recipes" },
        { id: "549755885176", label: "Winter" },
      ],
    });
  });

  it("refreshes with Basic auth, keeping the new refresh token; a refused refresh means connecting again", async () => {
    const { adapter, platform } = pinterest([
      {
        expect: `POST ${API}/oauth/token`,
        answer: json(200, { access_token: "pina_2", refresh_token: "pinr_2", expires_in: 2592000, scope: "x" }),
      },
      { expect: `POST ${API}/oauth/token`, answer: pinterestError(400, 1, "Invalid refresh token.") },
    ]);
    const fresh = await adapter.connection.refresh!({ accessToken: "a", refreshToken: "pinr_1" });
    expect(platform.sent[0]!.body).toEqual({ grant_type: "refresh_token", refresh_token: "pinr_1" });
    expect([fresh.accessToken, fresh.refreshToken]).toEqual(["pina_2", "pinr_2"]);
    const refused = await platformFailure(adapter.connection.refresh!({ accessToken: "a", refreshToken: "x" }));
    expect([refused.failure, refused.message]).toEqual([
      "auth_expired",
      "Pinterest refused to renew the tokens: Pinterest refused: Invalid refresh token.",
    ]);
  });

  it("lists the boards as destinations", async () => {
    const { adapter, platform } = pinterest([
      {
        expect: `GET ${API}/boards?page_size=250`,
        answer: json(200, { items: [{ id: "1", name: "Boards" }] } satisfies PinterestBoardPage),
      },
    ]);
    expect(await adapter.listDestinations(account)).toEqual([{ id: "1", label: "Boards" }]);
    expect(platform.sent[0]!.headers.authorization).toBe("Bearer pina_token");
  });
});

describe("Pinterest: pinning", () => {
  it("pins one image to the board with title, description, link and alt text; Pinterest fetches the image", async () => {
    const { adapter, platform } = pinterest([{ expect: `POST ${API}/pins`, answer: pin() }]);
    expect(await adapter.publish(account, request())).toEqual({
      platformPostId: "813744226420795884",
      url: "https://www.pinterest.com/pin/813744226420795884/",
    });
    expect(platform.sent[0]!.body).toEqual({
      board_id: "549755885175",
      description: "Our favourite summer salad",
      title: "Summer salad",
      link: "https://example.com/salad",
      alt_text: "A bowl of salad",
      media_source: { source_type: "image_url", url: "https://cdn.example.com/salad.jpg" },
    });
  });

  it("pins 2–5 images as a carousel", async () => {
    const { adapter, platform } = pinterest([{ expect: `POST ${API}/pins`, answer: pin() }]);
    const images = ["a", "b", "c"].map((n) => ({ type: "image" as const, url: `https://cdn.example.com/${n}.jpg` }));
    await adapter.publish(account, request({ media: images, options: {} }));
    expect((platform.sent[0]!.body as any).media_source).toEqual({
      source_type: "multiple_image_urls",
      items: images.map(({ url }) => ({ url })),
    });
  });

  it("uploads a video to the URL Pinterest gives, waits until processed, then pins it with its cover", async () => {
    const size = 3 * 1024 * 1024;
    const { adapter, platform, time } = pinterest([
      {
        expect: "GET https://cdn.example.com/summer.mp4",
        answer: () =>
          new Response(new Uint8Array(size).fill(1), {
            headers: { "content-type": "video/mp4", "content-length": String(size) },
          }),
      },
      {
        expect: `POST ${API}/media`,
        answer: json(201, {
          media_id: "12345",
          media_type: "video",
          upload_url: S3,
          upload_parameters: { key: "uploads/11/aa/22/3:video:2030", policy: "eyJleHBp", "x-amz-signature": "fcd630" },
        } satisfies PinterestMediaUpload),
      },
      { expect: `POST ${S3}`, answer: () => new Response(null, { status: 204 }) },
      {
        expect: `GET ${API}/media/12345`,
        answer: json(200, { media_id: "12345", media_type: "video", status: "processing" } satisfies PinterestMedia),
      },
      {
        expect: `GET ${API}/media/12345`,
        answer: json(200, { media_id: "12345", media_type: "video", status: "succeeded" } satisfies PinterestMedia),
      },
      { expect: `POST ${API}/pins`, answer: pin("99") },
    ]);
    const media = [
      { type: "video" as const, url: "https://cdn.example.com/summer.mp4", coverUrl: "https://cdn.example.com/c.jpg" },
    ];
    expect((await adapter.publish(account, request({ media, options: {} }))).platformPostId).toBe("99");
    const [, register, upload] = platform.sent;
    expect(register!.body).toEqual({ media_type: "video" });
    // The upload URL takes the form fields Pinterest named, then the file; Herald's token is not sent there.
    expect(upload!.headers.authorization).toBeUndefined();
    expect(upload!.body).toEqual({
      key: "uploads/11/aa/22/3:video:2030",
      policy: "eyJleHBp",
      "x-amz-signature": "fcd630",
      file: { file: "summer.mp4", type: "video/mp4", size },
    });
    expect((platform.sent[5]!.body as any).media_source).toEqual({
      source_type: "video_id",
      media_id: "12345",
      cover_image_url: "https://cdn.example.com/c.jpg",
    });
    expect(time.sleeps).toEqual([10_000]);
  });

  it("pins a Pin that names no board on the account's first board", async () => {
    const { adapter, platform } = pinterest([
      {
        expect: `GET ${API}/boards?page_size=250`,
        answer: json(200, {
          items: [
            { id: "549755885176", name: "Winter" },
            { id: "549755885175", name: "Summer recipes" },
          ],
          bookmark: "Yjo1",
        } satisfies PinterestBoardPage),
      },
      { expect: `POST ${API}/pins`, answer: pin() },
    ]);
    await adapter.publish(account, request({ destinationId: undefined }));
    expect((platform.sent[1]!.body as PinterestPinCreate).board_id).toBe("549755885176");
  });

  it("makes a board named after an account that has none, and pins there", async () => {
    const { adapter, platform } = pinterest([
      { expect: `GET ${API}/boards?page_size=250`, answer: json(200, { items: [] } satisfies PinterestBoardPage) },
      {
        expect: `GET ${API}/user_account`,
        answer: json(200, {
          id: "2783136121146311751",
          username: "herald",
          business_name: "Herald Studio",
        } satisfies PinterestAccount),
      },
      {
        expect: `POST ${API}/boards`,
        answer: json(201, { id: "549755885999", name: "Herald Studio" } satisfies PinterestBoard),
      },
      { expect: `POST ${API}/pins`, answer: pin() },
    ]);
    await adapter.publish(account, request({ destinationId: undefined }));
    expect(platform.sent[2]!.body).toEqual({ name: "Herald Studio", privacy: "PUBLIC" } satisfies PinterestBoardCreate);
    expect((platform.sent[3]!.body as PinterestPinCreate).board_id).toBe("549755885999");
  });

  it("reads the followers from the user account", async () => {
    const me = (follower_count?: number | null) =>
      json(200, { id: "2783136121146311751", username: "herald", follower_count } satisfies PinterestAccount);
    const { adapter } = pinterest([
      { expect: `GET ${API}/user_account`, answer: me(1520) },
      { expect: `GET ${API}/user_account`, answer: me(null) },
    ]);
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null, followers: 1520 });
    expect(await adapter.readProfile(account)).toEqual({ subscriptionTier: null });
  });

  it("refuses a video without a cover, or six images, before sending anything", async () => {
    const { adapter, platform } = pinterest([]);
    const cover = await platformFailure(
      adapter.publish(account, request({ media: [{ type: "video", url: "https://cdn.example.com/v.mp4" }] })),
    );
    expect(cover.code).toBe("MEDIA_NOT_SUPPORTED");
    const six = Array.from({ length: 6 }, (_, i) => ({
      type: "image" as const,
      url: `https://cdn.example.com/${i}.jpg`,
    }));
    expect((await platformFailure(adapter.publish(account, request({ media: six })))).code).toBe("MEDIA_NOT_SUPPORTED");
    expect(platform.sent).toEqual([]);
  });

  it("a video Pinterest cannot process is refused, and nothing is pinned", async () => {
    const { adapter, platform } = pinterest([
      {
        expect: "GET https://cdn.example.com/v.mp4",
        answer: () => new Response(new Uint8Array(10), { headers: { "content-length": "10" } }),
      },
      {
        expect: `POST ${API}/media`,
        answer: json(201, {
          media_id: "7",
          media_type: "video",
          upload_url: S3,
          upload_parameters: {},
        } satisfies PinterestMediaUpload),
      },
      { expect: `POST ${S3}`, answer: () => new Response(null, { status: 204 }) },
      {
        expect: `GET ${API}/media/7`,
        answer: json(200, { media_id: "7", media_type: "video", status: "failed" } satisfies PinterestMedia),
      },
    ]);
    const media = [
      { type: "video" as const, url: "https://cdn.example.com/v.mp4", coverUrl: "https://cdn.example.com/c.jpg" },
    ];
    const error = await platformFailure(adapter.publish(account, request({ media })));
    expect([error.failure, error.code]).toEqual(["refused", "MEDIA_REJECTED"]);
    expect(platform.remaining).toEqual([]);
  });
});

describe("Pinterest: failures in Herald's terms", () => {
  const pinWith = (answer: Answer | "timeout" | "network-error") =>
    pinterest([{ expect: `POST ${API}/pins`, answer }]).adapter.publish(account, request());

  it("429 waits for Retry-After (a minute when absent); 401 is auth_expired", async () => {
    const limited = await platformFailure(
      pinWith(pinterestError(429, 8, "You have exceeded your rate limit.", { "retry-after": "45" })),
    );
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 45_000]);
    const bare = await platformFailure(pinWith(pinterestError(429, 8, "You have exceeded your rate limit.")));
    expect(bare.retryAfterMs).toBe(60_000);
    expect((await platformFailure(pinWith(pinterestError(401, 2, "Authentication failed.")))).failure).toBe(
      "auth_expired",
    );
  });

  it("a refusal keeps Pinterest's message; a Pin sent without an answer may exist", async () => {
    const refused = await platformFailure(pinWith(pinterestError(400, 1, "Invalid board_id")));
    expect([refused.failure, refused.code, refused.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      "Pinterest refused: Invalid board_id",
    ]);
    expect((await platformFailure(pinWith("timeout"))).failure).toBe("no_answer");
    expect(
      (await platformFailure(pinWith(json(503, { code: 0, message: "unavailable" } satisfies PinterestError)))).failure,
    ).toBe("transient");
  });
});

describe("Pinterest: reading", () => {
  it("reads each Pin's lifetime metrics; a Pin gone is null", async () => {
    const { adapter } = pinterest([
      {
        expect: `GET ${API}/pins/1?pin_metrics=true`,
        answer: json(200, {
          id: "1",
          pin_metrics: {
            "90d": { pin_click: 7, impression: 2, clickthrough: 3 },
            lifetime_metrics: { pin_click: 7, impression: 250, clickthrough: 3, reaction: 10, comment: 2, save: 4 },
          },
        } satisfies PinterestPin),
      },
      { expect: `GET ${API}/pins/2?pin_metrics=true`, answer: pinterestError(404, 50, "Pin not found.") },
    ]);
    const metrics = await adapter.readMetrics(account, ["1", "2"]);
    expect(metrics.get("1")).toEqual({ likes: 10, comments: 2, reposts: 4, views: 250 });
    expect(metrics.get("2")).toBeNull();
  });

  it("has no comments or reposts", async () => {
    const { adapter } = pinterest([]);
    expect("comment" in adapter).toBe(false);
    expect("repost" in adapter).toBe(false);
  });
});
