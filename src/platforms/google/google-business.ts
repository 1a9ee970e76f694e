// The Google Business Profile adapter: local posts (standard, event, offer) on a location, its reviews and replies.
import { credential, type HttpAnswer, type HttpCall, type HttpDeps, refuseUnless, sendWithToken } from "../http";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type CommentActions,
  type ConnectedAccount,
  type Destination,
  type InboxPolling,
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  type PlatformCredentials,
  PlatformError,
  type PolledItem,
  type PublishRequest,
  type PublishResult,
} from "../types";
import { localTime, topicOf } from "./google-business-rules";
import type {
  GbpAccount,
  GbpAccountList,
  GbpActionType,
  GbpLocalPost,
  GbpLocalPostCreate,
  GbpLocation,
  GbpLocationList,
  GbpReview,
  GbpReviewList,
  GbpReviewReply,
  GbpTimeInterval,
} from "./google-business-shapes";

const ACCOUNTS_API = "https://mybusinessaccountmanagement.googleapis.com/v1";
const LOCATIONS_API = "https://mybusinessbusinessinformation.googleapis.com/v1";
const POSTS_API = "https://mybusiness.googleapis.com/v4";
const REVOKE_URL = "https://oauth2.googleapis.com/revoke";
/** The fields of a location Herald reads: its name, title, address, and whether Google lets it post. */
const READ_MASK = "name,title,storefrontAddress,metadata";
const PAGE = 100;
const PAGES = 10;
/** Reviews read a page (`reviews.list` takes up to 50), and the pages one poll of a location reads at most. */
export const REVIEWS_PAGE = 50;
const REVIEW_PAGES = 10;
/** `ReviewReply.comment`: "The maximum length is 4096 bytes". */
const REPLY_BYTES = 4096;

/** `<title> — <address>`: the storefront's lines and town, or the title alone for a service-area business. */
function locationLabel(location: GbpLocation): string {
  const address = location.storefrontAddress;
  const where = [...(address?.addressLines ?? []), address?.locality].filter((part) => part && part !== "");
  const title = location.title || String(location.name);
  return (where.length > 0 ? `${title} — ${where.join(", ")}` : title).slice(0, 200);
}

const scheduleOf = (event: { start: string; end: string }): GbpTimeInterval => {
  const start = localTime(event.start)!;
  const end = localTime(event.end)!;
  return {
    startDate: start.date,
    ...(start.time ? { startTime: start.time } : {}),
    endDate: end.date,
    ...(end.time ? { endTime: end.time } : {}),
  };
};

/**
 * Google Business Profile: each Business Profile account a Google user grants is an account (`platformUserId` is
 * `accounts/<id>`), its locations the destinations (`locations/<id>`); a post is a local post (My Business API v4)
 * of topic STANDARD, EVENT or OFFER, with a call to action and one photo or video Google fetches from its URL.
 */
export class GoogleBusinessAdapter implements Platform {
  readonly connection: OAuthConnection;

  constructor(private readonly deps: HttpDeps) {
    this.connection = declaredConnection(deps, OAUTH_CONNECTIONS.google_business, {
      accounts: (credentials) => this.grantedAccounts(credentials),
      revoke: async (credentials) => {
        const token = credentials.refreshToken ?? credentials.accessToken;
        if (typeof token !== "string") return false;
        await this.call(null, { method: "POST", url: REVOKE_URL, urlencoded: { token }, safe: true });
        return true;
      },
    });
  }

  private call(token: string | null, call: HttpCall): Promise<HttpAnswer> {
    return sendWithToken(this.deps, "Google Business Profile", token, call).catch((error: unknown) => {
      // Google's 400 FAILED_PRECONDITION for a location that is not verified (or suspended) keeps its own code.
      if (error instanceof PlatformError && error.failure === "refused" && /verif/i.test(error.message)) {
        throw new PlatformError("refused", error.message, "LOCATION_NOT_VERIFIED");
      }
      throw error;
    });
  }

  /** Every Business Profile account the user may manage, each with the user's tokens and its locations. */
  private async grantedAccounts(credentials: PlatformCredentials): Promise<ConnectedAccount[]> {
    const token = String(credentials.accessToken);
    const answer = await this.call(token, { method: "GET", url: `${ACCOUNTS_API}/accounts`, safe: true });
    const listed: GbpAccount[] = (answer.data as GbpAccountList | null)?.accounts ?? [];
    const named = listed.filter((a): a is GbpAccount & { name: string } => typeof a.name === "string");
    const connected: ConnectedAccount[] = [];
    for (const account of named) {
      const destinations = await this.locations(token, account.name);
      const name = account.accountName || account.name;
      connected.push({
        identity: { platformUserId: account.name, name, subscriptionTier: null, destinations },
        credentials,
      });
    }
    return connected;
  }

