// The TikTok adapter (Content Posting API): one video per post, posted directly or sent to the inbox.
import {
  answerMessage,
  credential,
  failureOf,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  onlyMedia,
  refuseUnless,
  send,
  waitFromRetryAfter,
} from "../http";
import { MB, openSizedMedia, type SizedMedia, type Wait, waitUntilReady } from "../media";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type Metrics,
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";

const API = "https://open.tiktokapis.com";
/** TikTok takes up to 4 GB; Herald streams up to 1 GB through a Worker. */
const VIDEO_LIMIT = 1024 * MB;
/** A video served without its size is read whole first (TikTok wants the size up front). */
const UNSIZED_VIDEO_LIMIT = 100 * MB;
/** TikTok's chunks are 5–64 MB (the last up to 128 MB); a video under 5 MB goes whole. */
const CHUNK_BYTES = 10 * MB;
const QUERY_BATCH = 20;
/** How often and how long to look at a post TikTok is still processing before handing it over. */
export const TIKTOK_STATUS_WAIT: Wait = { intervalMs: 10_000, timeoutMs: 120_000 };

export interface TikTokDeps extends HttpDeps {
  statusWait?: Wait;
}

/*
 * TikTok's request and answer shapes, only the fields Herald sends or reads, from the Content Posting API and Display
 * API reference (https://developers.tiktok.com/doc/content-posting-api-reference-direct-post,
 * /content-posting-api-reference-upload-video, /content-posting-api-reference-query-creator-info,
 * /content-posting-api-reference-get-video-status, /tiktok-api-v2-get-user-info, /tiktok-api-v2-video-query), read
 * 2026-11-27. No type package describes them.
 */

/** Every answer: `data`, and `error` (`code` is `ok` on success). */
export interface TikTokAnswer<Data> {
  data?: Data;
  error: { code: string; message: string; log_id?: string };
}

/** GET /v2/user/info/?fields=open_id,display_name */
export interface TikTokUserInfo {
  user: { open_id: string; display_name?: string };
}

/** POST /v2/post/publish/creator_info/query/ */
export interface TikTokCreatorInfo {
  creator_avatar_url?: string;
  creator_username?: string;
  creator_nickname?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

/** `post_info` of a direct post (the Direct Post reference's `post_info` fields). */
export interface TikTokPostInfo {
  title?: string;
  privacy_level: string;
  disable_comment?: boolean;
  disable_duet?: boolean;
  disable_stitch?: boolean;
  video_cover_timestamp_ms?: number;
  brand_content_toggle: boolean;
  brand_organic_toggle?: boolean;
  is_aigc?: boolean;
}

/** POST /v2/post/publish/video/init/ (and inbox/video/init/, without `post_info`). */
export interface TikTokVideoInit {
  post_info?: TikTokPostInfo;
  source_info: { source: "FILE_UPLOAD"; video_size: number; chunk_size: number; total_chunk_count: number };
}
export interface TikTokVideoInitData {
  publish_id: string;
  upload_url?: string;
}

/** POST /v2/post/publish/status/fetch/ (TikTok spells the video ids' field `publicaly_available_post_id`). */
export interface TikTokStatusFetch {
  publish_id: string;
}
export interface TikTokStatus {
  status?: "PROCESSING_UPLOAD" | "PROCESSING_DOWNLOAD" | "SEND_TO_USER_INBOX" | "PUBLISH_COMPLETE" | "FAILED";
  fail_reason?: string;
  publicaly_available_post_id?: (number | string)[];
  uploaded_bytes?: number;
}

/** POST /v2/video/query/?fields=id,like_count,comment_count,share_count,view_count */
export interface TikTokVideoQuery {
  filters: { video_ids: string[] };
}
export interface TikTokVideos {
  videos?: { id: string; like_count?: number; comment_count?: number; share_count?: number; view_count?: number }[];
}

/**
 * TikTok through the Content Posting API: one video per post, posted directly (`video/init`) or, as a
 * reminder, sent to the creator's inbox to finish in the app (`inbox/video/init`); uploaded in chunks.
 * `platformUserId` is the creator's `open_id`.
 */
export class TikTokAdapter implements Platform {
  readonly connection: OAuthConnection;
  private readonly statusWait: Wait;

  constructor(private readonly deps: TikTokDeps) {
    this.statusWait = deps.statusWait ?? TIKTOK_STATUS_WAIT;
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.tiktok, {
      identify: async (credentials) => {
        const user = await this.user(String(credentials.accessToken));
        return { platformUserId: user.open_id, name: user.display_name ?? user.open_id, subscriptionTier: null };
      },
      revoke: async (credentials, app) => {
        await this.call(null, {
          method: "POST",
          url: `${API}/v2/oauth/revoke/`,
          urlencoded: { ...app.fields, token: credential({ platform: "tiktok", credentials }, "accessToken") },
          safe: true,
        });
        return true;
      },
    });
  }

