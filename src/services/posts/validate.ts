// Checking a post's targets: accounts, platform rules, options, signatures, each problem named per target.
import { and, eq, inArray } from "drizzle-orm";
import {
  type FirstComment,
  type MediaItem,
  type PlatformOverride,
  type Poll,
  type RepeatRule,
  signatures,
  type ThreadSegment,
  type UtmTemplate,
} from "../../db/schema";
import { AppError, invalidInput } from "../../lib/errors";
import { commentLimitOf, PLATFORMS, type PlatformKey, platformLabel } from "../../platforms/catalog";
import { contentProblems } from "../../platforms/content-rules";
import { type ImageFit, imageFit, type ScheduledMedia } from "../../platforms/media-rules";
import { checkOptions } from "../../platforms/options";
import type { OutgoingMedia, OutgoingSegment, PublishRequest } from "../../platforms/types";
import { type AccountRow, ownedAccounts } from "../accounts/accounts";
import type { Principal } from "../auth/auth";
import { type MediaRow, ownedMediaByIds } from "../media/library";
import { mediaUrl } from "../media/objects";
import { type VariantRow, variantFor } from "../media/variants";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import {
  contentFor,
  countText,
  hasArticle,
  mediaIdsOf,
  outgoingArticle,
  outgoingMedia,
  type TargetContent,
} from "./content";
import { firstCommentFor, threadFor } from "./thread";

const ALT_TEXT_LIMIT = 1000;

/** The user's media library items a post names, by id (another user's are simply absent). */
type Library = Map<string, MediaRow>;

export type ScheduleType = "draft" | "scheduled" | "immediate";

/** A post as a service sees it, whatever surface it came from. */
export interface PostDraft {
  text: string;
  media: MediaItem[];
  /** Follow-up segments, each a reply to the one before (the text and media are the first). */
  thread: ThreadSegment[];
  firstComment: FirstComment | null;
  targets: Target[];
  overrides: Partial<Record<PlatformKey, PlatformOverride>>;
  scheduleType: ScheduleType;
  /** ms since the epoch; null for drafts. */
  scheduledAt: number | null;
  timezone: string | null;
  /** The post's own UTM parameters; null: the workspace default applies. */
  utm: UtmTemplate | null;
  poll: Poll | null;
  /** Evergreen: how the post's copies come back; null: it does not repeat. */
  repeat: RepeatRule | null;
}

type Target = { platform: PlatformKey; account_id: string; metadata: Record<string, unknown> };

export interface ResolvedTarget {
  platform: PlatformKey;
  account: AccountRow;
  metadata: Record<string, unknown>;
  content: TargetContent;
  request: PublishRequest;
  textLength: number;
  textLimit: number;
  /** Every segment in the order it goes out (0: the post itself), its text as counted against `textLimit`. */
  segments: { text: string; textLength: number; media: OutgoingMedia[] }[];
  firstComment: { text: string; textLength: number; textLimit: number } | null;
  /**
   * Library images this platform is sent a copy of (smaller, or JPEG): in which segment (0: `request.media`, then
   * `request.thread`'s), where in its media, and which fit.
   */
  fits: { segment: number; index: number; media: MediaRow; fit: ImageFit }[];
}

interface TargetProblem {
  platform: string;
  account_id: string;
  code: string;
  message: string;
}

/** Notes one problem of the target being checked. */
type Report = (code: string, message: string) => void;

const problemOf = (t: Target, code: string, message: string): TargetProblem => ({
  platform: t.platform,
  account_id: t.account_id,
  code,
  message,
});

const summary = (problems: TargetProblem[]) =>
  problems.length === 1 ? (problems[0]?.message ?? "") : `${problems.length} targets have problems`;

/** 400 `validation_error`: each problem is an issue at its target's place in `platforms`, and listed in `targets`. */
const targetProblems = (draft: PostDraft, problems: TargetProblem[]) =>
  invalidInput(
    problems.map((p) => ({
      path: `platforms.${draft.targets.findIndex((t) => t.account_id === p.account_id)}`,
      message: p.message,
    })),
    { message: summary(problems), extra: { targets: problems } },
  );

/**
 * Checks every target of a post and works out exactly what each platform would receive: loads the user's accounts
 * and signatures the post names, then `checkTargets`, then makes the copies of library images platforms need
 * (unless `makeCopies` is false, as in a dry run, which writes nothing: `fits` then says what would be made).
 */
