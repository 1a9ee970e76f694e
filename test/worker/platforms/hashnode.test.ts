import { describe, expect, it } from "vitest";
import {
  HashnodeAdapter,
  type HashnodeAnswer,
  type HashnodeCreateDraftInput,
  type HashnodeDraftData,
  type HashnodeMeData,
  type HashnodePostData,
  type HashnodePublishData,
  type HashnodePublishPostInput,
} from "../../../src/platforms/blogs/hashnode";
import type { PlatformAccount } from "../../../src/platforms/types";
import { json, scriptedPlatform } from "../helpers/platform";
import { platformFailure } from "../helpers/recorded-fetch";

/** Answers shaped as Hashnode's GraphQL schema and its documented errors (Hashnode/gql-skill references). */
const GQL = "POST https://gql-beta.hashnode.com/";
const account: PlatformAccount = {
  id: "acct_hn",
  platform: "hashnode",
  platformUserId: "u1:pub1",
  subscriptionTier: null,
  destinations: [],
  credentials: { accessToken: "hn-pat-0123456789", publicationId: "pub1" },
};
const me = json(200, {
  data: {
    me: {
      id: "u1",
      username: "herald",
      name: "Herald",
      publications: {
        edges: [
          { node: { id: "pub1", title: "Herald Blog", url: "https://blog.herald.example" } },
          { node: { id: "pub2", title: "Herald Notes", url: "https://notes.hashnode.dev" } },
        ],
      },
    },
  },
} satisfies HashnodeAnswer<HashnodeMeData>);
const article = {
  title: "Shipping Herald",
  body: "# Hello",
  tags: ["Web Dev", "cloudflare"],
  canonicalUrl: "https://herald.example/1",
  coverImage: "https://cdn.example/c.png",
};

