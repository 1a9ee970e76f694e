// The LinkedIn adapter (versioned REST API): a member's or page's posts with images, video or a document; statistics.
import type { LIActionResponse, LIFinderResponse } from "linkedin-api-client";
import { OUTCOME } from "../../lib/error-codes";
import {
  accessToken,
  type CallKind,
  exchange,
  type HttpDeps,
  readJson,
  serverFailure,
  waitFromRetryAfter,
} from "../http";
import { downloadMedia, MB, openSizedMedia, type Wait, waitUntilReady } from "../media";
import { countsPerPost } from "../metrics";
import {
  type Metrics,
  type OAuthConnection,
  type OutgoingMedia,
  type Platform,
  type PlatformAccount,
  PlatformError,
  type PublishRequest,
  type PublishResult,
} from "../types";
import { linkedInConnection } from "./linkedin-connect";

interface LinkedInDeps extends HttpDeps {
  /** The `LinkedIn-Version` header (YYYYMM); LinkedIn supports each version for about a year. */
  version?: string;
  /** How often and how long to look at an uploaded video or document LinkedIn is still processing. */
  videoWait?: Wait;
}

/*
 * LinkedIn's shapes. The Rest.li envelopes (an action's `value`, a finder's `elements`) are the official
 * `linkedin-api-client`'s; it types entities as open records, so the entities Herald sends and reads are written here,
 * the fields Herald uses only, from the versioned REST reference (https://learn.microsoft.com/linkedin/marketing/
 * community-management/shares/posts-api, …/images-api, …/videos-api, …/documents-api, …/network-update-social-actions,
 * …/organizations/share-statistics, and https://learn.microsoft.com/linkedin/shared/api-guide/concepts/error-handling),
 * read 2026-11-27.
 */

/** A Rest.li action's answer (`?action=…`): the client library's envelope, with the action's value. */
export type LinkedInAction<Value> = Omit<LIActionResponse["data"], "value"> & { value: Value };
/** A Rest.li finder's answer (`?q=…`): the client library's envelope, with its elements. */
export type LinkedInFinder<Element> = Omit<LIFinderResponse["data"], "elements"> & { elements: Element[] };

export type LinkedInVisibility = "PUBLIC" | "CONNECTIONS" | "LOGGED_IN" | "CONTAINER";

/** Posts API: the `content` of a post with media (one image, video or document with its title, or a multiImage of 2–20). */
export type LinkedInPostContent =
  | { media: { id: string; altText?: string; title?: string } }
  | { multiImage: { images: { id: string; altText?: string }[] } };

/** Posts API: `POST /rest/posts` (a new post, or a reshare with `reshareContext`). */
export interface LinkedInPostCreate {
  author: string;
  commentary: string;
  visibility: LinkedInVisibility;
  distribution: {
    feedDistribution: "MAIN_FEED" | "NONE";
    targetEntities: unknown[];
    thirdPartyDistributionChannels: unknown[];
  };
  lifecycleState: "PUBLISHED" | "DRAFT";
  isReshareDisabledByAuthor: boolean;
  content?: LinkedInPostContent;
  reshareContext?: { parent: string };
}

/** Images API: `initializeUpload`. */
export interface LinkedInImageInit {
  initializeUploadRequest: { owner: string };
}
export interface LinkedInImageUpload {
  uploadUrl: string;
  image: string;
  uploadUrlExpiresAt?: number;
}

/** Videos API: `initializeUpload`, `finalizeUpload`, and a video's processing `status`. */
export interface LinkedInVideoInit {
  initializeUploadRequest: {
    owner: string;
    fileSizeBytes: number;
    uploadCaptions: boolean;
    uploadThumbnail: boolean;
  };
}
export interface LinkedInVideoUpload {
  video: string;
  uploadToken?: string;
  uploadUrlsExpireAt?: number;
  uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
}
export interface LinkedInVideoFinalize {
  finalizeUploadRequest: { video: string; uploadToken: string; uploadedPartIds: string[] };
}
export interface LinkedInVideo {
  id?: string;
  status?: LinkedInProcessing;
}

/** Where LinkedIn stands with an uploaded video or document. */
export type LinkedInProcessing = "WAITING_UPLOAD" | "PROCESSING" | "AVAILABLE" | "PROCESSING_FAILED";

/** Documents API: `initializeUpload` (a PDF, PPT(X) or DOC(X) shown as a carousel), and a document's `status`. */
export interface LinkedInDocumentInit {
  initializeUploadRequest: { owner: string };
}
export interface LinkedInDocumentUpload {
  uploadUrl: string;
  document: string;
  uploadUrlExpiresAt?: number;
}
export interface LinkedInDocument {
  id?: string;
  owner?: string;
  status?: LinkedInProcessing;
}

