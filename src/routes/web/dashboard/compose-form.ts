/**
 * The dashboard's post form: what its fields hold (read from a posted form or from a post), the REST create or
 * update body those fields make, and where each refusal of that body belongs on the form.
 */
import type { MediaItem, PlatformOverride } from "../../../db/schema";
import { type AppError, validationError, validationFailure } from "../../../lib/errors";
import { localDateTimeIn } from "../../../lib/time";
import {
  accountValue,
  type ComposeValues,
  type FieldErrors,
  type MediaFields,
  WHEN,
} from "../../../pages/dashboard/compose";
import { holdsItem } from "../../../pages/dashboard/compose-fields";
import type { PlatformKey } from "../../../platforms/catalog";
import {
  MAX_MEDIA,
  MAX_THREAD_SEGMENTS,
  type PostCreateInput,
  PostCreateSchema,
  type PostUpdateInput,
  PostUpdateSchema,
} from "../../../schemas/posts";
import type { PostRow, TargetRow } from "../../../services/posts/present";
import { field, fields } from "./session";

const accountIdOf = (value: string) => value.slice(value.indexOf(":") + 1);

/** An empty form: its time the next whole hour at least half an hour away, in the owner's zone. */
export function emptyValues(now: number, zone: string, idempotencyKey: string): ComposeValues {
  const hour = 3_600_000;
  return {
    text: "",
    accounts: [],
    destinations: {},
    overrides: {},
    media: [],
    thread: [],
    firstComment: "",
    when: "at",
    scheduledAt: localDateTimeIn(Math.ceil((now + hour / 2) / hour) * hour, zone),
    repeat: { every: "", times: "", until: "", variations: "" },
    idempotencyKey,
  };
}

/** The numbers `<n>` of the form's fields named `<prefix>.<n>.<one of parts>`, in order. */
const numbersOf = (form: Record<string, unknown>, prefix: string, parts: string) => {
  const pattern = new RegExp(`^${prefix.replaceAll(".", "\\.")}\\.(\\d+)\\.(?:${parts})$`);
  const numbers = Object.keys(form)
    .map((name) => pattern.exec(name)?.[1])
    .filter((i): i is string => i !== undefined)
    .map(Number);
  return [...new Set(numbers)].sort((a, b) => a - b);
};

/**
 * The row numbers of a list of media rows (a row is sent as `<prefix>.<n>.<field>`: `media.0.url`,
 * `thread.1.media.0.url`), in order, at most `MAX_MEDIA`.
 */
export const mediaRowsOf = (form: Record<string, unknown>, prefix = "media") =>
  numbersOf(form, prefix, "url|media_id|file").slice(0, MAX_MEDIA);

/** The media rows sent under `prefix`, as typed. */
const mediaOf = (form: Record<string, unknown>, prefix: string): MediaFields[] =>
  mediaRowsOf(form, prefix).map((i) => ({
    media_id: field(form, `${prefix}.${i}.media_id`).trim(),
    type: field(form, `${prefix}.${i}.type`),
    url: field(form, `${prefix}.${i}.url`).trim(),
    alt_text: field(form, `${prefix}.${i}.alt_text`),
    cover_url: field(form, `${prefix}.${i}.cover_url`).trim(),
    cover_time: field(form, `${prefix}.${i}.cover_time`).trim(),
  }));

/** The thread's segments as sent (`thread.<n>.text`, `thread.<n>.media.…`), renumbered from 0 in their order. */
export const segmentsOf = (form: Record<string, unknown>) =>
  numbersOf(form, "thread", "text|media\\.\\d+\\.(?:url|media_id|file)")
    .slice(0, MAX_THREAD_SEGMENTS)
    .map((n) => ({ number: n, text: field(form, `thread.${n}.text`), media: mediaOf(form, `thread.${n}.media`) }));

/** The fields of a posted form; fields sent with a prefix (`destination.<id>`, `override.<platform>`) by their rest. */
export function valuesFromForm(form: Record<string, unknown>): ComposeValues {
  const prefixed = (prefix: string) =>
    Object.fromEntries(
      Object.keys(form)
        .filter((name) => name.startsWith(prefix))
        .map((name) => [name.slice(prefix.length), field(form, name)]),
    );
  const asked = field(form, "when");
  return {
    text: field(form, "text"),
    accounts: fields(form, "account"),
    destinations: prefixed("destination."),
    overrides: prefixed("override."),
    media: mediaOf(form, "media"),
    thread: segmentsOf(form).map(({ text, media }) => ({ text, media })),
    firstComment: field(form, "first_comment"),
    when: WHEN.find((w) => w === asked) ?? "at",
    scheduledAt: field(form, "scheduled_at").trim(),
    repeat: {
      every: field(form, "repeat_every").trim(),
      times: field(form, "repeat_times").trim(),
      until: field(form, "repeat_until").trim(),
      variations: field(form, "repeat_variations"),
    },
    idempotencyKey: field(form, "idempotency_key"),
  };
}

