// Publishing a target step by step: its thread's segments in order, each claimed before its call, then its first comment.
import { OUTCOME, type RecordedCode } from "../../lib/error-codes";
import { type Platform, PlatformError, type PublishRequest, type PublishResult } from "../../platforms/types";
import type { AccountRow } from "../accounts/accounts";
import { withCredentials } from "../accounts/credentials";
import type { Runtime } from "../runtime";
import { shortenLinks } from "../short-links";
import type { StepRow, TargetRow } from "./present";
import { type Outcome, outcomeOfFailure } from "./publish-outcome";
import { claimStep, confirmStep, failStep, releaseStep, resultOf, type StepAt, stepRowsOf } from "./steps";
import { textWithUtm } from "./utm";

/** A first comment is tried at most this many times: once, and once more after a transient failure. */
const COMMENT_TRIES = 2;

/** A step found claimed but never confirmed: its call went out and its answer was lost. */
const unconfirmed = (index: number) => ({
  code: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED,
  message: `Segment ${index} was sent without a confirmed answer and may have posted; check the platform before retrying`,
});

/** A segment's failure in words that name it; a time-out says it may have posted. */
function segmentFailure(index: number, failure: { code: RecordedCode; message: string }) {
  if (failure.code === OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED) {
    return {
      ...failure,
      message: `Segment ${index} got no answer and may have posted; check the platform before retrying (${failure.message})`,
    };
  }
  return { ...failure, message: `Segment ${index}: ${failure.message}` };
}

/**
 * Publishes a target that has a thread or a first comment, continuing after the last step the platform confirmed.
 * Each segment is claimed (its step row made `publishing`) before its call and confirmed after it, so a retry of the
 * target (a transient failure, a redelivered message, racing sweeps) never sends a confirmed segment again, and a
 * segment whose call went out unconfirmed stops the target as may-have-posted instead of being sent blindly. A
 * transient failure releases the segment and asks for the target's retry; any other failure stops the target there.
 * The first comment goes last, under the post itself; its failure never fails the target.
 */
export async function publishChain(
  rt: Runtime,
  target: TargetRow,
  account: AccountRow,
  adapter: Platform,
): Promise<Outcome> {
  const rows = await stepRowsOf(rt, target.id);
  const { thread = [], firstComment, replyTo: _, ...first } = target.request;
  const segments = [{ text: first.text, media: first.media }, ...thread];
  const published: PublishResult[] = [];
  for (const [index, segment] of segments.entries()) {
    const row = rows.get(index);
    if (row?.status === "published") {
      published.push(resultOf(row));
      continue;
    }
    const at: StepAt = { targetId: target.id, position: index, kind: "segment" };
    if ((row && row.status !== "pending") || !(await claimStep(rt, at))) {
      return { failed: row?.status === "failed" ? failureOf(row) : unconfirmed(index), publishedSegments: index };
    }
    const text = await linkedText(rt, target, account, segment.text);
    const request: PublishRequest =
      index === 0
        ? { ...first, text }
        : {
            text,
            media: segment.media,
            // The target's options hold for every segment (Mastodon's visibility and content warning, X's replies).
            options: first.options,
            ...(first.destinationId ? { destinationId: first.destinationId } : {}),
            replyTo: { parent: published[index - 1]!, root: published[0]! },
          };
    try {
      const result = await withCredentials(rt, account, adapter, (acct) => adapter.publish(acct, request));
      await confirmStep(rt, at, result);
      published.push(result);
    } catch (error) {
      const outcome = outcomeOfFailure(rt, target, error);
      if ("retry" in outcome) {
        await releaseStep(rt, at, outcome.retry);
        return outcome;
      }
      const failed = index === 0 ? outcome.failed : segmentFailure(index, outcome.failed);
      await failStep(rt, at, failed);
      return { ...outcome, failed, publishedSegments: index };
    }
  }
  const segmentIds = published.map((p) => p.platformPostId);
  const post = { published: published[0]!, chain: { segments: segmentIds } };
  if (firstComment === undefined) return post;
  const comment = await postFirstComment(rt, target, account, adapter, {
    at: { targetId: target.id, position: segments.length, kind: "first_comment" },
    row: rows.get(segments.length),
    under: published[0]!.platformPostId,
    text: firstComment,
  });
  if ("retry" in comment) return comment;
  return comment.id ? { ...post, chain: { ...post.chain, firstCommentId: comment.id } } : post;
}

/** A segment's or first comment's text as sent: UTM parameters on its links, then the links shortened. */
async function linkedText(rt: Runtime, target: TargetRow, account: AccountRow, text: string) {
  const withUtm = await textWithUtm(rt, { ...target, text }, account.name);
  return shortenLinks(rt, withUtm, { postId: target.postId, targetId: target.id });
}

const failureOf = (row: StepRow) => ({
  code: (row.errorCode ?? OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED) as RecordedCode,
  message: row.errorMessage ?? "",
});

/**
 * The first comment, under the published post: its id when the platform confirmed it, none when it failed (its row
 * says why), or the target's retry after a first transient failure.
 */
async function postFirstComment(
  rt: Runtime,
  target: TargetRow,
  account: AccountRow,
  adapter: Platform,
  { at, row, under, text }: { at: StepAt; row: StepRow | undefined; under: string; text: string },
): Promise<{ id?: string } | Extract<Outcome, { retry: unknown }>> {
  if (row?.status === "published") return { id: row.platformPostId! };
  if (row?.status === "failed") return {};
  const claimed = row?.status === "pending" || !row ? await claimStep(rt, at) : undefined;
  if (!claimed) {
    // Claimed before and never confirmed: it may be under the post already, so it is not sent again.
    await failStep(rt, at, {
      code: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED,
      message: "The first comment was sent without a confirmed answer and may have posted",
    });
    return {};
  }
  try {
    const sent = await linkedText(rt, target, account, text);
    // First comments are offered only where the adapter comments; one that lost it refuses here, once.
    const comment = adapter.comment?.bind(adapter);
    if (!comment) throw new PlatformError("refused", "The platform's API cannot comment", OUTCOME.NOT_SUPPORTED);
    const result = await withCredentials(rt, account, adapter, (acct) => comment(acct, under, sent));
    await confirmStep(rt, at, result);
    return { id: result.platformPostId };
  } catch (error) {
    const outcome = outcomeOfFailure(rt, target, error);
    if ("retry" in outcome && claimed.attempts < COMMENT_TRIES) {
      await releaseStep(rt, at, outcome.retry);
      return outcome;
    }
    const reason = "retry" in outcome ? outcome.retry : outcome.failed;
    await failStep(rt, at, { code: reason.code, message: reason.message });
    return {};
  }
}
