// Opening a review link: the post per platform, its decisions, and what the reviewer may do now.

import { eq } from "drizzle-orm";
import { posts, postTargets, type ReviewDecisionKind, users } from "../../db/schema";
import { AppError, validationError } from "../../lib/errors";
import { secretLinkState } from "../../lib/secret-links";
import { planOf } from "../plans";
import type { PostRow } from "../posts/present";
import { previewTargets, type TargetPreview } from "../posts/preview";
import type { Runtime } from "../runtime";
import {
  COMMENT_LIMIT,
  canDecide,
  type DecisionRow,
  type DecisionView,
  decisionsOn,
  presentDecision,
  REVIEWER_NAME_LIMIT,
  recordDecision,
} from "./decisions";
import { linkByToken, type ReviewLinkRow } from "./links";

/** Why a review link does not work, in words a client understands. */
export const DEAD_LINK_WORDS = {
  unknown: {
    title: "This review link does not work",
    message: "No review link matches this address. Check that you copied the whole link, or ask for a new one.",
  },
  revoked: { title: "This review link was turned off", message: "Its owner turned it off. Ask them for a new one." },
  expired: { title: "This review link has expired", message: "It is past its end date. Ask its owner for a new one." },
  post_gone: {
    title: "This post is gone",
    message: "The post this link was for was deleted; there is nothing to review.",
  },
  not_available: {
    title: "This review link is not available",
    message: "Client review is no longer included in its owner's plan. Ask them about it.",
  },
} as const;
export type DeadLinkReason = keyof typeof DEAD_LINK_WORDS;

const dead = (reason: DeadLinkReason) =>
  reason === "unknown"
    ? new AppError("not_found", DEAD_LINK_WORDS.unknown.message, { reason })
    : new AppError("review_link_gone", DEAD_LINK_WORDS[reason].message, { reason });

/** Everything the review page shows. */
export interface Review {
  link: ReviewLinkRow;
  post: PostRow;
  targets: TargetPreview[];
  /** Decisions made through this link, oldest first. */
  decisions: DecisionView[];
  can: Record<ReviewDecisionKind, boolean>;
}

async function liveLink(rt: Runtime, token: string): Promise<{ link: ReviewLinkRow; post: PostRow }> {
  const link = await linkByToken(rt, token);
  if (!link) throw dead("unknown");
  const state = secretLinkState(link, rt.clock.now());
  if (state !== "active") throw dead(state);
  const [found] = await rt.db
    .select({ post: posts, plan: users.plan })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(eq(posts.id, link.postId));
  if (!found || found.post.deletedAt !== null) throw dead("post_gone");
  if (!planOf(found.plan).reviewLinks) throw dead("not_available");
  return { link, post: found.post };
}

/**
 * Opens a review link: the post as each platform will show it, this link's decisions, and what the
 * reviewer may do now (approve or ask for changes while the post waits for approval; comment until it
 * goes out, unless the link's comments are off). A link that does not work throws 404 `not_found` (no
 * such link) or 410 `review_link_gone` with `reason`: `revoked`, `expired`, `post_gone`, `not_available`.
 */
export async function openReview(rt: Runtime, token: string): Promise<Review> {
  const { link, post } = await liveLink(rt, token);
  const [targets, decisions] = await Promise.all([
    rt.db.select().from(postTargets).where(eq(postTargets.postId, post.id)),
    decisionsOn(rt, post.userId, [post.id]),
  ]);
  return {
    link,
    post,
    targets: await previewTargets(rt, post.userId, targets),
    decisions: decisions.filter((d) => d.linkId === link.id).map(presentDecision),
    can: {
      approved: canDecide(post, "approved"),
      changes_requested: canDecide(post, "changes_requested"),
      comment: link.allowComments && canDecide(post, "comment"),
    },
  };
}

export interface ReviewForm {
  kind: ReviewDecisionKind;
  reviewerName?: string;
  comment?: string;
  /** The post version the page showed. */
  version: number;
}

/**
 * A decision from the review page. Refusals: a link that does not work (as `openReview`), comments
 * switched off (403 `comments_disabled`), asking for changes or commenting without a comment, or no name
 * when the link has none (400 `validation_error`), a post that changed since the page was loaded or is
 * not in a state for the decision (409 `state_error`), the link's hour's decisions taken (429 `rate_limited`).
 * Nothing is written on a refusal.
 */
export async function decideByLink(rt: Runtime, token: string, form: ReviewForm): Promise<DecisionRow> {
  const { link, post } = await liveLink(rt, token);
  if (form.kind === "comment" && !link.allowComments) {
    throw new AppError("comments_disabled", "Comments are turned off for this review link");
  }
  // The name typed is kept beside the link's, never in its place: the owner named who the link is for.
  const typedName = form.reviewerName?.trim().slice(0, REVIEWER_NAME_LIMIT) || null;
  const reviewerName = link.reviewerName || typedName;
  if (!reviewerName) throw validationError("reviewer_name", "say who you are");
  const comment = form.comment?.trim() || null;
  if (comment === null && form.kind !== "approved") {
    throw validationError("comment", form.kind === "comment" ? "write a comment" : "say what should change");
  }
  if (comment !== null && comment.length > COMMENT_LIMIT) {
    throw validationError("comment", `at most ${COMMENT_LIMIT} characters`);
  }
  return recordDecision(rt, post, link, { kind: form.kind, reviewerName, typedName, comment, version: form.version });
}