/** socialActions: a comment to create, the created comment, and an entity's summaries. */
export interface LinkedInCommentCreate {
  actor: string;
  object: string;
  message: { text: string };
}
export interface LinkedInComment extends LinkedInCommentCreate {
  id?: string;
  $URN?: string;
}
export interface LinkedInSocialActions {
  target?: string;
  likesSummary?: { totalLikes?: number; likedByCurrentUser?: boolean };
  commentsSummary?: { totalFirstLevelComments?: number; aggregatedTotalComments?: number };
}

/** organizationalEntityShareStatistics: one element per share or ugcPost named. */
export interface LinkedInShareStatistics {
  organizationalEntity?: string;
  share?: string;
  ugcPost?: string;
  totalShareStatistics?: {
    shareCount?: number;
    likeCount?: number;
    commentCount?: number;
    impressionCount?: number;
  };
}

/** An error answer: the API's, or the OAuth endpoint's. */
export interface LinkedInError {
  status?: number;
  serviceErrorCode?: number;
  code?: string;
  message?: string;
  error?: string;
  error_description?: string;
}

const LINKEDIN_VERSION = "202605";
const LINKEDIN_VIDEO_WAIT: Wait = { intervalMs: 10_000, timeoutMs: 300_000 };
const LINKEDIN_MULTI_IMAGE_MAX = 20;
/** The largest image Herald fetches for LinkedIn, and the Videos API's largest upload. */
const IMAGE_LIMIT = 20 * MB;
const VIDEO_LIMIT = 500 * MB;
/** The Documents API's largest file (and 300 pages, checked when the post is scheduled). */
const DOCUMENT_LIMIT = 100 * MB;
/** A video served without its size is read whole before uploading, which a Worker's memory bounds. */
const UNSIZED_VIDEO_LIMIT = 100 * MB;
const API = "https://api.linkedin.com";

/**
 * LinkedIn through the versioned REST API (Posts, Images, Videos, Documents, socialActions, organization share
 * statistics). `platformUserId` is the author: an organization URN (`urn:li:organization:123`) for a
 * company page, a person URN or a bare member id (OpenID `sub`) for a member. `credentials.accessToken`
 * is the member's token (with `w_organization_social` to post as a page it administers).
 */
