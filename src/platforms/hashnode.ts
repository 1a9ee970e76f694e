import { z } from "@hono/zod-openapi";
import { credential, failureOf, type HttpAnswer, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "./http";
import { countsPerPost } from "./metrics";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Metrics,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "./types";

/** Hashnode's public GraphQL endpoint (the older gql.hashnode.com now only answers a deprecation notice). */
const ENDPOINT = "https://gql-beta.hashnode.com/";
const PUBLICATIONS = 20;

const ConnectInput = z.object({
  access_token: z
    .string()
    .min(10)
    .max(200)
    .openapi({ description: "A Personal Access Token from https://hashnode.com/settings/developer" }),
  publication_host: z
    .string()
    .min(3)
    .max(253)
    .optional()
    .openapi({ description: "The publication to post to, by host; default: the first one the token's user has" }),
});

const ME = `query Me($first: Int!) {
  me { id username name publications(first: $first) { edges { node { id title url } } } }
}`;
const PUBLISH = `mutation PublishPost($input: PublishPostInput!) { publishPost(input: $input) { post { id url } } }`;
const DRAFT = `mutation CreateDraft($input: CreateDraftInput!) { createDraft(input: $input) { draft { id } } }`;
const POST = `query Post($id: ID!) { post(id: $id) { id reactionCount replyCount responseCount views } }`;

/** GraphQL error codes (`extensions.code`) meaning the token no longer works. */
const AUTH_CODES = new Set(["UNAUTHENTICATED"]);

interface Publication {
  id: string;
  title: string;
  url: string;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url.toLowerCase();
  }
};

/**
 * Hashnode's GraphQL API with a Personal Access Token, for one of the user's publications (the account is the
 * user on that publication): posts in Markdown with tags, canonical URL and cover image (`publishPost`), or
 * drafts (`createDraft`); reactions, replies and views read per post. Hashnode gates its write API to
 * publications on its Pro plan and says so (`FORBIDDEN`), which reaches the user as the refusal.
 */
export class HashnodeAdapter implements Platform {
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { access_token, publication_host } = ConnectInput.parse(input);
        const { me } = await this.graphql(access_token, ME, { first: PUBLICATIONS }, true);
        const publications: Publication[] = (me?.publications?.edges ?? []).map((e: any) => e.node);
        const wanted = publication_host
          ? hostOf(publication_host.includes("//") ? publication_host : `https://${publication_host}`)
          : null;
        const publication = wanted ? publications.find((p) => hostOf(p.url) === wanted) : publications[0];
        if (!publication) {
          throw new PlatformError(
            "refused",
            wanted ? `${me.username} has no publication at ${wanted}` : `${me.username} has no publication to post to`,
          );
        }
        return {
          credentials: { accessToken: access_token, publicationId: publication.id },
          identity: {
            platformUserId: `${me.id}:${publication.id}`,
            name: `${me.name || me.username} (${publication.title})`,
            subscriptionTier: null,
          },
        };
      },
    };
  }

  /** One GraphQL request; Hashnode answers errors as 200 with `errors`, each with `extensions.code`. */
  private async graphql(token: string, query: string, variables: Record<string, unknown>, safe: boolean) {
    const call: HttpCall = {
      method: "POST",
      url: ENDPOINT,
      headers: { authorization: token },
      json: { query, variables },
      safe,
    };
    const answer = await send(this.deps, call);
    const errors: any[] = Array.isArray(answer.data?.errors) ? answer.data.errors : [];
    if (answer.ok && errors.length === 0) return answer.data?.data ?? {};
    const message =
      errors
        .map((e) => e?.message)
        .filter(Boolean)
        .join("; ") || String(answer.data ?? "");
    const codes = errors.map((e) => e?.extensions?.code);
    if (codes.some((code) => AUTH_CODES.has(code))) {
      throw new PlatformError("auth_expired", `Hashnode no longer accepts the token: ${message}`);
    }
    if (codes.includes("NOT_FOUND")) throw new PlatformError("refused", `Hashnode: ${message}`, "NOT_FOUND");
    const status: HttpAnswer = answer.ok ? { ...answer, status: 400 } : answer;
    throw failureOf("Hashnode", call, status, {
      message,
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    });
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(
      request.media.length === 0,
      "MEDIA_NOT_SUPPORTED",
      "Hashnode takes no media; use the article's cover_image",
    );
    const article = request.article ?? {};
    refuseUnless(Boolean(article.title), "ARTICLE_TITLE_REQUIRED", "A Hashnode post needs a title");
    const token = credential(account, "accessToken");
    const common = {
      publicationId: credential(account, "publicationId"),
      title: article.title,
      contentMarkdown: article.body ?? request.text,
      ...(article.tags?.length ? { tags: article.tags.map((name) => ({ slug: slugOf(name), name })) } : {}),
      ...(article.canonicalUrl ? { originalArticleURL: article.canonicalUrl } : {}),
    };
    if (request.options.draft === true) {
      const { createDraft } = await this.graphql(
        token,
        DRAFT,
        {
          input: {
            ...common,
            ...(article.coverImage ? { coverImageOptions: { coverImageURL: article.coverImage } } : {}),
          },
        },
        false,
      );
      return { platformPostId: `draft:${createDraft.draft.id}` };
    }
    const { publishPost } = await this.graphql(
      token,
      PUBLISH,
      { input: { ...common, ...(article.coverImage ? { coverImage: article.coverImage } : {}) } },
      false,
    );
    return { platformPostId: String(publishPost.post.id), url: publishPost.post.url ?? undefined };
  }

  /** Reactions as likes, replies and responses as comments, views; a draft has none yet, a deleted post is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const token = credential(account, "accessToken");
    return countsPerPost(platformPostIds, async (id) => {
      if (id.startsWith("draft:")) return { likes: 0, comments: 0, reposts: 0, views: 0 };
      const { post } = await this.graphql(token, POST, { id }, true);
      if (!post) throw new PlatformError("refused", `Hashnode has no post ${id}`, "NOT_FOUND");
      return {
        likes: post.reactionCount ?? 0,
        comments: (post.responseCount ?? 0) + (post.replyCount ?? 0),
        reposts: 0,
        views: post.views ?? 0,
      };
    });
  }

  async comment(): Promise<PublishResult> {
    throw new PlatformError("refused", "Hashnode's public API cannot write comments", "NOT_SUPPORTED");
  }

  async repost(): Promise<PublishResult> {
    throw new PlatformError("refused", "A Hashnode post cannot be reposted", "NOT_SUPPORTED");
  }

  async readProfile() {
    return { subscriptionTier: null };
  }

  async listDestinations() {
    return [];
  }
}

/** A tag's slug as Hashnode writes them: lowercase, letters and digits joined by hyphens. */
export const slugOf = (tag: string) =>
  tag
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
