// The DEV adapter (Forem API v1, the user's API key): Markdown articles or drafts, and their counts.
import { z } from "@hono/zod-openapi";
import { credential, failureOf, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "../http";
import type {
  AdapterDeps,
  CredentialConnection,
  Metrics,
  Platform,
  PlatformAccount,
  PublishRequest,
  PublishResult,
} from "../types";

const API = "https://dev.to/api";
/** Forem answers its v1 API (and not the deprecated v0) to this Accept header. */
const ACCEPT = "application/vnd.forem.api-v1+json";
/** `GET /api/articles/me/all` pages hold up to 1,000 articles. */
const PAGE_SIZE = 1000;
const MAX_PAGES = 10;

const ConnectInput = z.object({
  api_key: z
    .string()
    .min(10)
    .max(200)
    .openapi({ description: "A DEV API key from https://dev.to/settings/extensions" }),
});

/*
 * DEV's (Forem API v1) request and answer shapes, only the fields Herald sends or reads, from the reference
 * (https://developers.forem.com/api/v1: createArticle, getUserAllArticles, getUserMe) and its OpenAPI description
 * (github.com/forem/forem swagger/v1/api_v1.json), read 2026-11-27. No type package describes them. The description
 * types an article's `tags` as one string; Forem's controller permits a list (`tags: []`), which Herald sends.
 */

/** GET /api/users/me */
export interface DevUser {
  id: number;
  username: string;
  name?: string;
}

/** POST /api/articles */
export interface DevArticleCreate {
  article: {
    title: string;
    body_markdown: string;
    published: boolean;
    tags?: string[];
    canonical_url?: string;
    main_image?: string;
  };
}
export interface DevArticle {
  id: number;
  url?: string;
  published?: boolean;
}

/** GET /api/articles/me/all: each of the user's articles with its counts. */
export interface DevMyArticle {
  id: number;
  public_reactions_count?: number;
  positive_reactions_count?: number;
  comments_count?: number;
  page_views_count?: number;
}

/** A failed answer. */
export interface DevError {
  error: string;
  status?: number;
}

/** Forem answers `{ error, status }`. */
const messageOf = (data: Partial<DevError> | string | null) =>
  typeof data === "string" ? data.slice(0, 300) : String(data?.error ?? "");

/**
 * DEV (Forem API v1) with the user's API key: articles in Markdown with tags, canonical URL and cover image,
 * published or kept as a draft; reactions, comments and page views read for the account's articles at once.
 */
export class DevtoAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "views"] as const;
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { api_key } = ConnectInput.parse(input);
        const me: DevUser = await this.api(api_key, { method: "GET", path: "/users/me" });
        return {
          credentials: { apiKey: api_key },
          identity: { platformUserId: String(me.id), name: me.name || `@${me.username}`, subscriptionTier: null },
        };
      },
    };
  }

  private async api(apiKey: string, call: Omit<HttpCall, "url" | "headers" | "safe"> & { path: string }) {
    const full: HttpCall = {
      ...call,
      url: `${API}${call.path}`,
      headers: { "api-key": apiKey, accept: ACCEPT },
      safe: call.method === "GET",
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer.data;
    throw failureOf("DEV", full, answer, {
      message: messageOf(answer.data),
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    });
  }

  private call(account: PlatformAccount, call: Parameters<DevtoAdapter["api"]>[1]) {
    return this.api(credential(account, "apiKey"), call);
  }

  /** `POST /api/articles`; `metadata.draft: true` keeps it unpublished (`published: false`). */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(
      request.media.length === 0,
      "MEDIA_NOT_SUPPORTED",
      "DEV takes no media; use the article's cover_image",
    );
    const article = request.article ?? {};
    const { title } = article;
    refuseUnless(title !== undefined && title !== "", "ARTICLE_TITLE_REQUIRED", "A DEV article needs a title");
    const body: DevArticleCreate = {
      article: {
        title,
        body_markdown: article.body ?? request.text,
        published: request.options.draft !== true,
        ...(article.tags?.length ? { tags: article.tags } : {}),
        ...(article.canonicalUrl ? { canonical_url: article.canonicalUrl } : {}),
        ...(article.coverImage ? { main_image: article.coverImage } : {}),
      },
    };
    const created: DevArticle = await this.call(account, { method: "POST", path: "/articles", json: body });
    return { platformPostId: String(created.id), url: created.url ?? undefined };
  }

  /**
   * The account's own articles, a page of 1,000 at a time, until every id asked for is found: reactions as
   * likes, comments, page views. An article DEV no longer lists is null.
   */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const wanted = new Set(platformPostIds);
    const result = new Map<string, Metrics | null>(platformPostIds.map((id) => [id, null]));
    for (let page = 1, found = 0; page <= MAX_PAGES && found < wanted.size; page++) {
      const path = `/articles/me/all?page=${page}&per_page=${PAGE_SIZE}`;
      const articles: DevMyArticle[] = await this.call(account, { method: "GET", path });
      for (const article of articles) {
        const id = String(article.id);
        if (!wanted.has(id)) continue;
        found++;
        result.set(id, {
          likes: article.public_reactions_count ?? article.positive_reactions_count ?? 0,
          comments: article.comments_count ?? 0,
          reposts: 0,
          views: article.page_views_count ?? 0,
        });
      }
      if (articles.length < PAGE_SIZE) break;
    }
    return result;
  }
}
