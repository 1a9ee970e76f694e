// The YouTube adapter (Data API v3): one video per post, uploaded in chunks, with its thumbnail.
import type { youtube_v3 } from "@googleapis/youtube";
import { log } from "../../lib/log";
import { startOfDay, ZoneClock } from "../../lib/time";
import {
  answerMessage,
  credential,
  DEFAULT_RATE_LIMIT_WAIT_MS,
  failureOf,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  onlyMedia,
  refuseUnless,
  send,
  waitFromRetryAfter,
} from "../http";
import { downloadMedia, MB, type MediaFile, openSizedMedia, type SizedMedia } from "../media";
import { followersOf } from "../metrics";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type Metrics,
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type Profile,
  type PublishRequest,
  type PublishResult,
} from "../types";

const REVOKE_URL = "https://oauth2.googleapis.com/revoke";
const API = "https://www.googleapis.com/youtube/v3";
const UPLOAD_API = "https://www.googleapis.com/upload/youtube/v3";
/** YouTube takes up to 256 GB; Herald streams up to 1 GB through a Worker. */
const VIDEO_LIMIT = 1024 * MB;
/** A video served without its size is read whole first (the upload session wants the size up front). */
const UNSIZED_VIDEO_LIMIT = 100 * MB;
/** Resumable upload chunks must be multiples of 256 KiB. */
const CHUNK_BYTES = 32 * 256 * 1024;
/** thumbnails.set takes JPEG or PNG up to 2 MB. */
const THUMBNAIL_LIMIT = 2 * MB;
const THUMBNAIL_TYPES = ["image/jpeg", "image/png"];
const TITLE_LIMIT = 100;
const LIST_BATCH = 50;
const DAY_MS = 86_400_000;

/**
 * Google's error answer, which the package does not type (https://developers.google.com/youtube/v3/docs/errors,
 * read 2026-11-27): the reason of its first error says what went wrong.
 */
export interface GoogleErrorAnswer {
  error?: { code?: number; message?: string; errors?: { message?: string; domain?: string; reason?: string }[] };
}

/**
 * YouTube through the Data API v3: one video per post, uploaded with the resumable protocol in chunks,
 * its `cover_url` set as the thumbnail; statistics, top-level comments. `platformUserId` is the channel id.
 */
