// The X adapter (API v2): posts with media and alt text, replies, reposts, public metrics.
import type { SendTweetV2Params, TweetV2LookupResult, TweetV2PostTweetResult, UserV2Result } from "twitter-api-v2";
// The package's v2 media types are not re-exported from its root.
import type {
  MediaV2MetadataCreateParams,
  MediaV2UploadAppendParams,
  MediaV2UploadInitParams,
  MediaV2UploadResponse,
} from "twitter-api-v2/dist/esm/types/v2/media.v2.types";
import { OUTCOME } from "../lib/error-codes";
import { type FormFields, formData } from "./form";
import {
  credential,
  failureOf,
  type HttpAnswer,
  type HttpCall,
  refuseUnless,
  send,
  waitFromEpochSeconds,
} from "./http";
import { downloadMedia, MB, type MediaFile } from "./media";
import { followersOf } from "./metrics";
import { OAUTH_CONNECTIONS } from "./oauth-connections";
import { type AppIdentity, declaredConnection, oauthTokenCall } from "./platform-oauth";
import {
  type AdapterDeps,
  type CommentActions,
  type ConnectedIdentity,
  type Metrics,
  type OAuthConnection,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  type PlatformCredentials,
  PlatformError,
  type Profile,
  type PublishRequest,
  type PublishResult,
} from "./types";

const API = "https://api.x.com";
const IMAGE_LIMIT = 5 * MB;
const VIDEO_LIMIT = 100 * MB;
const CHUNK_BYTES = 4 * MB;
const LOOKUP_BATCH = 100;
const STATUS_POLLS = 20;

/** X's `subscription_type` → Herald's tier names (catalog.ts X_PAID_TIERS). */
const TIERS: Record<string, string | null> = {
  None: null,
  Basic: "basic",
  Premium: "premium",
  PremiumPlus: "premium-plus",
};

/** X's rate-limit reset (Unix seconds). */
const xRateLimitWait = (headers: Headers, now: number) => waitFromEpochSeconds(headers.get("x-rate-limit-reset"), now);

/**
 * Request shapes twitter-api-v2 builds inline rather than naming (read from its client and from
 * https://docs.x.com/x-api/media/media-upload and https://docs.x.com/x-api/posts/repost-post, 2026-11-27).
 */
/** `POST /2/media/upload`: the one-request upload of an image or GIF. */
type SimpleUploadParams = Pick<MediaV2UploadInitParams, "media_category"> & { media: Blob };
/** `POST /2/media/metadata`, as the package's `createMediaMetadata` sends it. */
interface MediaMetadataBody {
  id: string;
  metadata: MediaV2MetadataCreateParams;
}
/** `POST /2/users/{id}/retweets`, as the package's `retweet` sends it. */
interface RetweetBody {
  tweet_id: string;
}
/** X takes 1 to 4 media ids a post (publish refuses more before uploading anything). */
type MediaIds = NonNullable<NonNullable<SendTweetV2Params["media"]>["media_ids"]>;

const messageOf = (data: any): string => {
  if (typeof data === "string") return data.slice(0, 500);
  const said = [
    data?.detail,
    ...(Array.isArray(data?.errors) ? data.errors.map((e: any) => e?.message ?? e?.detail) : []),
    data?.error_description,
    data?.title,
    data?.error,
  ].filter((s): s is string => typeof s === "string" && s !== "");
  return [...new Set(said)].join("; ");
};