export async function resolveTargets(
  rt: Runtime,
  principal: Principal,
  draft: PostDraft,
  { makeCopies = true } = {},
): Promise<ResolvedTarget[]> {
  const { accounts, signatureTexts, library } = await loadNamed(rt, principal.userId, draft);
  withLibraryMedia(rt, draft, library);
  const resolved = checkTargets(rt, principal, draft, accounts, signatureTexts, library);
  if (makeCopies) await sendFittingCopies(rt, resolved);
  return resolved;
}

/** The draft's library items, each given its type and address from the library (in place: the draft is the call's). */
function withLibraryMedia(rt: Runtime, draft: PostDraft, library: Library) {
  const fill = (media: MediaItem[] | undefined) => {
    for (const item of media ?? []) {
      const row = item.media_id ? library.get(item.media_id) : undefined;
      if (row) Object.assign(item, { type: row.type, url: mediaUrl(rt, row.key) });
    }
  };
  fill(draft.media);
  for (const segment of draft.thread) fill(segment.media);
  for (const override of Object.values(draft.overrides)) {
    fill(override?.media);
    for (const segment of override?.thread ?? []) fill(segment.media);
  }
}

/**
 * Each target is sent the copy of a library image that fits its platform (made now, or reused), in place of the
 * original: its address and what was read from it.
 */
async function sendFittingCopies(rt: Runtime, resolved: ResolvedTarget[]) {
  const made = new Map<string, ReturnType<typeof variantFor>>();
  for (const target of resolved) {
    for (const { segment, index, media, fit } of target.fits) {
      const key = `${media.id} ${fit.maxBytes}`;
      if (!made.has(key)) made.set(key, variantFor(rt, media, fit));
      const sent = segment === 0 ? target.request.media : target.request.thread![segment - 1]!.media;
      sendCopy(rt, sent[index]!, media, await made.get(key)!);
    }
  }
}

/** A media item of a request, sent as a copy of the library item instead of the original (in place). */
export function sendCopy(rt: Runtime, item: OutgoingMedia, media: MediaRow, variant: VariantRow) {
  Object.assign(item, {
    url: mediaUrl(rt, variant.key),
    variantOf: media.id,
    contentType: variant.contentType,
    size: variant.size,
    width: variant.width,
    height: variant.height,
  });
}

/**
 * The targets checked against the user's `accounts` (another user's are simply absent) and signature texts, in
 * three steps: refuse accounts that are not the user's (400); refuse platforms the account is not, or that the plan
 * does not allow (403 `PLATFORM_UNAVAILABLE`); then check each target and build its request, refusing bad options,
 * destinations, article fields, media fields, or (unless a draft) text over the account's limit (400, one entry per
 * problem in `targets`).
 */
export function checkTargets(
  rt: Runtime,
  principal: Principal,
  draft: PostDraft,
  accounts: Map<string, AccountRow>,
  signatureTexts: Map<string, string>,
  library: Library = new Map(),
): ResolvedTarget[] {
  requireOwned(draft, accounts);
  requireAvailable(draft, accounts, principal.plan);
  const problems: TargetProblem[] = [];
  const resolved = draft.targets.map((t) =>
    resolveTarget(rt, draft, t, accounts.get(t.account_id)!, { signatureTexts, library }, (code, message) =>
      problems.push(problemOf(t, code, message)),
    ),
  );
  if (problems.length > 0) throw targetProblems(draft, problems);
  return resolved;
}

/** The signatures the post's platform overrides name. */
export const namedSignatures = (draft: PostDraft) =>
  Object.values(draft.overrides).flatMap((o) => (o?.signature_id ? [o.signature_id] : []));

/** The user's accounts, signature texts and media among those the post names (another user's are simply absent). */
async function loadNamed(rt: Runtime, userId: string, draft: PostDraft) {
  const signatureIds = namedSignatures(draft);
  const [{ byId: accounts }, named, library] = await Promise.all([
    ownedAccounts(
      rt,
      userId,
      draft.targets.map((t) => t.account_id),
    ),
    signatureIds.length === 0
      ? Promise.resolve([])
      : rt.db
          .select()
          .from(signatures)
          .where(and(eq(signatures.userId, userId), inArray(signatures.id, signatureIds))),
    ownedMediaByIds(rt, userId, mediaIdsOf(draft)),
  ]);
  return { accounts, signatureTexts: new Map(named.map((s) => [s.id, s.text])), library };
}

function requireOwned(draft: PostDraft, accounts: Map<string, AccountRow>) {
  const missing = draft.targets
    .filter((t) => !accounts.has(t.account_id))
    .map((t) => problemOf(t, "account_not_found", `Account ${t.account_id} not found`));
  if (missing.length > 0) throw targetProblems(draft, missing);
}