  /** The account's locations, 100 a page, up to 1,000. */
  private async locations(token: string, accountName: string): Promise<Destination[]> {
    const found: Destination[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < PAGES; page++) {
      const query = new URLSearchParams({ readMask: READ_MASK, pageSize: String(PAGE) });
      if (pageToken) query.set("pageToken", pageToken);
      const url = `${LOCATIONS_API}/${accountName}/locations?${query}`;
      const listed = (await this.call(token, { method: "GET", url, safe: true })).data as GbpLocationList | null;
      for (const location of listed?.locations ?? []) {
        if (typeof location.name === "string") found.push({ id: location.name, label: locationLabel(location) });
      }
      pageToken = listed?.nextPageToken ?? undefined;
      if (!pageToken) break;
    }
    return found;
  }

  async listDestinations(account: PlatformAccount): Promise<Destination[]> {
    return this.locations(credential(account, "accessToken"), account.platformUserId);
  }

  async readProfile(account: PlatformAccount) {
    const url = `${ACCOUNTS_API}/${account.platformUserId}`;
    await this.call(credential(account, "accessToken"), { method: "GET", url, safe: true });
    return { subscriptionTier: null };
  }

  /** A local post on the location the target names. */
  async publish(account: PlatformAccount, request: PublishRequest): Promise<PublishResult> {
    const location = request.destinationId;
    refuseUnless(
      typeof location === "string" && location.startsWith("locations/"),
      "DESTINATION_REQUIRED",
      "A Google Business Profile post goes to a location: set metadata.destination_id",
    );
    const post = localPostOf(request);
    const answer = await this.call(credential(account, "accessToken"), {
      method: "POST",
      url: `${POSTS_API}/${account.platformUserId}/${location}/localPosts`,
      json: post,
    });
    const made = answer.data as Partial<GbpLocalPost> | null;
    if (typeof made?.name !== "string") {
      throw new PlatformError("no_answer", "Google did not say which local post it made");
    }
    if (made.state === "REJECTED") {
      throw new PlatformError("refused", "Google rejected the local post (its content policy)", "PLATFORM_REFUSED");
    }
    return { platformPostId: made.name, ...(made.searchUrl ? { url: made.searchUrl } : {}) };
  }

  /**
   * Reviews are the inbox's comments here, one conversation each (a Google user reviews a location once), on the
   * location. A poll reads every location's reviews newer than the last one it took there (by `updateTime`), newest
   * first, up to `REVIEW_PAGES` pages a location (500 reviews since the last poll: older ones past that are not
   * read); a location never read gives its latest page. The cursor is each location's newest `updateTime`.
   */
  readonly inbox: InboxPolling = {
    poll: async (account, cursor) => {
      const seen = readCursor(cursor);
      const items: PolledItem[] = [];
      for (const { id: location } of account.destinations) {
        const fresh = await this.reviewsAfter(account, location, seen[location] ?? null);
        // `fresh` is newest first: its items go oldest first, and its newest is where the next poll starts.
        items.push(...fresh.map((review) => reviewItem(location, review)).reverse());
        if (fresh[0]) seen[location] = updatedAt(fresh[0]);
      }
      return { items, cursor: Object.keys(seen).length > 0 ? JSON.stringify(seen) : cursor };
    },
  };

  /** The location's reviews updated after `after` (null: its latest page), newest first. */
  private async reviewsAfter(account: PlatformAccount, location: string, after: string | null) {
    const fresh: GbpReview[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < REVIEW_PAGES; page++) {
      const listed = await this.listReviews(account, location, pageToken);
      const reviews = listed.reviews ?? [];
      const newer = reviews.filter((r) => after === null || updatedAt(r) > after);
      fresh.push(...newer);
      pageToken = listed.nextPageToken;
      if (after === null || newer.length < reviews.length || !pageToken) break;
    }
    return fresh;
  }