  /** A call to TikTok's API; its `{ data, error: { code, message } }` answers in Herald's terms. */
  private async call(token: string | null, call: HttpCall): Promise<HttpAnswer> {
    const answer = await send(this.deps, {
      ...call,
      headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const code = (answer.data as Partial<TikTokAnswer<unknown>> | null)?.error?.code;
    if (answer.ok && (code === undefined || code === "ok")) return answer;
    const facts = {
      message: answerMessage(answer.data),
      retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), this.deps.now()),
    };
    if (code === "access_token_invalid") {
      throw new PlatformError("auth_expired", `TikTok no longer accepts the account: ${facts.message}`);
    }
    if (code === "scope_not_authorized" || code === "scope_permission_missed") {
      throw new PlatformError("refused", `TikTok refused: ${facts.message}`, "PERMISSION_DENIED");
    }
    const status = code === "rate_limit_exceeded" ? 429 : answer.ok ? 400 : answer.status;
    throw failureOf("TikTok", call, { ...answer, status }, facts);
  }

  private async user(token: string): Promise<TikTokUserInfo["user"]> {
    const answer = await this.call(token, {
      method: "GET",
      url: `${API}/v2/user/info/?fields=open_id,display_name`,
      safe: true,
    });
    const info = (answer.data as TikTokAnswer<TikTokUserInfo>).data;
    if (!info?.user) throw new PlatformError("transient", "TikTok's user info answer named no user");
    return info.user;
  }

  async readProfile(account: PlatformAccount) {
    await this.user(credential(account, "accessToken"));
    return { subscriptionTier: null };
  }

