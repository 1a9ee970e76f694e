// What each platform refuses in a post's content, checked when it is scheduled: media, article fields, titles.
import type { PlatformKey } from "./catalog";
import { googleBusinessProblems } from "./google/google-business-rules";
import { type MediaProblem, mediaProblems, type ScheduledMedia } from "./media-rules";
import { instagramProblems } from "./meta/instagram-rules";
import { type PollProblem, pollProblems } from "./polls";
import { redditProblems } from "./reddit/reddit-rules";
import type { Destination } from "./types";

/**
 * What each platform refuses, checked when a post is scheduled so the user hears it as a per-target 400 then,
 * never first at publish time: the media it takes (the table in media-rules.ts), the article fields it needs
 * or has no place for, and the title or subject a post there must have.
 */

export interface ScheduledContent {
  text: string;
  media: ScheduledMedia[];
  /** The target's article fields, as the post gives them (`platform_overrides.<platform>`). */
  article?: { title?: string; body?: string; canonical_url?: string; cover_image?: string; tags?: string[] };
  /** The target's platform options (`metadata`, less `destination_id`). */
  options: Record<string, unknown>;
  /** The destination the target names, as the account keeps it (with the rules its platform stated). */
  destination?: Destination;
  /** The post's poll, where it has one. */
  poll?: { options: string[]; duration_minutes: number };
}

export interface ContentProblem {
  code:
    | "media_not_supported"
    | "article_field_required"
    | "article_field_not_supported"
    | "invalid_article_field"
    | "option_required"
    | "invalid_option"
    | "post_kind_not_allowed"
    | "flair_required"
    | "text_not_supported"
    | "text_required";
  message: string;
}

export type Rule = (content: ScheduledContent) => ContentProblem | null;

const count = (content: ScheduledContent, type: "image" | "video") =>
  content.media.filter((m) => m.type === type).length;
const firstLine = (text: string) => text.trim().split("\n")[0]?.trim() ?? "";

const noMedia =
  (platform: string): Rule =>
  (c) =>
    c.media.length === 0
      ? null
      : {
          code: "media_not_supported",
          message: `${platform} takes no media items: put images in the article body, or use cover_image`,
        };

const titleRequired =
  (platform: string): Rule =>
  (c) =>
    c.article?.title
      ? null
      : { code: "article_field_required", message: `${platform} needs platform_overrides.<platform>.title` };

/** DEV: at most four tags of letters and digits only, titles up to 128 characters. */
const DEV_TAG = /^[a-z0-9]+$/i;
const devTags: Rule = (c) => {
  const tags = c.article?.tags ?? [];
  if (tags.length > 4) return { code: "invalid_article_field", message: "DEV takes at most 4 tags" };
  const bad = tags.find((tag) => !DEV_TAG.test(tag));
  return bad ? { code: "invalid_article_field", message: `DEV tags are letters and digits only: "${bad}"` } : null;
};
const devTitle: Rule = (c) =>
  [...(c.article?.title ?? "")].length > 128
    ? { code: "invalid_article_field", message: "DEV titles are at most 128 characters" }
    : null;

/** A title (Lemmy) or subject (listmonk) from the option, else the text's first line: one of them must say something. */
const headlineFrom =
  (platform: string, option: string): Rule =>
  (c) =>
    typeof c.options[option] === "string" || firstLine(c.text) !== ""
      ? null
      : {
          code: "article_field_required",
          message: `${platform} needs metadata.${option}, or a text whose first line can serve as one`,
        };

const RULES: Partial<Record<PlatformKey, Rule[]>> = {
  devto: [noMedia("DEV"), titleRequired("DEV"), devTitle, devTags],
  hashnode: [noMedia("Hashnode"), titleRequired("Hashnode")],
  tumblr: [
    (c) =>
      count(c, "image") + (c.article?.cover_image ? 1 : 0) <= 30 && count(c, "video") <= 1
        ? null
        : { code: "media_not_supported", message: "Tumblr takes up to 30 images and one video per post" },
  ],
  wordpress: [
    (c) =>
      c.article?.canonical_url === undefined
        ? null
        : {
            code: "article_field_not_supported",
            message: "WordPress's REST API has no canonical URL field: remove canonical_url",
          },
  ],
  lemmy: [
    (c) =>
      count(c, "video") === 0 && count(c, "image") <= 1
        ? null
        : { code: "media_not_supported", message: "A Lemmy post takes at most one image" },
    headlineFrom("Lemmy", "title"),
  ],
  listmonk: [
    (c) =>
      count(c, "video") === 0
        ? null
        : { code: "media_not_supported", message: "A listmonk campaign takes images, not videos" },
    headlineFrom("listmonk", "subject"),
  ],
  reddit: redditProblems,
  instagram: instagramProblems,
  facebook: [
    (c) =>
      c.options.place !== undefined && count(c, "video") > 0
        ? { code: "invalid_option", message: "metadata.place is not taken on a Facebook video" }
        : null,
  ],
  google_business: googleBusinessProblems,
};

/** Every rule the post breaks for the platform. */
export function contentProblems(
  platform: PlatformKey,
  content: ScheduledContent,
): (ContentProblem | MediaProblem | PollProblem)[] {
  const poll = content.poll
    ? pollProblems(platform, content.poll, { text: content.text, mediaCount: content.media.length })
    : [];
  return [
    ...mediaProblems(platform, content.media),
    ...(RULES[platform] ?? []).flatMap((rule) => rule(content) ?? []),
    ...poll,
  ];
}
