// The platform options a target may carry under `metadata`, per platform, and their check.
import { z } from "@hono/zod-openapi";
import type { PlatformKey } from "./catalog";
import { LOCAL_TIME } from "./google/google-business-rules";

/** An Instagram username: letters, digits, periods and underscores, up to 30. */
const IG_USERNAME = z.string().regex(/^[A-Za-z0-9._]{1,30}$/, "an Instagram username");

/** An event's start or end, in the location's own time (`2026-12-24` or `2026-12-24T18:30`). */
const localTime = z.string().regex(LOCAL_TIME, "a date (YYYY-MM-DD) or a local date and time (YYYY-MM-DDTHH:MM)");

/**
 * The platform options a target may carry under `metadata` (besides `destination_id`), per platform.
 * A key not listed here, or a value out of its range, is refused for that target.
 */
const PLATFORM_OPTIONS: Partial<Record<PlatformKey, z.ZodObject>> = {
  twitter: z.object({ reply_settings: z.enum(["everyone", "following", "mentionedUsers"]).optional() }),
  instagram: z.object({
    post_type: z.enum(["post", "reel", "story"]).optional(),
    /** Instagram usernames invited as collaborators (the IG User media reference: up to 3). */
    collaborators: z.array(IG_USERNAME).min(1).max(3).optional(),
    /** People tagged on an image: `x`, `y` from 0 to 1 from its top left; `image` is the media item's index. */
    user_tags: z
      .array(
        z.strictObject({
          username: IG_USERNAME,
          x: z.number().min(0).max(1),
          y: z.number().min(0).max(1),
          image: z.number().int().min(0).max(9).optional(),
        }),
      )
      .min(1)
      .max(20)
      .optional(),
    /** A Facebook Page id of a place (the Pages search), where the post was made. */
    location_id: z.string().regex(/^\d+$/, "a numeric place id").optional(),
    /** A reel also appears in the feed (Instagram's default: true). */
    share_to_feed: z.boolean().optional(),
    /** Sends the user a reminder to post from the app instead of publishing directly. */
    reminder: z.boolean().optional(),
  }),
  facebook: z.object({
    link: z.url().optional(),
    /** A place's Page id, where the post was made (not on videos). */
    place: z.string().regex(/^\d+$/, "a numeric place id").optional(),
  }),
  linkedin: z.object({ visibility: z.enum(["PUBLIC", "CONNECTIONS"]).optional() }),
  threads: z.object({
    reply_control: z.enum(["everyone", "accounts_you_follow", "mentioned_only"]).optional(),
    /** The post's one topic: 1–50 characters, without periods or ampersands (the Threads publishing reference). */
    topic_tag: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[^.&]+$/, "no periods or ampersands")
      .optional(),
  }),
  tiktok: z
    .object({
      /** One the creator is offered (`creator_info/query`'s `privacy_level_options`), checked when it posts. */
      privacy_level: z
        .enum(["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"])
        .optional(),
      disable_comment: z.boolean().optional(),
      disable_duet: z.boolean().optional(),
      disable_stitch: z.boolean().optional(),
      /** Paid partnership with a brand: TikTok labels it "Paid partnership". */
      brand_content_toggle: z.boolean().optional(),
      /** Promotes the creator's own business: TikTok labels it "Promotional content". */
      brand_organic_toggle: z.boolean().optional(),
      /** The video was made with AI: TikTok labels it "AI-generated". */
      is_aigc: z.boolean().optional(),
      reminder: z.boolean().optional(),
    })
    // TikTok's content sharing guidelines: branded content cannot be private.
    .refine((o) => !(o.brand_content_toggle === true && o.privacy_level === "SELF_ONLY"), {
      message: "branded content (brand_content_toggle) cannot be posted with privacy_level SELF_ONLY",
      path: ["brand_content_toggle"],
    }),
  youtube: z.object({
    title: z.string().min(1).max(100).optional(),
    /** COPPA: the video is made for children (`status.selfDeclaredMadeForKids`). */
    made_for_kids: z.boolean().optional(),
    /** A YouTube video category id (`videoCategories.list`; 22 is People & Blogs, the default). */
    category_id: z
      .string()
      .regex(/^\d{1,3}$/, "a numeric category id")
      .optional(),
    privacy_status: z.enum(["public", "unlisted", "private"]).optional(),
    /** One of the channel's playlists the video is added to once uploaded (`playlistItems.insert`). */
    playlist_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{10,64}$/, "a YouTube playlist id, such as PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf")
      .optional(),
  }),
  pinterest: z.object({ title: z.string().max(100).optional(), link: z.url().optional() }),
  mastodon: z.object({
    visibility: z.enum(["public", "unlisted", "private", "direct"]).optional(),
    spoiler_text: z.string().max(500).optional(),
  }),
  telegram: z.object({ disable_notification: z.boolean().optional() }),
  lemmy: z.object({ title: z.string().min(1).max(200).optional() }),
  dribbble: z.object({
    title: z.string().min(1).max(100).optional(),
    tags: z.array(z.string().min(1).max(50)).max(12).optional(),
  }),
  reddit: z.object({
    title: z.string().min(1).max(300).optional(),
    /** What the post is: text (`self`, the post's text as Markdown), a link, or the post's one image or video. */
    kind: z.enum(["self", "link", "image", "video"]).optional(),
    url: z.url().optional(),
    /** One of the subreddit's link flairs (its `rules.flairs`). */
    flair_id: z.string().min(1).max(100).optional(),
    nsfw: z.boolean().optional(),
    spoiler: z.boolean().optional(),
  }),
  google_business: z.object({
    topic_type: z.enum(["STANDARD", "EVENT", "OFFER"]).optional(),
    /** An event's, or an offer's, title and dates. */
    event: z.strictObject({ title: z.string().min(1).max(58), start: localTime, end: localTime }).optional(),
    offer: z
      .strictObject({
        coupon_code: z.string().min(1).max(58).optional(),
        redeem_url: z.url().optional(),
        terms: z.string().min(1).max(5000).optional(),
      })
      .optional(),
    call_to_action: z
      .strictObject({
        action_type: z.enum(["BOOK", "ORDER", "SHOP", "LEARN_MORE", "SIGN_UP", "CALL"]),
        url: z.url().optional(),
      })
      .optional(),
    /** The post's language (BCP 47), where it is not the location's. */
    language_code: z.string().min(2).max(12).optional(),
  }),
  twitch: z.object({ color: z.enum(["primary", "blue", "green", "orange", "purple"]).optional() }),
  // Articles are published unless the target asks for a draft (kept on the platform, to finish there).
  tumblr: z.object({ draft: z.boolean().optional() }),
  devto: z.object({ draft: z.boolean().optional() }),
  hashnode: z.object({ draft: z.boolean().optional() }),
  wordpress: z.object({ draft: z.boolean().optional() }),
  listmonk: z.object({
    subject: z.string().min(1).max(200).optional(),
    template_id: z.number().int().positive().optional(),
    /** Creates the campaign without starting it. */
    draft: z.boolean().optional(),
  }),
};

/** Each platform's options refusing unknown keys, built once: a schema made per call cost a create ~6% of its CPU. */
const STRICT_OPTIONS = new Map(
  Object.entries(PLATFORM_OPTIONS).map(([platform, schema]) => [platform, schema.strict()]),
);
const NO_OPTIONS = z.object({}).strict();

/** Checks a target's options; returns a message naming the first problem, or null. */
export function checkOptions(platform: PlatformKey, options: Record<string, unknown>): string | null {
  const result = (STRICT_OPTIONS.get(platform) ?? NO_OPTIONS).safeParse(options);
  if (result.success) return null;
  const issue = result.error.issues[0];
  const key =
    issue?.code === "unrecognized_keys" ? [...issue.path, issue.keys.join(", ")].join(".") : issue?.path.join(".");
  return `metadata.${key}: ${issue?.code === "unrecognized_keys" ? `not an option of ${platform}` : issue?.message}`;
}
