// Checking a post's targets: accounts, platform rules, options, signatures, each problem named per target.
import { and, eq, inArray } from "drizzle-orm";
import { type MediaItem, type PlatformOverride, signatures } from "../../db/schema";
import { AppError, invalidInput } from "../../lib/errors";
import { PLATFORMS, type PlatformKey } from "../../platforms/catalog";
import { contentProblems } from "../../platforms/content-rules";
import { checkOptions } from "../../platforms/options";
import type { PublishRequest } from "../../platforms/types";
import { type AccountRow, ownedAccounts } from "../accounts/accounts";
import type { Principal } from "../auth/auth";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import { contentFor, countText, hasArticle, outgoingArticle, outgoingMedia, type TargetContent } from "./content";

const ALT_TEXT_LIMIT = 1000;

export type ScheduleType = "draft" | "scheduled" | "immediate";

/** A post as a service sees it, whatever surface it came from. */
export interface PostDraft {
  text: string;
  media: MediaItem[];
  targets: Target[];
  overrides: Partial<Record<PlatformKey, PlatformOverride>>;
  scheduleType: ScheduleType;
  /** ms since the epoch; null for drafts. */
  scheduledAt: number | null;
  timezone: string | null;
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
 * and signatures the post names, then `checkTargets`.
 */
export async function resolveTargets(rt: Runtime, principal: Principal, draft: PostDraft): Promise<ResolvedTarget[]> {
  const { accounts, signatureTexts } = await loadNamed(rt, principal.userId, draft);
  return checkTargets(rt, principal, draft, accounts, signatureTexts);
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
): ResolvedTarget[] {
  requireOwned(draft, accounts);
  requireAvailable(draft, accounts, principal.plan);
  const problems: TargetProblem[] = [];
  const resolved = draft.targets.map((t) =>
    resolveTarget(rt, draft, t, accounts.get(t.account_id)!, signatureTexts, (code, message) =>
      problems.push(problemOf(t, code, message)),
    ),
  );
  if (problems.length > 0) throw targetProblems(draft, problems);
  return resolved;
}

/** The signatures the post's platform overrides name. */
export const namedSignatures = (draft: PostDraft) =>
  Object.values(draft.overrides).flatMap((o) => (o?.signature_id ? [o.signature_id] : []));

/** The user's accounts and signature texts among those the post names (another user's are simply absent). */
async function loadNamed(rt: Runtime, userId: string, draft: PostDraft) {
  const signatureIds = namedSignatures(draft);
  const [{ byId: accounts }, named] = await Promise.all([
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
  ]);
  return { accounts, signatureTexts: new Map(named.map((s) => [s.id, s.text])) };
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
  signatureTexts: Map<string, string>,
  report: Report,
): ResolvedTarget {
  const override = draft.overrides[t.platform];
  const { destination_id: named, ...options } = t.metadata;
  const destinationId =
    named === undefined && PLATFORMS[t.platform].defaultsToFirstDestination ? account.destinations[0]?.id : named;
  checkPlacement(t.platform, account, { destinationId, options, override }, report);
  const content = contentFor(
    { text: draft.text, media: draft.media },
    override,
    signatureOf(override, signatureTexts, report),
  );
  checkMedia(content.media, report);
  const textLength = countText(t.platform, content.text, rt.config.public_base_url);
  if (draft.scheduleType !== "draft" && textLength > account.textLimit) {
    report("text_too_long", `${textLength} characters; account ${account.id} allows ${account.textLimit}`);
  }
  // What the platform takes (media, article fields, a title), like the text limit, is answered when the post is scheduled.
  if (draft.scheduleType !== "draft") {
    const scheduled = { text: content.text, media: content.media, article: override, options };
    for (const { code, message } of contentProblems(t.platform, scheduled)) report(code, message);
  }
  const takesArticle = PLATFORMS[t.platform].takesArticles && hasArticle(override);
  const request: PublishRequest = {
    text: content.text,
    media: outgoingMedia(t.platform, content.media, options),
    options,
    ...(typeof destinationId === "string" ? { destinationId } : {}),
    ...(takesArticle ? { article: outgoingArticle(override) } : {}),
  };
  return {
    platform: t.platform,
    account,
    metadata: t.metadata,
    content,
    request,
    textLength,
    textLimit: account.textLimit,
  };
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

/** Alt text within its limit and on images only; covers on videos only. */
function checkMedia(media: MediaItem[], report: Report) {
  media.forEach((item, i) => {
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
