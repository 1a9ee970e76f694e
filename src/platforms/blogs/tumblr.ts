// The Tumblr adapter (API v2, OAuth 2.0): NPF posts or drafts to a user's blog, reblogs, notes.
import type { Client } from "tumblr.js";
import { credential, failureOf, type HttpCall, refuseUnless, send, waitFromRetryAfter } from "../http";
import { downloadMedia, MB } from "../media";
import { countsPerPost } from "../metrics";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection, oauthTokenCall } from "../platform-oauth";
import {
  type AdapterDeps,
  type ConnectedIdentity,
  type Destination,
  type Metrics,
  type OAuthConnection,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  type PlatformCredentials,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";
import { markdownToNpf, type NpfTextBlock, plainTextToNpf } from "./markdown";

const API = "https://api.tumblr.com/v2";
/** Tumblr requires one consistent User-Agent from each application. */
const USER_AGENT = "Herald/0.1 (+https://github.com/herald-social/herald)";
const IMAGE_LIMIT = 20 * MB;
const VIDEO_LIMIT = 500 * MB;
/** NPF: 30 image blocks, and one uploaded video, per post. */
export const TUMBLR_IMAGE_BLOCKS = 30;

/** `<blog identifier>:<post id>`: post ids are read and reblogged through their blog. */
const postId = (blog: string, id: string) => `${blog}:${id}`;
const splitPostId = (platformPostId: string) => {
  const at = platformPostId.lastIndexOf(":");
  return { blog: platformPostId.slice(0, at), id: platformPostId.slice(at + 1) };
};

/**
 * What Herald sends and reads, where tumblr.js's types stop short: they name its client's arguments (tags as a
 * list, which it joins with commas; files as streams, which it names by identifier) and type every answer `any`.
 * From https://www.tumblr.com/docs/npf and https://www.tumblr.com/docs/en/api/v2, read 2026-11-27.
 */
/** tumblr.js's `NpfPostParams` and `NpfReblogParams`, reached through `createPost` (its exports stop at the client). */
type CreatePostParams = Parameters<Client["createPost"]>[1];
type NpfReblogParams = Extract<CreatePostParams, { reblog_key: string }>;
type NpfPostParams = Exclude<CreatePostParams, { reblog_key: string }>;
/** A media object naming a file sent in the same multipart request. */
interface UploadedMedia {
  type: string;
  identifier: string;
}
type ContentBlock = NpfTextBlock | { type: "image"; media: UploadedMedia[] } | { type: "video"; media: UploadedMedia };
/** `POST /v2/blog/{blog}/posts` as tumblr.js sends its `NpfPostParams` (and `NpfReblogParams` for a reblog). */
type PostBody = Omit<NpfPostParams, "content" | "tags"> & { content: ContentBlock[]; tags?: string };
type ReblogBody = Omit<NpfReblogParams, "content" | "tags"> & { content: ContentBlock[] };
/** Every answer: `response` on success, `errors` on failure. */
export interface TumblrAnswer<T> {
  meta: { status: number; msg: string };
  response?: T;
  errors?: { title?: string; detail?: string; code?: number }[];
}
export interface CreatedPost {
  id: string;
  state?: string;
  display_text?: string;
}
/** `GET /v2/blog/{blog}/posts/{id}`: the fields a reblog names. */
export interface FetchedPost {
  id: string;
  tumblelog_uuid: string;
  reblog_key: string;
}
export interface PostNotes {
  total_notes: number;
  total_likes?: number;
  total_reblogs?: number;
}
export interface UserInfo {
  user: { name: string; blogs: { name: string; uuid?: string; title?: string; primary?: boolean }[] };
}

/** Tumblr answers `{ meta: { status, msg }, errors: [{ title, detail, code }], response }`. */
const messageOf = (data: any): string => {
  if (typeof data === "string") return data.slice(0, 300);
  const errors = Array.isArray(data?.errors) ? data.errors : [];
  const said = errors.map(
    (e: any) => [e?.title, e?.detail].filter(Boolean).join(": ") + (e?.code ? ` (${e.code})` : ""),
  );
  return said.filter(Boolean).join("; ") || String(data?.error_description ?? data?.meta?.msg ?? data?.error ?? "");
};

type TumblrCall = Omit<HttpCall, "url" | "headers"> & { path: string };

/**
 * Tumblr API v2 with OAuth 2.0 (authorization code, refresh tokens that rotate): Neue Post Format posts to
 * one of the user's blogs (its destinations) — text as paragraphs, an article as a heading and its Markdown
 * body, images and one video uploaded with the post, tags, a source URL — published or kept as a draft;
 * reblogs; likes and reblogs from the post's notes.
 */
export class TumblrAdapter implements Platform {
  readonly countsRead = ["likes", "reposts"] as const;
  readonly connection: OAuthConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.tumblr, {
      identify: (credentials) => this.identify(credentials),
      tokenCall: oauthTokenCall(deps, "Tumblr", { message: messageOf, headers: { "user-agent": USER_AGENT } }),
    });
  }

  private async api<T>(token: string, call: TumblrCall): Promise<T> {
    const full: HttpCall = {
      ...call,
      url: `${API}${call.path}`,
      headers: { authorization: `Bearer ${token}`, "user-agent": USER_AGENT },
      safe: call.safe ?? call.method === "GET",
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return (answer.data as TumblrAnswer<T> | null)?.response as T;
    if (answer.status === 404)
      throw new PlatformError("refused", `Tumblr: ${messageOf(answer.data)}`, "NOT_ON_PLATFORM");
    throw failureOf("Tumblr", full, answer, {
      message: messageOf(answer.data),
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    });
  }

  private call<T>(account: PlatformAccount, call: TumblrCall) {
    return this.api<T>(credential(account, "accessToken"), call);
  }

  /** `GET /v2/user/info`: the user, and the blogs they may post to (by uuid, which survives a rename). */
  private async user(token: string) {
    const { user } = await this.api<UserInfo>(token, { method: "GET", path: "/user/info" });
    const blogs: Destination[] = (user.blogs ?? []).map((blog) => ({
      id: String(blog.uuid ?? blog.name),
      label: blog.title ? `${blog.title} (${blog.name})` : String(blog.name),
    }));
    return { name: String(user.name), blogs };
  }

  private async identify(credentials: PlatformCredentials): Promise<ConnectedIdentity> {
    const { name, blogs } = await this.user(String(credentials.accessToken));
    return { platformUserId: name, name, subscriptionTier: null, destinations: blogs };
  }

  // --- posting ----------------------------------------------------------------------------------

  /**
   * `POST /v2/blog/{blog}/posts` (NPF). With media, a multipart request: the JSON in the part `json`, each
   * file in a part named by the identifier its block gives. `metadata.draft: true` saves a draft.
   */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const blog = request.destinationId;
    refuseUnless(Boolean(blog), "DESTINATION_REQUIRED", "A Tumblr post goes to a blog: set metadata.destination_id");
    const images = request.media.filter((m) => m.type === "image");
    const videos = request.media.filter((m) => m.type === "video");
    const article = request.article;
    refuseUnless(
      images.length + (article?.coverImage ? 1 : 0) <= TUMBLR_IMAGE_BLOCKS && videos.length <= 1,
      "MEDIA_LIMIT",
      `Tumblr takes up to ${TUMBLR_IMAGE_BLOCKS} images and one video per post`,
    );
    const files: { identifier: string; blob: Blob; filename: string }[] = [];
    const mediaBlock = async (item: OutgoingMedia): Promise<ContentBlock> => {
      const file = await downloadMedia(this.deps, item, item.type === "video" ? VIDEO_LIMIT : IMAGE_LIMIT);
      const identifier = `media-${files.length}`;
      files.push({ identifier, blob: new Blob([file.bytes], { type: file.type }), filename: file.filename });
      const media: UploadedMedia = { type: file.type, identifier };
      return item.type === "video" ? { type: "video", media } : { type: "image", media: [media] };
    };

    const content: ContentBlock[] = [];
    if (article?.coverImage) content.push(await mediaBlock({ type: "image", url: article.coverImage }));
    if (article?.title) content.push({ type: "text", subtype: "heading1", text: article.title });
    content.push(...(article ? markdownToNpf(article.body ?? request.text) : plainTextToNpf(request.text)));
    for (const item of request.media) content.push(await mediaBlock(item));

    const body: PostBody = {
      content,
      state: request.options.draft === true ? "draft" : "published",
      tags: article?.tags?.length ? article.tags.join(",") : undefined,
      source_url: article?.canonicalUrl || undefined,
    };
    const path = `/blog/${encodeURIComponent(blog!)}/posts`;
    let created: CreatedPost;
    if (files.length === 0) {
      created = await this.call<CreatedPost>(account, { method: "POST", path, json: body });
    } else {
      const form = new FormData();
      form.append("json", new Blob([JSON.stringify(body)], { type: "application/json" }));
      for (const file of files) form.append(file.identifier, file.blob, file.filename);
      created = await this.call<CreatedPost>(account, { method: "POST", path, form });
    }
    return { platformPostId: postId(blog!, String(created.id)) };
  }

  /** A reblog onto the same blog: the post's `reblog_key` and blog uuid come from fetching it first. */
  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    const { blog, id } = splitPostId(platformPostId);
    const path = `/blog/${encodeURIComponent(blog)}/posts`;
    const post = await this.call<FetchedPost>(account, { method: "GET", path: `${path}/${encodeURIComponent(id)}` });
    const body: ReblogBody = {
      content: [],
      state: "published",
      parent_tumblelog_uuid: post.tumblelog_uuid,
      parent_post_id: String(post.id ?? id),
      reblog_key: post.reblog_key,
    };
    const reblog = await this.call<CreatedPost>(account, { method: "POST", path, json: body });
    return { platformPostId: postId(blog, String(reblog.id)) };
  }

  /** Notes in `conversation` mode: likes and reblogs; a post Tumblr no longer has is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    return countsPerPost(platformPostIds, async (platformPostId) => {
      const { blog, id } = splitPostId(platformPostId);
      const query = new URLSearchParams({ id, mode: "conversation" });
      const notes = await this.call<PostNotes>(account, {
        method: "GET",
        path: `/blog/${encodeURIComponent(blog)}/notes?${query}`,
      });
      return { likes: notes.total_likes ?? 0, comments: 0, reposts: notes.total_reblogs ?? 0, views: 0 };
    });
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return (await this.user(credential(account, "accessToken"))).blogs;
  }
}
