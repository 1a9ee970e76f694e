import type { PlatformKey } from "./catalog";

/** The facts about a connected account that an adapter needs to speak for it. */
export interface PlatformAccount {
  id: string;
  platform: PlatformKey;
  platformUserId: string;
  subscriptionTier: string | null;
  destinations: Destination[];
  /** Decrypted tokens or keys for the platform (empty for sandbox accounts). Never logged, never returned. */
  credentials?: PlatformCredentials;
}

export interface PlatformCredentials {
  accessToken?: string;
  refreshToken?: string;
  /** ms since the epoch */
  expiresAt?: number;
  /** Platform-specific extras: a Mastodon instance URL, a Bluesky handle and app password, a bot token… */
  [extra: string]: unknown;
}

export interface Destination {
  id: string;
  label: string;
}

/** One media item as the platform receives it: only the fields the platform takes are present. */
export interface OutgoingMedia {
  type: "image" | "video";
  url: string;
  altText?: string;
  coverUrl?: string;
  coverTimeMs?: number;
}

export interface OutgoingArticle {
  title?: string;
  body?: string;
  canonicalUrl?: string;
  coverImage?: string;
  tags?: string[];
}

export interface PublishRequest {
  text: string;
  media: OutgoingMedia[];
  destinationId?: string;
  /** Platform options from the target's metadata (everything but `destination_id`). */
  options: Record<string, unknown>;
  article?: OutgoingArticle;
}

export interface PublishResult {
  platformPostId: string;
  url?: string;
}

export interface Metrics {
  likes: number;
  comments: number;
  reposts: number;
  views: number;
}

/** What a platform can do. Each real adapter speaks its platform's API; `sandbox.ts` serves every key. */
export interface Platform {
  publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult>;
  /** Metrics per platform post id; a post that no longer exists maps to null. */
  readMetrics(account: PlatformAccount, platformPostIds: string[]): Promise<Map<string, Metrics | null>>;
  repost(account: PlatformAccount, platformPostId: string): Promise<PublishResult>;
  comment(account: PlatformAccount, platformPostId: string, text: string): Promise<PublishResult>;
  listDestinations(account: PlatformAccount): Promise<Destination[]>;
  /** The account as the platform describes it now: its subscription tier, where it has one. */
  readProfile(account: PlatformAccount): Promise<{ subscriptionTier: string | null }>;
}

/**
 * How a platform call failed, in Herald's terms:
 * - `transient`: nothing was accepted (5xx before acceptance, connection refused); safe to retry.
 * - `rate_limited`: the platform asked us to wait `retryAfterMs`; safe to retry.
 * - `no_answer`: the request was sent and no answer came; it may have gone through, never retry blindly.
 * - `refused`: the platform refused the content; retrying will not help.
 * - `auth_expired`: the account must be reconnected.
 */
export type PlatformFailure = "transient" | "rate_limited" | "no_answer" | "refused" | "auth_expired";

export class PlatformError extends Error {
  constructor(
    readonly failure: PlatformFailure,
    message: string,
    /** A Herald error code for the target, such as `X_LONG_POST_REFUSED`. */
    readonly code: string = failure.toUpperCase(),
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "PlatformError";
  }

  get retryable(): boolean {
    return this.failure === "transient" || this.failure === "rate_limited";
  }
}
