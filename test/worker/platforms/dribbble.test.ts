import { describe, expect, it } from "vitest";
import { DribbbleAdapter, type DribbbleError, type DribbbleUser } from "../../../src/platforms/dribbble";
import type { PlatformAccount, PublishRequest } from "../../../src/platforms/types";
import { type Answer, type Exchange, json, scriptedPlatform } from "../helpers/platform";
import { pngOf } from "../helpers/png";
import { platformFailure } from "../helpers/recorded-fetch";

// Requests and answers as Dribbble's API v2 pages show them (developer.dribbble.com/v2/oauth/, /v2/shots/,
// /v2/user/); nothing here was recorded from Dribbble itself.

const API = "https://api.dribbble.com/v2";
const ENV = { DRIBBBLE_CLIENT_ID: "drb-client", DRIBBBLE_CLIENT_SECRET: "drb-secret-8" };
const CALLBACK = "https://herald.example/api/v1/connect/dribbble/callback";

const account: PlatformAccount = {
  id: "acct_drb",
  platform: "dribbble",
  platformUserId: "483195",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "drb-token" },
};

function dribbble(script: Exchange[]) {
  const platform = scriptedPlatform(script, ENV);
  return { adapter: new DribbbleAdapter(platform.deps), platform };
}

/** A real PNG of that size, as its host serves it. */
const png = async (width: number, height: number): Promise<Answer> => {
  const file = await pngOf(width, height);
  return () => new Response(file, { headers: { "content-type": "image/png" } });
};
const accepted =
  (id = "471756"): Answer =>
  () =>
    new Response(null, { status: 202, headers: { location: `${API}/shots/${id}` } });

const request = (overrides: Partial<PublishRequest> = {}): PublishRequest => ({
  text: "A new onboarding flow\nExploring calmer colours.",
  media: [{ type: "image", url: "https://cdn.example.com/shot.png" }],
  options: { tags: ["ui", "onboarding"] },
  ...overrides,
});

describe("Dribbble: connecting", () => {
  it("sends the designer to Dribbble's consent page with the public and upload scopes", () => {
    const { adapter } = dribbble([]);
    const url = new URL(
      adapter.connection.authorizationUrl({ state: "st-4", codeChallenge: "c", redirectUri: CALLBACK }),
    );
    expect(url.origin + url.pathname).toBe("https://dribbble.com/oauth/authorize");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: "drb-client",
      redirect_uri: CALLBACK,
      scope: "public upload",
      state: "st-4",
    });
  });

  it("exchanges the code (Dribbble tokens do not expire) and reads the user", async () => {
    const { adapter, platform } = dribbble([
      {
        expect: "POST https://dribbble.com/oauth/token",
        answer: json(200, {
          access_token: "drb-new",
          token_type: "bearer",
          scope: "public upload",
          created_at: 1893456000,
        }),
      },
      {
        expect: `GET ${API}/user`,
        answer: json(200, { id: 483195, name: "Dan Cederholm", login: "simplebits" } satisfies DribbbleUser),
      },
    ]);
    const credentials = await adapter.connection.exchangeCode({
      code: "dc0de",
      codeVerifier: "v",
      redirectUri: CALLBACK,
    });
    expect(platform.sent[0]!.body).toEqual({
      client_id: "drb-client",
      client_secret: "drb-secret-8",
      code: "dc0de",
      redirect_uri: CALLBACK,
    });
    expect(credentials).toEqual({ accessToken: "drb-new", refreshToken: undefined, expiresAt: undefined });
    expect(await adapter.connection.identify!(credentials)).toEqual({
      platformUserId: "483195",
      name: "Dan Cederholm",
      subscriptionTier: null,
    });
    expect(adapter.connection.refresh).toBeUndefined();
  });

  it("a refused code keeps Dribbble's message", async () => {
    const { adapter } = dribbble([
      {
        expect: "POST https://dribbble.com/oauth/token",
        answer: json(401, {
          error: "invalid_grant",
          error_description: "The provided authorization grant is invalid.",
        }),
      },
    ]);
    const error = await platformFailure(
      adapter.connection.exchangeCode({ code: "x", codeVerifier: "v", redirectUri: CALLBACK }),
    );
    expect(error.message).toContain("The provided authorization grant is invalid.");
  });
});

