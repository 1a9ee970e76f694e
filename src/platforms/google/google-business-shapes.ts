// Google Business Profile's request and answer shapes: the published packages where they exist, else from the reference.
import type { mybusinessaccountmanagement_v1 } from "@googleapis/mybusinessaccountmanagement";
import type { mybusinessbusinessinformation_v1 } from "@googleapis/mybusinessbusinessinformation";

/** `accounts.list` (Account Management API v1), typed by `@googleapis/mybusinessaccountmanagement`. */
export type GbpAccount = mybusinessaccountmanagement_v1.Schema$Account;
export type GbpAccountList = mybusinessaccountmanagement_v1.Schema$ListAccountsResponse;

/** `accounts.locations.list` (Business Information API v1), typed by `@googleapis/mybusinessbusinessinformation`. */
export type GbpLocation = mybusinessbusinessinformation_v1.Schema$Location;
export type GbpLocationList = mybusinessbusinessinformation_v1.Schema$ListLocationsResponse;

/*
 * Local posts and review replies live in the My Business API v4, which no package types (Google dropped v4 from its
 * generated clients). Written from https://developers.google.com/my-business/reference/rest/v4/accounts.locations.localPosts
 * and .../accounts.locations.reviews (list, updateReply), read 2026-12-02: only the fields Herald sends or reads.
 */

/** `google.type.Date`. */
export interface GbpDate {
  year: number;
  month: number;
  day: number;
}

/** `google.type.TimeOfDay`. */
export interface GbpTimeOfDay {
  hours: number;
  minutes: number;
  seconds?: number;
  nanos?: number;
}

/** `TimeInterval`: dates and times in the location's own time. */
export interface GbpTimeInterval {
  startDate: GbpDate;
  startTime?: GbpTimeOfDay;
  endDate: GbpDate;
  endTime?: GbpTimeOfDay;
}

export type GbpActionType = "BOOK" | "ORDER" | "SHOP" | "LEARN_MORE" | "SIGN_UP" | "CALL";

/** `CallToAction`: no `url` for `CALL` (the location's phone number is called). */
export interface GbpCallToAction {
  actionType: GbpActionType;
  url?: string;
}

/** `LocalPostEvent`. */
export interface GbpEvent {
  title: string;
  schedule: GbpTimeInterval;
}

/** `LocalPostOffer`. */
export interface GbpOffer {
  couponCode?: string;
  redeemOnlineUrl?: string;
  termsConditions?: string;
}

/** `MediaItem` as a local post takes it: Google fetches `sourceUrl`. */
export interface GbpMediaItem {
  mediaFormat: "PHOTO" | "VIDEO";
  sourceUrl: string;
}

export type GbpTopicType = "STANDARD" | "EVENT" | "OFFER";

/** `LocalPost` as sent to `localPosts.create`. */
export interface GbpLocalPostCreate {
  languageCode?: string;
  summary: string;
  topicType: GbpTopicType;
  callToAction?: GbpCallToAction;
  event?: GbpEvent;
  offer?: GbpOffer;
  media?: GbpMediaItem[];
}

/** `LocalPost` as answered. */
export interface GbpLocalPost {
  name: string;
  searchUrl?: string;
  state?: "LOCAL_POST_STATE_UNSPECIFIED" | "REJECTED" | "LIVE" | "PROCESSING";
}

/** `ReviewReply` (`reviews.updateReply`). */
export interface GbpReviewReply {
  comment: string;
  updateTime?: string;
}

export type GbpStarRating = "STAR_RATING_UNSPECIFIED" | "ONE" | "TWO" | "THREE" | "FOUR" | "FIVE";

/** `Review` (`accounts.locations.reviews`): `name` is `accounts/…/locations/…/reviews/…`. */
export interface GbpReview {
  name: string;
  reviewId?: string;
  reviewer?: { displayName?: string; profilePhotoUrl?: string; isAnonymous?: boolean };
  starRating?: GbpStarRating;
  comment?: string;
  createTime?: string;
  updateTime?: string;
  reviewReply?: GbpReviewReply;
}

/** `reviews.list`'s answer, newest first when asked `orderBy=updateTime desc`. */
export interface GbpReviewList {
  reviews?: GbpReview[];
  averageRating?: number;
  totalReviewCount?: number;
  nextPageToken?: string;
}

/** Google's error answer: `status` names the canonical code (`FAILED_PRECONDITION`, `PERMISSION_DENIED`…). */
export interface GbpErrorAnswer {
  error: { code: number; message: string; status?: string };
}
