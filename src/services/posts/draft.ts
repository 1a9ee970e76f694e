// A post's draft from a create or an update: its schedule, fetched URLs guarded, overrides as stored.
import type { MediaItem, PlatformOverride, ThreadSegment } from "../../db/schema";
import { validationError } from "../../lib/errors";
import { assertPublicUrl } from "../../lib/ssrf";
import { isValidTimeZone, parseScheduledAt } from "../../lib/time";
import type { PlatformKey } from "../../platforms/catalog";
import type { PostCreateInput, PostUpdateInput } from "../../schemas/posts";
import type { Runtime } from "../runtime";
import type { PostDraft, ScheduleType } from "./validate";

/** A scheduled time may be this far in the past (clock skew between client and service); it is then due now. */
const PAST_TOLERANCE_MS = 60_000;

function resolveSchedule(
  rt: Runtime,
  scheduleType: ScheduleType,
  scheduledAtText: string | undefined,
  timezone: string | null,
  nextSlot = false,
): number | null {
  if (timezone !== null && !isValidTimeZone(timezone))
    throw validationError("timezone", `unknown time zone ${timezone}`);
  if (nextSlot) {
    if (scheduleType !== "scheduled") throw validationError("schedule_type", "only scheduled goes with next_slot");
    if (scheduledAtText !== undefined) throw validationError("scheduled_at", "not used with next_slot");
    return null; // the slot's time, filled in when the post is saved
  }
  const now = rt.clock.now();
  if (scheduleType === "immediate") {
    if (scheduledAtText !== undefined) throw validationError("scheduled_at", "not used with schedule_type immediate");
    return now;
  }
  if (scheduledAtText === undefined) {
    if (scheduleType === "scheduled") throw validationError("scheduled_at", "required with schedule_type scheduled");
    return null;
  }
  const at = parseScheduledAt(scheduledAtText, timezone ?? "UTC");
  if (at === null) throw validationError("scheduled_at", "not an ISO 8601 date-time");
  if (scheduleType === "scheduled" && at < now - PAST_TOLERANCE_MS) {
    throw validationError("scheduled_at", "must not be in the past");
  }
  return scheduleType === "scheduled" ? Math.max(at, now) : at;
}

/**
 * Every URL of the post that Herald or a platform will fetch (media, video covers, article cover images)
 * must point at a public host: the SSRF guard, with plain http checked as its https twin.
 */
function checkFetchedUrls(rt: Runtime, input: Pick<PostUpdateInput, "media" | "platform_overrides" | "thread">) {
  const check = (raw: string | undefined, field: string) => {
    if (raw !== undefined) assertPublicUrl(raw, { sandbox: rt.sandbox, field, allowHttp: true });
  };
  const checkMedia = (media: MediaInput[] | undefined, path: string) => {
    for (const [i, item] of (media ?? []).entries()) {
      check(item.url, `${path}.${i}.url`);
      check(item.cover_url, `${path}.${i}.cover_url`);
    }
  };
  const checkThread = (thread: ThreadInput | undefined, path: string) => {
    for (const [i, segment] of (thread ?? []).entries()) checkMedia(segment.media, `${path}.${i}.media`);
  };
  checkMedia(input.media, "media");
  checkThread(input.thread, "thread");
  for (const [platform, override] of Object.entries(input.platform_overrides ?? {})) {
    checkMedia(override?.media, `platform_overrides.${platform}.media`);
    checkThread(override?.thread, `platform_overrides.${platform}.thread`);
    check(override?.cover_image, `platform_overrides.${platform}.cover_image`);
  }
}

type MediaInput = NonNullable<PostUpdateInput["media"]>[number];
type OverridesInput = NonNullable<PostUpdateInput["platform_overrides"]>;
type ThreadInput = NonNullable<PostUpdateInput["thread"]>;

/**
 * The post's media items as a draft holds them. A library item (`media_id`) has no type or address yet: both come
 * from the library when the post's targets are checked (`withLibraryMedia`), which refuses an unknown id.
 */
const draftMedia = (media: MediaInput[]): MediaItem[] =>
  media.map(({ type, url, ...rest }) => ({ ...rest, type: type ?? "image", url: url ?? "" }));

/** A thread's segments as a draft holds them. */
const draftThread = (thread: ThreadInput): ThreadSegment[] =>
  thread.map((segment) => ({ text: segment.text, media: draftMedia(segment.media) }));

function draftOverrides(overrides: OverridesInput): Partial<Record<PlatformKey, PlatformOverride>> {
  const out: Partial<Record<PlatformKey, PlatformOverride>> = {};
  for (const [platform, override] of Object.entries(overrides) as [PlatformKey, OverridesInput[PlatformKey]][]) {
    if (!override) continue;
    const { media, thread, ...rest } = override;
    out[platform] = {
      ...rest,
      ...(media ? { media: draftMedia(media) } : {}),
      ...(thread ? { thread: draftThread(thread) } : {}),
    };
    // A platform's own chain goes with its own text: only a detached platform has one (`[]` opts out of the shared).
    if (thread && thread.length > 0 && !override.detached) {
      throw validationError(`platform_overrides.${platform}.thread`, "a platform's own thread needs detached: true");
    }
  }
  return out;
}

