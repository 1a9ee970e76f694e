// The Pinterest adapter (API v5): Pins on a board with an image, a carousel or a video, and Pin metrics.
import {
  type CallKind,
  credential,
  exchange,
  type HttpAnswer,
  type HttpCall,
  type HttpDeps,
  refuseUnless,
  sendWithToken,
  serverFailure,
} from "./http";
import { MB, openSizedMedia, type SizedMedia, type Wait, waitUntilReady } from "./media";
import { countsPerPost, followersOf } from "./metrics";
import { OAUTH_CONNECTIONS } from "./oauth-connections";
import { declaredConnection } from "./platform-oauth";
import {
  type Destination,
  type OAuthConnection,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type Profile,
  type PublishRequest,
  type PublishResult,
} from "./types";

const API = "https://api.pinterest.com/v5";
/**
 * A video goes to Pinterest's upload URL in one request, which must finish within Herald's time-out:
 * Herald takes videos up to 100 MB (Pinterest's own limit is 2 GB).
 */
const VIDEO_LIMIT = 100 * MB;
export const PINTEREST_CAROUSEL_MAX = 5;
const BOARD_PAGE = 250;
const BOARD_PAGES = 4;
/** How often and how long to look at an uploaded video Pinterest is still processing. */
export const PINTEREST_VIDEO_WAIT: Wait = { intervalMs: 10_000, timeoutMs: 300_000 };

/*
 * Pinterest's request and answer shapes, only the fields Herald sends or reads, from Pinterest's own API
 * description (https://github.com/pinterest/api-description, v5/openapi.json, version 5.23.0; the reference at
 * https://developers.pinterest.com/docs/api/v5/), read 2026-11-27. No type package describes API v5.
 */

/** `Account` (GET /user_account). */
export interface PinterestAccount {
  id?: string;
  username?: string;
  business_name?: string | null;
  follower_count?: number | null;
}

/** `Board` (GET /boards items, POST /boards). */
export interface PinterestBoard {
  id: string;
  name: string;
}

/** GET /boards: a page of boards and the bookmark of the next. */
export interface PinterestBoardPage {
  items: PinterestBoard[];
  bookmark?: string | null;
}

/** `BoardCreate` (POST /boards). */
export interface PinterestBoardCreate {
  name: string;
  description?: string | null;
  privacy?: "PUBLIC" | "PROTECTED" | "SECRET";
}

/** `PinMediaSource`: the kinds Herald sends. */
export type PinterestMediaSource =
  | { source_type: "image_url"; url: string }
  | { source_type: "multiple_image_urls"; items: { url: string }[] }
  | { source_type: "video_id"; media_id: string; cover_image_url?: string };

/** `PinCreate` (POST /pins). */
export interface PinterestPinCreate {
  board_id: string;
  description?: string | null;
  title?: string | null;
  link?: string | null;
  alt_text?: string | null;
  media_source: PinterestMediaSource;
}

/**
 * `Pin` (POST /pins, GET /pins/{id}?pin_metrics=true). `pin_metrics` is free-form in the description: counts by name
 * per interval, `lifetime_metrics` among them (`reaction`, `comment`, `save`, `impression` are the ones Herald reads).
 */
export interface PinterestPin {
  id: string;
  board_id?: string;
  pin_metrics?: Record<string, Record<string, number>> | null;
}

/** `Error`: every failed answer. */
export interface PinterestError {
  code: number;
  message: string;
}

/** `MediaUploadCreate` and `MediaUpload` (POST /media), `Media` (GET /media/{id}). */
export interface PinterestMediaUploadCreate {
  media_type: "video";
}
export interface PinterestMediaUpload {
  media_id: string;
  media_type: "video";
  upload_url?: string;
  upload_parameters?: Record<string, string>;
}
export interface PinterestMedia {
  media_id: string;
  media_type: "video";
  status?: "registered" | "processing" | "succeeded" | "failed";
}

/** How Herald names a Pinterest account (and the board it makes for one): its business name, else its username. */
const accountName = (me: PinterestAccount) => me.business_name || me.username || String(me.id);

export interface PinterestDeps extends HttpDeps {
  videoWait?: Wait;
}

/**
 * Pinterest through API v5: a Pin on one of the account's boards (the post's destination, else the account's first
 * board, made for it when it has none), with one image, 2–5 images (a carousel) or one video with its cover; Pin
 * metrics. `platformUserId` is the Pinterest user account id.
 */
