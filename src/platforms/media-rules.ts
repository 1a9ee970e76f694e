// The media each platform takes, checked when a post is scheduled: kinds, counts, sizes, shapes, lengths, codecs.
import type { PlatformKey } from "./catalog";

/**
 * The media a post to each platform must carry, checked when the post is scheduled (never first at publish time),
 * one table entry per platform with the page its numbers come from (docs/platforms.md shows them). A library item
 * (`media_id`) is checked against everything, since its size, pixels, length and codecs were read from its bytes; a
 * URL item only against what the post says (its kind; a cover frame at `cover_time_ms` means a video at least that
 * long). An image over a platform's size or in a format it refuses is not refused when Herald can make a copy that
 * fits (`imageFit`): it is sent that copy. Herald does not transcode video. Platforms without an entry take whatever
 * their adapter sends on, except documents, which only platforms with `document` limits take.
 */
interface MediaRules {
  /** The platform's own page for these limits. */
  source: string;
  /** Says what the platform takes, as the refusal names it. */
  takes?: string;
  accepts?(counts: Counts): boolean;
  /** Most items in one post. */
  maxItems?: number;
  /** false: a post carries images or a video, not both. */
  mixes?: boolean;
  image?: {
    maxBytes?: number;
    /** Content types taken; others get a JPEG copy. */
    formats?: readonly string[];
    /** Width over height, inclusive. */
    aspect?: readonly [min: number, max: number];
  };
  video?: {
    maxBytes?: number;
    maxMs?: number;
    minMs?: number;
    aspect?: readonly [min: number, max: number];
    /** Video codecs taken, by the container's name (`avc1…`, `hvc1…`). */
    codecs?: RegExp;
  };
  document?: { maxBytes: number; maxPages: number };
  altTextMax?: number;
  videoNeedsCoverUrl?: boolean;
}

interface Counts {
  images: number;
  videos: number;
  documents: number;
}

const MB = 1024 * 1024;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const H264 = /^(avc1|avc3)/;
const H264_OR_HEVC = /^(avc1|avc3|hvc1|hev1)/;
const JPEG_PNG_WEBP = ["image/jpeg", "image/png", "image/webp"] as const;
const oneVideo = ({ images, videos, documents }: Counts) => images === 0 && documents === 0 && videos === 1;
const textOnly = ({ images, videos, documents }: Counts) => images + videos + documents === 0;