/**
 * A platform's override as stored: detaching takes a copy of the shared text and media (unless the
 * override brings its own), so later shared edits leave it alone; without `detached` the copy is dropped.
 */
function normalizeOverride(
  next: PlatformOverride,
  previous: PlatformOverride | undefined,
  shared: { text: string; media: MediaItem[] },
): PlatformOverride {
  const { text, media, thread, ...rest } = next;
  if (!next.detached) return thread ? { ...rest, thread } : rest;
  const kept = previous?.detached ? previous.thread : undefined;
  return {
    ...rest,
    text: text ?? (previous?.detached ? previous.text : undefined) ?? shared.text,
    media: media ?? (previous?.detached ? previous.media : undefined) ?? shared.media,
    ...((thread ?? kept) ? { thread: thread ?? kept } : {}),
  };
}

function normalizeOverrides(
  next: Partial<Record<PlatformKey, PlatformOverride>>,
  previous: Partial<Record<PlatformKey, PlatformOverride>>,
  shared: { text: string; media: MediaItem[] },
) {
  const out: Partial<Record<PlatformKey, PlatformOverride>> = {};
  for (const [platform, override] of Object.entries(next) as [PlatformKey, PlatformOverride][]) {
    out[platform] = normalizeOverride(override, previous[platform], shared);
  }
  return out;
}

function checkTargetsUnique(targets: PostDraft["targets"]) {
  const seen = new Set<string>();
  targets.forEach((t, i) => {
    if (seen.has(t.account_id)) throw validationError(`platforms.${i}.account_id`, "account listed twice");
    seen.add(t.account_id);
  });
}

/** `next_slot` (or `nextSlot`): the post goes into the next free posting slot of its accounts. */
export function wantsNextSlot(input: PostCreateInput): boolean {
  if (input.next_slot !== undefined && input.nextSlot !== undefined && input.next_slot !== input.nextSlot) {
    throw validationError("nextSlot", "disagrees with next_slot");
  }
  return (input.next_slot ?? input.nextSlot) === true;
}

export function draftFromCreate(rt: Runtime, input: PostCreateInput): PostDraft {
  checkTargetsUnique(input.platforms);
  checkFetchedUrls(rt, input);
  const nextSlot = wantsNextSlot(input);
  const scheduleType: ScheduleType = input.schedule_type ?? (nextSlot ? "scheduled" : "draft");
  const timezone = input.timezone ?? null;
  const shared = { text: input.text, media: draftMedia(input.media) };
  return {
    ...shared,
    thread: draftThread(input.thread),
    firstComment: input.first_comment ?? null,
    targets: input.platforms,
    overrides: normalizeOverrides(draftOverrides(input.platform_overrides), {}, shared),
    scheduleType,
    scheduledAt: resolveSchedule(rt, scheduleType, input.scheduled_at, timezone, nextSlot),
    timezone,
    utm: input.utm ?? null,
    poll: input.poll ?? null,
    repeat: input.repeat ?? null,
  };
}

/** The post after an edit: fields given replace the current ones; the schedule is worked out again. */
export function draftFromUpdate(rt: Runtime, current: PostDraft, input: PostUpdateInput): PostDraft {
  const shared = { text: input.text ?? current.text, media: input.media ? draftMedia(input.media) : current.media };
  const targets = input.platforms ?? current.targets;
  checkTargetsUnique(targets);
  checkFetchedUrls(rt, input);
  const overrides = input.platform_overrides
    ? normalizeOverrides(draftOverrides(input.platform_overrides), current.overrides, shared)
    : current.overrides;
  const scheduleType = input.schedule_type ?? current.scheduleType;
  const timezone = input.timezone ?? current.timezone;
  const rescheduled =
    input.schedule_type !== undefined || input.scheduled_at !== undefined || input.timezone !== undefined;
  const scheduledAt = rescheduled
    ? resolveSchedule(
        rt,
        scheduleType,
        input.scheduled_at ??
          (scheduleType === "immediate" || current.scheduledAt === null
            ? undefined
            : new Date(current.scheduledAt).toISOString()),
        timezone,
      )
    : current.scheduledAt;
  const utm = input.utm === undefined ? current.utm : input.utm;
  const thread = input.thread ? draftThread(input.thread) : current.thread;
  const firstComment = input.first_comment !== undefined ? input.first_comment : current.firstComment;
  const poll = input.poll === undefined ? current.poll : input.poll;
  const repeat = input.repeat === undefined ? current.repeat : input.repeat;
  return {
    ...shared,
    thread,
    firstComment,
    targets,
    overrides,
    scheduleType,
    scheduledAt,
    timezone,
    utm,
    poll,
    repeat,
  };
}