export class PinterestAdapter implements Platform {
  readonly connection: OAuthConnection;
  private readonly videoWait: Wait;

  constructor(private readonly deps: PinterestDeps) {
    this.videoWait = deps.videoWait ?? PINTEREST_VIDEO_WAIT;
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.pinterest, {
      identify: async (credentials) => {
        const accessToken = String(credentials.accessToken);
        const me = await this.me(accessToken);
        return {
          platformUserId: String(me.id ?? me.username),
          name: accountName(me),
          subscriptionTier: null,
          destinations: await this.boards(accessToken),
        };
      },
    });
  }

  private call(token: string, call: HttpCall): Promise<HttpAnswer> {
    return sendWithToken(this.deps, "Pinterest", token, call);
  }

  private async me(token: string): Promise<PinterestAccount> {
    return (await this.call(token, { method: "GET", url: `${API}/user_account`, safe: true })).data;
  }

  async readProfile(account: PlatformAccount): Promise<Profile> {
    const me = await this.me(credential(account, "accessToken"));
    return { subscriptionTier: null, ...followersOf(me.follower_count ?? undefined) };
  }

  /** The account's boards, 250 a page, up to 1,000 (`pages` pages). */
  private async boards(token: string, pages = BOARD_PAGES): Promise<Destination[]> {
    const boards: Destination[] = [];
    let bookmark: string | undefined;
    for (let page = 0; page < pages; page++) {
      const query = `page_size=${BOARD_PAGE}${bookmark ? `&bookmark=${encodeURIComponent(bookmark)}` : ""}`;
      const answer = await this.call(token, { method: "GET", url: `${API}/boards?${query}`, safe: true });
      const listed: PinterestBoardPage | null = answer.data;
      for (const board of listed?.items ?? []) boards.push({ id: String(board.id), label: board.name });
      bookmark = listed?.bookmark ?? undefined;
      if (!bookmark) break;
    }
    return boards;
  }

  /**
   * Where a Pin that names no board goes: the account's first board, or, when it has none, a board made for it,
   * named after the account. Pinterest keeps the board, so the next Pin finds it first and none is made twice.
   */
  private async firstBoard(token: string): Promise<string> {
    const [first] = await this.boards(token, 1);
    if (first) return first.id;
    const me = await this.me(token);
    const board: PinterestBoardCreate = { name: accountName(me), privacy: "PUBLIC" };
    const made = await this.call(token, { method: "POST", url: `${API}/boards`, json: board, safe: true });
    const id = (made.data as Partial<PinterestBoard> | null)?.id;
    if (typeof id !== "string") throw new PlatformError("transient", "Pinterest did not say which board it made");
    return id;
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return this.boards(credential(account, "accessToken"));
  }

  // --- posting ----------------------------------------------------------------------------------

  /** A Pin on the named board, else on the account's first (`firstBoard`). */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const token = credential(account, "accessToken");
    const { media } = request;
    const single = media.length === 1 ? media[0] : undefined;
    const mediaSource = await this.mediaSource(token, media);
    const pin: PinterestPinCreate = {
      board_id: request.destinationId ?? (await this.firstBoard(token)),
      description: request.text,
      ...(typeof request.options.title === "string" ? { title: request.options.title } : {}),
      ...(typeof request.options.link === "string" ? { link: request.options.link } : {}),
      ...(single?.type === "image" && single.altText !== undefined ? { alt_text: single.altText } : {}),
      media_source: mediaSource,
    };
    const answer = await this.call(token, { method: "POST", url: `${API}/pins`, json: pin });
    const id = (answer.data as Partial<PinterestPin> | null)?.id;
    if (typeof id !== "string") throw new PlatformError("no_answer", "Pinterest did not say which Pin it made");
    return { platformPostId: id, url: `https://www.pinterest.com/pin/${id}/` };
  }

  /** Images are fetched by Pinterest from their URLs; a video is uploaded first. */
  private async mediaSource(token: string, media: OutgoingMedia[]): Promise<PinterestMediaSource> {
    const images = media.filter((m) => m.type === "image");
    if (media.length === 1 && images.length === 1) return { source_type: "image_url", url: images[0]!.url };
    if (images.length === media.length && images.length >= 2 && images.length <= PINTEREST_CAROUSEL_MAX) {
      return { source_type: "multiple_image_urls", items: images.map((image) => ({ url: image.url })) };
    }
    const [video] = media;
    refuseUnless(
      media.length === 1 && video?.type === "video",
      "MEDIA_NOT_SUPPORTED",
      `A Pin takes one image, 2–${PINTEREST_CAROUSEL_MAX} images or one video`,
    );
    refuseUnless(video.coverUrl !== undefined, "MEDIA_NOT_SUPPORTED", "A video Pin needs a cover (cover_url)");
    return { source_type: "video_id", media_id: await this.uploadVideo(token, video), cover_image_url: video.coverUrl };
  }

  /**
   * Registers the upload, sends the file to the upload URL Pinterest gives (with its form fields), then
   * waits until Pinterest has processed it. Nothing is public until the Pin is made.
   */
  private async uploadVideo(token: string, video: OutgoingMedia): Promise<string> {
    const source = await openSizedMedia(this.deps, video, VIDEO_LIMIT, VIDEO_LIMIT);
    const upload: PinterestMediaUploadCreate = { media_type: "video" };
    const registered = await this.call(token, { method: "POST", url: `${API}/media`, json: upload, safe: true });
    const {
      media_id: mediaId,
      upload_url: uploadUrl,
      upload_parameters: fields,
    }: Partial<PinterestMediaUpload> = registered.data ?? {};
    if (typeof mediaId !== "string" || typeof uploadUrl !== "string") {
      throw new PlatformError("transient", "Pinterest's answer to the media registration named no upload URL");
    }
    const call: CallKind = { label: "Pinterest video upload", creates: false };
    const { body, contentType } = streamedForm(fields ?? {}, source);
    const response = await exchange(this.deps, call, uploadUrl, {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    if (!response.ok) {
      const said = (await response.text().catch(() => "")).slice(0, 500);
      if (response.status >= 500) throw serverFailure(call, response.status);
      throw new PlatformError("refused", `Pinterest's upload URL refused the video (${response.status}): ${said}`);
    }
    await waitUntilReady(this.deps, this.videoWait, "Pinterest video", async () => {
      const media: PinterestMedia | null = (
        await this.call(token, { method: "GET", url: `${API}/media/${mediaId}`, safe: true })
      ).data;
      const status = media?.status;
      if (status === "failed")
        throw new PlatformError("refused", "Pinterest could not process the video", "MEDIA_REJECTED");
      return status === "succeeded";
    });
    return mediaId;
  }

  // --- reading ----------------------------------------------------------------------------------

  /**
   * Each Pin's lifetime metrics (`pin_metrics=true`): reactions as likes, comments, saves as reposts,
   * impressions as views. A Pin Pinterest no longer has is null.
   */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]) {
    const token = credential(account, "accessToken");
    return countsPerPost(platformPostIds, async (id) => {
      const answer = await this.call(token, {
        method: "GET",
        url: `${API}/pins/${encodeURIComponent(id)}?pin_metrics=true`,
        safe: true,
      });
      const lifetime = (answer.data as PinterestPin | null)?.pin_metrics?.lifetime_metrics ?? {};
      return {
        likes: lifetime.reaction ?? 0,
        comments: lifetime.comment ?? 0,
        reposts: lifetime.save ?? 0,
        views: lifetime.impression ?? 0,
      };
    });
  }
}

