/**
 * What Herald knows about each platform key: its text limit and counting rule, which media fields it
 * takes, and whether it uses destinations or articles. Adapters speak the API; this says the rules.
 */
export const PLATFORM_KEYS = [
  "twitter",
  "instagram",
  "facebook",
  "linkedin",
  "threads",
  "tiktok",
  "youtube",
  "bluesky",
  "pinterest",
  "telegram",
  "discord",
  "slack",
  "mastodon",
  "lemmy",
  "tumblr",
  "devto",
  "hashnode",
  "wordpress",
  "listmonk",
  "dribbble",
  "twitch",
  "kick",
  "whatsapp",
  "reddit",
  "google_business",
] as const;

export type PlatformKey = (typeof PLATFORM_KEYS)[number];

export const X_PAID_TIERS = ["basic", "premium", "premium-plus"] as const;

interface PlatformRules {
  /** Characters per post for an ordinary account. */
  textLimit: number;
  /** X counts every URL as 23 characters. */
  urlLength?: number;
  takesAltText: boolean;
  takesCoverUrl: boolean;
  takesCoverTime: boolean;
  /** The account posts into one of its destinations (channel, community, list). */
  usesDestinations: boolean;
  /**
   * How a user finds a destination: `list`, the platform lists them (Discord, Slack); `manual`, the user
   * types one (a Telegram @channel) and the platform's `checkDestination` says whether the account can post there.
   */
  destinationMode: "list" | "manual";
  /**
   * A target that names no destination goes to the account's first one (Pinterest's first board), chosen when the
   * post is saved; an account with none gets one from the adapter when it publishes (a board made for it, named after
   * the account). Platforms without a default need one named.
   */
  defaultsToFirstDestination: boolean;
  /** Takes long-form article fields (title, Markdown body, canonical URL, cover image, tags). */
  takesArticles: boolean;
  /** Posts can be published to it. WhatsApp Business accounts have no feed: they only run automation flows. */
  publishes: boolean;
  /** Its profile read reports the account's followers: the daily follower snapshot reads it (docs/platforms.md). */
  reportsFollowers: boolean;
  /** A post can be followed by replies to itself, one after another: a thread. */
  replyChains: boolean;
  /**
   * A first comment can go under a published post, of at most this many characters; `account`: the account's own
   * text limit (the comment is a reply post). Absent: the platform takes no first comment.
   */
  commentLimit?: number | "account";
  /** Refuses a post whose text repeats a recent one of the account (X): an evergreen post there needs variations. */
  refusesRepeatedText: boolean;
}

const social = (textLimit: number, media: Partial<PlatformRules> = {}): PlatformRules => ({
  textLimit,
  takesAltText: false,
  takesCoverUrl: false,
  takesCoverTime: false,
  usesDestinations: false,
  destinationMode: "list",
  defaultsToFirstDestination: false,
  takesArticles: false,
  publishes: true,
  reportsFollowers: false,
  replyChains: false,
  refusesRepeatedText: false,
  ...media,
});

const ALT = { takesAltText: true };
/** Threads of replies, and a first comment that is one more reply. */
const CHAINS = { replyChains: true, commentLimit: "account" } as const;