export class LinkedInAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "reposts", "views"] as const;
  private readonly version: string;
  private readonly videoWait: Wait;
  readonly connection: OAuthConnection;

  constructor(private readonly deps: LinkedInDeps) {
    this.version = deps.version ?? LINKEDIN_VERSION;
    this.videoWait = deps.videoWait ?? LINKEDIN_VIDEO_WAIT;
    this.connection = linkedInConnection(
      deps,
      async (token, label, url) => readJson(await this.request(token, { label, creates: false }, "GET", url)),
      (label, response) => linkedInFailure({ label, creates: false }, response, deps.now()),
    );
  }

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const token = accessToken("LinkedIn", account.credentials);
    const author = authorUrn(account);
    const content = await this.content(token, author, request.media);
    const visibility = request.options.visibility === "CONNECTIONS" ? "CONNECTIONS" : "PUBLIC";
    const response = await this.request(
      token,
      { label: "LinkedIn post", creates: true },
      "POST",
      `${API}/rest/posts`,
      newPost(author, littleText(request.text), visibility, content ? { content } : {}),
    );
    const urn = createdUrn(response, { label: "LinkedIn post", creates: true });
    return { platformPostId: urn, url: postUrl(urn) };
  }

  /** Comments as the account's author: as the organization on a company page. */
  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const token = accessToken("LinkedIn", account.credentials);
    const call = { label: "LinkedIn comment", creates: true };
    const comment: LinkedInCommentCreate = { actor: authorUrn(account), object: platformPostId, message: { text } };
    const response = await this.request(
      token,
      call,
      "POST",
      `${API}/rest/socialActions/${encodeURIComponent(platformPostId)}/comments`,
      comment,
    );
    const body: LinkedInComment | undefined = await readJson(response);
    const urn = typeof body?.$URN === "string" ? body.$URN : createdUrn(response, call);
    return { platformPostId: urn, url: postUrl(platformPostId) };
  }

  /** A reshare without commentary, by the account's author. */
  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    const token = accessToken("LinkedIn", account.credentials);
    const call = { label: "LinkedIn repost", creates: true };
    const response = await this.request(
      token,
      call,
      "POST",
      `${API}/rest/posts`,
      newPost(authorUrn(account), "", "PUBLIC", { reshareContext: { parent: platformPostId } }),
    );
    const urn = createdUrn(response, call);
    return { platformPostId: urn, url: postUrl(urn) };
  }

  /**
   * Likes and comments from socialActions (a post it no longer knows is null); for a company page,
   * reposts and views (impressions) from the organization's share statistics. A member's reposts and
   * views are not available to Herald (0).
   */
  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const token = accessToken("LinkedIn", account.credentials);
    const metrics = await countsPerPost(platformPostIds, async (urn) => {
      const response = await this.request(
        token,
        { label: "LinkedIn socialActions", creates: false },
        "GET",
        `${API}/rest/socialActions/${encodeURIComponent(urn)}`,
      );
      const body: LinkedInSocialActions | undefined = await readJson(response);
      return {
        likes: body?.likesSummary?.totalLikes ?? 0,
        comments: body?.commentsSummary?.aggregatedTotalComments ?? 0,
        reposts: 0,
        views: 0,
      };
    });
    const author = authorUrn(account);
    if (!isOrganization(author)) return metrics;
    const live = [...metrics].filter(([, counts]) => counts !== null).map(([urn]) => urn);
    for (const [urn, stats] of await this.shareStatistics(token, author, live)) {
      metrics.set(urn, { ...metrics.get(urn)!, ...stats });
    }
    return metrics;
  }

  async readProfile(account: PlatformAccount): Promise<{ subscriptionTier: string | null }> {
    const token = accessToken("LinkedIn", account.credentials);
    const author = authorUrn(account);
    const url = isOrganization(author)
      ? `${API}/rest/organizations/${author.slice(ORGANIZATION.length)}`
      : `${API}/v2/userinfo`;
    await this.request(token, { label: "LinkedIn profile", creates: false }, "GET", url);
    return { subscriptionTier: null };
  }

  /** `organizationalEntityShareStatistics` for shares and ugcPosts, 20 posts a call. */
  private async shareStatistics(token: string, organization: string, urns: string[]) {
    const result = new Map<string, { reposts: number; views: number }>();
    for (let i = 0; i < urns.length; i += 20) {
      const chunk = urns.slice(i, i + 20);
      const list = (kind: string) =>
        chunk
          .filter((urn) => urn.startsWith(`urn:li:${kind}:`))
          .map(encodeURIComponent)
          .join(",");
      const params = [`q=organizationalEntity`, `organizationalEntity=${encodeURIComponent(organization)}`];
      if (list("share")) params.push(`shares=List(${list("share")})`);
      if (list("ugcPost")) params.push(`ugcPosts=List(${list("ugcPost")})`);
      // Without posts named, LinkedIn answers the organization's totals instead.
      if (params.length === 2) continue;
      const response = await this.request(
        token,
        { label: "LinkedIn share statistics", creates: false },
        "GET",
        `${API}/rest/organizationalEntityShareStatistics?${params.join("&")}`,
      );
      const body: LinkedInFinder<LinkedInShareStatistics> | undefined = await readJson(response);
      for (const element of body?.elements ?? []) {
        const urn = element.share ?? element.ugcPost;
        const stats = element.totalShareStatistics ?? {};
        if (urn) result.set(urn, { reposts: stats.shareCount ?? 0, views: stats.impressionCount ?? 0 });
      }
    }
    return result;
  }

  /** The post's `content`: one image, 2–20 images (multiImage), or one video. */
  private async content(
    token: string,
    owner: string,
    media: OutgoingMedia[],
  ): Promise<LinkedInPostContent | undefined> {
    if (media.length === 0) return undefined;
    if (media.every((m) => m.type === "image") && media.length <= LINKEDIN_MULTI_IMAGE_MAX) {
      // One at a time: each image is held in memory while it is sent.
      const images: { id: string; altText?: string }[] = [];
      for (const item of media) {
        const id = await this.uploadImage(token, owner, item.url);
        images.push(item.altText !== undefined ? { id, altText: item.altText } : { id });
      }
      const [only] = images;
      return images.length === 1 && only ? { media: only } : { multiImage: { images } };
    }
    const [only] = media;
    if (media.length === 1 && only?.type === "video") {
      return { media: { id: await this.uploadVideo(token, owner, only.url) } };
    }
    if (media.length === 1 && only?.type === "document") {
      return { media: { id: await this.uploadDocument(token, owner, only.url), title: only.title ?? "Document" } };
    }
    throw new PlatformError(
      "refused",
      `LinkedIn posts take one video, one document, or 1–${LINKEDIN_MULTI_IMAGE_MAX} images`,
      "MEDIA_NOT_SUPPORTED",
    );
  }

  /** Documents API: initializeUpload, the bytes to the upload URL, then a wait until LinkedIn has processed it. */
  private async uploadDocument(token: string, owner: string, url: string): Promise<string> {
    const { bytes } = await downloadMedia(this.deps, { type: "document", url }, DOCUMENT_LIMIT);
    const call = { label: "LinkedIn document upload", creates: false };
    const request: LinkedInDocumentInit = { initializeUploadRequest: { owner } };
    const init: LinkedInAction<LinkedInDocumentUpload> | undefined = await readJson(
      await this.request(token, call, "POST", `${API}/rest/documents?action=initializeUpload`, request),
    );
    const { uploadUrl, document }: Partial<LinkedInDocumentUpload> = init?.value ?? {};
    if (typeof uploadUrl !== "string" || typeof document !== "string") throw unreadable(call);
    await this.put(token, call, uploadUrl, bytes);
    await this.untilAvailable(token, "document", document);
    return document;
  }

  /** Looks at an uploaded video or document until LinkedIn says it is available (or could not process it). */
  private untilAvailable(token: string, kind: "video" | "document", urn: string) {
    return waitUntilReady(this.deps, this.videoWait, `LinkedIn ${kind}`, async () => {
      const response = await this.request(
        token,
        { label: `LinkedIn ${kind} status`, creates: false },
        "GET",
        `${API}/rest/${kind}s/${encodeURIComponent(urn)}`,
      );
      const status = ((await readJson(response)) as LinkedInVideo | LinkedInDocument | undefined)?.status;
      if (status === "PROCESSING_FAILED") {
        throw new PlatformError("refused", `LinkedIn could not process the ${kind}`, "PLATFORM_REFUSED");
      }
      return status === "AVAILABLE";
    });
  }

  /** Images API: initializeUpload, then the bytes to the upload URL; answers the image URN. */
  private async uploadImage(token: string, owner: string, url: string): Promise<string> {
    const { bytes } = await downloadMedia(this.deps, { type: "image", url }, IMAGE_LIMIT);
    const call = { label: "LinkedIn image upload", creates: false };
    const request: LinkedInImageInit = { initializeUploadRequest: { owner } };
    const init: LinkedInAction<LinkedInImageUpload> | undefined = await readJson(
      await this.request(token, call, "POST", `${API}/rest/images?action=initializeUpload`, request),
    );
    const { uploadUrl, image }: Partial<LinkedInImageUpload> = init?.value ?? {};
    if (typeof uploadUrl !== "string" || typeof image !== "string") throw unreadable(call);
    await this.put(token, call, uploadUrl, bytes);
    return image;
  }

  /**
   * Videos API: initializeUpload with the size, each part (as LinkedIn splits it) read from the source and
   * sent, finalizeUpload with the parts' ETags, then a wait until LinkedIn has processed the video.
   */
  private async uploadVideo(token: string, owner: string, url: string): Promise<string> {
    const { size, parts } = await openSizedMedia(this.deps, { type: "video", url }, VIDEO_LIMIT, UNSIZED_VIDEO_LIMIT);
    const call = { label: "LinkedIn video upload", creates: false };
    const request: LinkedInVideoInit = {
      initializeUploadRequest: { owner, fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: false },
    };
    const init: LinkedInAction<LinkedInVideoUpload> | undefined = await readJson(
      await this.request(token, call, "POST", `${API}/rest/videos?action=initializeUpload`, request),
    );
    const { video, uploadToken, uploadInstructions }: Partial<LinkedInVideoUpload> = init?.value ?? {};
    if (typeof video !== "string" || !Array.isArray(uploadInstructions)) throw unreadable(call);

    const etags: string[] = [];
    for (const part of uploadInstructions) {
      const bytes = await parts.take(part.lastByte - part.firstByte + 1);
      const response = await this.put(token, call, part.uploadUrl, bytes);
      etags.push(response.headers.get("etag") ?? "");
    }
    const finalize: LinkedInVideoFinalize = {
      finalizeUploadRequest: { video, uploadToken: uploadToken ?? "", uploadedPartIds: etags },
    };
    await this.request(token, call, "POST", `${API}/rest/videos?action=finalizeUpload`, finalize);
    await this.untilAvailable(token, "video", video);
    return video;
  }

  private put(token: string, call: CallKind, uploadUrl: string, bytes: ArrayBuffer | Uint8Array) {
    return this.request(token, call, "PUT", uploadUrl, bytes);
  }

  private async request(
    token: string,
    call: CallKind,
    method: "GET" | "POST" | "PUT",
    url: string,
    /** A JSON body, or the bytes of an upload. */
    payload?: unknown,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      Authorization: `Bearer ${token}`,
      "LinkedIn-Version": this.version,
      "X-Restli-Protocol-Version": "2.0.0",
    };
    const bytes = payload instanceof Uint8Array || payload instanceof ArrayBuffer;
    if (payload !== undefined) headers["Content-Type"] = bytes ? "application/octet-stream" : "application/json";
    const body = payload === undefined || bytes ? (payload as BodyInit | undefined) : JSON.stringify(payload);
    const response = await exchange(this.deps, call, url, { method, headers, body });
    if (response.ok) return response;
    throw await linkedInFailure(call, response, this.deps.now());
  }
}

