import { describe, expect, it } from "vitest";
import {
  type DevArticle,
  type DevArticleCreate,
  type DevError,
  type DevMyArticle,
  DevtoAdapter,
  type DevUser,
} from "../../../src/platforms/blogs/devto";
import type { PlatformAccount } from "../../../src/platforms/types";
import { json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

/** Answers as the Forem API v1 reference (developers.forem.com/api/v1) shows them. */
const API = "https://dev.to/api";
const account: PlatformAccount = {
  id: "acct_dev",
  platform: "devto",
  platformUserId: "1234",
  subscriptionTier: null,
  destinations: [],
  credentials: { apiKey: "dev-key-0123456789" },
};
const article = { title: "Shipping Herald", body: "# Hello\n\nIt works.", tags: ["webdev", "cloudflare"] };
const created = json(201, {
  id: 150589,
  url: "https://dev.to/herald/shipping-herald-4kl1",
  published: true,
} satisfies DevArticle);

describe("DEV adapter", () => {
  it("connects with an API key checked against /users/me", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${API}/users/me`,
        answer: json(200, { id: 1234, username: "herald", name: "Herald" } satisfies DevUser),
      },
    ]);
    const connected = await new DevtoAdapter(platform.deps).connection.verify({ api_key: "dev-key-0123456789" });
    expect(connected).toEqual({
      credentials: { apiKey: "dev-key-0123456789" },
      identity: { platformUserId: "1234", name: "Herald", subscriptionTier: null },
    });
    expect(platform.sent[0]!.headers).toMatchObject({
      "api-key": "dev-key-0123456789",
      accept: "application/vnd.forem.api-v1+json",
    });
  });

  it("a refused key is auth_expired at connect (the connect service answers 400 connect_refused)", async () => {
    const platform = scriptedPlatform([
      { expect: `GET ${API}/users/me`, answer: json(401, { error: "unauthorized", status: 401 } satisfies DevError) },
    ]);
    const error = await platformFailure(
      new DevtoAdapter(platform.deps).connection.verify({ api_key: "wrong-key-000" }),
    );
    expect([error.failure, error.message]).toEqual(["auth_expired", "DEV no longer accepts the account: unauthorized"]);
  });

  it("publishes an article in Markdown with tags, canonical URL and cover image", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${API}/articles`, answer: created }]);
    const result = await new DevtoAdapter(platform.deps).publish(account, {
      text: "ignored when the article has a body",
      media: [],
      options: {},
      article: { ...article, canonicalUrl: "https://herald.example/blog/1", coverImage: "https://cdn.example/c.png" },
    });
    expect(result).toEqual({ platformPostId: "150589", url: "https://dev.to/herald/shipping-herald-4kl1" });
    expect(platform.sent[0]!.body).toEqual({
      article: {
        title: "Shipping Herald",
        body_markdown: "# Hello\n\nIt works.",
        published: true,
        tags: ["webdev", "cloudflare"],
        canonical_url: "https://herald.example/blog/1",
        main_image: "https://cdn.example/c.png",
      },
    } satisfies DevArticleCreate);
  });

  it("keeps a draft unpublished, and takes the post text as the body when the article has none", async () => {
    const platform = scriptedPlatform([{ expect: `POST ${API}/articles`, answer: created }]);
    await new DevtoAdapter(platform.deps).publish(account, {
      text: "The shared text",
      media: [],
      options: { draft: true },
      article: { title: "Draft" },
    });
    expect(platform.sent[0]!.body).toEqual({
      article: { title: "Draft", body_markdown: "The shared text", published: false },
    } satisfies DevArticleCreate);
  });

  it("refuses before sending an article without a title, or with media", async () => {
    const platform = scriptedPlatform([]);
    const adapter = new DevtoAdapter(platform.deps);
    const untitled = await platformFailure(adapter.publish(account, { text: "x", media: [], options: {} }));
    const withMedia = await platformFailure(
      adapter.publish(account, {
        text: "x",
        media: [{ type: "image", url: "https://cdn.example/p.png" }],
        options: {},
        article,
      }),
    );
    expect([untitled.code, withMedia.code]).toEqual(["ARTICLE_TITLE_REQUIRED", "MEDIA_NOT_SUPPORTED"]);
    expect(platform.sent).toEqual([]);
  });

  it("keeps DEV's refusal, waits for Retry-After on 429, and never retries an article sent without an answer", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${API}/articles`,
        answer: json(422, { error: "Tag list exceed the maximum of 4 tags", status: 422 } satisfies DevError),
      },
      {
        expect: `POST ${API}/articles`,
        answer: json(429, { error: "Rate limit reached", status: 429 } satisfies DevError, { "retry-after": "30" }),
      },
      { expect: `POST ${API}/articles`, answer: "timeout" },
      { expect: `POST ${API}/articles`, answer: json(503, { error: "Service Unavailable" } satisfies DevError) },
    ]);
    const adapter = new DevtoAdapter(platform.deps);
    const publish = () => adapter.publish(account, { text: "x", media: [], options: {}, article });
    const refused = await platformFailure(publish());
    expect([refused.failure, refused.code, refused.message]).toEqual([
      "refused",
      "PLATFORM_REFUSED",
      "DEV refused: Tag list exceed the maximum of 4 tags",
    ]);
    const limited = await platformFailure(publish());
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 30_000]);
    const timedOut = await platformFailure(publish());
    expect([timedOut.failure, timedOut.retryable]).toEqual(["no_answer", false]);
    expect((await platformFailure(publish())).failure).toBe("transient");
  });

  it("reads reactions, comments and page views of the account's articles in one listing; a missing one is null", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${API}/articles/me/all?page=1&per_page=1000`,
        answer: json(200, [
          { id: 150589, public_reactions_count: 12, comments_count: 3, page_views_count: 400 },
          { id: 7, public_reactions_count: 1, comments_count: 0, page_views_count: 5 },
        ] satisfies DevMyArticle[]),
      },
    ]);
    const metrics = await new DevtoAdapter(platform.deps).readMetrics(account, ["150589", "999"]);
    expect(Object.fromEntries(metrics)).toEqual({
      "150589": { likes: 12, comments: 3, reposts: 0, views: 400 },
      "999": null,
    });
  });

  it("a read that times out is transient (nothing was created)", async () => {
    const platform = scriptedPlatform([
      { expect: `GET ${API}/articles/me/all?page=1&per_page=1000`, answer: "timeout" },
    ]);
    const error = await platformFailure(new DevtoAdapter(platform.deps).readMetrics(account, ["1"]));
    expect(error.failure).toBe("transient");
  });
});
