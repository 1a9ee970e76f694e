// The Google Business Profile adapter: local posts (standard, event, offer) on a location, and review replies.
import { credential, type HttpAnswer, type HttpCall, type HttpDeps, refuseUnless, sendWithToken } from "../http";
import { OAUTH_CONNECTIONS } from "../oauth-connections";
import { declaredConnection } from "../platform-oauth";
import {
  type ConnectedAccount,
  type Destination,
  type OAuthConnection,
  type Platform,
  type PlatformAccount,
  type PlatformCredentials,
  PlatformError,
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
   * Replies to a review as the business (`reviews.updateReply`: a second reply replaces the first). For the inbox's
   * review intake; nothing calls it yet.
   */
  async replyToReview(account: PlatformAccount, reviewName: string, text: string): Promise<void> {
    const reply: GbpReviewReply = { comment: text };
    await this.call(credential(account, "accessToken"), {
      method: "PUT",
      url: `${POSTS_API}/${reviewName}/reply`,
      json: reply,
    });
  }
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