/** A stored media item's fields: a library item by its id alone. */
const mediaFieldsOf = (m: MediaItem): MediaFields => ({
  media_id: m.media_id ?? "",
  type: m.type,
  url: m.media_id ? "" : m.url,
  alt_text: m.alt_text ?? "",
  cover_url: m.cover_url ?? "",
  cover_time: m.cover_time_ms === undefined ? "" : String(m.cover_time_ms / 1000),
});

/** A post's fields, to edit it: times in the owner's zone, each platform's own text where it has one. */
export function valuesFromPost(post: PostRow, targets: TargetRow[], zone: string): ComposeValues {
  const sorted = [...targets].sort((a, b) => a.position - b.position);
  const destinations = sorted.flatMap((t) =>
    typeof t.metadata.destination_id === "string" ? [[t.accountId, t.metadata.destination_id]] : [],
  );
  const overrides = Object.entries(post.platformOverrides).flatMap(([platform, o]) =>
    o?.detached ? [[platform, o.text ?? ""]] : [],
  );
  return {
    text: post.text,
    accounts: sorted.map((t) => accountValue(t.platform, t.accountId)),
    destinations: Object.fromEntries(destinations),
    overrides: Object.fromEntries(overrides),
    media: post.media.map(mediaFieldsOf),
    thread: post.thread.map((segment) => ({ text: segment.text, media: segment.media.map(mediaFieldsOf) })),
    firstComment: post.firstComment?.text ?? "",
    when: post.status === "draft" ? "draft" : "at",
    scheduledAt: post.scheduledAt === null ? "" : localDateTimeIn(post.scheduledAt, zone),
    repeat: {
      every: post.repeat ? String(post.repeat.every_days) : "",
      times: post.repeat?.times === undefined ? "" : String(post.repeat.times),
      until: post.repeat?.until ?? "",
      variations: (post.repeat?.variations ?? []).join("\n"),
    },
    idempotencyKey: "",
  };
}

/** The media rows that hold an item (a library item, a URL, or both: refused), with their row numbers on the form. */
const filledMedia = (media: MediaFields[]) =>
  media.map((row, index) => ({ row, index })).filter(({ row }) => holdsItem(row));

/** The segments with text or an item (an empty one is left out, as an empty media row is), with their form numbers. */
const filledSegments = (values: ComposeValues) =>
  values.thread
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment.text.trim() !== "" || segment.media.some(holdsItem));

const mediaItem = (row: MediaFields) => ({
  ...(row.media_id ? { media_id: row.media_id } : { type: row.type }),
  ...(row.url ? { url: row.url } : {}),
  ...(row.alt_text.trim() ? { alt_text: row.alt_text.trim() } : {}),
  ...(row.cover_url ? { cover_url: row.cover_url } : {}),
  ...(row.cover_time ? { cover_time_ms: Math.round(Number(row.cover_time) * 1000) } : {}),
});

/** What the post had that the form does not show (platform options, signatures, article fields) is kept. */
interface Kept {
  metadata: Map<string, Record<string, unknown>>;
  overrides: Partial<Record<PlatformKey, PlatformOverride>>;
}

const keptOf = (current?: { post: PostRow; targets: TargetRow[] }): Kept => ({
  metadata: new Map(current?.targets.map((t) => [t.accountId, t.metadata])),
  overrides: current?.post.platformOverrides ?? {},
});

function contentOf(values: ComposeValues, kept: Kept) {
  const platforms = values.accounts.map((value) => {
    const accountId = accountIdOf(value);
    const { destination_id: _, ...metadata } = kept.metadata.get(accountId) ?? {};
    const destination = values.destinations[accountId]?.trim();
    return {
      platform: value.slice(0, value.indexOf(":")),
      account_id: accountId,
      metadata: destination ? { ...metadata, destination_id: destination } : metadata,
    };
  });
  const overrides: Record<string, unknown> = {};
  for (const platform of new Set([...Object.keys(kept.overrides), ...Object.keys(values.overrides)])) {
    const { detached: _, text: __, media: ___, ...others } = kept.overrides[platform as PlatformKey] ?? {};
    const own = values.overrides[platform] ?? "";
    const override = own.trim() ? { ...others, detached: true, text: own } : others;
    if (Object.keys(override).length > 0) overrides[platform] = override;
  }
  const media = filledMedia(values.media).map(({ row }) => mediaItem(row));
  const thread = filledSegments(values).map(({ segment }) => ({
    text: segment.text,
    media: filledMedia(segment.media).map(({ row }) => mediaItem(row)),
  }));
  const comment = values.firstComment.trim() ? { text: values.firstComment } : null;
  return { text: values.text, platforms, media, thread, first_comment: comment, platform_overrides: overrides };
}

function scheduleOf(values: ComposeValues, zone: string) {
  const at = values.scheduledAt || undefined;
  switch (values.when) {
    case "at":
      return { schedule_type: "scheduled", scheduled_at: at, timezone: zone };
    case "next_slot":
      return { schedule_type: "scheduled", next_slot: true, timezone: zone };
    case "now":
      return { schedule_type: "immediate" };
    case "draft":
      return { scheduled_at: at, timezone: zone };
  }
}