function requireAvailable(draft: PostDraft, accounts: Map<string, AccountRow>, planName: string) {
  const plan = planOf(planName);
  const unavailable = draft.targets.flatMap((t) => {
    const account = accounts.get(t.account_id)!;
    const refuse = (message: string) => [problemOf(t, "PLATFORM_UNAVAILABLE", message)];
    if (account.platform !== t.platform) {
      return refuse(`Account ${account.id} is a ${account.platform} account, not ${t.platform}`);
    }
    if (!PLATFORMS[t.platform].publishes) {
      return refuse(`${t.platform} accounts run automation flows; they take no posts`);
    }
    if (t.platform === "twitter" && !plan.twitter) {
      return refuse(`Posting to twitter needs a paid plan (this is ${planName})`);
    }
    if (account.status === "disconnected") return refuse(`Account ${account.id} is disconnected`);
    return [];
  });
  if (unavailable.length > 0) {
    throw new AppError("PLATFORM_UNAVAILABLE", summary(unavailable), { targets: unavailable });
  }
}

/** One target's checks, and the request its platform will be sent. */
function resolveTarget(
  rt: Runtime,
  draft: PostDraft,
  t: Target,
  account: AccountRow,
  { signatureTexts, library }: { signatureTexts: Map<string, string>; library: Library },
  report: Report,
): ResolvedTarget {
  const override = draft.overrides[t.platform];
  const { destination_id: named, ...options } = t.metadata;
  const destinationId =
    named === undefined && PLATFORMS[t.platform].defaultsToFirstDestination ? account.destinations[0]?.id : named;
  checkPlacement(t.platform, account, { destinationId, options, override }, report);
  const signature = signatureOf(override, signatureTexts, report);
  const content = contentFor({ text: draft.text, media: draft.media }, override, signature);
  const destination = account.destinations.find((d) => d.id === destinationId);
  const first = checkSegment(
    rt,
    draft,
    t,
    account,
    content,
    { library, options, override, destination, poll: draft.poll },
    report,
  );
  const textLength = first.text;
  const fits: ResolvedTarget["fits"] = first.fits.map((fit) => ({ ...fit, segment: 0 }));
  const wanted = threadFor(draft, override);
  const chains = PLATFORMS[t.platform].replyChains;
  if (wanted.length > 0 && !chains)
    report("thread_not_supported", `${t.platform} has no reply chains: it takes no thread`);
  const thread = chains ? wanted : [];
  if (draft.scheduleType !== "draft" && draft.repeat) {
    checkRepeat(rt, t.platform, account, draft, { override, signature, threaded: thread.length > 0 }, report);
  }
  const segments = [{ text: content.text, textLength, media: [] as OutgoingMedia[] }];
  const sentThread: OutgoingSegment[] = thread.map((segment, i) => {
    const checked = checkSegment(rt, draft, t, account, segment, { library, options: {}, index: i + 1 }, report);
    fits.push(...checked.fits.map((fit) => ({ ...fit, segment: i + 1 })));
    const sent = { text: segment.text, media: sentMedia(t.platform, segment.media, {}, library) };
    segments.push({ ...sent, textLength: checked.text });
    return sent;
  });
  const firstComment = checkFirstComment(rt, draft, t, account, firstCommentFor(draft, override), report);
  const takesArticle = PLATFORMS[t.platform].takesArticles && hasArticle(override);
  const request: PublishRequest = {
    text: content.text,
    media: sentMedia(t.platform, content.media, options, library),
    options,
    ...(draft.poll ? { poll: { options: draft.poll.options, durationMinutes: draft.poll.duration_minutes } } : {}),
    ...(typeof destinationId === "string" ? { destinationId } : {}),
    ...(takesArticle ? { article: outgoingArticle(override) } : {}),
    ...(sentThread.length > 0 ? { thread: sentThread } : {}),
    ...(firstComment ? { firstComment: firstComment.text } : {}),
  };
  segments[0]!.media = request.media;
  return {
    platform: t.platform,
    account,
    metadata: t.metadata,
    content,
    request,
    textLength,
    textLimit: account.textLimit,
    segments,
    firstComment,
    fits,
  };
}

/** What the platform is sent of a segment's media: the fields it takes, with the library's facts. */
const sentMedia = (platform: PlatformKey, media: MediaItem[], options: Record<string, unknown>, library: Library) =>
  outgoingMedia(platform, media, options).map((out, i) =>
    withLibraryFacts(platform, out, library.get(media[i]?.media_id ?? "")),
  );