/**
 * A `multipart/form-data` body streamed from the source, so a video is never held whole in memory: the
 * form fields, then the file, with the length known in advance (the upload URL needs it).
 */
function streamedForm(fields: Record<string, string>, source: SizedMedia) {
  const boundary = `herald-${crypto.randomUUID()}`;
  const encoder = new TextEncoder();
  const part = (name: string, extra = "") => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}`;
  const fieldParts = Object.entries(fields).map(([name, value]) => `${part(name)}\r\n\r\n${value}\r\n`);
  const filePart = `${part("file", `; filename="${source.filename}"`)}\r\nContent-Type: ${source.type}\r\n\r\n`;
  const head = encoder.encode(fieldParts.join("") + filePart);
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const { readable, writable } = new FixedLengthStream(head.byteLength + source.size + tail.byteLength);
  const writer = writable.getWriter();
  (async () => {
    await writer.write(head);
    for (let sent = 0; sent < source.size; ) {
      const part = await source.parts.take(Math.min(MB, source.size - sent));
      await writer.write(part);
      sent += part.byteLength;
    }
    await writer.write(tail);
    await writer.close();
  })().catch((error) => writer.abort(error).catch(() => {}));
  return { body: readable, contentType: `multipart/form-data; boundary=${boundary}` };
}