const ORGANIZATION = "urn:li:organization:";
const isOrganization = (urn: string) => urn.startsWith(ORGANIZATION);

/** The account's author URN: an organization or person URN as stored, or a bare member id. */
function authorUrn(account: PlatformAccount): string {
  const id = account.platformUserId;
  return id.startsWith("urn:li:") ? id : `urn:li:person:${id}`;
}

/** A published post in the Posts API's shape; `extra` is its content or reshare context. */
const newPost = (
  author: string,
  commentary: string,
  visibility: LinkedInVisibility,
  extra: Pick<LinkedInPostCreate, "content" | "reshareContext">,
): LinkedInPostCreate => ({
  author,
  commentary,
  visibility,
  distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
  lifecycleState: "PUBLISHED",
  isReshareDisabledByAuthor: false,
  ...extra,
});

const postUrl = (urn: string) => `https://www.linkedin.com/feed/update/${urn}/`;

/** The URN LinkedIn gives a created entity in `x-restli-id`; without it, whether it exists is unknown. */
function createdUrn(response: Response, call: CallKind): string {
  const id = response.headers.get("x-restli-id");
  if (id) return decodeURIComponent(id);
  throw unreadable(call);
}

function unreadable(call: CallKind): PlatformError {
  return call.creates
    ? new PlatformError("no_answer", `${call.label}: LinkedIn accepted the request but did not say what it made`)
    : new PlatformError("transient", `${call.label}: LinkedIn's answer could not be read`);
}