/**
 * One segment's checks (`index` 0: the post itself, with its article fields and options): its media, and unless a
 * draft its text against the account's limit and what the platform takes. Answers the text's length and the
 * library images to send a fitting copy of.
 */
function checkSegment(
  rt: Runtime,
  draft: PostDraft,
  t: Target,
  account: AccountRow,
  content: TargetContent,
  {
    library,
    options,
    override,
    destination,
    poll,
    index = 0,
  }: {
    library: Library;
    options: Record<string, unknown>;
    override?: PlatformOverride;
    destination?: AccountRow["destinations"][number];
    poll?: Poll | null;
    index?: number;
  },
  report: Report,
) {
  // A follow-up segment's problems say which segment (its index) and where it is in the input.
  const where = index === 0 ? "" : `segment ${index} (thread.${index - 1}): `;
  const segmentReport: Report = (code, message) => report(code, `${where}${message}`);
  checkMedia(content.media, library, segmentReport);
  const textLength = countText(t.platform, content.text, rt.config.public_base_url);
  const fits: Omit<ResolvedTarget["fits"][number], "segment">[] = [];
  if (draft.scheduleType === "draft") return { text: textLength, fits };
  if (textLength > account.textLimit) {
    segmentReport("text_too_long", `${textLength} characters; account ${account.id} allows ${account.textLimit}`);
  }
  if (index > 0 && content.text.trim() === "" && content.media.length === 0) {
    segmentReport("empty_segment", "a segment needs text or media");
  }
  // What the platform takes (media, article fields, a title), like the text limit, is answered when the post is scheduled.
  const scheduledMedia = content.media.map((item) => withFacts(item, library));
  const scheduled = {
    text: content.text,
    media: scheduledMedia,
    article: override,
    options,
    destination,
    ...(poll ? { poll } : {}),
  };
  for (const { code, message } of contentProblems(t.platform, scheduled)) segmentReport(code, message);
  scheduledMedia.forEach((item, i) => {
    const fit = imageFit(t.platform, item);
    const media = content.media[i]?.media_id ? library.get(content.media[i].media_id) : undefined;
    if (fit && media) fits.push({ index: i, media, fit });
  });
  return { text: textLength, fits };
}

/** The target's first comment: refused where its platform takes none; unless a draft, held to its comment limit. */
function checkFirstComment(
  rt: Runtime,
  draft: PostDraft,
  t: Target,
  account: AccountRow,
  comment: FirstComment | null,
  report: Report,
): ResolvedTarget["firstComment"] {
  if (!comment) return null;
  const limit = commentLimitOf(t.platform, account.textLimit);
  if (limit === null) {
    report("first_comment_not_supported", `${t.platform} takes no first comment under its posts`);
    return null;
  }
  const textLength = countText(t.platform, comment.text, rt.config.public_base_url);
  if (draft.scheduleType !== "draft" && textLength > limit) {
    report("text_too_long", `first_comment: ${textLength} characters; a ${t.platform} comment allows ${limit}`);
  }
  return { text: comment.text, textLength, textLimit: limit };
}

/**
 * An evergreen post's rules per target, answered when it is scheduled: each variation its copies rotate through fits
 * the account's text limit, and a platform that refuses the same text twice (X) is given variations that reach it
 * (a platform with its own detached text would repeat that text unchanged).
 */
function checkRepeat(
  rt: Runtime,
  platform: PlatformKey,
  account: AccountRow,
  draft: PostDraft,
  {
    override,
    signature,
    threaded,
  }: { override: PlatformOverride | undefined; signature: string | undefined; threaded: boolean },
  report: Report,
) {
  const variations = override?.detached ? [] : (draft.repeat?.variations ?? []);
  if (PLATFORMS[platform].refusesRepeatedText && threaded) {
    report(
      "repeat_needs_variations",
      `${platformLabel(platform)} refuses the same text twice: a thread's replies would come back unchanged`,
    );
  } else if (PLATFORMS[platform].refusesRepeatedText && variations.length === 0) {
    report(
      "repeat_needs_variations",
      override?.detached
        ? `${platformLabel(platform)} refuses the same text twice: an evergreen post there cannot keep its own detached text`
        : `${platformLabel(platform)} refuses the same text twice: give repeat.variations for its copies`,
    );
  }
  variations.forEach((variation, i) => {
    const text = contentFor({ text: variation, media: draft.media }, override, signature).text;
    const length = countText(platform, text, rt.config.public_base_url);
    if (length > account.textLimit) {
      report(
        "text_too_long",
        `repeat.variations.${i}: ${length} characters; account ${account.id} allows ${account.textLimit}`,
      );
    }
  });
}