describe("Dribbble: shots", () => {
  it("uploads the image with the title, the text as description and the tags; the shot id comes from Location", async () => {
    const { adapter, platform } = dribbble([
      { expect: "GET https://cdn.example.com/shot.png", answer: await png(800, 600) },
      { expect: `POST ${API}/shots`, answer: accepted() },
    ]);
    expect(await adapter.publish(account, request())).toEqual({
      platformPostId: "471756",
      url: "https://dribbble.com/shots/471756",
    });
    const shot = platform.sent[1]!;
    expect(shot.headers.authorization).toBe("Bearer drb-token");
    expect(shot.body).toMatchObject({
      title: "A new onboarding flow",
      description: "A new onboarding flow\nExploring calmer colours.",
      "tags[]": "onboarding",
      image: { file: "shot.png", type: "image/png" },
    });
  });

  it("refuses an image that is not 400×300 or 800×600, or not an image, before uploading", async () => {
    const { adapter, platform } = dribbble([
      { expect: "GET https://cdn.example.com/shot.png", answer: await png(1000, 1500) },
      {
        expect: "GET https://cdn.example.com/shot.png",
        answer: () => new Response("<html>", { headers: { "content-type": "image/png" } }),
      },
    ]);
    const size = await platformFailure(adapter.publish(account, request()));
    expect([size.failure, size.code, size.message]).toEqual([
      "refused",
      "MEDIA_NOT_SUPPORTED",
      "A Dribbble shot is exactly 400×300 or 800×600 pixels; this image is 1000×1500",
    ]);
    expect((await platformFailure(adapter.publish(account, request()))).code).toBe("MEDIA_NOT_SUPPORTED");
    const video = await platformFailure(
      adapter.publish(account, request({ media: [{ type: "video", url: "https://cdn.example.com/v.mp4" }] })),
    );
    expect(video.code).toBe("MEDIA_NOT_SUPPORTED");
    expect(platform.sent.map((s) => s.method)).toEqual(["GET", "GET"]);
  });

  it("an accepted shot without a Location, or an upload without an answer, may exist", async () => {
    const withoutLocation = dribbble([
      { expect: "GET https://cdn.example.com/shot.png", answer: await png(400, 300) },
      { expect: `POST ${API}/shots`, answer: () => new Response(null, { status: 202 }) },
    ]);
    expect((await platformFailure(withoutLocation.adapter.publish(account, request()))).failure).toBe("no_answer");
    const timedOut = dribbble([
      { expect: "GET https://cdn.example.com/shot.png", answer: await png(400, 300) },
      { expect: `POST ${API}/shots`, answer: "timeout" },
    ]);
    expect((await platformFailure(timedOut.adapter.publish(account, request()))).failure).toBe("no_answer");
  });

  it("a rate limit waits for X-RateLimit-Reset; 401 is auth_expired; validation errors keep Dribbble's words", async () => {
    const shotWith = async (answer: Answer) => {
      const { adapter } = dribbble([
        { expect: "GET https://cdn.example.com/shot.png", answer: await png(400, 300) },
        { expect: `POST ${API}/shots`, answer },
      ]);
      return platformFailure(adapter.publish(account, request()));
    };
    const reset = String(Date.UTC(2030, 5, 1) / 1000 + 42);
    const limited = await shotWith(
      json(429, { message: "API rate limit exceeded" } satisfies DribbbleError, {
        "x-ratelimit-limit": "60",
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": reset,
      }),
    );
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 42_000]);
    expect((await shotWith(json(401, { message: "Bad credentials" } satisfies DribbbleError))).failure).toBe(
      "auth_expired",
    );
    const invalid = await shotWith(
      json(422, { errors: [{ attribute: "title", message: "can't be blank" }] } satisfies DribbbleError),
    );
    expect([invalid.failure, invalid.message]).toEqual(["refused", "Dribbble refused: title can't be blank"]);
  });

  it("reports no counts and takes no comments or reposts", async () => {
    const { adapter } = dribbble([]);
    expect("readMetrics" in adapter).toBe(false);
    expect("comment" in adapter).toBe(false);
    expect("repost" in adapter).toBe(false);
  });
});