export const PLATFORMS: Record<PlatformKey, PlatformRules> = {
  // X takes long-form articles (X Articles) besides posts.
  twitter: social(280, {
    ...ALT,
    ...CHAINS,
    urlLength: 23,
    takesArticles: true,
    reportsFollowers: true,
    refusesRepeatedText: true,
  }),
  instagram: social(2200, {
    ...ALT,
    takesCoverUrl: true,
    takesCoverTime: true,
    reportsFollowers: true,
    commentLimit: 2200,
  }),
  facebook: social(63206, { ...ALT, reportsFollowers: true, commentLimit: 8000 }),
  linkedin: social(3000, { ...ALT, commentLimit: 1250 }),
  threads: social(500, { ...ALT, ...CHAINS, reportsFollowers: true }),
  tiktok: social(2200, { takesCoverTime: true }),
  youtube: social(5000, { takesCoverUrl: true, reportsFollowers: true, commentLimit: 10000 }),
  bluesky: social(300, { ...ALT, ...CHAINS, reportsFollowers: true }),
  // A Pin goes on one of the account's boards: the boards are its destinations.
  pinterest: social(500, {
    ...ALT,
    takesCoverUrl: true,
    usesDestinations: true,
    defaultsToFirstDestination: true,
    reportsFollowers: true,
  }),
  // A bot cannot list the channels it administers: the user names one.
  telegram: social(4096, { usesDestinations: true, destinationMode: "manual" }),
  discord: social(2000, { usesDestinations: true }),
  slack: social(40000, { usesDestinations: true }),
  mastodon: social(500, { ...CHAINS, reportsFollowers: true }),
  lemmy: social(10000, { usesDestinations: true }),
  tumblr: social(4096, { usesDestinations: true, takesArticles: true }),
  devto: social(100000, { takesArticles: true }),
  hashnode: social(100000, { takesArticles: true }),
  wordpress: social(100000, { usesDestinations: true, takesArticles: true }),
  listmonk: social(100000, { usesDestinations: true }),
  dribbble: social(2000),
  twitch: social(500),
  kick: social(500),
  whatsapp: social(4096, { publishes: false }),
  // A post goes to a subreddit the user names: Reddit checks it (`checkDestination`). A text post's body: 40,000.
  reddit: social(40000, { usesDestinations: true, destinationMode: "manual" }),
  // A local post goes to one of the account's locations; its summary takes 1,500 characters.
  google_business: social(1500, { usesDestinations: true }),
};

/** What can start an automation flow (see `FLOW_TRIGGERS` for where). */
export const FLOW_TRIGGER_KINDS = ["comment_keyword", "dm_keyword", "story_reply", "story_mention"] as const;
export type FlowTriggerKind = (typeof FLOW_TRIGGER_KINDS)[number];

/**
 * The platforms automation flows run on, and the triggers each one's messaging API offers: Instagram (comments,
 * DMs, story replies and mentions), Facebook Pages through Messenger (comments and DMs), WhatsApp Business (messages).
 */
export const FLOW_TRIGGERS: Partial<Record<PlatformKey, readonly FlowTriggerKind[]>> = {
  instagram: FLOW_TRIGGER_KINDS,
  facebook: ["comment_keyword", "dm_keyword"],
  whatsapp: ["dm_keyword"],
};

/** Each platform's name as people write it, for pages. */
export const PLATFORM_LABELS: Record<PlatformKey, string> = {
  twitter: "X",
  instagram: "Instagram",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  threads: "Threads",
  tiktok: "TikTok",
  youtube: "YouTube",
  bluesky: "Bluesky",
  pinterest: "Pinterest",
  telegram: "Telegram",
  discord: "Discord",
  slack: "Slack",
  mastodon: "Mastodon",
  lemmy: "Lemmy",
  tumblr: "Tumblr",
  devto: "DEV",
  hashnode: "Hashnode",
  wordpress: "WordPress",
  listmonk: "listmonk",
  dribbble: "Dribbble",
  twitch: "Twitch",
  kick: "Kick",
  whatsapp: "WhatsApp",
  reddit: "Reddit",
  google_business: "Google Business Profile",
};

export const platformLabel = (platform: string) => PLATFORM_LABELS[platform as PlatformKey] ?? platform;

/** The longest first comment an account may have posted under its posts; null: its platform takes none. */
export function commentLimitOf(platform: PlatformKey, accountTextLimit: number): number | null {
  const limit = PLATFORMS[platform].commentLimit;
  return limit === undefined ? null : limit === "account" ? accountTextLimit : limit;
}

/** X accounts on a paid subscription tier may post up to 4,000 characters. */
const X_LONG_POST_LIMIT = 4000;

export function defaultTextLimit(platform: PlatformKey, subscriptionTier?: string | null): number {
  if (platform === "twitter" && (X_PAID_TIERS as readonly string[]).includes(subscriptionTier ?? "")) {
    return X_LONG_POST_LIMIT;
  }
  return PLATFORMS[platform].textLimit;
}