export class YouTubeAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "views"] as const;
  readonly connection: OAuthConnection;

  constructor(private readonly deps: HttpDeps) {
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.youtube, {
      identify: async (credentials) => {
        const channel = await this.channel(String(credentials.accessToken));
        return { platformUserId: channel.id, name: channel.snippet?.title ?? channel.id, subscriptionTier: null };
      },
      /** Revoking the refresh token revokes the grant, and with it the access token. */
      revoke: async (credentials) => {
        const revoked = credentials.refreshToken ?? credentials.accessToken;
        if (typeof revoked !== "string") return false;
        await this.call(null, { method: "POST", url: REVOKE_URL, urlencoded: { token: revoked }, safe: true });
        return true;
      },
    });
  }

  /** A call to Google; `expect` lists statuses that are answers here rather than failures (308 while uploading). */
  private async call(token: string | null, call: HttpCall, expect: number[] = []): Promise<HttpAnswer> {
    const answer = await send(this.deps, {
      ...call,
      headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    if (answer.ok || expect.includes(answer.status)) return answer;
    throw youTubeFailure(call, answer, this.deps.now());
  }

  /** The token's channel with the parts asked for (`snippet`: its title; `statistics`: its subscribers). */
  private async channel(token: string, part: "snippet" | "statistics" = "snippet") {
    const answer = await this.call(token, { method: "GET", url: `${API}/channels?part=${part}&mine=true`, safe: true });
    const [channel] = (answer.data as youtube_v3.Schema$ChannelListResponse).items ?? [];
    if (!channel?.id) throw new PlatformError("refused", "This Google account has no YouTube channel", "NO_CHANNEL");
    return { ...channel, id: channel.id };
  }

  /** Subscribers are the channel's followers; a channel that hides its count reports none. */
  async readProfile(account: PlatformAccount): Promise<Profile> {
    const { statistics } = await this.channel(credential(account, "accessToken"), "statistics");
    const subscribers = statistics?.hiddenSubscriberCount ? undefined : Number(statistics?.subscriberCount);
    return { subscriptionTier: null, ...followersOf(Number.isSafeInteger(subscribers) ? subscribers : undefined) };
  }

  // --- posting ----------------------------------------------------------------------------------

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const video = onlyMedia(request, "video", "YouTube uploads take exactly one video");
    const token = credential(account, "accessToken");
    // The cover is fetched first: a cover that cannot be used refuses the post before anything is uploaded.
    const cover = video.coverUrl ? await this.thumbnail(video.coverUrl) : undefined;
    const source = await openSizedMedia(this.deps, video, VIDEO_LIMIT, UNSIZED_VIDEO_LIMIT);
    refuseUnless(source.size > 0, "MEDIA_UNAVAILABLE", `The video at ${video.url} is empty`);
    const { privacy_status: privacy, made_for_kids: forKids, category_id: category } = request.options;
    const metadata: youtube_v3.Schema$Video = {
      snippet: {
        title: titleOf(request, source.filename),
        description: request.text,
        categoryId: typeof category === "string" ? category : "22",
      },
      status: {
        privacyStatus: typeof privacy === "string" ? privacy : "public",
        ...(typeof forKids === "boolean" ? { selfDeclaredMadeForKids: forKids } : {}),
      },
    };
    const session = await this.call(token, {
      method: "POST",
      url: `${UPLOAD_API}/videos?uploadType=resumable&part=snippet,status`,
      headers: { "x-upload-content-length": String(source.size), "x-upload-content-type": source.type },
      json: metadata,
      safe: true,
    });
    const uploadUrl = session.headers.get("location");
    if (!uploadUrl) throw new PlatformError("transient", "YouTube opened no upload session (no Location)");
    const videoId = await this.upload(token, uploadUrl, source);
    if (cover) await this.setThumbnail(token, videoId, cover);
    const playlist = request.options.playlist_id;
    if (typeof playlist === "string") await this.addToPlaylist(token, videoId, playlist);
    return { platformPostId: videoId, url: `https://www.youtube.com/watch?v=${videoId}` };
  }

  private async thumbnail(url: string): Promise<MediaFile> {
    const file = await downloadMedia(this.deps, { type: "image", url }, THUMBNAIL_LIMIT);
    refuseUnless(THUMBNAIL_TYPES.includes(file.type), "MEDIA_NOT_SUPPORTED", "A YouTube thumbnail is a JPEG or PNG");
    return file;
  }

  /**
   * The bytes in chunks to the session. Each chunk YouTube keeps is answered 308 with the range it holds;
   * the last one creates the video. When the last one gets no answer, the session is asked how far it got.
   */
  private async upload(token: string, uploadUrl: string, source: SizedMedia): Promise<string> {
    for (let first = 0; ; first += CHUNK_BYTES) {
      const last = Math.min(first + CHUNK_BYTES, source.size) - 1;
      const final = last === source.size - 1;
      const chunk: HttpCall = {
        method: "PUT",
        url: uploadUrl,
        headers: { "content-type": source.type, "content-range": `bytes ${first}-${last}/${source.size}` },
        body: await source.parts.take(last - first + 1),
        safe: !final,
        redirect: "manual",
      };
      if (!final) {
        const kept = await this.call(token, chunk, [308]);
        const held = Number(kept.headers.get("range")?.split("-")[1]);
        if (kept.status !== 308 || held !== last) {
          throw new PlatformError("transient", `YouTube kept bytes up to ${held}, not ${last}; uploading again later`);
        }
        continue;
      }
      try {
        return videoIdOf(await this.call(token, chunk));
      } catch (error) {
        if (error instanceof PlatformError && error.failure === "no_answer") {
          return this.uploadOutcome(token, uploadUrl, source.size, error);
        }
        throw error;
      }
    }
  }

  /** The session's own answer: complete (the video exists), or still waiting for bytes (nothing was made). */
  private async uploadOutcome(token: string, uploadUrl: string, size: number, unanswered: PlatformError) {
    const answer = await this.call(
      token,
      {
        method: "PUT",
        url: uploadUrl,
        headers: { "content-range": `bytes */${size}` },
        safe: true,
        redirect: "manual",
      },
      [308],
    ).catch(() => undefined);
    if (answer?.status === 308) {
      throw new PlatformError("transient", "YouTube did not receive the whole video; nothing was published");
    }
    const video: youtube_v3.Schema$Video | undefined = answer?.ok ? answer.data : undefined;
    if (typeof video?.id === "string") return video.id;
    throw unanswered;
  }

  /** The video is out already: a thumbnail YouTube refuses is logged, and the post stays published. */
  private async setThumbnail(token: string, videoId: string, cover: MediaFile) {
    try {
      await this.call(token, {
        method: "POST",
        url: `${UPLOAD_API}/thumbnails/set?videoId=${encodeURIComponent(videoId)}&uploadType=media`,
        headers: { "content-type": cover.type },
        body: cover.bytes,
        safe: true,
      });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      log.warn("youtube.thumbnail_not_set", { video_id: videoId, reason: error.message });
    }
  }

  /**
   * The uploaded video into one of the channel's playlists. The video is published whatever YouTube answers (a
   * deleted playlist, another channel's): the refusal is logged, and the post is not tried again for it.
   */
  private async addToPlaylist(token: string, videoId: string, playlistId: string) {
    const item: youtube_v3.Schema$PlaylistItem = {
      snippet: { playlistId, resourceId: { kind: "youtube#video", videoId } },
    };
    try {
      await this.call(token, { method: "POST", url: `${API}/playlistItems?part=snippet`, json: item });
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      log.warn("youtube.playlist_not_added", { video_id: videoId, playlist_id: playlistId, reason: error.message });
    }
  }

  /** A top-level comment under the video. */
  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const thread: youtube_v3.Schema$CommentThread = {
      snippet: { videoId: platformPostId, topLevelComment: { snippet: { textOriginal: text } } },
    };
    const answer = await this.call(credential(account, "accessToken"), {
      method: "POST",
      url: `${API}/commentThreads?part=snippet`,
      json: thread,
    });
    const id = (answer.data as youtube_v3.Schema$CommentThread | null)?.id;
    if (typeof id !== "string") throw new PlatformError("no_answer", "YouTube did not say which comment it made");
    return { platformPostId: id, url: `https://www.youtube.com/watch?v=${platformPostId}&lc=${id}` };
  }

  // --- reading ----------------------------------------------------------------------------------

  /** `videos.list` statistics, 50 videos a call: likes, comments, views; a video YouTube no longer lists is null. */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const token = credential(account, "accessToken");
    const result = new Map<string, Metrics | null>(platformPostIds.map((id) => [id, null]));
    for (let i = 0; i < platformPostIds.length; i += LIST_BATCH) {
      const ids = platformPostIds
        .slice(i, i + LIST_BATCH)
        .map(encodeURIComponent)
        .join(",");
      const answer = await this.call(token, {
        method: "GET",
        url: `${API}/videos?part=statistics&id=${ids}`,
        safe: true,
      });
      const listed: youtube_v3.Schema$VideoListResponse = answer.data;
      for (const item of listed.items ?? []) {
        const s = item.statistics;
        result.set(String(item.id), {
          likes: Number(s?.likeCount ?? 0),
          comments: Number(s?.commentCount ?? 0),
          reposts: 0,
          views: Number(s?.viewCount ?? 0),
        });
      }
    }
    return result;
  }
}

