import { and, eq, inArray } from "drizzle-orm";
import { type MediaItem, type PlatformOverride, signatures } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { PLATFORMS, type PlatformKey } from "../../platforms/catalog";
import { contentProblems } from "../../platforms/content-rules";
import { checkOptions } from "../../platforms/options";
import type { PublishRequest } from "../../platforms/types";
import type { AccountRow } from "../accounts";
import { ownedAccounts } from "../accounts";
import type { Principal } from "../auth";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import { contentFor, countText, hasArticle, outgoingArticle, outgoingMedia, type TargetContent } from "./content";

export const ALT_TEXT_LIMIT = 1000;

export type ScheduleType = "draft" | "scheduled" | "immediate";

/** A post as a service sees it, whatever surface it came from. */
export interface PostDraft {
  text: string;
  media: MediaItem[];
  targets: { platform: PlatformKey; account_id: string; metadata: Record<string, unknown> }[];
  overrides: Partial<Record<PlatformKey, PlatformOverride>>;
  scheduleType: ScheduleType;
  /** ms since the epoch; null for drafts. */
  scheduledAt: number | null;
  timezone: string | null;
}

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

const problemsError = (status: 400 | 403, code: string, problems: TargetProblem[]) =>
  new AppError(
    status,
    code,
    problems.length === 1 ? (problems[0]?.message ?? "") : `${problems.length} targets have problems`,
    { targets: problems },
  );

/**
 * Checks every target of a post and works out exactly what each platform would receive.
 * Refusals: an account that is not the user's → 400; a platform the account is not, or that the plan
 * does not allow → 403 `PLATFORM_UNAVAILABLE`; bad options, destinations, article fields, media fields,
 * or (unless a draft) text over the account's limit or media the platform does not take → 400 with one
 * entry per problem in `targets`.
 */
export async function resolveTargets(rt: Runtime, principal: Principal, draft: PostDraft): Promise<ResolvedTarget[]> {
  const accountIds = draft.targets.map((t) => t.account_id);
  const signatureIds = Object.values(draft.overrides).flatMap((o) => (o?.signature_id ? [o.signature_id] : []));
  const [{ byId: accountById }, ownedSignatures] = await Promise.all([
    ownedAccounts(rt, principal.userId, accountIds),
    signatureIds.length === 0
      ? Promise.resolve([])
      : rt.db
          .select()
          .from(signatures)
          .where(and(eq(signatures.userId, principal.userId), inArray(signatures.id, signatureIds))),
  ]);
  const signatureById = new Map(ownedSignatures.map((s) => [s.id, s]));

  const problem = (t: PostDraft["targets"][number], code: string, message: string): TargetProblem => ({
    platform: t.platform,
    account_id: t.account_id,
    code,
    message,
  });

  const missing = draft.targets
    .filter((t) => !accountById.has(t.account_id))
    .map((t) => problem(t, "account_not_found", `Account ${t.account_id} not found`));
  if (missing.length > 0) throw problemsError(400, "validation_error", missing);

  const plan = planOf(principal.plan);
  const unavailable = draft.targets.flatMap((t) => {
    const account = accountById.get(t.account_id)!;
    if (account.platform !== t.platform) {
      return [
        problem(t, "PLATFORM_UNAVAILABLE", `Account ${account.id} is a ${account.platform} account, not ${t.platform}`),
      ];
    }
    if (!PLATFORMS[t.platform].publishes) {
      return [problem(t, "PLATFORM_UNAVAILABLE", `${t.platform} accounts run automation flows; they take no posts`)];
    }
    if (t.platform === "twitter" && !plan.twitter) {
      return [problem(t, "PLATFORM_UNAVAILABLE", `Posting to twitter needs a paid plan (this is ${principal.plan})`)];
    }
    if (account.status === "disconnected") {
      return [problem(t, "PLATFORM_UNAVAILABLE", `Account ${account.id} is disconnected`)];
    }
    return [];
  });
  if (unavailable.length > 0) throw problemsError(403, "PLATFORM_UNAVAILABLE", unavailable);

  const problems: TargetProblem[] = [];
  const resolved = draft.targets.map((t): ResolvedTarget => {
    const account = accountById.get(t.account_id)!;
    const rules = PLATFORMS[t.platform];
    const override = draft.overrides[t.platform];
    const { destination_id: named, ...options } = t.metadata;
    const destinationId = named === undefined && rules.defaultsToFirstDestination ? account.destinations[0]?.id : named;
    const report = (code: string, message: string) => problems.push(problem(t, code, message));

    const optionProblem = checkOptions(t.platform, options);
    if (optionProblem) report("invalid_option", optionProblem);

    if (rules.usesDestinations) {
      if (destinationId === undefined) {
        const message = rules.defaultsToFirstDestination
          ? `Account ${account.id} has no ${t.platform} destination to default to: create one there, or name metadata.destination_id`
          : `${t.platform} needs metadata.destination_id`;
        report("destination_required", message);
      } else if (!account.destinations.some((d) => d.id === destinationId)) {
        report("unknown_destination", `Destination ${String(destinationId)} is not one of account ${account.id}'s`);
      }
    } else if (destinationId !== undefined) {
      report("destination_not_supported", `${t.platform} takes no destination`);
    }

    if (hasArticle(override) && !rules.takesArticles) {
      report("article_not_supported", `${t.platform} takes no article fields`);
    }
    if (override?.detached && (hasArticle(override) || options.reminder === true)) {
      report("detached_not_offered", "Separate editing is not offered on articles or reminder posts");
    }

    let signatureText: string | undefined;
    if (override?.signature_id) {
      signatureText = signatureById.get(override.signature_id)?.text;
      if (signatureText === undefined) report("unknown_signature", `Signature ${override.signature_id} not found`);
    }

    const content = contentFor({ text: draft.text, media: draft.media }, override, signatureText);
    content.media.forEach((item, i) => {
      if (item.alt_text !== undefined && item.alt_text.length > ALT_TEXT_LIMIT) {
        report(
          "alt_text_too_long",
          `media.${i}.alt_text: ${item.alt_text.length} characters; at most ${ALT_TEXT_LIMIT}`,
        );
      }
      if (item.type === "image" && (item.cover_url !== undefined || item.cover_time_ms !== undefined)) {
        report("cover_on_image", `media.${i}: cover_url and cover_time_ms are for videos`);
      }
      if (item.type === "video" && item.alt_text !== undefined) {
        report("alt_text_on_video", `media.${i}.alt_text: alt text is for images`);
      }
    });

    const textLength = countText(t.platform, content.text, rt.config.public_base_url);
    if (draft.scheduleType !== "draft" && textLength > account.textLimit) {
      report("text_too_long", `${textLength} characters; account ${account.id} allows ${account.textLimit}`);
    }
    // What the platform takes (media, article fields, a title), like the text limit, is answered when the post is scheduled.
    if (draft.scheduleType !== "draft") {
      const scheduled = { text: content.text, media: content.media, article: override, options };
      for (const { code, message } of contentProblems(t.platform, scheduled)) report(code, message);
    }

    const request: PublishRequest = {
      text: content.text,
      media: outgoingMedia(t.platform, content.media, options),
      options,
      ...(typeof destinationId === "string" ? { destinationId } : {}),
      ...(rules.takesArticles && hasArticle(override) ? { article: outgoingArticle(override) } : {}),
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
  });
  if (problems.length > 0) throw problemsError(400, "validation_error", problems);
  return resolved;
}
