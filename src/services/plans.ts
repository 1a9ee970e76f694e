// The plans: one table of every plan's capabilities and limits, and the capability check.
import type { PLAN_NAMES } from "../db/schema/users";
import { AppError } from "../lib/errors";

export type PlanName = (typeof PLAN_NAMES)[number];

export interface Plan {
  plugs: boolean;
  clientInvites: boolean;
  reviewLinks: boolean;
  /** Webhooks of integration type webhook, custom or n8n (zapier and make are not counted). */
  webhooks: number;
  /** Connected accounts the user may hold. */
  accounts: number;
  /** AI images per month for RSS `image: ai`. */
  aiImagesPerMonth: number;
  /** AI credits per month (UTC) for flows: generate_flow costs 15, an AI reply 5. */
  aiCreditsPerMonth: number;
  /** Events are delivered to webhooks only while the plan includes API access. */
  apiAccess: boolean;
  /** Posting to the `twitter` platform needs a paid plan. */
  twitter: boolean;
  /** Bytes the media library may hold (originals, and uploads under way). */
  mediaStorageBytes: number;
  /** The largest file one upload may be. */
  mediaFileBytes: number;
  /** People in the workspace, the owner and pending invitations included. */
  seats: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** The one table of plan capabilities and limits; no plan name is compared anywhere else. */
export const PLANS: Record<PlanName, Plan> = {
  free: {
    plugs: false,
    clientInvites: false,
    reviewLinks: false,
    webhooks: 0,
    accounts: 3,
    aiImagesPerMonth: 0,
    aiCreditsPerMonth: 45,
    apiAccess: true,
    twitter: false,
    mediaStorageBytes: GB,
    mediaFileBytes: 100 * MB,
    seats: 1,
  },
  creator: {
    plugs: true,
    clientInvites: false,
    reviewLinks: false,
    webhooks: 2,
    accounts: 10,
    aiImagesPerMonth: 20,
    aiCreditsPerMonth: 300,
    apiAccess: true,
    twitter: true,
    mediaStorageBytes: 10 * GB,
    mediaFileBytes: 1 * GB,
    seats: 1,
  },
  studio: {
    plugs: true,
    clientInvites: true,
    reviewLinks: true,
    webhooks: 5,
    accounts: 25,
    aiImagesPerMonth: 50,
    aiCreditsPerMonth: 1000,
    apiAccess: true,
    twitter: true,
    mediaStorageBytes: 100 * GB,
    mediaFileBytes: 2 * GB,
    seats: 3,
  },
  pro: {
    plugs: true,
    clientInvites: true,
    reviewLinks: true,
    webhooks: 10,
    accounts: 50,
    aiImagesPerMonth: 100,
    aiCreditsPerMonth: 2500,
    apiAccess: true,
    twitter: true,
    mediaStorageBytes: 250 * GB,
    mediaFileBytes: 4 * GB,
    seats: 10,
  },
  agency: {
    plugs: true,
    clientInvites: true,
    reviewLinks: true,
    webhooks: 50,
    accounts: 250,
    aiImagesPerMonth: 500,
    aiCreditsPerMonth: 10000,
    apiAccess: true,
    twitter: true,
    mediaStorageBytes: 1024 * GB,
    mediaFileBytes: 4 * GB,
    seats: 50,
  },
};

export const planOf = (name: string): Plan => PLANS[name as PlanName] ?? PLANS.free;

export type Capability = { [K in keyof Plan]: Plan[K] extends boolean ? K : never }[keyof Plan];

const CAPABILITY_NAMES: Record<Capability, string> = {
  plugs: "Plugs",
  clientInvites: "Client invite links",
  reviewLinks: "Client review links",
  apiAccess: "API access",
  twitter: "Posting to X",
};

/** Throws 403 `feature_disabled` unless the plan includes the capability. */
export function requireCapability(planName: string, capability: Capability): void {
  if (!planOf(planName)[capability]) {
    throw new AppError("feature_disabled", `${CAPABILITY_NAMES[capability]}: not included in the ${planName} plan`);
  }
}