export const MEDIA_RULES: Partial<Record<PlatformKey, MediaRules>> = {
  twitter: {
    source: "https://developer.x.com/en/docs/x-api/v1/media/upload-media/uploading-media/media-best-practices",
    maxItems: 4,
    mixes: false,
    image: { maxBytes: 5 * MB, formats: [...JPEG_PNG_WEBP, "image/gif"] },
    video: { maxBytes: 512 * MB, maxMs: 140 * SECOND, minMs: 500, aspect: [1 / 3, 3], codecs: H264 },
  },
  bluesky: {
    source: "https://github.com/bluesky-social/atproto/blob/main/lexicons/app/bsky/embed/images.json",
    maxItems: 4,
    mixes: false,
    image: { maxBytes: 1_000_000, formats: [...JPEG_PNG_WEBP] },
    video: { maxBytes: 100_000_000, maxMs: 3 * MINUTE, codecs: H264_OR_HEVC },
  },
  mastodon: {
    source: "https://docs.joinmastodon.org/user/posting/#attachments",
    maxItems: 4,
    mixes: false,
    image: { maxBytes: 16 * MB, formats: [...JPEG_PNG_WEBP, "image/gif"] },
    video: { maxBytes: 99 * MB, codecs: H264_OR_HEVC },
  },
  linkedin: {
    source: "https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api",
    maxItems: 20,
    mixes: false,
    image: { maxBytes: 36 * MB, formats: ["image/jpeg", "image/png", "image/gif"] },
    video: { maxBytes: 500 * MB, minMs: 3 * SECOND, maxMs: 30 * MINUTE, codecs: H264_OR_HEVC },
    document: { maxBytes: 100 * MB, maxPages: 300 },
  },
  instagram: {
    source:
      "https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media#creating",
    maxItems: 10,
    image: { maxBytes: 8 * MB, formats: ["image/jpeg"], aspect: [4 / 5, 1.91] },
    video: { maxBytes: 300 * MB, minMs: 3 * SECOND, maxMs: 15 * MINUTE, codecs: H264_OR_HEVC },
  },
  facebook: {
    source: "https://developers.facebook.com/docs/pages-api/posts#publish-media-posts",
    maxItems: 10,
    mixes: false,
    image: { maxBytes: 10 * MB, formats: [...JPEG_PNG_WEBP, "image/gif"] },
    video: { maxBytes: 10 * 1024 * MB, maxMs: 240 * MINUTE, codecs: H264_OR_HEVC },
  },
  threads: {
    source: "https://developers.facebook.com/docs/threads/overview#media-specifications",
    maxItems: 20,
    image: { maxBytes: 8 * MB, formats: ["image/jpeg", "image/png"], aspect: [1 / 10, 10] },
    video: { maxBytes: 1024 * MB, maxMs: 5 * MINUTE, aspect: [1 / 10, 10], codecs: H264_OR_HEVC },
  },
  tiktok: {
    source: "https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide",
    takes: "exactly one video",
    accepts: oneVideo,
    video: { maxBytes: 4 * 1024 * MB, minMs: 3 * SECOND, maxMs: 10 * MINUTE, codecs: H264_OR_HEVC },
  },
  youtube: {
    source: "https://support.google.com/youtube/answer/71673",
    takes: "exactly one video",
    accepts: oneVideo,
    video: { maxBytes: 256 * 1024 * MB, maxMs: 12 * 60 * MINUTE },
  },
  pinterest: {
    source: "https://developers.pinterest.com/docs/api/v5/pins-create",
    takes: "one image, 2–5 images, or one video",
    accepts: ({ images, videos, documents }) =>
      documents === 0 && ((videos === 0 && images >= 1 && images <= 5) || oneVideo({ images, videos, documents })),
    image: { maxBytes: 20 * MB, formats: [...JPEG_PNG_WEBP] },
    video: { maxBytes: 2 * 1024 * MB, minMs: 4 * SECOND, maxMs: 15 * MINUTE, codecs: H264_OR_HEVC },
    altTextMax: 500,
    videoNeedsCoverUrl: true,
  },
  dribbble: {
    source: "https://developer.dribbble.com/v2/shots/#create-a-shot",
    takes: "exactly one image",
    accepts: ({ images, videos, documents }) => images === 1 && videos + documents === 0,
    image: { maxBytes: 8 * MB, formats: ["image/jpeg", "image/png", "image/gif"] },
  },
  reddit: {
    source: "https://support.reddithelp.com/hc/en-us/articles/360043033952-Formatting-images-and-videos",
    takes: "one image or one video",
    accepts: ({ images, videos, documents }) => documents === 0 && images + videos <= 1,
    image: { maxBytes: 20 * MB, formats: ["image/jpeg", "image/png", "image/gif"] },
    video: { maxBytes: 1024 * MB, maxMs: 15 * MINUTE, codecs: H264_OR_HEVC },
    videoNeedsCoverUrl: true,
  },
  google_business: {
    source: "https://support.google.com/business/answer/6103862",
    takes: "one photo or one video",
    accepts: ({ images, videos, documents }) => documents === 0 && images + videos <= 1,
    image: { maxBytes: 5 * MB, formats: ["image/jpeg", "image/png"] },
    video: { maxBytes: 75 * MB, maxMs: 30 * SECOND },
  },
  twitch: {
    source: "https://dev.twitch.tv/docs/api/reference/#send-chat-announcement",
    takes: "no media (a chat announcement is text)",
    accepts: textOnly,
  },
  kick: {
    source: "https://docs.kick.com/apis/chat",
    takes: "no media (a chat message is text)",
    accepts: textOnly,
  },
};

/** What Herald read from a library item's bytes (absent on items given by URL). */
export interface MediaFactsOf {
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  durationMs: number | null;
  pages: number | null;
  videoCodec: string | null;
}

export interface ScheduledMedia {
  type: "image" | "video" | "document";
  alt_text?: string;
  cover_url?: string;
  cover_time_ms?: number;
  facts?: MediaFactsOf;
}

