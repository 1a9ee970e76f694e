// The rules of plugs: per-post and per-user limits, what each platform supports, how often each is checked.
import type { PLUG_ACTIONS, PLUG_METRICS } from "../../db/schema/plugs";
import type { PlatformKey } from "../../platforms/catalog";

type PlugMetric = (typeof PLUG_METRICS)[number];
type PlugAction = (typeof PLUG_ACTIONS)[number];

export const PLUGS_PER_ACCOUNT_ON_POST = 3;
export const WATCHING_PER_USER = 10;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface PlugSupport {
  metrics: readonly PlugMetric[];
  actions: readonly PlugAction[];
  /** How long after go-live the plug is watched. */
  windowMs: number;
  /** The delay before the check after one made `sinceLive` ms after go-live. */
  interval(sinceLive: number): number;
}

const everyHalfHour = () => 30 * MINUTE;
/** Every 5 minutes for the first hour, then every 30 minutes. */
const fastThenSlow = (sinceLive: number) => (sinceLive < HOUR ? 5 * MINUTE : 30 * MINUTE);

/** Checked as instagram is (SPEC: "as instagram"): every 5 minutes for the first hour, then 30, for 48 hours. */
const asInstagram = { windowMs: 48 * HOUR, interval: fastThenSlow };

/**
 * Plug support by platform: SPEC's four (twitter, instagram, facebook, linkedin) and every other platform whose
 * adapter reads a count (`countsRead`) and does an action (`repost`, `comment`), with exactly those counts and
 * actions (`test/node/plug-support.test.ts` holds the table to the adapters, and docs/platforms.md to
 * the table). LinkedIn is for company pages only.
 */
export const PLUG_SUPPORT: Partial<Record<PlatformKey, PlugSupport>> = {
  twitter: {
    metrics: ["likes", "comments", "reposts", "views"],
    actions: ["repost", "comment"],
    windowMs: 24 * HOUR,
    interval: everyHalfHour,
  },
  instagram: { metrics: ["likes", "comments"], actions: ["comment"], windowMs: 48 * HOUR, interval: fastThenSlow },
  facebook: {
    metrics: ["likes", "comments", "reposts"],
    actions: ["comment"],
    windowMs: 48 * HOUR,
    interval: fastThenSlow,
  },
  linkedin: {
    metrics: ["likes", "comments", "reposts", "views"],
    actions: ["repost", "comment"],
    windowMs: 48 * HOUR,
    interval: fastThenSlow,
  },
  threads: { metrics: ["likes", "comments", "reposts", "views"], actions: ["repost", "comment"], ...asInstagram },
  bluesky: { metrics: ["likes", "comments", "reposts"], actions: ["repost", "comment"], ...asInstagram },
  mastodon: { metrics: ["likes", "comments", "reposts"], actions: ["repost", "comment"], ...asInstagram },
  youtube: { metrics: ["likes", "comments", "views"], actions: ["comment"], ...asInstagram },
  lemmy: { metrics: ["likes", "comments"], actions: ["comment"], ...asInstagram },
  tumblr: { metrics: ["likes", "reposts"], actions: ["repost"], ...asInstagram },
  wordpress: { metrics: ["comments"], actions: ["comment"], ...asInstagram },
  slack: { metrics: ["likes", "comments"], actions: ["comment"], ...asInstagram },
  discord: { metrics: ["likes"], actions: ["comment"], ...asInstagram },
  reddit: { metrics: ["likes", "comments", "reposts"], actions: ["comment"], ...asInstagram },
};

/** A LinkedIn account is a company page when its platform id is an organization URN. */
export const isLinkedInCompanyPage = (platformUserId: string) => platformUserId.startsWith("urn:li:organization:");

/** The next check time after a check at `at` for a post that went live at `liveAt`. */
export function nextCheckAfter(support: PlugSupport, liveAt: number, at: number): number {
  return at + support.interval(at - liveAt);
}