describe("Hashnode adapter", () => {
  it("connects with a token and picks the publication named by host (or the first)", async () => {
    const platform = scriptedPlatform([
      { expect: GQL, answer: me },
      { expect: GQL, answer: me },
    ]);
    const adapter = new HashnodeAdapter(platform.deps);
    const named = await adapter.connection.verify({
      access_token: "hn-pat-0123456789",
      publication_host: "notes.hashnode.dev",
    });
    expect(named).toEqual({
      credentials: { accessToken: "hn-pat-0123456789", publicationId: "pub2" },
      identity: { platformUserId: "u1:pub2", name: "Herald (Herald Notes)", subscriptionTier: null },
    });
    const first = await adapter.connection.verify({ access_token: "hn-pat-0123456789" });
    expect(first.credentials.publicationId).toBe("pub1");
    expect(platform.sent[0]!.headers.authorization).toBe("hn-pat-0123456789");
    expect((platform.sent[0]!.body as { variables: unknown }).variables).toEqual({ first: 20 });
  });

  it("refuses a token Hashnode does not accept, and a publication the user does not have", async () => {
    const platform = scriptedPlatform([
      {
        expect: GQL,
        answer: json(200, {
          errors: [{ message: "Invalid token", extensions: { code: "UNAUTHENTICATED" } }],
        } satisfies HashnodeAnswer<never>),
      },
      { expect: GQL, answer: me },
    ]);
    const adapter = new HashnodeAdapter(platform.deps);
    const bad = await platformFailure(adapter.connection.verify({ access_token: "hn-pat-wrong-000" }));
    expect([bad.failure, bad.message]).toEqual(["auth_expired", "Hashnode no longer accepts the token: Invalid token"]);
    const elsewhere = await platformFailure(
      adapter.connection.verify({ access_token: "hn-pat-0123456789", publication_host: "other.example" }),
    );
    expect([elsewhere.failure, elsewhere.message]).toEqual(["refused", "herald has no publication at other.example"]);
  });

  it("publishes with publishPost: Markdown, tag slugs, the canonical URL and the cover", async () => {
    const platform = scriptedPlatform([
      {
        expect: GQL,
        answer: json(200, {
          data: { publishPost: { post: { id: "p9", url: "https://blog.herald.example/hello" } } },
        } satisfies HashnodeAnswer<HashnodePublishData>),
      },
    ]);
    const result = await new HashnodeAdapter(platform.deps).publish(account, {
      text: "x",
      media: [],
      options: {},
      article,
    });
    expect(result).toEqual({ platformPostId: "p9", url: "https://blog.herald.example/hello" });
    const sent = platform.sent[0]!.body as { query: string; variables: unknown };
    expect(sent.query).toContain("publishPost(input: $input)");
    expect(sent.variables).toEqual({
      input: {
        publicationId: "pub1",
        title: "Shipping Herald",
        contentMarkdown: "# Hello",
        tags: [
          { slug: "web-dev", name: "Web Dev" },
          { slug: "cloudflare", name: "cloudflare" },
        ],
        originalArticleURL: "https://herald.example/1",
        coverImage: "https://cdn.example/c.png",
      } satisfies HashnodePublishPostInput,
    });
  });

  it("skips a publication without a URL (the schema allows none) when looking one up by host", async () => {
    const platform = scriptedPlatform([
      {
        expect: GQL,
        answer: json(200, {
          data: {
            me: {
              id: "u1",
              username: "herald",
              name: "Herald",
              publications: {
                edges: [
                  { node: { id: "pub0", title: "Unhosted", url: null } },
                  { node: { id: "pub2", title: "Herald Notes", url: "https://notes.hashnode.dev" } },
                ],
              },
            },
          },
        } satisfies HashnodeAnswer<HashnodeMeData>),
      },
    ]);
    const named = await new HashnodeAdapter(platform.deps).connection.verify({
      access_token: "hn-pat-0123456789",
      publication_host: "notes.hashnode.dev",
    });
    expect(named.credentials.publicationId).toBe("pub2");
  });

  it("saves a draft with createDraft when metadata.draft is true", async () => {
    const platform = scriptedPlatform([
      {
        expect: GQL,
        answer: json(200, {
          data: { createDraft: { draft: { id: "d4" } } },
        } satisfies HashnodeAnswer<HashnodeDraftData>),
      },
    ]);
    const result = await new HashnodeAdapter(platform.deps).publish(account, {
      text: "body from the text",
      media: [],
      options: { draft: true },
      article: { title: "Later", coverImage: "https://cdn.example/c.png" },
    });
    expect(result).toEqual({ platformPostId: "draft:d4" });
    const sent = platform.sent[0]!.body as { query: string; variables: unknown };
    expect(sent.query).toContain("createDraft(input: $input)");
    expect(sent.variables).toEqual({
      input: {
        publicationId: "pub1",
        title: "Later",
        contentMarkdown: "body from the text",
        coverImageOptions: { coverImageURL: "https://cdn.example/c.png" },
      } satisfies HashnodeCreateDraftInput,
    });
  });

  it("passes on the Pro-plan refusal, waits on 429, and never retries a publish without an answer", async () => {
    const pro = "Publication does not have an active Pro plan. Upgrade in your dashboard to access this via the API.";
    const platform = scriptedPlatform([
      {
        expect: GQL,
        answer: json(200, {
          errors: [{ message: pro, extensions: { code: "FORBIDDEN" } }],
        } satisfies HashnodeAnswer<never>),
      },
      {
        expect: GQL,
        answer: json(429, { errors: [{ message: "Too many requests" }] } satisfies HashnodeAnswer<never>, {
          "retry-after": "12",
        }),
      },
      { expect: GQL, answer: "timeout" },
      { expect: GQL, answer: "network-error" },
    ]);
    const adapter = new HashnodeAdapter(platform.deps);
    const publish = () => adapter.publish(account, { text: "x", media: [], options: {}, article });
    const refused = await platformFailure(publish());
    expect([refused.failure, refused.message]).toEqual(["refused", `Hashnode refused: ${pro}`]);
    const limited = await platformFailure(publish());
    expect([limited.failure, limited.retryAfterMs]).toEqual(["rate_limited", 12_000]);
    expect((await platformFailure(publish())).failure).toBe("no_answer");
    expect((await platformFailure(publish())).failure).toBe("no_answer");
  });

  it("reads reactions, replies and views per post; a missing post is null, a draft counts nothing", async () => {
    const platform = scriptedPlatform([
      {
        expect: GQL,
        answer: json(200, {
          data: { post: { id: "p9", reactionCount: 8, replyCount: 1, responseCount: 2, views: 120 } },
        } satisfies HashnodeAnswer<HashnodePostData>),
      },
      { expect: GQL, answer: json(200, { data: { post: null } } satisfies HashnodeAnswer<HashnodePostData>) },
    ]);
    const metrics = await new HashnodeAdapter(platform.deps).readMetrics(account, ["p9", "gone", "draft:d4"]);
    expect(Object.fromEntries(metrics)).toEqual({
      p9: { likes: 8, comments: 3, reposts: 0, views: 120 },
      gone: null,
      "draft:d4": { likes: 0, comments: 0, reposts: 0, views: 0 },
    });
  });

  it("a read that times out is transient", async () => {
    const platform = scriptedPlatform([{ expect: GQL, answer: "timeout" }]);
    const error = await platformFailure(new HashnodeAdapter(platform.deps).readMetrics(account, ["p9"]));
    expect(error.failure).toBe("transient");
  });
});