  /**
   * A location's reviews, newest (by update) first, one page of 50 after `pageToken`: what the inbox's poll reads.
   * `location` is `locations/<id>`; the reviews live under the account (`accounts/<id>/locations/<id>/reviews`).
   */
  async listReviews(account: PlatformAccount, location: string, pageToken?: string): Promise<GbpReviewList> {
    const query = new URLSearchParams({ pageSize: String(REVIEWS_PAGE), orderBy: "updateTime desc" });
    if (pageToken) query.set("pageToken", pageToken);
    const url = `${POSTS_API}/${account.platformUserId}/${location}/reviews?${query}`;
    const answer = await this.call(credential(account, "accessToken"), { method: "GET", url, safe: true });
    return (answer.data as GbpReviewList | null) ?? {};
  }

  /**
   * The inbox's reply to a review (a review is the inbox's comment here), as the business: `reviews.updateReply`,
   * a PUT, so sending it again replaces it with the same text rather than adding a second.
   */
  readonly comments: CommentActions = {
    reply: async (account, reviewName, text) => {
      refuseUnless(
        new TextEncoder().encode(text).length <= REPLY_BYTES,
        "TEXT_TOO_LONG",
        `A reply to a Google review is at most ${REPLY_BYTES} bytes`,
      );
      const reply: GbpReviewReply = { comment: text };
      await this.call(credential(account, "accessToken"), {
        method: "PUT",
        url: `${POSTS_API}/${reviewName}/reply`,
        json: reply,
        safe: true,
      });
      return { messageId: `${reviewName}/reply` };
    },
  };
}

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

/** The poll's cursor: each location's newest review taken, by `updateTime`. */
function readCursor(cursor: string | null): Record<string, string> {
  if (!cursor) return {};
  try {
    const parsed: unknown = JSON.parse(cursor);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** A review's last change, as Google writes it (RFC 3339 in UTC, so the strings order as the times do). */
const updatedAt = (review: GbpReview) => review.updateTime ?? review.createTime ?? "";

/** A review as the inbox shows it: its stars, then what the reviewer wrote. */
function reviewItem(location: string, review: GbpReview): PolledItem {
  const stars = STARS[review.starRating ?? ""];
  const rating = stars ? `${"★".repeat(stars)}${"☆".repeat(5 - stars)}` : "";
  const sentAt = Date.parse(updatedAt(review));
  const reviewer = review.reviewer;
  return {
    kind: "comment",
    id: review.name,
    senderId: review.reviewId ?? review.name,
    text: [rating, review.comment].filter(Boolean).join(" ").slice(0, 10_000),
    mediaId: location,
    ...(Number.isFinite(sentAt) ? { sentAt } : {}),
    sender: {
      name: reviewer?.isAnonymous ? "A Google user" : (reviewer?.displayName ?? "A Google user"),
      ...(reviewer?.profilePhotoUrl ? { avatarUrl: reviewer.profilePhotoUrl } : {}),
    },
  };
}

interface LocalPostOptions {
  event?: { title: string; start: string; end: string };
  offer?: { coupon_code?: string; redeem_url?: string; terms?: string };
  call_to_action?: { action_type: GbpActionType; url?: string };
  language_code?: string;
}

/** The local post a request makes: its topic, summary, event or offer, call to action and one medium. */
export function localPostOf(request: PublishRequest): GbpLocalPostCreate {
  const options = request.options as LocalPostOptions;
  const topicType = topicOf(request.options);
  const [medium] = request.media;
  refuseUnless(request.media.length <= 1, "MEDIA_LIMIT", "A Google local post takes one photo or one video");
  const offer = options.offer;
  return {
    ...(options.language_code ? { languageCode: options.language_code } : {}),
    summary: request.text,
    topicType,
    ...(options.event ? { event: { title: options.event.title, schedule: scheduleOf(options.event) } } : {}),
    ...(offer && topicType === "OFFER"
      ? {
          offer: {
            ...(offer.coupon_code ? { couponCode: offer.coupon_code } : {}),
            ...(offer.redeem_url ? { redeemOnlineUrl: offer.redeem_url } : {}),
            ...(offer.terms ? { termsConditions: offer.terms } : {}),
          },
        }
      : {}),
    ...(options.call_to_action
      ? {
          callToAction: {
            actionType: options.call_to_action.action_type,
            ...(options.call_to_action.url ? { url: options.call_to_action.url } : {}),
          },
        }
      : {}),
    ...(medium ? { media: [{ mediaFormat: medium.type === "video" ? "VIDEO" : "PHOTO", sourceUrl: medium.url }] } : {}),
  };
}