/**
 * The repeat rule the form's fields make: none while `every` is empty (null when the post being edited had one, so
 * saving removes it); a copy's form sends none (its original holds the rule). Numbers not numbers are left to the
 * schema to refuse.
 */
function repeatOf(values: ComposeValues, current?: { post: PostRow }) {
  if (current?.post.repeatOf) return {};
  const { every, times, until, variations } = values.repeat;
  if (every === "") return current?.post.repeat ? { repeat: null } : {};
  const lines = variations
    .split(/\r?\n/)
    .map((v) => v.trim())
    .filter(Boolean);
  return {
    repeat: {
      every_days: Number(every),
      ...(times ? { times: Number(times) } : {}),
      ...(until ? { until } : {}),
      ...(lines.length > 0 ? { variations: lines } : {}),
    },
  };
}

/** The body the form makes, as a REST client would send it. */
const bodyOf = (values: ComposeValues, zone: string, kept: Kept, current?: { post: PostRow }) => ({
  ...contentOf(values, kept),
  ...scheduleOf(values, zone),
  ...repeatOf(values, current),
});

const parsed = <T>(result: { success: true; data: T } | { success: false; error: { issues: any[] } }): T => {
  if (!result.success) throw validationFailure(result.error.issues);
  return result.data;
};

/**
 * The REST create's body from the form, checked by the REST create's schema (400 `validation_error` as there).
 * Editing a post (`current`), it previews the post as the edit would leave it.
 */
export const createInput = (
  values: ComposeValues,
  zone: string,
  current?: { post: PostRow; targets: TargetRow[] },
): PostCreateInput => parsed(PostCreateSchema.safeParse(bodyOf(values, zone, keptOf(current), current)));

/**
 * The REST update's body from the form, keeping what the post had that the form does not show. A draft is
 * saved without a schedule type, so it stays a draft.
 */
export function updateInput(
  values: ComposeValues,
  zone: string,
  current: { post: PostRow; targets: TargetRow[] },
): PostUpdateInput {
  if (values.when === "next_slot") throw validationError("schedule_type", "the next free slot is for new posts");
  return parsed(PostUpdateSchema.safeParse(bodyOf(values, zone, keptOf(current), current)));
}

const MEDIA_FIELDS: Record<string, keyof MediaFields> = {
  media_id: "media_id",
  type: "type",
  url: "url",
  alt_text: "alt_text",
  cover_url: "cover_url",
  cover_time_ms: "cover_time",
};

const REPEAT_FIELDS: Record<string, string> = {
  every_days: "repeat_every",
  times: "repeat_times",
  until: "repeat_until",
  variations: "repeat_variations",
};

/** The field of media row `row` (as sent: the filled rows only) in the list named `prefix`. */
function mediaFieldOf(prefix: string, media: MediaFields[], row: string | undefined, part: string | undefined) {
  const filled = filledMedia(media)[Number(row)];
  return filled === undefined ? prefix : `${prefix}.${filled.index}.${MEDIA_FIELDS[part ?? ""] ?? "url"}`;
}

/** The form field an issue's path (`platforms.1`, `media.0.alt_text`, `scheduled_at`) names. */
function fieldOf(path: string, values: ComposeValues): string {
  const [head, first, second] = path.split(".");
  switch (head) {
    case "text":
      return "text";
    case "platforms": {
      const chosen = values.accounts[Number(first)];
      return chosen === undefined ? "accounts" : `account.${accountIdOf(chosen)}`;
    }
    case "media":
      return mediaFieldOf("media", values.media, first, second);
    case "thread": {
      const segment = filledSegments(values)[Number(first)];
      if (segment === undefined) return "thread";
      const [, , , row, part] = path.split(".");
      return second === "media"
        ? mediaFieldOf(`thread.${segment.index}.media`, segment.segment.media, row, part)
        : `thread.${segment.index}.text`;
    }
    case "first_comment":
      return "first_comment";
    case "media_file":
      return `media.${first}.file`;
    case "thread_file":
      return `thread.${first}.media.${second}.file`;
    case "platform_overrides":
      return first ? `override.${first}` : "";
    case "scheduled_at":
    case "timezone":
      return "scheduled_at";
    case "schedule_type":
    case "next_slot":
      return "when";
    case "repeat":
      return REPEAT_FIELDS[first ?? ""] ?? "repeat_every";
    default:
      return "";
  }
}

/** A refusal of the create, update or dry run, laid out field by field. */
export function fieldErrors(error: AppError, values: ComposeValues): FieldErrors {
  const errors: FieldErrors = new Map();
  const add = (name: string, message: string) => errors.set(name, [...(errors.get(name) ?? []), message]);
  const issues = error.extra.issues as { path: string; message: string }[] | undefined;
  const targets = error.extra.targets as { account_id: string; message: string }[] | undefined;
  if (issues) for (const issue of issues) add(fieldOf(issue.path, values), issue.message);
  else if (targets) for (const target of targets) add(`account.${target.account_id}`, target.message);
  else if (error.code === "no_slots" || error.code === "no_free_slot") add("when", error.message);
  else add("", error.message);
  return errors;
}