/**
 * LinkedIn's error answers in Herald's terms: the API's `{ status, code, serviceErrorCode, message }`, or the
 * OAuth endpoint's `{ error, error_description }`.
 */
async function linkedInFailure(call: CallKind, response: Response, now: number): Promise<PlatformError> {
  const body: LinkedInError | undefined = await readJson(response);
  const said = body?.message ?? body?.error_description ?? body?.error ?? `answered ${response.status}`;
  const message = `${call.label}: ${said}`;
  switch (response.status) {
    case 401:
      return new PlatformError("auth_expired", message);
    case 403:
      return new PlatformError("refused", message, "PERMISSION_DENIED");
    case 404:
      return new PlatformError("refused", message, "NOT_ON_PLATFORM");
    case 429:
      // LinkedIn's daily limits reset at midnight UTC; it sends no Retry-After of its own.
      return new PlatformError(
        "rate_limited",
        message,
        OUTCOME.PLATFORM_RATE_LIMITED,
        waitFromRetryAfter(response.headers.get("retry-after"), now) ?? untilUtcMidnight(now),
      );
  }
  if (response.status >= 500) return serverFailure(call, response.status);
  return new PlatformError("refused", message, "PLATFORM_REFUSED");
}

function untilUtcMidnight(now: number): number {
  const day = 86_400_000;
  return (Math.floor(now / day) + 1) * day - now;
}

/** LinkedIn's "little" reserved characters; hashtags, mentions and links are kept as they are. */
const LITTLE_RESERVED = /[\\|{}@[\]()<>#*_~]/g;
const LITTLE_KEEP = /https?:\/\/[^\s<>()[\]{}]+|@\[[^\]]*\]\(urn:li:[^)]+\)|#[\p{L}\p{N}_]+/gu;

/** Commentary in LinkedIn's little text format: an unescaped reserved character cuts the post short. */
export function littleText(text: string): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(LITTLE_KEEP)) {
    out += text.slice(last, match.index).replace(LITTLE_RESERVED, "\\$&") + match[0];
    last = match.index + match[0].length;
  }
  return out + text.slice(last).replace(LITTLE_RESERVED, "\\$&");
}
