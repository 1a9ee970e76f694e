// The WordPress adapter: a self-hosted site's posts in HTML through its REST API and an app password.
import { z } from "@hono/zod-openapi";
import type {
  WP_REST_API_Attachment,
  WP_REST_API_Comment,
  WP_REST_API_Error,
  WP_REST_API_Post,
  WP_REST_API_Term,
  WP_REST_API_User,
} from "wp-types";
import { credential, failureOf, type HttpAnswer, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "../http";
import { downloadMedia, MB } from "../media";
import { countsPerPost } from "../metrics";
import { serverBase, storedServer } from "../server-url";
import type { Declared, Reads } from "../shape";
import {
  type AdapterDeps,
  type CredentialConnection,
  type Destination,
  type Metrics,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";
import { markdownToHtml } from "./markdown";

/** Most sites cap uploads well below this; a larger file is the site's to refuse, never read whole here. */
const MEDIA_LIMIT = 100 * MB;
const CATEGORIES_PER_PAGE = 100;

const ConnectInput = z.object({
  site_url: z.string().max(300).openapi({ example: "https://blog.example.com" }),
  username: z.string().min(1).max(100),
  application_password: z
    .string()
    .min(1)
    .max(100)
    .openapi({ description: "An application password from Users → Profile → Application Passwords" }),
});

type WordPressCall = Omit<HttpCall, "url" | "safe"> & { path: string; safe?: boolean };

/*
 * WordPress's shapes, from `wp-types` (the REST API's own JSON schemas as TypeScript): what Herald sends and reads.
 */
/** `POST /wp/v2/posts`: fields named as the post answers them; `title` and `content` are written as raw strings. */
export type WordPressPostWrite = Partial<
  Pick<Declared<WP_REST_API_Post>, "status" | "categories" | "tags" | "featured_media">
> & { title?: string; content: string };
/** `POST /wp/v2/comments`: `post` and `content` (raw) as the comment answers them. */
export type WordPressCommentWrite = Pick<Declared<WP_REST_API_Comment>, "post"> & { content: string };
/** `POST /wp/v2/tags`. */
export type WordPressTermWrite = Pick<Declared<WP_REST_API_Term>, "name">;
export type WordPressPost = Reads<WP_REST_API_Post, "id" | "link">;
export type WordPressComment = Reads<WP_REST_API_Comment, "id" | "link">;
export type WordPressTerm = Reads<WP_REST_API_Term, "id" | "name">;
export type WordPressMedia = Reads<WP_REST_API_Attachment, "id" | "source_url">;
export type WordPressUser = Reads<WP_REST_API_User, "id" | "name">;
export type WordPressError = Partial<WP_REST_API_Error>;

interface Login {
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

/** WordPress answers `{ code, message, data: { status } }`. */
const messageOf = (data: WordPressError | string | null) =>
  typeof data === "string"
    ? data.slice(0, 300)
    : [data?.message, data?.code && `(${data.code})`].filter(Boolean).join(" ");

const escapeHtml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * A self-hosted WordPress site through its REST API (`/wp-json/wp/v2`) with an application password: posts
 * in HTML (the Markdown body converted), with tags (found or made by name), a category (the destination), a
 * featured image (the article's cover, uploaded to the media library) and the post's media after the text;
 * published or kept as a draft; comments written and counted. The site URL passes the SSRF guard at connect and
 * before every call.
 */
export class WordPressAdapter implements Platform {
  readonly countsRead = ["comments"] as const;
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { site_url, username, application_password } = ConnectInput.parse(input);
        const login: Login = {
          siteUrl: serverBase(this.deps, site_url, "site_url", true),
          username,
          applicationPassword: application_password,
        };
        const me: WordPressUser = (await this.api(login, { method: "GET", path: "/users/me?context=edit" })).data;
        const site = new URL(login.siteUrl);
        return {
          credentials: { ...login },
          identity: {
            platformUserId: `${me.id}@${site.host}${site.pathname === "/" ? "" : site.pathname}`,
            name: `${me.name || username} on ${site.host}`,
            subscriptionTier: null,
            destinations: await this.categories(login),
          },
        };
      },
    };
  }

  private async api(login: Login, call: WordPressCall): Promise<HttpAnswer> {
    const full: HttpCall = {
      ...call,
      url: `${login.siteUrl}/wp-json/wp/v2${call.path}`,
      headers: {
        ...call.headers,
        authorization: `Basic ${btoa(`${login.username}:${login.applicationPassword}`)}`,
      },
      safe: call.safe ?? call.method === "GET",
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer;
    const message = messageOf(answer.data);
    if (answer.status === 404) throw new PlatformError("refused", `WordPress: ${message}`, "NOT_ON_PLATFORM");
    if (answer.status === 403) throw new PlatformError("refused", `WordPress: ${message}`, "PERMISSION_DENIED");
    throw failureOf("WordPress", full, answer, {
      message,
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    });
  }

  private login(account: PlatformAccount): Login {
    return {
      siteUrl: storedServer(this.deps, account, "siteUrl"),
      username: credential(account, "username"),
      applicationPassword: credential(account, "applicationPassword"),
    };
  }

  private async categories(login: Login): Promise<Destination[]> {
    const path = `/categories?per_page=${CATEGORIES_PER_PAGE}&_fields=id,name`;
    const { data } = await this.api(login, { method: "GET", path });
    return (data as WordPressTerm[]).map((c) => ({ id: String(c.id), label: c.name }));
  }

  /** A tag's id by its name: an existing tag of that name, or one made now (a tag is not public until used). */
  private async tagId(login: Login, name: string): Promise<number> {
    const search = `/tags?search=${encodeURIComponent(name)}&per_page=100&_fields=id,name`;
    const { data } = await this.api(login, { method: "GET", path: search });
    const found = (data as WordPressTerm[]).find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (found) return found.id;
    try {
      const tag: WordPressTermWrite = { name };
      return ((await this.api(login, { method: "POST", path: "/tags", json: tag, safe: true })).data as WordPressTerm)
        .id;
    } catch (error) {
      // Made at the same moment elsewhere: WordPress names the existing term.
      const existing = error instanceof PlatformError ? /term_exists/.test(error.message) : false;
      if (!existing) throw error;
      const again = (await this.api(login, { method: "GET", path: search })).data as WordPressTerm[];
      const tag = again.find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (!tag) throw error;
      return tag.id;
    }
  }

  /** Uploads a file to the media library (not attached to anything yet: safe to repeat). */
  private async upload(login: Login, media: OutgoingMedia) {
    const file = await downloadMedia(this.deps, media, MEDIA_LIMIT);
    const { data }: { data: WordPressMedia } = await this.api(login, {
      method: "POST",
      path: "/media",
      body: file.bytes,
      headers: {
        "content-type": file.type,
        "content-disposition": `attachment; filename="${file.filename.replace(/["\\\r\n]/g, "_")}"`,
      },
      safe: true,
    });
    return { id: Number(data.id), url: String(data.source_url) };
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(
      Boolean(request.destinationId),
      "DESTINATION_REQUIRED",
      "A WordPress post goes in a category: set metadata.destination_id",
    );
    const login = this.login(account);
    const article = request.article ?? {};
    const tags: number[] = [];
    for (const name of article.tags ?? []) tags.push(await this.tagId(login, name));
    const featured = article.coverImage ? await this.upload(login, { type: "image", url: article.coverImage }) : null;
    const figures: string[] = [];
    for (const item of request.media) {
      const { url } = await this.upload(login, item);
      figures.push(
        item.type === "video"
          ? `<figure class="wp-block-video"><video controls src="${escapeHtml(url)}"></video></figure>`
          : `<figure class="wp-block-image"><img src="${escapeHtml(url)}" alt=""/></figure>`,
      );
    }
    const written: WordPressPostWrite = {
      ...(article.title ? { title: article.title } : {}),
      content: [markdownToHtml(article.body ?? request.text), ...figures].join("\n"),
      status: request.options.draft === true ? "draft" : "publish",
      categories: [Number(request.destinationId)],
      ...(tags.length > 0 ? { tags } : {}),
      ...(featured ? { featured_media: featured.id } : {}),
    };
    const { data: post }: { data: WordPressPost } = await this.api(login, {
      method: "POST",
      path: "/posts",
      json: written,
    });
    return { platformPostId: String(post.id), url: post.link ?? undefined };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const comment: WordPressCommentWrite = { post: Number(platformPostId), content: text };
    const { data }: { data: WordPressComment } = await this.api(this.login(account), {
      method: "POST",
      path: "/comments",
      json: comment,
    });
    return { platformPostId: String(data.id), url: data.link ?? undefined };
  }

  /** Comments (`X-WP-Total` of the post's comments); a post the site no longer has is null. WordPress counts no likes or views. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const login = this.login(account);
    return countsPerPost(platformPostIds, async (id) => {
      await this.api(login, { method: "GET", path: `/posts/${encodeURIComponent(id)}?_fields=id` });
      const path = `/comments?post=${encodeURIComponent(id)}&per_page=1&_fields=id`;
      const comments = await this.api(login, { method: "GET", path });
      return { likes: 0, comments: Number(comments.headers.get("x-wp-total") ?? 0), reposts: 0, views: 0 };
    });
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return this.categories(this.login(account));
  }
}