/** X API v2 for one account: posts with media and alt text, replies, reposts, public metrics, OAuth 2.0 with PKCE. */
export class XAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "reposts", "views"] as const;
  readonly connection: OAuthConnection;
  readonly rereadProfileAfter = [OUTCOME.X_LONG_POST_REFUSED];

  constructor(private readonly deps: AdapterDeps) {
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.twitter, {
      identify: (credentials) => this.identify(credentials),
      revoke: (credentials, app) => this.revoke(credentials, app),
      tokenCall: oauthTokenCall(deps, "X", { message: messageOf, wait: xRateLimitWait }),
    });
  }

  private async call(account: PlatformAccount | null, call: HttpCall, token?: string): Promise<HttpAnswer> {
    const bearer = token ?? (account ? credential(account, "accessToken") : undefined);
    const answer = await send(this.deps, {
      ...call,
      headers: { ...call.headers, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });
    if (answer.ok) return answer;
    const message = messageOf(answer.data);
    const tooLong = (answer.status === 400 || answer.status === 403) && /too long/i.test(message);
    throw failureOf("X", call, answer, {
      message,
      retryAfterMs: xRateLimitWait(answer.headers, this.deps.now()),
      code: tooLong ? OUTCOME.X_LONG_POST_REFUSED : undefined,
    });
  }

  // --- connection -------------------------------------------------------------------------------

  /** Revokes the refresh token (the grant) and the access token, each named with its `token_type_hint`. */
  private async revoke(credentials: PlatformCredentials, app: AppIdentity) {
    let revoked = false;
    for (const hint of ["refresh_token", "access_token"] as const) {
      const token = hint === "refresh_token" ? credentials.refreshToken : credentials.accessToken;
      if (!token) continue;
      await this.call(null, {
        method: "POST",
        url: `${API}/2/oauth2/revoke`,
        urlencoded: { token, token_type_hint: hint, ...app.fields },
        headers: app.headers,
        safe: true,
      });
      revoked = true;
    }
    return revoked;
  }

  private async me(token: string, fields = "subscription_type,username,name") {
    const answer = await this.call(
      null,
      { method: "GET", url: `${API}/2/users/me?user.fields=${fields}`, safe: true },
      token,
    );
    const user: UserV2Result = answer.data;
    return user.data;
  }

  private async identify(credentials: PlatformCredentials): Promise<ConnectedIdentity> {
    const me = await this.me(String(credentials.accessToken));
    return { platformUserId: me.id, name: me.name, subscriptionTier: TIERS[me.subscription_type ?? "None"] ?? null };
  }

  async readProfile(account: PlatformAccount): Promise<Profile> {
    const me = await this.me(credential(account, "accessToken"), "subscription_type,public_metrics");
    return {
      subscriptionTier: TIERS[me.subscription_type ?? "None"] ?? null,
      ...followersOf(me.public_metrics?.followers_count),
    };
  }

  // --- posting ----------------------------------------------------------------------------------

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const images = request.media.filter((m) => m.type === "image");
    const videos = request.media.filter((m) => m.type === "video");
    refuseUnless(
      (videos.length === 0 && images.length <= 4) || (videos.length === 1 && images.length === 0),
      "MEDIA_LIMIT",
      "X takes up to 4 images or 1 video per post",
    );
    const mediaIds: string[] = [];
    for (const item of request.media) mediaIds.push(await this.upload(account, item));
    const replySettings = request.options.reply_settings;
    const body: SendTweetV2Params = {
      text: request.text,
      media: mediaIds.length > 0 ? { media_ids: mediaIds as MediaIds } : undefined,
      // X's default, not one of its values: left out.
      reply_settings: typeof replySettings === "string" && replySettings !== "everyone" ? replySettings : undefined,
      // A thread's follow-up segment answers the segment before it.
      reply: request.replyTo ? { in_reply_to_tweet_id: request.replyTo.parent.platformPostId } : undefined,
      poll: request.poll
        ? { options: request.poll.options, duration_minutes: request.poll.durationMinutes }
        : undefined,
    };
    return this.createPost(account, body);
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    return this.createPost(account, { text, reply: { in_reply_to_tweet_id: platformPostId } });
  }

  /**
   * Hidden replies: `PUT /2/tweets/:id/hidden` on a reply to one of the account's posts (its conversation's owner);
   * deleting a reply the account wrote: `DELETE /2/tweets/:id`, taken only when X answers `deleted: true`.
   */
  readonly comments: CommentActions = {
    hide: async (account, commentId, hidden) => {
      await this.call(account, {
        method: "PUT",
        url: `${API}/2/tweets/${encodeURIComponent(commentId)}/hidden`,
        json: { hidden },
      });
    },
    delete: async (account, commentId) => {
      const answer = await this.call(account, {
        method: "DELETE",
        url: `${API}/2/tweets/${encodeURIComponent(commentId)}`,
      });
      if (answer.data?.data?.deleted !== true) {
        throw new PlatformError("refused", "X delete: X did not say the post was deleted", "PLATFORM_REFUSED");
      }
    },
  };

  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    const body: RetweetBody = { tweet_id: platformPostId };
    await this.call(account, {
      method: "POST",
      url: `${API}/2/users/${encodeURIComponent(account.platformUserId)}/retweets`,
      json: body,
    });
    return { platformPostId, url: `https://x.com/i/status/${platformPostId}` };
  }

  private async createPost(account: PlatformAccount, body: SendTweetV2Params): Promise<PublishResult> {
    const answer = await this.call(account, { method: "POST", url: `${API}/2/tweets`, json: body });
    const created: TweetV2PostTweetResult = answer.data;
    const id = created.data.id;
    return { platformPostId: id, url: `https://x.com/i/status/${id}` };
  }

  /** Uploads one item and sets its alt text; returns the media id. Nothing is posted yet, so these calls are safe. */
  private async upload(account: PlatformAccount, item: OutgoingMedia): Promise<string> {
    const file = await downloadMedia(this.deps, item, item.type === "video" ? VIDEO_LIMIT : IMAGE_LIMIT);
    const id = item.type === "video" ? await this.uploadChunked(account, file) : await this.uploadOnce(account, file);
    if (item.altText) {
      const body: MediaMetadataBody = { id, metadata: { alt_text: { text: item.altText } } };
      await this.call(account, { method: "POST", url: `${API}/2/media/metadata`, json: body, safe: true });
    }
    return id;
  }

  private async uploadOnce(account: PlatformAccount, file: MediaFile): Promise<string> {
    const fields: FormFields<SimpleUploadParams> = {
      media: { blob: new Blob([file.bytes], { type: file.type }), filename: file.filename },
      media_category: file.type === "image/gif" ? "tweet_gif" : "tweet_image",
    };
    const form = formData(fields);
    const answer = await this.call(account, { method: "POST", url: `${API}/2/media/upload`, form, safe: true });
    const uploaded: MediaV2UploadResponse = answer.data;
    return uploaded.data.id;
  }

  private async uploadChunked(account: PlatformAccount, file: MediaFile): Promise<string> {
    const initialize: MediaV2UploadInitParams = {
      media_type: file.type,
      total_bytes: file.bytes.byteLength,
      media_category: "tweet_video",
    };
    const init = await this.call(account, {
      method: "POST",
      url: `${API}/2/media/upload/initialize`,
      json: initialize,
      safe: true,
    });
    const { id } = (init.data as MediaV2UploadResponse).data;
    for (let offset = 0, segment = 0; offset < file.bytes.byteLength; offset += CHUNK_BYTES, segment++) {
      const append: FormFields<MediaV2UploadAppendParams> = {
        segment_index: segment,
        media: { blob: new Blob([file.bytes.subarray(offset, offset + CHUNK_BYTES)], { type: file.type }) },
      };
      const form = formData(append);
      await this.call(account, { method: "POST", url: `${API}/2/media/upload/${id}/append`, form, safe: true });
    }
    let answer = await this.call(account, { method: "POST", url: `${API}/2/media/upload/${id}/finalize`, safe: true });
    for (let poll = 0; poll < STATUS_POLLS; poll++) {
      const info = (answer.data as MediaV2UploadResponse).data.processing_info;
      if (!info || info.state === "succeeded") return id;
      if (info.state === "failed")
        throw new PlatformError("refused", "X could not process the video", "MEDIA_REJECTED");
      await this.deps.sleep(Math.min(Number(info.check_after_secs ?? 1), 10) * 1000);
      answer = await this.call(account, {
        method: "GET",
        url: `${API}/2/media/upload?media_id=${id}&command=STATUS`,
        safe: true,
      });
    }
    throw new PlatformError("transient", "X is still processing the video; trying again later");
  }

  // --- reading ----------------------------------------------------------------------------------

  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const result = new Map<string, Metrics | null>(platformPostIds.map((id) => [id, null]));
    for (let i = 0; i < platformPostIds.length; i += LOOKUP_BATCH) {
      const ids = platformPostIds.slice(i, i + LOOKUP_BATCH);
      const answer = await this.call(account, {
        method: "GET",
        url: `${API}/2/tweets?ids=${ids.join(",")}&tweet.fields=public_metrics`,
        safe: true,
      });
      // Posts X no longer has are listed under `errors`; with none found, `data` is absent.
      const found: TweetV2LookupResult = answer.data;
      for (const post of found.data ?? []) {
        const m = post.public_metrics;
        result.set(post.id, {
          likes: m?.like_count ?? 0,
          comments: m?.reply_count ?? 0,
          reposts: m?.retweet_count ?? 0,
          views: m?.impression_count ?? 0,
        });
      }
    }
    return result;
  }
}