/** A media item with what was read from its bytes, when it is a library item. */
function withFacts(item: MediaItem, library: Library): ScheduledMedia {
  const row = item.media_id ? library.get(item.media_id) : undefined;
  return row ? { ...item, facts: row } : item;
}

/**
 * What the platform is sent of a library item: its facts, the library's alt text where the post gives none (on
 * platforms that take alt text), and a document's title (its file name where the post gives none).
 */
function withLibraryFacts(platform: PlatformKey, out: OutgoingMedia, row: MediaRow | undefined): OutgoingMedia {
  if (!row) return out;
  const facts: OutgoingMedia = {
    ...out,
    mediaId: row.id,
    contentType: row.contentType,
    size: row.size,
    ...(row.width !== null ? { width: row.width } : {}),
    ...(row.height !== null ? { height: row.height } : {}),
    ...(row.durationMs !== null ? { durationMs: row.durationMs } : {}),
  };
  if (out.type === "image" && out.altText === undefined && row.altText && PLATFORMS[platform].takesAltText) {
    facts.altText = row.altText;
  }
  if (out.type === "document" && out.title === undefined) facts.title = row.filename ?? "Document";
  return facts;
}

/** Where and how the target posts: its platform's options, its destination, article fields, separate editing. */
function checkPlacement(
  platform: PlatformKey,
  account: AccountRow,
  {
    destinationId,
    options,
    override,
  }: { destinationId: unknown; options: Record<string, unknown>; override?: PlatformOverride },
  report: Report,
) {
  const rules = PLATFORMS[platform];
  const optionProblem = checkOptions(platform, options);
  if (optionProblem) report("invalid_option", optionProblem);
  if (rules.usesDestinations) {
    if (destinationId === undefined) {
      // A platform with a default destination finds or makes one when it publishes (a Pinterest account's first board).
      if (!rules.defaultsToFirstDestination)
        report("destination_required", `${platform} needs metadata.destination_id`);
    } else if (!account.destinations.some((d) => d.id === destinationId)) {
      report("unknown_destination", `Destination ${String(destinationId)} is not one of account ${account.id}'s`);
    }
  } else if (destinationId !== undefined) {
    report("destination_not_supported", `${platform} takes no destination`);
  }
  if (hasArticle(override) && !rules.takesArticles)
    report("article_not_supported", `${platform} takes no article fields`);
  if (override?.detached && (hasArticle(override) || options.reminder === true)) {
    report("detached_not_offered", "Separate editing is not offered on articles or reminder posts");
  }
}

/** The text of the signature the platform's override names; a signature that is not the user's is a problem. */
function signatureOf(override: PlatformOverride | undefined, texts: Map<string, string>, report: Report) {
  if (!override?.signature_id) return undefined;
  const text = texts.get(override.signature_id);
  if (text === undefined) report("unknown_signature", `Signature ${override.signature_id} not found`);
  return text;
}

/** Library items that are the user's; alt text within its limit and on images only; covers on videos; titles on documents. */
function checkMedia(media: MediaItem[], library: Library, report: Report) {
  media.forEach((item, i) => {
    if (item.media_id !== undefined && !library.has(item.media_id)) {
      report("unknown_media", `media.${i}.media_id: Media ${item.media_id} not found`);
      return;
    }
    if (item.title !== undefined && item.type !== "document") {
      report("title_on_media", `media.${i}.title: a title is for documents`);
    }
    if (item.type === "document" && (item.alt_text !== undefined || item.cover_url !== undefined)) {
      report("field_not_for_documents", `media.${i}: alt text and covers are for images and videos`);
    }
    if (item.alt_text !== undefined && item.alt_text.length > ALT_TEXT_LIMIT) {
      report("alt_text_too_long", `media.${i}.alt_text: ${item.alt_text.length} characters; at most ${ALT_TEXT_LIMIT}`);
    }
    if (item.type === "image" && (item.cover_url !== undefined || item.cover_time_ms !== undefined)) {
      report("cover_on_image", `media.${i}: cover_url and cover_time_ms are for videos`);
    }
    if (item.type === "video" && item.alt_text !== undefined) {
      report("alt_text_on_video", `media.${i}.alt_text: alt text is for images`);
    }
  });
}
