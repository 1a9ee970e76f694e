import { describe, expect, it } from "vitest";
import { AppError } from "../../../src/lib/errors";
import {
  WordPressAdapter,
  type WordPressComment,
  type WordPressCommentWrite,
  type WordPressError,
  type WordPressMedia,
  type WordPressPost,
  type WordPressPostWrite,
  type WordPressTerm,
  type WordPressUser,
} from "../../../src/platforms/blogs/wordpress";
import type { PlatformAccount } from "../../../src/platforms/types";
import { bytes, json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

/** Answers as the WordPress REST API handbook (developer.wordpress.org/rest-api/reference) shows them. */
const SITE = "https://herald.example/blog";
const WP = `${SITE}/wp-json/wp/v2`;
const BASIC = `Basic ${btoa("editor:abcd efgh ijkl mnop qrst uvwx")}`;
const account: PlatformAccount = {
  id: "acct_wp",
  platform: "wordpress",
  platformUserId: "2@herald.example/blog",
  subscriptionTier: null,
  destinations: [{ id: "5", label: "News" }],
  credentials: { siteUrl: SITE, username: "editor", applicationPassword: "abcd efgh ijkl mnop qrst uvwx" },
};
const categories = json(200, [
  { id: 1, name: "Uncategorized" },
  { id: 5, name: "News" },
] satisfies WordPressTerm[]);
const post = json(201, {
  id: 42,
  link: "https://herald.example/blog/2026/11/shipping-herald/",
  status: "publish",
} satisfies WordPressPost);

describe("WordPress adapter", () => {
  it("connects with an application password (site path kept) and lists the categories as destinations", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${WP}/users/me?context=edit`,
        answer: json(200, { id: 2, name: "Eddie Editor", slug: "editor" } satisfies WordPressUser),
      },
      { expect: `GET ${WP}/categories?per_page=100&_fields=id,name`, answer: categories },
    ]);
    const connected = await new WordPressAdapter(platform.deps).connection.verify({
      site_url: `${SITE}/`,
      username: "editor",
      application_password: "abcd efgh ijkl mnop qrst uvwx",
    });
    expect(connected).toEqual({
      credentials: account.credentials,
      identity: {
        platformUserId: "2@herald.example/blog",
        name: "Eddie Editor on herald.example",
        subscriptionTier: null,
        destinations: [
          { id: "1", label: "Uncategorized" },
          { id: "5", label: "News" },
        ],
      },
    });
    expect(platform.sent.map((s) => s.headers.authorization)).toEqual([BASIC, BASIC]);
  });

  it("refuses a site on a private address before any request, at connect and for a stored URL", async () => {
    const platform = scriptedPlatform([]);
    const adapter = new WordPressAdapter(platform.deps);
    const error = await adapter.connection
      .verify({ site_url: "https://192.168.1.10/wp", username: "a", application_password: "b" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^site_url: must be a public https URL \(private address\)/);
    const stored = { ...account, credentials: { ...account.credentials, siteUrl: "https://localhost/blog" } };
    const refused = await platformFailure(
      adapter.publish(stored, { text: "x", media: [], options: {}, destinationId: "5" }),
    );
    expect(refused.code).toBe("SERVER_NOT_PUBLIC");
    expect(platform.sent).toEqual([]);
  });

  it("refuses a wrong application password as auth_expired, with WordPress's message", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${WP}/users/me?context=edit`,
        answer: json(401, {
          code: "incorrect_password",
          message: "The provided password is an invalid application password.",
          data: { status: 401 },
        } satisfies WordPressError),
      },
    ]);
    const error = await platformFailure(
      new WordPressAdapter(platform.deps).connection.verify({
        site_url: SITE,
        username: "a",
        application_password: "b",
      }),
    );
    expect([error.failure, error.message]).toEqual([
      "auth_expired",
      "WordPress no longer accepts the account: The provided password is an invalid application password. (incorrect_password)",
    ]);
  });

  it("publishes an article: Markdown as HTML, tags by name (found or made), the category, the cover as featured image", async () => {
    const platform = scriptedPlatform([
      {
        expect: `GET ${WP}/tags?search=news&per_page=100&_fields=id,name`,
        answer: json(200, [{ id: 7, name: "News" }] satisfies WordPressTerm[]),
      },
      { expect: `GET ${WP}/tags?search=launch%20day&per_page=100&_fields=id,name`, answer: json(200, []) },
      { expect: `POST ${WP}/tags`, answer: json(201, { id: 8, name: "launch day" } satisfies WordPressTerm) },
      { expect: "GET https://cdn.example/cover.jpg", answer: bytes(2048, "image/jpeg") },
      {
        expect: `POST ${WP}/media`,
        answer: json(201, {
          id: 90,
          source_url: "https://herald.example/blog/wp-content/uploads/cover.jpg",
        } satisfies WordPressMedia),
      },
      { expect: `POST ${WP}/posts`, answer: post },
    ]);
    const result = await new WordPressAdapter(platform.deps).publish(account, {
      text: "ignored",
      media: [],
      options: {},
      destinationId: "5",
      article: {
        title: "Shipping Herald",
        body: "## Why\n\nIt **works**.",
        tags: ["news", "launch day"],
        coverImage: "https://cdn.example/cover.jpg",
      },
    });
    expect(result).toEqual({ platformPostId: "42", url: "https://herald.example/blog/2026/11/shipping-herald/" });
    expect(platform.sent[2]!.body).toEqual({ name: "launch day" });
    expect(platform.sent[4]!.headers).toMatchObject({
      "content-type": "image/jpeg",
      "content-disposition": 'attachment; filename="cover.jpg"',
    });
    expect(platform.sent[4]!.body).toEqual({ bytes: 2048, type: "image/jpeg" });
    expect(platform.sent[5]!.body).toEqual({
      title: "Shipping Herald",
      content: "<h2>Why</h2>\n<p>It <strong>works</strong>.</p>\n",
      status: "publish",
      categories: [5],
      tags: [7, 8],
      featured_media: 90,
    } satisfies WordPressPostWrite);
  });

  it("keeps a draft a draft, and places uploaded media after the text", async () => {
    const platform = scriptedPlatform([
      { expect: "GET https://cdn.example/clip.mp4", answer: bytes(4096, "video/mp4") },
      {
        expect: `POST ${WP}/media`,
        answer: json(201, { id: 91, source_url: "https://herald.example/u/clip.mp4" } satisfies WordPressMedia),
      },
      { expect: `POST ${WP}/posts`, answer: post },
    ]);
    await new WordPressAdapter(platform.deps).publish(account, {
      text: "Plain text",
      media: [{ type: "video", url: "https://cdn.example/clip.mp4" }],
      options: { draft: true },
      destinationId: "5",
    });
    expect(platform.sent[2]!.body).toEqual({
      content:
        '<p>Plain text</p>\n\n<figure class="wp-block-video"><video controls src="https://herald.example/u/clip.mp4"></video></figure>',
      status: "draft",
      categories: [5],
    } satisfies WordPressPostWrite);
  });

  it("keeps WordPress's refusal, waits on 429, and never retries a post sent without an answer", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${WP}/posts`,
        answer: json(403, {
          code: "rest_cannot_create",
          message: "Sorry, you are not allowed to create posts as this user.",
        } satisfies WordPressError),
      },
      {
        expect: `POST ${WP}/posts`,
        answer: json(429, { code: "too_many", message: "Slow down" } satisfies WordPressError, { "retry-after": "90" }),
      },
      { expect: `POST ${WP}/posts`, answer: "timeout" },
    ]);
    const adapter = new WordPressAdapter(platform.deps);
    const publish = () => adapter.publish(account, { text: "x", media: [], options: {}, destinationId: "5" });
    const denied = await platformFailure(publish());
    expect([denied.failure, denied.code]).toEqual(["refused", "PERMISSION_DENIED"]);
    const limited = await platformFailure(publish());
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 90_000]);
    expect((await platformFailure(publish())).failure).toBe("no_answer");
  });

  it("comments on a post, and counts its comments (a deleted post is null)", async () => {
    const platform = scriptedPlatform([
      {
        expect: `POST ${WP}/comments`,
        answer: json(201, { id: 300, link: "https://herald.example/blog/p/#comment-300" } satisfies WordPressComment),
      },
      { expect: `GET ${WP}/posts/42?_fields=id`, answer: json(200, { id: 42 } satisfies Pick<WordPressPost, "id">) },
      {
        expect: `GET ${WP}/comments?post=42&per_page=1&_fields=id`,
        answer: json(200, [{ id: 300 }] satisfies Pick<WordPressComment, "id">[], { "x-wp-total": "6" }),
      },
      {
        expect: `GET ${WP}/posts/43?_fields=id`,
        answer: json(404, { code: "rest_post_invalid_id", message: "Invalid post ID." } satisfies WordPressError),
      },
    ]);
    const adapter = new WordPressAdapter(platform.deps);
    expect(await adapter.comment(account, "42", "Thanks!")).toEqual({
      platformPostId: "300",
      url: "https://herald.example/blog/p/#comment-300",
    });
    expect(platform.sent[0]!.body).toEqual({ post: 42, content: "Thanks!" } satisfies WordPressCommentWrite);
    // One post at a time: the script answers in order.
    expect(Object.fromEntries(await adapter.readMetrics(account, ["42"]))).toEqual({
      "42": { likes: 0, comments: 6, reposts: 0, views: 0 },
    });
    expect(Object.fromEntries(await adapter.readMetrics(account, ["43"]))).toEqual({ "43": null });
  });
});