  // --- posting ----------------------------------------------------------------------------------

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const video = onlyMedia(request, "video", "TikTok posts take exactly one video");
    const token = credential(account, "accessToken");
    const inbox = request.options.reminder === true;
    // TikTok asks for the creator's current settings before every direct post.
    const creator = inbox ? undefined : await this.creatorInfo(token);
    const postInfo = creator ? this.postInfo(creator, request, video.coverTimeMs) : undefined;
    const source = await openSizedMedia(this.deps, video, VIDEO_LIMIT, UNSIZED_VIDEO_LIMIT);
    refuseUnless(source.size > 0, "MEDIA_UNAVAILABLE", `The video at ${video.url} is empty`);
    const chunkSize = Math.min(CHUNK_BYTES, source.size);
    const chunks = Math.max(1, Math.floor(source.size / chunkSize));
    // Nothing is posted until the last chunk arrives, so the init call is safe to repeat.
    const body: TikTokVideoInit = {
      ...(postInfo ? { post_info: postInfo } : {}),
      source_info: { source: "FILE_UPLOAD", video_size: source.size, chunk_size: chunkSize, total_chunk_count: chunks },
    };
    const init = await this.call(token, {
      method: "POST",
      url: `${API}/v2/post/publish/${inbox ? "inbox/" : ""}video/init/`,
      json: body,
      safe: true,
    });
    const { publish_id: publishId, upload_url: uploadUrl }: Partial<TikTokVideoInitData> =
      (init.data as TikTokAnswer<TikTokVideoInitData>).data ?? {};
    if (typeof publishId !== "string" || typeof uploadUrl !== "string") {
      throw new PlatformError("transient", "TikTok's answer to the upload request named no upload URL");
    }
    await this.upload(uploadUrl, source, chunkSize, chunks);
    return this.settle(token, publishId, inbox, creator?.creator_username);
  }

  private async creatorInfo(token: string): Promise<TikTokCreatorInfo> {
    const answer = await this.call(token, {
      method: "POST",
      url: `${API}/v2/post/publish/creator_info/query/`,
      json: {},
      safe: true,
    });
    return (answer.data as TikTokAnswer<TikTokCreatorInfo>).data ?? {};
  }

  /** The post's settings: the privacy level asked for (public by default) must be one the creator offers. */
  private postInfo(creator: TikTokCreatorInfo, request: PublishRequest, coverTimeMs?: number): TikTokPostInfo {
    const privacy =
      typeof request.options.privacy_level === "string" ? request.options.privacy_level : "PUBLIC_TO_EVERYONE";
    const offered = creator.privacy_level_options ?? [];
    refuseUnless(
      offered.includes(privacy),
      "PRIVACY_LEVEL_UNAVAILABLE",
      `TikTok offers this account the privacy levels ${offered.join(", ") || "(none)"}, not ${privacy}: set metadata.privacy_level`,
    );
    const chosen = (name: string) => request.options[name] === true;
    return {
      title: request.text,
      privacy_level: privacy,
      disable_comment: chosen("disable_comment") || creator.comment_disabled === true,
      disable_duet: chosen("disable_duet") || creator.duet_disabled === true,
      disable_stitch: chosen("disable_stitch") || creator.stitch_disabled === true,
      ...(coverTimeMs !== undefined ? { video_cover_timestamp_ms: coverTimeMs } : {}),
      brand_content_toggle: chosen("brand_content_toggle"),
      brand_organic_toggle: chosen("brand_organic_toggle"),
      ...(chosen("is_aigc") ? { is_aigc: true } : {}),
    };
  }

  /**
   * The chunks, in order, to TikTok's upload URL. The last one completes the upload and TikTok then
   * posts on its own: sent without an answer, it may have posted.
   */
  private async upload(uploadUrl: string, source: SizedMedia, chunkSize: number, chunks: number) {
    for (let index = 0; index < chunks; index++) {
      const first = index * chunkSize;
      const last = index === chunks - 1 ? source.size - 1 : first + chunkSize - 1;
      await this.call(null, {
        method: "PUT",
        url: uploadUrl,
        headers: { "content-type": source.type, "content-range": `bytes ${first}-${last}/${source.size}` },
        body: await source.parts.take(last - first + 1),
        safe: index < chunks - 1,
      });
    }
  }

  /**
   * Follows the post until TikTok says how it went. The video is TikTok's now: whatever happens while
   * looking (a slow moderation, an unanswered status call), the post is not tried again. Until TikTok names
   * the public video, its `publish_id` is the post's id.
   */
  private async settle(token: string, publishId: string, inbox: boolean, username?: string): Promise<PublishResult> {
    let videoId: string | undefined;
    try {
      await waitUntilReady(this.deps, this.statusWait, "TikTok post", async () => {
        const status = await this.status(token, publishId);
        if (status.status === "FAILED") {
          throw new PlatformError(
            "refused",
            `TikTok could not post the video: ${status.fail_reason}`,
            "MEDIA_REJECTED",
          );
        }
        if (inbox) return status.status === "SEND_TO_USER_INBOX";
        videoId = status.publicaly_available_post_id?.[0]?.toString();
        return status.status === "PUBLISH_COMPLETE" && videoId !== undefined;
      });
    } catch (error) {
      if (error instanceof PlatformError && error.code === "MEDIA_REJECTED") throw error;
    }
    if (videoId === undefined) return { platformPostId: publishId };
    return {
      platformPostId: videoId,
      ...(username ? { url: `https://www.tiktok.com/@${username}/video/${videoId}` } : {}),
    };
  }

  private async status(token: string, publishId: string): Promise<TikTokStatus> {
    const fetch: TikTokStatusFetch = { publish_id: publishId };
    const answer = await this.call(token, {
      method: "POST",
      url: `${API}/v2/post/publish/status/fetch/`,
      json: fetch,
      safe: true,
    });
    return (answer.data as TikTokAnswer<TikTokStatus>).data ?? {};
  }

  // --- reading ----------------------------------------------------------------------------------

  /**
   * Counts from `video/query` (20 videos a call): likes, comments, shares as reposts, views. A post still
   * known by its `publish_id` is looked up first; one TikTok has not made public yet counts 0.
   */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const token = credential(account, "accessToken");
    const videoOf = new Map<string, string>();
    const result = new Map<string, Metrics | null>();
    for (const id of platformPostIds) {
      const videoId = /^\d+$/.test(id)
        ? id
        : (await this.status(token, id)).publicaly_available_post_id?.[0]?.toString();
      if (videoId) videoOf.set(id, videoId);
      else result.set(id, { likes: 0, comments: 0, reposts: 0, views: 0 });
    }
    const videoIds = [...new Set(videoOf.values())];
    const counts = new Map<string, Metrics>();
    for (let i = 0; i < videoIds.length; i += QUERY_BATCH) {
      const query: TikTokVideoQuery = { filters: { video_ids: videoIds.slice(i, i + QUERY_BATCH) } };
      const answer = await this.call(token, {
        method: "POST",
        url: `${API}/v2/video/query/?fields=id,like_count,comment_count,share_count,view_count`,
        json: query,
        safe: true,
      });
      for (const v of (answer.data as TikTokAnswer<TikTokVideos>).data?.videos ?? []) {
        counts.set(String(v.id), {
          likes: v.like_count ?? 0,
          comments: v.comment_count ?? 0,
          reposts: v.share_count ?? 0,
          views: v.view_count ?? 0,
        });
      }
    }
    for (const [id, videoId] of videoOf) result.set(id, counts.get(videoId) ?? null);
    return new Map(platformPostIds.map((id) => [id, result.get(id) ?? null]));
  }
}