export interface MediaProblem {
  code:
    | "media_not_supported"
    | "video_too_long"
    | "alt_text_too_long"
    | "cover_required"
    | "media_too_large"
    | "aspect_ratio_not_allowed"
    | "too_many_media"
    | "media_mix_not_allowed";
  message: string;
}

/** The copy of an image that fits a platform: a JPEG of at most `maxBytes`. */
export interface ImageFit {
  contentType: "image/jpeg";
  maxBytes: number;
}

/** Formats Herald can decode to make a copy (an animated GIF cannot be re-encoded without losing its frames). */
const DECODABLE = ["image/jpeg", "image/png", "image/webp"];
/** A copy Herald makes is never larger than this, whatever the platform takes. */
const LARGEST_COPY = 8 * MB;

/**
 * The copy of a library image the platform needs, or null when the original fits: one is needed when the image is
 * over the platform's size or in a format it refuses, and can be made when Herald can decode the original.
 */
export function imageFit(platform: PlatformKey, item: ScheduledMedia): ImageFit | null {
  const limits = MEDIA_RULES[platform]?.image;
  const facts = item.facts;
  if (item.type !== "image" || !facts || !limits) return null;
  const formatTaken = !limits.formats || limits.formats.includes(facts.contentType);
  const sizeTaken = limits.maxBytes === undefined || facts.size <= limits.maxBytes;
  if (formatTaken && sizeTaken) return null;
  if (!DECODABLE.includes(facts.contentType)) return null;
  return { contentType: "image/jpeg", maxBytes: Math.min(limits.maxBytes ?? LARGEST_COPY, LARGEST_COPY) };
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const ratio = (r: number) => (r >= 1 ? `${Math.round(r * 100) / 100}:1` : `1:${Math.round((1 / r) * 100) / 100}`);

/** Problems of one library item against the platform's per-item limits. */
function itemProblems(platform: PlatformKey, rules: MediaRules, item: ScheduledMedia, at: string): MediaProblem[] {
  const facts = item.facts;
  if (!facts) return [];
  const problems: MediaProblem[] = [];
  const aspectOf = (limits: { aspect?: readonly [number, number] } | undefined) => {
    if (!limits?.aspect || !facts.width || !facts.height) return;
    const [min, max] = limits.aspect;
    const aspect = facts.width / facts.height;
    if (aspect < min - 1e-9 || aspect > max + 1e-9) {
      problems.push({
        code: "aspect_ratio_not_allowed",
        message: `${at}: ${facts.width}×${facts.height} is ${ratio(aspect)}; ${platform} takes ${item.type}s from ${ratio(min)} to ${ratio(max)}`,
      });
    }
  };
  if (item.type === "image" && rules.image) {
    const limits = rules.image;
    if (!imageFit(platform, item)) {
      if (limits.formats && !limits.formats.includes(facts.contentType)) {
        problems.push({
          code: "media_not_supported",
          message: `${at}: ${platform} takes ${limits.formats.join(", ")} images, and Herald cannot convert ${facts.contentType}`,
        });
      } else if (limits.maxBytes !== undefined && facts.size > limits.maxBytes) {
        problems.push({
          code: "media_too_large",
          message: `${at}: ${facts.size} bytes; ${platform} takes ${facts.contentType} images up to ${limits.maxBytes} bytes and Herald cannot shrink this one`,
        });
      }
    }
    aspectOf(limits);
  }
  if (item.type === "video" && rules.video) {
    const limits = rules.video;
    if (limits.maxBytes !== undefined && facts.size > limits.maxBytes) {
      problems.push({
        code: "media_too_large",
        message: `${at}: ${facts.size} bytes; ${platform} takes videos up to ${limits.maxBytes} bytes (Herald does not transcode video)`,
      });
    }
    if (limits.maxMs !== undefined && (facts.durationMs ?? 0) > limits.maxMs) {
      problems.push({
        code: "video_too_long",
        message: `${at}: the video runs ${seconds(facts.durationMs ?? 0)}; ${platform} takes videos up to ${seconds(limits.maxMs)}`,
      });
    }
    if (limits.minMs !== undefined && facts.durationMs !== null && facts.durationMs < limits.minMs) {
      problems.push({
        code: "media_not_supported",
        message: `${at}: the video runs ${seconds(facts.durationMs)}; ${platform} takes videos of at least ${seconds(limits.minMs)}`,
      });
    }
    if (limits.codecs && facts.videoCodec && !limits.codecs.test(facts.videoCodec)) {
      problems.push({
        code: "media_not_supported",
        message: `${at}: the video is ${facts.videoCodec}; ${platform} takes ${limits.codecs === H264 ? "H.264" : "H.264 or HEVC"} video (Herald does not transcode video)`,
      });
    }
    aspectOf(limits);
  }
  if (item.type === "document" && rules.document) {
    const limits = rules.document;
    if (facts.size > limits.maxBytes) {
      problems.push({
        code: "media_too_large",
        message: `${at}: ${facts.size} bytes; ${platform} takes documents up to ${limits.maxBytes} bytes`,
      });
    }
    if ((facts.pages ?? 0) > limits.maxPages) {
      problems.push({
        code: "media_not_supported",
        message: `${at}: ${facts.pages} pages; ${platform} takes documents of up to ${limits.maxPages} pages`,
      });
    }
  }
  return problems;
}

/** How the post's items add up against the platform's counts: how many, whether they mix, what combination. */
function countProblems(platform: PlatformKey, rules: MediaRules | undefined, counts: Counts): MediaProblem[] {
  const total = counts.images + counts.videos + counts.documents;
  if (counts.documents > 0 && !rules?.document) {
    return [{ code: "media_not_supported", message: `${platform} takes no documents (PDF)` }];
  }
  if (!rules) return [];
  if (counts.documents > 0 && total > 1) {
    return [
      counts.documents > 1
        ? { code: "too_many_media", message: `${platform} takes one document per post` }
        : { code: "media_mix_not_allowed", message: `a ${platform} document post carries the document alone` },
    ];
  }
  if (rules.maxItems !== undefined && total > rules.maxItems) {
    return [{ code: "too_many_media", message: `${total} media items; ${platform} takes at most ${rules.maxItems}` }];
  }
  if (rules.mixes === false && counts.images > 0 && counts.videos > 0) {
    return [{ code: "media_mix_not_allowed", message: `${platform} takes images or a video in one post, not both` }];
  }
  if (rules.mixes === false && counts.videos > 1) {
    return [{ code: "too_many_media", message: `${platform} takes one video per post` }];
  }
  if (rules.accepts && !rules.accepts(counts)) {
    return [{ code: "media_not_supported", message: `${platform} takes ${rules.takes}` }];
  }
  return [];
}

/**
 * What is wrong with one target's media list for the platform, one problem per rule broken (a thread's segment is
 * checked the same way, with its own list).
 */
export function mediaProblems(platform: PlatformKey, media: ScheduledMedia[]): MediaProblem[] {
  const rules = MEDIA_RULES[platform];
  const count = (type: ScheduledMedia["type"]) => media.filter((m) => m.type === type).length;
  const problems = countProblems(platform, rules, {
    images: count("image"),
    videos: count("video"),
    documents: count("document"),
  });
  if (!rules) return problems;
  media.forEach((item, i) => {
    problems.push(...itemProblems(platform, rules, item, `media.${i}`));
    const maxVideoMs = rules.video?.maxMs;
    if (maxVideoMs !== undefined && item.type === "video" && !item.facts && (item.cover_time_ms ?? 0) > maxVideoMs) {
      problems.push({
        code: "video_too_long",
        message: `media.${i}: a cover at ${item.cover_time_ms} ms means a video longer than ${platform} takes (${maxVideoMs / 1000} s)`,
      });
    }
    if (rules.altTextMax !== undefined && (item.alt_text?.length ?? 0) > rules.altTextMax) {
      problems.push({
        code: "alt_text_too_long",
        message: `media.${i}.alt_text: ${platform} takes at most ${rules.altTextMax} characters`,
      });
    }
    if (rules.videoNeedsCoverUrl && item.type === "video" && item.cover_url === undefined) {
      problems.push({ code: "cover_required", message: `media.${i}: a ${platform} video needs a cover_url` });
    }
  });
  return problems;
}
