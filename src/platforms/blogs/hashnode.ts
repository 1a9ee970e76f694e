// The Hashnode adapter (GraphQL, a Personal Access Token): posts or drafts in Markdown on a publication.
import { z } from "@hono/zod-openapi";
import { credential, failureOf, type HttpAnswer, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "../http";
import { countsPerPost } from "../metrics";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Metrics,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";

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

/*
 * Hashnode's GraphQL types, only the fields Herald's operations select or send, from Hashnode's schema
 * (https://github.com/Hashnode/gql-skill, skills/gql-api/references/schema.graphql, the introspection SDL of
 * gql-beta.hashnode.com; reference at https://apidocs.hashnode.com), read 2026-11-27. No type package describes them.
 */

/** `PublishPostTagInput` */
export interface HashnodeTagInput {
  slug: string;
  name?: string;
}

/** `PublishPostInput` (the fields Herald sends). */
export interface HashnodePublishPostInput {
  publicationId: string;
  title: string;
  contentMarkdown: string;
  coverImage?: string;
  tags?: HashnodeTagInput[];
  originalArticleURL?: string;
}

/** `CreateDraftInput` (the fields Herald sends): a draft's cover goes in `coverImageOptions`. */
export interface HashnodeCreateDraftInput {
  publicationId: string;
  title?: string;
  contentMarkdown?: string;
  coverImageOptions?: { coverImageURL?: string };
  tags?: HashnodeTagInput[];
  originalArticleURL?: string;
}

/** What `me` selects: the user and their publications (`Publication.url` may be null). */
export interface HashnodeMeData {
  me: {
    id: string;
    username: string;
    name: string;
    publications: { edges: { node: HashnodePublication }[] };
  } | null;
}
export interface HashnodePublication {
  id: string;
  title: string;
  url: string | null;
}
export interface HashnodePublishData {
  publishPost: { post: { id: string; url: string } };
}
export interface HashnodeDraftData {
  createDraft: { draft: { id: string } };
}
export interface HashnodePostData {
  post: { id: string; reactionCount: number; replyCount: number; responseCount: number; views: number | null } | null;
}

/** A GraphQL answer: `data`, or `errors` each with its `extensions.code` (Hashnode answers errors with 200). */
export interface HashnodeAnswer<Data> {
  data?: Data | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** One operation: its document, typed by the variables it takes and the data it selects. */
interface Operation<Variables, Data> {
  query: string;
  /** Never set: carries the types. */
  types?: { variables: Variables; data: Data };
}
const operation = <Variables, Data>(query: string): Operation<Variables, Data> => ({ query });

const ME = operation<{ first: number }, HashnodeMeData>(`query Me($first: Int!) {
  me { id username name publications(first: $first) { edges { node { id title url } } } }
}`);
const PUBLISH = operation<{ input: HashnodePublishPostInput }, HashnodePublishData>(
  `mutation PublishPost($input: PublishPostInput!) { publishPost(input: $input) { post { id url } } }`,
);
const DRAFT = operation<{ input: HashnodeCreateDraftInput }, HashnodeDraftData>(
  `mutation CreateDraft($input: CreateDraftInput!) { createDraft(input: $input) { draft { id } } }`,
);
const POST = operation<{ id: string }, HashnodePostData>(
  `query Post($id: ID!) { post(id: $id) { id reactionCount replyCount responseCount views } }`,
);

/** GraphQL error codes (`extensions.code`) meaning the token no longer works. */
const AUTH_CODES = new Set(["UNAUTHENTICATED"]);

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
        if (!me) throw new PlatformError("auth_expired", "Hashnode named no user for the token");
        const publications = me.publications.edges.map((e) => e.node);
        const wanted = publication_host
          ? hostOf(publication_host.includes("//") ? publication_host : `https://${publication_host}`)
          : null;
        // A publication without a URL (the schema allows none) cannot be the one named by host.
        const publication = wanted
          ? publications.find((p) => p.url !== null && hostOf(p.url) === wanted)
          : publications[0];
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
  private async graphql<Variables, Data>(
    token: string,
    { query }: Operation<Variables, Data>,
    variables: Variables,
    safe: boolean,
  ): Promise<Data> {
    const call: HttpCall = {
      method: "POST",
      url: ENDPOINT,
      headers: { authorization: token },
      json: { query, variables },
      safe,
    };
    const answer = await send(this.deps, call);
    const body = answer.data as HashnodeAnswer<Data> | string | null;
    const errors = typeof body === "object" && Array.isArray(body?.errors) ? body.errors : [];
    const data = typeof body === "object" ? body?.data : undefined;
    if (answer.ok && errors.length === 0 && data) return data;
    const message =
      errors
        .map((e) => e?.message)
        .filter(Boolean)
        .join("; ") || (typeof body === "string" ? body : "Hashnode's answer held no data");
    const codes = errors.map((e) => e?.extensions?.code ?? "");
    if (codes.some((code) => AUTH_CODES.has(code))) {
      throw new PlatformError("auth_expired", `Hashnode no longer accepts the token: ${message}`);
    }
    if (codes.includes("NOT_FOUND")) throw new PlatformError("refused", `Hashnode: ${message}`, "NOT_ON_PLATFORM");
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
    const { title } = article;
    refuseUnless(title !== undefined && title !== "", "ARTICLE_TITLE_REQUIRED", "A Hashnode post needs a title");
    const token = credential(account, "accessToken");
    // Typed where it is written, so a misnamed field fails here: both mutations take these fields alike.
    const common: Pick<
      HashnodePublishPostInput,
      "publicationId" | "title" | "contentMarkdown" | "tags" | "originalArticleURL"
    > = {
      publicationId: credential(account, "publicationId"),
      title,
      contentMarkdown: article.body ?? request.text,
      ...(article.tags?.length
        ? { tags: article.tags.map((name): HashnodeTagInput => ({ slug: slugOf(name), name })) }
        : {}),
      ...(article.canonicalUrl ? { originalArticleURL: article.canonicalUrl } : {}),
    };
    if (request.options.draft === true) {
      const input: HashnodeCreateDraftInput = {
        ...common,
        ...(article.coverImage ? { coverImageOptions: { coverImageURL: article.coverImage } } : {}),
      };
      const { createDraft } = await this.graphql(token, DRAFT, { input }, false);
      return { platformPostId: `draft:${createDraft.draft.id}` };
    }
    const input: HashnodePublishPostInput = {
      ...common,
      ...(article.coverImage ? { coverImage: article.coverImage } : {}),
    };
    const { publishPost } = await this.graphql(token, PUBLISH, { input }, false);
    return { platformPostId: String(publishPost.post.id), url: publishPost.post.url ?? undefined };
  }

  /** Reactions as likes, replies and responses as comments, views; a draft has none yet, a deleted post is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const token = credential(account, "accessToken");
    return countsPerPost(platformPostIds, async (id) => {
      if (id.startsWith("draft:")) return { likes: 0, comments: 0, reposts: 0, views: 0 };
      const { post } = await this.graphql(token, POST, { id }, true);
      if (!post) throw new PlatformError("refused", `Hashnode has no post ${id}`, "NOT_ON_PLATFORM");
      return {
        likes: post.reactionCount ?? 0,
        comments: (post.responseCount ?? 0) + (post.replyCount ?? 0),
        reposts: 0,
        views: post.views ?? 0,
      };
    });
  }
}

/** A tag's slug as Hashnode writes them: lowercase, letters and digits joined by hyphens. */
export const slugOf = (tag: string) =>
  tag
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
