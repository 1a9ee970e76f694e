// The Bluesky adapter: AT Protocol posts with facets, images and link cards, through an app password.
import type {
  $Typed,
  AppBskyActorGetProfile,
  AppBskyEmbedExternal,
  AppBskyEmbedImages,
  AppBskyEmbedRecord,
  AppBskyEmbedRecordWithMedia,
  AppBskyEmbedVideo,
  AppBskyFeedGetPosts,
  AppBskyFeedPost,
  AppBskyFeedRepost,
  AppBskyNotificationListNotifications,
  AppBskyRichtextFacet,
  ComAtprotoIdentityResolveHandle,
  ComAtprotoRepoCreateRecord,
  ComAtprotoRepoGetRecord,
  ComAtprotoRepoStrongRef,
  ComAtprotoRepoUploadBlob,
} from "@atproto/api";
import type { BlobRef } from "@atproto/lexicon";
import { z } from "@hono/zod-openapi";
import { imageSize } from "../lib/image-size";
import { publicUrlRefusal } from "../lib/ssrf";
import { credential, failureOf, type HttpCall, refuseUnless, send, waitFromEpochSeconds } from "./http";
import { pagePreview } from "./link-card";
import { downloadMedia, MB, type MediaFile } from "./media";
import { followersOf } from "./metrics";
import {
  type AdapterDeps,
  type CredentialConnection,
  type InboxPolling,
  type Metrics,
  type Platform,
  type PlatformAccount,
  type PlatformCredentials,
  PlatformError,
  type PolledItem,
  type Profile,
  type PublishRequest,
  type PublishResult,
  type ReplyTo,
} from "./types";

const DEFAULT_SERVICE = "https://bsky.social";
const GRAPHEME_LIMIT = 300;
/** app.bsky.embed.images: at most 4 images of up to 2,000,000 bytes each. */
const IMAGE_LIMIT = 2_000_000;
/** app.bsky.embed.external: a link card's thumbnail is an image of up to 1,000,000 bytes. */
const THUMB_LIMIT = 1_000_000;
const VIDEO_LIMIT = 100 * MB;
const GET_POSTS_BATCH = 25;
/** The notifications the inbox takes: a reply to the account, a post that mentions it, a post that quotes one of its. */
const INBOX_REASONS = ["reply", "mention", "quote"] as const;
/** `listNotifications` answers at most 100 a page; a poll reads at most this many pages, then goes on next poll. */
const NOTIFICATIONS_PAGE = 100;
const NOTIFICATION_PAGES = 5;
/** When an access token's expiry cannot be read, assume the PDS default (120 minutes) less a margin. */
const ASSUMED_ACCESS_LIFETIME_MS = 100 * 60_000;

/** A blob as JSON: what `uploadBlob` answers and a record holds (the SDK's types name its `BlobRef` class). */
export interface WireBlob {
  $type: "blob";
  ref: { $link: string };
  mimeType: string;
  size: number;
}

/**
 * A lexicon type from @atproto/api as JSON on the wire: blobs as `WireBlob`, and without the open
 * `[k: string]: unknown` of the generated types, so a misspelt field fails the typecheck.
 */
export type Wire<T> = T extends BlobRef
  ? WireBlob
  : T extends string // an open enum (`"reply" | (string & {})`) stays a string
    ? T
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T as string extends K ? never : K]: Wire<T[K]> }
        : T;

export type PostRecord = Wire<AppBskyFeedPost.Record>;
type RepostRecord = Wire<AppBskyFeedRepost.Record>;
type StrongRef = Wire<ComAtprotoRepoStrongRef.Main>;
type Facet = Wire<AppBskyRichtextFacet.Main>;
type NotificationList = Wire<AppBskyNotificationListNotifications.OutputSchema>;
export type Notification = Wire<AppBskyNotificationListNotifications.Notification>;
/** `com.atproto.repo.createRecord`'s input, its record one of those Herald writes. */
type CreateRecordInput = Omit<Wire<ComAtprotoRepoCreateRecord.InputSchema>, "record"> & {
  record: PostRecord | RepostRecord;
};
/** An XRPC failure's body (https://atproto.com/specs/xrpc#error-responses, read 2026-11-27). */
export interface XrpcError {
  error: string;
  message?: string;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).byteLength;

const countGraphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text)].length;

/** A JWT's `exp` in ms, or undefined. */
function jwtExpiry(jwt: string): number | undefined {
  try {
    const payload = jwt.split(".")[1] ?? "";
    const json = JSON.parse(atob(payload.replaceAll("-", "+").replaceAll("_", "/")));
    return typeof json.exp === "number" ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

const LINK = /https?:\/\/[^\s<>"]+/g;
const MENTION = /(^|[\s(])@([a-zA-Z0-9][a-zA-Z0-9-]*(?:\.[a-zA-Z0-9][a-zA-Z0-9-]*)+)/g;
const TAG = /(^|\s)#([\p{L}\p{N}_]*\p{L}[\p{L}\p{N}_]*)/gu;

/** The links in a text and where each starts; sentence punctuation after a link is not part of it. */
const linksOf = (text: string) =>
  [...text.matchAll(LINK)].map((match) => ({ uri: match[0].replace(/[.,;:!?)\]]+$/, ""), at: match.index }));

/** Links, mentions (resolved to DIDs; unknown handles stay plain text) and hashtags, at UTF-8 byte offsets. */
async function facetsOf(text: string, resolveHandle: (handle: string) => Promise<string | null>): Promise<Facet[]> {
  const facets: Facet[] = [];
  const slice = (start: number, end: number) => ({
    byteStart: byteLength(text.slice(0, start)),
    byteEnd: byteLength(text.slice(0, end)),
  });
  for (const { uri, at } of linksOf(text)) {
    facets.push({ index: slice(at, at + uri.length), features: [{ $type: "app.bsky.richtext.facet#link", uri }] });
  }
  for (const match of text.matchAll(MENTION)) {
    const start = match.index + (match[1]?.length ?? 0);
    const handle = match[2]!;
    const did = await resolveHandle(handle);
    if (did)
      facets.push({
        index: slice(start, start + handle.length + 1),
        features: [{ $type: "app.bsky.richtext.facet#mention", did }],
      });
  }
  for (const match of text.matchAll(TAG)) {
    const start = match.index + (match[1]?.length ?? 0);
    const tag = match[2]!;
    if (countGraphemes(tag) > 64) continue;
    facets.push({
      index: slice(start, start + tag.length + 1),
      features: [{ $type: "app.bsky.richtext.facet#tag", tag }],
    });
  }
  return facets.sort((a, b) => a.index.byteStart - b.index.byteStart);
}

/** `at://did/collection/rkey` → its parts. */
function parseAtUri(uri: string) {
  const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(uri);
  if (!match) throw new PlatformError("refused", `Not a Bluesky record URI: ${uri}`, "PLATFORM_REFUSED");
  return { repo: match[1]!, collection: match[2]!, rkey: match[3]! };
}

const ConnectInput = z.object({
  handle: z.string().min(3).max(253).openapi({ example: "herald.bsky.social" }),
  app_password: z
    .string()
    .min(1)
    .max(100)
    .openapi({ description: "An app password from Bluesky's settings, not the account password" }),
  service: z
    .url({ protocol: /^https$/ })
    .superRefine((url, ctx) => {
      // Herald will call it: a public host (the SSRF guard), refused here before any request.
      const refused = publicUrlRefusal(url, { sandbox: false });
      if (refused) ctx.addIssue({ code: "custom", message: refused });
    })
    .optional()
    .openapi({ description: "The PDS, on a public host; default https://bsky.social" }),
});

/** Bluesky over the AT Protocol: a session from an app password, posts with facets and images with alt text. */
export class BlueskyAdapter implements Platform {
  readonly countsRead = ["likes", "comments", "reposts"] as const;
  readonly connection: CredentialConnection;

  constructor(private readonly deps: AdapterDeps) {
    this.connection = {
      kind: "credentials",
      requiredEnv: [],
      input: ConnectInput,
      verify: async (input) => {
        const { handle, app_password, service } = ConnectInput.parse(input);
        const credentials = await this.createSession(service ?? DEFAULT_SERVICE, handle, app_password);
        return {
          credentials,
          identity: {
            platformUserId: String(credentials.did),
            name: String(credentials.handle),
            subscriptionTier: null,
          },
        };
      },
      refresh: (credentials) => this.refresh(credentials),
    };
  }

  private async xrpc(
    service: string,
    token: string | null,
    call: Omit<HttpCall, "url"> & { nsid: string; query?: string },
  ) {
    const url = `${service}/xrpc/${call.nsid}${call.query ? `?${call.query}` : ""}`;
    const full: HttpCall = {
      ...call,
      url,
      headers: { ...call.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    };
    const answer = await send(this.deps, full);
    if (answer.ok) return answer.data;
    const refusal: XrpcError | string | null = answer.data;
    const error = typeof refusal === "object" && typeof refusal?.error === "string" ? refusal.error : "";
    const message = [error, typeof refusal === "object" ? refusal?.message : undefined].filter(Boolean).join(": ");
    if (error === "ExpiredToken" || error === "InvalidToken") {
      throw new PlatformError("auth_expired", `Bluesky no longer accepts the session: ${message}`);
    }
    throw failureOf("Bluesky", full, answer, {
      message,
      retryAfterMs: waitFromEpochSeconds(answer.headers.get("ratelimit-reset"), this.deps.now()),
    });
  }

  private call(account: PlatformAccount, call: Omit<HttpCall, "url"> & { nsid: string; query?: string }) {
    return this.xrpc(this.service(account), credential(account, "accessToken"), call);
  }

  private service = (account: PlatformAccount) => String(account.credentials?.service ?? DEFAULT_SERVICE);
  private did = (account: PlatformAccount) => credential(account, "did");

  // --- session ----------------------------------------------------------------------------------

  private session(service: string, data: any, login: { identifier: string; appPassword: string }): PlatformCredentials {
    return {
      service,
      identifier: login.identifier,
      appPassword: login.appPassword,
      did: data.did,
      handle: data.handle,
      accessToken: data.accessJwt,
      refreshToken: data.refreshJwt,
      expiresAt: jwtExpiry(data.accessJwt) ?? this.deps.now() + ASSUMED_ACCESS_LIFETIME_MS,
    };
  }

  private async createSession(service: string, identifier: string, appPassword: string) {
    const data = await this.xrpc(service, null, {
      method: "POST",
      nsid: "com.atproto.server.createSession",
      json: { identifier, password: appPassword },
      safe: true,
    });
    return this.session(service, data, { identifier, appPassword });
  }

  /** Refreshes the session; when the refresh token is spent, signs in again with the app password. */
  private async refresh(credentials: PlatformCredentials): Promise<PlatformCredentials> {
    const service = String(credentials.service ?? DEFAULT_SERVICE);
    const login = {
      identifier: String(credentials.identifier ?? ""),
      appPassword: String(credentials.appPassword ?? ""),
    };
    try {
      const data = await this.xrpc(service, String(credentials.refreshToken ?? ""), {
        method: "POST",
        nsid: "com.atproto.server.refreshSession",
        safe: true,
      });
      return this.session(service, data, login);
    } catch (error) {
      if (!(error instanceof PlatformError && error.failure === "auth_expired")) throw error;
    }
    try {
      return await this.createSession(service, login.identifier, login.appPassword);
    } catch (error) {
      if (error instanceof PlatformError && error.failure === "refused") {
        throw new PlatformError("auth_expired", `Bluesky refused the app password: ${error.message}`);
      }
      throw error;
    }
  }

  // --- posting ----------------------------------------------------------------------------------

  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    refuseUnless(
      countGraphemes(request.text) <= GRAPHEME_LIMIT,
      "TEXT_TOO_LONG",
      `Bluesky takes at most ${GRAPHEME_LIMIT} graphemes`,
    );
    const images = request.media.filter((m) => m.type === "image");
    const videos = request.media.filter((m) => m.type === "video");
    refuseUnless(
      (videos.length === 0 && images.length <= 4) || (videos.length === 1 && images.length === 0),
      "MEDIA_LIMIT",
      "Bluesky takes up to 4 images or 1 video per post",
    );
    let embed: PostRecord["embed"];
    if (images.length > 0) {
      const uploaded: Wire<AppBskyEmbedImages.Image>[] = [];
      for (const image of images) {
        const file = await downloadMedia(this.deps, image, IMAGE_LIMIT);
        // Without its aspect ratio, an image shows cropped to a square until it loads.
        const size = imageSize(file.bytes);
        const aspectRatio = size ? { width: size.width, height: size.height } : undefined;
        uploaded.push({ alt: image.altText ?? "", image: await this.uploadBlob(account, file), aspectRatio });
      }
      embed = { $type: "app.bsky.embed.images", images: uploaded } satisfies Wire<$Typed<AppBskyEmbedImages.Main>>;
    } else if (videos[0]) {
      const video = videos[0];
      embed = {
        $type: "app.bsky.embed.video",
        video: await this.uploadBlob(account, await downloadMedia(this.deps, video, VIDEO_LIMIT)),
        alt: video.altText || undefined,
      } satisfies Wire<$Typed<AppBskyEmbedVideo.Main>>;
    } else {
      const [link] = linksOf(request.text);
      if (link) embed = await this.linkCard(account, link.uri);
    }
    const reply = request.replyTo && (await this.replyRefs(account, request.replyTo));
    return this.createPost(account, request.text, { embed, reply });
  }

  /**
   * A thread's follow-up segment names its parent and the thread's root as strong references (URI and content id,
   * as each was answered when it was created; read again only when the content id was not kept).
   */
  private async replyRefs(account: PlatformAccount, replyTo: ReplyTo): Promise<PostRecord["reply"]> {
    const refOf = async (post: PublishResult): Promise<StrongRef> =>
      post.cid ? { uri: post.platformPostId, cid: post.cid } : (await this.strongRef(account, post.platformPostId)).ref;
    return { root: await refOf(replyTo.root), parent: await refOf(replyTo.parent) };
  }

  /** The file as a blob of the account's repository. */
  private async uploadBlob(account: PlatformAccount, file: MediaFile): Promise<WireBlob> {
    const data: Wire<ComAtprotoRepoUploadBlob.OutputSchema> = await this.call(account, {
      method: "POST",
      nsid: "com.atproto.repo.uploadBlob",
      body: file.bytes,
      headers: { "content-type": file.type },
      safe: true,
    });
    return data.blob;
  }

  /**
   * The card Bluesky's own app shows for a post's first link, which the client builds: the page's title, description
   * and image. A page or image that cannot be had leaves the card out, or its thumbnail; the post goes out all the same.
   */
  private async linkCard(account: PlatformAccount, uri: string) {
    const preview = await pagePreview(this.deps, uri);
    if (!preview) return undefined;
    const image = preview.image
      ? await downloadMedia(this.deps, { type: "image", url: preview.image }, THUMB_LIMIT).catch(() => undefined)
      : undefined;
    const thumb = image?.type.startsWith("image/") ? await this.uploadBlob(account, image) : undefined;
    return {
      $type: "app.bsky.embed.external",
      external: {
        uri,
        title: preview.title,
        description: preview.description,
        thumb,
      },
    } satisfies Wire<$Typed<AppBskyEmbedExternal.Main>>;
  }

  private async createPost(
    account: PlatformAccount,
    text: string,
    extra: Pick<PostRecord, "embed" | "reply">,
  ): Promise<PublishResult> {
    const facets = await facetsOf(text, (handle) => this.resolveHandle(account, handle));
    const record: PostRecord = {
      $type: "app.bsky.feed.post",
      text,
      createdAt: new Date(this.deps.now()).toISOString(),
      facets: facets.length > 0 ? facets : undefined,
      embed: extra.embed,
      reply: extra.reply,
    };
    return this.createRecord(account, record);
  }

  private async createRecord(account: PlatformAccount, record: CreateRecordInput["record"]) {
    const input: CreateRecordInput = { repo: this.did(account), collection: record.$type, record };
    const data: Wire<ComAtprotoRepoCreateRecord.OutputSchema> = await this.call(account, {
      method: "POST",
      nsid: "com.atproto.repo.createRecord",
      json: input,
    });
    const { repo, rkey } = parseAtUri(data.uri);
    return { platformPostId: data.uri, url: `https://bsky.app/profile/${repo}/post/${rkey}`, cid: data.cid };
  }

  private async resolveHandle(account: PlatformAccount, handle: string): Promise<string | null> {
    try {
      const data: ComAtprotoIdentityResolveHandle.OutputSchema = await this.call(account, {
        method: "GET",
        nsid: "com.atproto.identity.resolveHandle",
        query: new URLSearchParams({ handle }).toString(),
        safe: true,
      });
      return typeof data.did === "string" ? data.did : null;
    } catch (error) {
      if (error instanceof PlatformError && error.failure === "refused") return null;
      throw error;
    }
  }

  /** The post as a strong reference, and the root of its thread. */
  private async strongRef(account: PlatformAccount, uri: string): Promise<{ ref: StrongRef; root: StrongRef }> {
    const data: ComAtprotoRepoGetRecord.OutputSchema = await this.call(account, {
      method: "GET",
      nsid: "com.atproto.repo.getRecord",
      query: new URLSearchParams(parseAtUri(uri)).toString(),
      safe: true,
    });
    const ref = { uri: data.uri, cid: String(data.cid) };
    // The record a post's URI names is an app.bsky.feed.post: a reply names its thread's root.
    const post = data.value as Partial<PostRecord>;
    return { ref, root: post.reply?.root ?? ref };
  }

  async comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult> {
    const { ref, root } = await this.strongRef(account, platformPostId);
    return this.createPost(account, text, { reply: { root, parent: ref } });
  }

  async repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult> {
    const { ref } = await this.strongRef(account, platformPostId);
    return this.createRecord(account, {
      $type: "app.bsky.feed.repost",
      subject: ref,
      createdAt: new Date(this.deps.now()).toISOString(),
    });
  }

  // --- reading ----------------------------------------------------------------------------------

  /** The account's followers, from its profile view (`app.bsky.actor.getProfile`). */
  async readProfile(account: PlatformAccount): Promise<Profile> {
    const profile: Wire<AppBskyActorGetProfile.OutputSchema> = await this.call(account, {
      method: "GET",
      nsid: "app.bsky.actor.getProfile",
      query: new URLSearchParams({ actor: this.did(account) }).toString(),
      safe: true,
    });
    return { subscriptionTier: null, ...followersOf(profile.followersCount) };
  }

  /**
   * The inbox's poll: the account's replies, mentions and quotes (`app.bsky.notification.listNotifications`, which
   * pages only backwards, newest first). The cursor is the newest notification taken (`indexedAt` and URI): a poll
   * reads from the newest page down until it reaches that one, at most `NOTIFICATION_PAGES` pages; a walk that has not
   * reached it yet keeps its next page and where it started in the cursor and goes on from there next poll, so none is
   * skipped however many came. A first poll takes the newest page. Items go oldest first, each once by its post's URI.
   */
  readonly inbox: InboxPolling = {
    poll: async (account, cursor) => {
      const state = readNotificationCursor(cursor);
      let page = state.walk?.page;
      let top = state.walk?.top ?? null;
      const taken: Notification[] = [];
      let reached = false;
      for (let read = 0; read < NOTIFICATION_PAGES && !reached; read++) {
        const list = await this.listNotifications(account, page);
        const notifications = list.notifications ?? [];
        top ??= notifications[0] ? markOf(notifications[0]) : null;
        for (const notification of notifications) {
          if (state.seen && isAtOrBefore(notification, state.seen)) {
            reached = true;
            break;
          }
          taken.push(notification);
        }
        page = list.cursor;
        // The first poll takes the newest page; the end of the account's notifications is as far as a walk goes.
        if (!state.seen || !page || notifications.length === 0) reached = true;
      }
      const items = taken
        .filter((n) => (INBOX_REASONS as readonly string[]).includes(n.reason))
        .reverse()
        .map(notificationItem);
      const seen = reached ? (top ?? state.seen) : state.seen;
      const walk = reached || !page || !top ? undefined : { page, top };
      return { items, cursor: seen || walk ? JSON.stringify({ seen, ...(walk ? { walk } : {}) }) : cursor };
    },
  };

  /** One page of the account's notifications of the inbox's reasons, newest first, older than `page`'s position. */
  private async listNotifications(account: PlatformAccount, page: string | undefined): Promise<NotificationList> {
    const query = new URLSearchParams([
      ...INBOX_REASONS.map((reason) => ["reasons", reason]),
      ["limit", String(NOTIFICATIONS_PAGE)],
    ]);
    if (page) query.set("cursor", page);
    return this.call(account, {
      method: "GET",
      nsid: "app.bsky.notification.listNotifications",
      query: query.toString(),
      safe: true,
    });
  }

  async readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>> {
    const result = new Map<string, Metrics | null>(platformPostIds.map((id) => [id, null]));
    for (let i = 0; i < platformPostIds.length; i += GET_POSTS_BATCH) {
      const query = new URLSearchParams(platformPostIds.slice(i, i + GET_POSTS_BATCH).map((uri) => ["uris", uri]));
      const data: Wire<AppBskyFeedGetPosts.OutputSchema> = await this.call(account, {
        method: "GET",
        nsid: "app.bsky.feed.getPosts",
        query: query.toString(),
        safe: true,
      });
      for (const post of data.posts ?? []) {
        result.set(post.uri, {
          likes: post.likeCount ?? 0,
          comments: post.replyCount ?? 0,
          reposts: post.repostCount ?? 0,
          views: 0,
        });
      }
    }
    return result;
  }
}

/** A notification's place in the account's list: when Bluesky indexed it, and its record's URI. */
interface NotificationMark {
  at: string;
  uri: string;
}

/**
 * The inbox poll's cursor: the newest notification taken (`seen`), and while a poll's walk down to it is unfinished,
 * the page it goes on from and the newest notification it started at (`walk`), which becomes `seen` once it arrives.
 */
interface NotificationCursor {
  seen: NotificationMark | null;
  walk?: { page: string; top: NotificationMark };
}

const isMark = (value: unknown): value is NotificationMark =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as NotificationMark).at === "string" &&
  typeof (value as NotificationMark).uri === "string";

function readNotificationCursor(cursor: string | null): NotificationCursor {
  if (!cursor) return { seen: null };
  try {
    const parsed = JSON.parse(cursor) as Partial<NotificationCursor>;
    const seen = isMark(parsed.seen) ? parsed.seen : null;
    const walk = parsed.walk;
    return typeof walk?.page === "string" && isMark(walk.top) ? { seen, walk } : { seen };
  } catch {
    return { seen: null };
  }
}

const markOf = (notification: Notification): NotificationMark => ({
  at: notification.indexedAt,
  uri: notification.uri,
});

/**
 * Whether a notification is the one taken last or older than it: the list is ordered by `indexedAt`, so one indexed
 * before it was on an earlier poll's page. Another indexed in the same instant may come again; intake takes it once.
 */
function isAtOrBefore(notification: Notification, mark: NotificationMark) {
  const at = Date.parse(notification.indexedAt);
  const markAt = Date.parse(mark.at);
  return at < markAt || (at === markAt && notification.uri === mark.uri);
}

/** The post a notification's record quotes, if it embeds one (alone or with media). */
function quotedUri(post: Partial<PostRecord>): string | undefined {
  const embed = post.embed;
  if (embed?.$type === "app.bsky.embed.record") return (embed as Wire<AppBskyEmbedRecord.Main>).record.uri;
  if (embed?.$type === "app.bsky.embed.recordWithMedia") {
    return (embed as Wire<AppBskyEmbedRecordWithMedia.Main>).record.record.uri;
  }
  return undefined;
}

/**
 * A reply, mention or quote as the inbox's comment: on the post it answers (a reply's parent) or quotes, where there
 * is one. When it was written is its `createdAt`, unless that claims a time after Bluesky indexed it.
 */
function notificationItem(notification: Notification): PolledItem {
  // The record of a reply, mention or quote notification is the app.bsky.feed.post that made it.
  const post = notification.record as Partial<PostRecord>;
  const indexed = Date.parse(notification.indexedAt);
  const created = Date.parse(post.createdAt ?? "");
  const sentAt = Number.isFinite(created) && !(created > indexed) ? created : indexed;
  const mediaId = post.reply?.parent.uri ?? quotedUri(post);
  const author = notification.author;
  return {
    kind: "comment",
    id: notification.uri,
    senderId: author.did,
    text: post.text ?? "",
    ...(mediaId ? { mediaId } : {}),
    ...(Number.isFinite(sentAt) ? { sentAt } : {}),
    sender: { name: author.displayName || undefined, handle: author.handle, avatarUrl: author.avatar || undefined },
  };
}
