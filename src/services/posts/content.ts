// What a target is sent: text counted as its platform counts it, with links, media and the article.
import type { MediaItem, PlatformOverride, ThreadSegment } from "../../db/schema";
import { PLATFORMS, type PlatformKey } from "../../platforms/catalog";
import type { OutgoingArticle, OutgoingMedia } from "../../platforms/types";

/** Links in text: http(s) URLs up to whitespace, without trailing punctuation. */
export const LINK_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;

export const SHORT_CODE_LENGTH = 8;
/** How long a link is once shortened (`<base>/l/<code>`). */
export const shortLinkLength = (publicBaseUrl: string) => `${publicBaseUrl}/l/`.length + SHORT_CODE_LENGTH;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/**
 * A text's length as the platform counts it, with links as they will go out: X counts every URL as 23;
 * elsewhere a link becomes a short link at publish time, so it counts as the longer of the two.
 * Bluesky counts graphemes; the others count Unicode code points.
 */
export function countText(platform: PlatformKey, text: string, publicBaseUrl: string): number {
  const rules = PLATFORMS[platform];
  const shortLength = shortLinkLength(publicBaseUrl);
  let extra = 0;
  const withoutLinks = text.replace(LINK_PATTERN, (url) => {
    extra += rules.urlLength ?? Math.max([...url].length, shortLength);
    return "";
  });
  const units = platform === "bluesky" ? [...graphemes.segment(withoutLinks)].length : [...withoutLinks].length;
  return units + extra;
}

export interface TargetContent {
  text: string;
  media: MediaItem[];
}

/** The text and media a target posts: its platform's own copy while detached, else the shared ones. */
export function contentFor(
  shared: TargetContent,
  override: PlatformOverride | undefined,
  signatureText: string | undefined,
): TargetContent {
  const base = override?.detached
    ? { text: override.text ?? shared.text, media: override.media ?? shared.media }
    : shared;
  return signatureText ? { text: `${base.text}\n\n${signatureText}`, media: base.media } : base;
}

/** Every media library item the draft names, in its shared media and its overrides. */
export const mediaIdsOf = (draft: {
  media: MediaItem[];
  thread: ThreadSegment[];
  overrides: Partial<Record<PlatformKey, PlatformOverride>>;
}): string[] => {
  const segmentsMedia = (thread: ThreadSegment[] | undefined) => (thread ?? []).flatMap((s) => s.media);
  const overridesMedia = Object.values(draft.overrides).flatMap((o) => [
    ...(o?.media ?? []),
    ...segmentsMedia(o?.thread),
  ]);
  return [
    ...new Set(
      [...draft.media, ...segmentsMedia(draft.thread), ...overridesMedia].flatMap((m) =>
        m.media_id ? [m.media_id] : [],
      ),
    ),
  ];
};

/** Only the media fields the platform takes are sent (SPEC: per-platform behaviour of media fields). */
export function outgoingMedia(platform: PlatformKey, media: MediaItem[], options: Record<string, unknown>) {
  const rules = PLATFORMS[platform];
  // Instagram covers apply to reels, which every Instagram video is, but not to stories.
  const coverAllowed = platform !== "instagram" || options.post_type !== "story";
  return media.map((item): OutgoingMedia => {
    const out: OutgoingMedia = { type: item.type, url: item.url };
    if (rules.takesAltText && item.alt_text !== undefined && item.type === "image") out.altText = item.alt_text;
    if (item.type === "document" && item.title !== undefined) out.title = item.title;
    if (item.type !== "video" || !coverAllowed) return out;
    if (rules.takesCoverUrl && item.cover_url !== undefined) out.coverUrl = item.cover_url;
    const coverTimeWanted = platform === "instagram" ? item.cover_url === undefined : true;
    if (rules.takesCoverTime && coverTimeWanted && item.cover_time_ms !== undefined)
      out.coverTimeMs = item.cover_time_ms;
    return out;
  });
}

const ARTICLE_FIELDS = ["title", "body", "canonical_url", "cover_image", "tags"] as const;

export const hasArticle = (override: PlatformOverride | undefined) =>
  ARTICLE_FIELDS.some((field) => override?.[field] !== undefined);

export function outgoingArticle(override: PlatformOverride | undefined): OutgoingArticle | undefined {
  if (!hasArticle(override)) return undefined;
  return {
    title: override?.title,
    body: override?.body,
    canonicalUrl: override?.canonical_url,
    coverImage: override?.cover_image,
    tags: override?.tags,
  };
}
