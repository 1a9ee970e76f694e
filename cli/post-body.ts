// Turns the flags of `posts create|update` into the API's post fields.
import type { Schema } from "../sdk/src/index.ts";
import { UsageError } from "./errors.ts";
import type { VideoCover } from "./parse.ts";

export interface PostFlags {
  text?: string;
  platforms?: unknown[];
  scheduleType?: string;
  scheduledAt?: string;
  timezone?: string;
  media?: unknown[];
  alt: string[];
  videoCover: VideoCover[];
  detached: string[];
  /** Follow-up segments' texts, in order (each a reply to the one before); given, they replace the thread. */
  thread: string[];
  firstComment?: string;
  nextSlot?: boolean;
  repeatEvery?: number;
  repeatTimes?: number;
  repeatUntil?: string;
  repeatVariation?: string[];
  stopRepeat?: boolean;
}

type MediaItem = Record<string, unknown>;
type Overrides = Record<string, Schema<"PlatformOverride">>;

/** The parts of the post being updated that the flags change rather than replace. */
export interface CurrentPost {
  media: unknown[];
  platform_overrides: Overrides;
}

/** True when an update must read the post first: alt text or covers for its media, or a platform to detach. */
export const needsCurrentPost = (flags: PostFlags) =>
  (flags.media === undefined && (flags.alt.length > 0 || flags.videoCover.length > 0)) || flags.detached.length > 0;

export function postBody(flags: PostFlags, current?: CurrentPost): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (flags.text !== undefined) body.text = flags.text;
  if (flags.platforms !== undefined) body.platforms = flags.platforms;
  if (flags.scheduleType !== undefined) body.schedule_type = flags.scheduleType;
  if (flags.scheduledAt !== undefined) body.scheduled_at = flags.scheduledAt;
  if (flags.timezone !== undefined) body.timezone = flags.timezone;

  const media = flags.media ?? (flags.alt.length > 0 || flags.videoCover.length > 0 ? current?.media : undefined);
  if (media !== undefined) {
    const items = media.map((item) => (isObject(item) ? { ...item } : item));
    applyInOrder(items, "image", flags.alt, "--alt", (item, alt) => {
      item.alt_text = alt;
    });
    applyInOrder(items, "video", flags.videoCover, "--video-cover", (item, cover) => {
      delete item.cover_url;
      delete item.cover_time_ms;
      Object.assign(item, cover);
    });
    body.media = items;
  }

  if (flags.detached.length > 0) {
    const overrides: Overrides = { ...current?.platform_overrides };
    for (const platform of flags.detached) overrides[platform] = { ...overrides[platform], detached: true };
    body.platform_overrides = overrides;
  }
  if (flags.thread.length > 0) body.thread = flags.thread.map((text) => ({ text }));
  if (flags.firstComment !== undefined) body.first_comment = { text: flags.firstComment };
  if (flags.nextSlot) body.next_slot = true;
  const repeat = repeatOf(flags);
  if (repeat !== undefined) body.repeat = repeat;
  return body;
}

/** `--repeat-every <days>` (with `--repeat-times`, `--repeat-until`, `--repeat-variation`), or `--stop-repeat`. */
function repeatOf(flags: PostFlags): Record<string, unknown> | null | undefined {
  const variations = flags.repeatVariation ?? [];
  const details = flags.repeatTimes !== undefined || flags.repeatUntil !== undefined || variations.length > 0;
  if (flags.stopRepeat) {
    if (flags.repeatEvery !== undefined || details)
      throw new UsageError("--stop-repeat: not with other --repeat flags");
    return null;
  }
  if (flags.repeatEvery === undefined) {
    if (details) throw new UsageError("--repeat-times, --repeat-until and --repeat-variation go with --repeat-every");
    return undefined;
  }
  return {
    every_days: flags.repeatEvery,
    ...(flags.repeatTimes !== undefined ? { times: flags.repeatTimes } : {}),
    ...(flags.repeatUntil !== undefined ? { until: flags.repeatUntil } : {}),
    ...(variations.length > 0 ? { variations } : {}),
  };
}

/** Gives the n-th value to the n-th item of `type`; more values than items is a usage error naming the flag. */
function applyInOrder<T>(
  items: unknown[],
  type: "image" | "video",
  values: T[],
  flag: string,
  apply: (item: MediaItem, value: T) => void,
) {
  const matching = items.filter((item): item is MediaItem => isObject(item) && item.type === type);
  if (values.length > matching.length) {
    const have = matching.length === 1 ? `is 1 ${type}` : `are ${matching.length} ${type}s`;
    const given = values.length === 1 ? "once" : `${values.length} times`;
    throw new UsageError(`${flag}: given ${given} but there ${have} in the media`);
  }
  values.forEach((value, i) => {
    apply(matching[i]!, value);
  });
}

const isObject = (value: unknown): value is MediaItem =>
  typeof value === "object" && value !== null && !Array.isArray(value);