/** The title: the option, else the text's first line, else the file's name; at most 100 characters, no `<` or `>`. */
function titleOf(request: PublishRequest, filename: string): string {
  const given = typeof request.options.title === "string" ? request.options.title : request.text.split("\n")[0];
  const title = (given ?? "").replace(/[<>]/g, "").trim() || filename.replace(/\.[^.]+$/, "");
  return [...title].slice(0, TITLE_LIMIT).join("");
}

function videoIdOf(answer: HttpAnswer): string {
  const video: youtube_v3.Schema$Video | null = answer.data;
  if (typeof video?.id === "string") return video.id;
  throw new PlatformError("no_answer", "YouTube finished the upload without naming the video");
}

/**
 * Google's `{ error: { code, message, errors: [{ reason }] } }` in Herald's terms. The daily quota resets at
 * midnight Pacific Time; a channel over its upload limit is told to wait a day.
 */
function youTubeFailure(call: HttpCall, answer: HttpAnswer, now: number): PlatformError {
  const refusal: GoogleErrorAnswer | string | null = answer.data;
  const reason = typeof refusal === "object" ? refusal?.error?.errors?.[0]?.reason : undefined;
  const message = answerMessage(answer.data);
  const wait = (retryAfterMs: number) =>
    failureOf("YouTube", call, { ...answer, status: 429 }, { message, retryAfterMs });
  if (reason === "quotaExceeded") return wait(untilPacificMidnight(now));
  if (reason === "uploadLimitExceeded") return wait(DAY_MS);
  if (reason === "rateLimitExceeded" || reason === "userRateLimitExceeded") {
    return wait(waitFromRetryAfter(answer.headers.get("retry-after"), now) ?? DEFAULT_RATE_LIMIT_WAIT_MS);
  }
  const code = answer.status === 404 ? "NOT_ON_PLATFORM" : answer.status === 403 ? "PERMISSION_DENIED" : undefined;
  return failureOf("YouTube", call, answer, {
    message,
    code,
    retryAfterMs: waitFromRetryAfter(answer.headers.get("retry-after"), now),
  });
}

function untilPacificMidnight(now: number): number {
  const zone = "America/Los_Angeles";
  const today = ZoneClock.for(zone, now - DAY_MS, now + DAY_MS).at(now).date;
  return (startOfDay(today, zone, 1) ?? now + DAY_MS) - now;
}
