import { z } from "@hono/zod-openapi";
import { credential, failureOf, type HttpAnswer, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "./http";
import { markdownToHtml } from "./markdown";
import { downloadMedia, MB } from "./media";
import { countsPerPost } from "./metrics";
import { serverBase, storedServer } from "./server-url";
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
} from "./types";

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

interface Login {
  siteUrl: string;
  username: string;
  applicationPassword: string;
}

/** WordPress answers `{ code, message, data: { status } }`. */
const messageOf = (data: any) =>
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
        const me = (await this.api(login, { method: "GET", path: "/users/me?context=edit" })).data;
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
    if (answer.status === 404) throw new PlatformError("refused", `WordPress: ${message}`, "NOT_FOUND");
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
    return (data as { id: number; name: string }[]).map((c) => ({ id: String(c.id), label: c.name }));
  }

  /** A tag's id by its name: an existing tag of that name, or one made now (a tag is not public until used). */
  private async tagId(login: Login, name: string): Promise<number> {
    const search = `/tags?search=${encodeURIComponent(name)}&per_page=100&_fields=id,name`;
    const { data } = await this.api(login, { method: "GET", path: search });
    const found = (data as { id: number; name: string }[]).find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (found) return found.id;
    try {
      return (await this.api(login, { method: "POST", path: "/tags", json: { name }, safe: true })).data.id;
    } catch (error) {
      // Made at the same moment elsewhere: WordPress names the existing term.
      const existing = error instanceof PlatformError ? /term_exists/.test(error.message) : false;
      if (!existing) throw error;
      const again = (await this.api(login, { method: "GET", path: search })).data as { id: number; name: string }[];
      const tag = again.find((t) => t.name.toLowerCase() === name.toLowerCase());
      if (!tag) throw error;
      return tag.id;
    }
  }

  /** Uploads a file to the media library (not attached to anything yet: safe to repeat). */
  private async upload(login: Login, media: OutgoingMedia) {
    const file = await downloadMedia(this.deps, media, MEDIA_LIMIT);
    const { data } = await this.api(login, {
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
    const { data: post } = await this.api(login, {
      method: "POST",
      path: "/posts",
      json: {
        ...(article.title ? { title: article.title } : {}),
        content: [markdownToHtml(article.body ?? request.text), ...figures].join("\n"),
        status: request.options.draft === true ? "draft" : "publish",
        categories: [Number(request.destinationId)],
        ...(tags.length > 0 ? { tags } : {}),
        ...(featured ? { featured_media: featured.id } : {}),
      },
    });
    return { platformPostId: String(post.id), url: post.link ?? undefined };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const { data } = await this.api(this.login(account), {
      method: "POST",
      path: "/comments",
      json: { post: Number(platformPostId), content: text },
    });
    return { platformPostId: String(data.id), url: data.link ?? undefined };
  }

  async repost(): Promise<PublishResult> {
    throw new PlatformError("refused", "A WordPress post cannot be reposted", "NOT_SUPPORTED");
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

  async readProfile() {
    return { subscriptionTier: null };
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return this.categories(this.login(account));
  }
}
