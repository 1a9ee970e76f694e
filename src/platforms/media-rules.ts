// The media each platform takes, checked when a post is scheduled: images and videos, lengths, sizes.
import type { PlatformKey } from "./catalog";

/**
 * The media a post to each platform must carry, checked when the post is scheduled (never first at
 * publish time): which mix of images and videos it takes, the longest video, and per-item limits. A video's
 * length is known only from what the post says: a cover frame at `cover_time_ms` means the video runs at
 * least that long. Platforms without an entry take whatever their adapter sends on.
 */
interface MediaRules {
  /** Says what the platform takes, as the refusal names it. */
  takes: string;
  accepts(counts: { images: number; videos: number }): boolean;
  maxVideoMs?: number;
  altTextMax?: number;
  videoNeedsCoverUrl?: boolean;
}

const MINUTE = 60_000;
const oneVideo = ({ images, videos }: { images: number; videos: number }) => images === 0 && videos === 1;
const textOnly = ({ images, videos }: { images: number; videos: number }) => images + videos === 0;

const MEDIA_RULES: Partial<Record<PlatformKey, MediaRules>> = {
  tiktok: { takes: "exactly one video", accepts: oneVideo, maxVideoMs: 10 * MINUTE },
  youtube: { takes: "exactly one video", accepts: oneVideo, maxVideoMs: 12 * 60 * MINUTE },
  pinterest: {
    takes: "one image, 2–5 images, or one video",
    accepts: ({ images, videos }) => (videos === 0 && images >= 1 && images <= 5) || oneVideo({ images, videos }),
    maxVideoMs: 15 * MINUTE,
    altTextMax: 500,
    videoNeedsCoverUrl: true,
  },
  dribbble: { takes: "exactly one image", accepts: ({ images, videos }) => images === 1 && videos === 0 },
  twitch: { takes: "no media (a chat announcement is text)", accepts: textOnly },
  kick: { takes: "no media (a chat message is text)", accepts: textOnly },
};

export interface ScheduledMedia {
  type: "image" | "video";
  alt_text?: string;
  cover_url?: string;
  cover_time_ms?: number;
}

export interface MediaProblem {
  code: "media_not_supported" | "video_too_long" | "alt_text_too_long" | "cover_required";
  message: string;
}

/** What is wrong with a post's media for the platform, one problem per rule broken. */
export function mediaProblems(platform: PlatformKey, media: ScheduledMedia[]): MediaProblem[] {
  const rules = MEDIA_RULES[platform];
  if (!rules) return [];
  const problems: MediaProblem[] = [];
  const images = media.filter((m) => m.type === "image").length;
  if (!rules.accepts({ images, videos: media.length - images })) {
    problems.push({ code: "media_not_supported", message: `${platform} takes ${rules.takes}` });
  }
  media.forEach((item, i) => {
    if (rules.maxVideoMs !== undefined && item.type === "video" && (item.cover_time_ms ?? 0) > rules.maxVideoMs) {
      problems.push({
        code: "video_too_long",
        message: `media.${i}: a cover at ${item.cover_time_ms} ms means a video longer than ${platform} takes (${rules.maxVideoMs / 1000} s)`,
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
