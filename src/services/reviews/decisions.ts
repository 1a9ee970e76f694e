// Review decisions: approving, asking for changes or commenting on a post, by a client or its owner.
import { and, asc, eq, exists, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import { posts, type ReviewDecisionKind, reviewDecisions, reviewLinks } from "../../db/schema";
import { REVIEW_DECISION } from "../../db/schema/notifications";
import { iso } from "../../lib/clock";
import { AppError, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { eventInsert, eventsWritten } from "../events";
import { notificationInsert } from "../notifications";
import { decisionMoves } from "../posts/approval";
import type { PostRow } from "../posts/present";
import { loadOwned } from "../posts/store";
import { afterScheduling } from "../posts/write";
import type { Runtime } from "../runtime";

export type DecisionRow = typeof reviewDecisions.$inferSelect;

export const COMMENT_LIMIT = 2000;
export const REVIEWER_NAME_LIMIT = 100;

export const presentDecision = (row: DecisionRow) => ({
  id: row.id,
  kind: row.kind,
  by: row.linkId === null ? ("owner" as const) : ("reviewer" as const),
  review_link_id: row.linkId,
  reviewer_name: row.reviewerName,
  typed_name: row.typedName,
  comment: row.comment,
  post_version: row.postVersion,
  created_at: iso(row.createdAt),
});

export type DecisionView = ReturnType<typeof presentDecision>;

/** The decisions made on the user's posts `postIds`, oldest first. */
export async function decisionsOn(rt: Runtime, userId: string, postIds: string[]): Promise<DecisionRow[]> {
  if (postIds.length === 0) return [];
  return rt.db
    .select()
    .from(reviewDecisions)
    .where(and(eq(reviewDecisions.userId, userId), inArray(reviewDecisions.postId, postIds)))
    .orderBy(asc(reviewDecisions.createdAt), asc(reviewDecisions.id));
}

/** Post states a decision of each kind can be made on. */
const DECIDABLE: Record<ReviewDecisionKind, PostRow["status"][]> = {
  approved: ["waiting_for_approval"],
  changes_requested: ["waiting_for_approval"],
  // A comment is welcome until the post goes out.
  comment: ["draft", "scheduled", "waiting_for_approval"],
};

export const canDecide = (post: Pick<PostRow, "status" | "deletedAt">, kind: ReviewDecisionKind) =>
  post.deletedAt === null && DECIDABLE[kind].includes(post.status);

export interface DecisionInput {
  kind: ReviewDecisionKind;
  reviewerName: string;
  /** The name typed on the review page, kept beside `reviewerName` (null when nothing was typed). */
  typedName: string | null;
  comment: string | null;
  /** The post version the decision was made on (the page's hidden field). */
  version: number;
}

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
};

const SAID: Record<ReviewDecisionKind, string> = {
  approved: "approved",
  changes_requested: "asked for changes to",
  comment: "commented on",
};

/**
 * Records one decision on `post` in one atomic batch, then publishes an approved post that is due.
 * The decision row is the claim: it is inserted only while the post is still at `version` in a state
 * the kind applies to (and, through a link, while the link is live and has taken fewer than
 * `review_link_decisions_per_hour` decisions in the last hour), and everything else in the batch
 * (the post's move, the owner's notification, the `post.review_decision` event) is written only when it
 * was. So two submissions of one page, or a decision racing an edit, record one decision or none.
 * A decision through a link notifies the owner and sends the event; the owner's own decision does neither.
 * Errors: 409 `state_error` when the post changed or left the state, 410 `review_link_gone` when the link
 * died meanwhile, 429 `rate_limited` (with `retry_after`, seconds) when the link took its hour's decisions.
 */
export async function recordDecision(
  rt: Runtime,
  post: PostRow,
  link: { id: string } | null,
  input: DecisionInput,
): Promise<DecisionRow> {
  const now = rt.clock.now();
  const decision: DecisionRow = {
    id: newId("rvd"),
    userId: post.userId,
    postId: post.id,
    linkId: link?.id ?? null,
    kind: input.kind,
    reviewerName: input.reviewerName,
    typedName: input.typedName,
    comment: input.comment,
    postVersion: input.version,
    createdAt: now,
  };
  const linkLive = link
    ? and(
        exists(
          rt.db
            .select({ id: reviewLinks.id })
            .from(reviewLinks)
            .where(
              and(eq(reviewLinks.id, link.id), isNull(reviewLinks.revokedAt), sql`${reviewLinks.expiresAt} > ${now}`),
            ),
        ),
        sql`${decisionsInHour(link.id, now)} < ${rt.config.review_link_decisions_per_hour}`,
      )
    : undefined;
  const claim = rt.db.insert(reviewDecisions).select(
    rt.db
      .select({
        id: sql`${decision.id}`.as("id"),
        userId: posts.userId,
        postId: posts.id,
        linkId: sql`${decision.linkId}`.as("link_id"),
        kind: sql`${decision.kind}`.as("kind"),
        reviewerName: sql`${decision.reviewerName}`.as("reviewer_name"),
        typedName: sql`${decision.typedName}`.as("typed_name"),
        comment: sql`${decision.comment}`.as("comment"),
        postVersion: posts.version,
        createdAt: sql`${now}`.as("created_at"),
      })
      .from(posts)
      .where(
        and(
          eq(posts.id, post.id),
          eq(posts.version, input.version),
          inArray(posts.status, DECIDABLE[input.kind]),
          isNull(posts.deletedAt),
          linkLive,
        ),
      ),
  );
  const claimed = exists(
    rt.db.select({ id: reviewDecisions.id }).from(reviewDecisions).where(eq(reviewDecisions.id, decision.id)),
  );
  const statements: BatchItem<"sqlite">[] = [claim, ...decisionMoves(rt, post.id, decision, claimed)];
  if (link) statements.push(...announce(rt, post, link.id, decision, claimed));
  await runBatch(rt.db, statements);

  const [written] = await rt.db.select().from(reviewDecisions).where(eq(reviewDecisions.id, decision.id));
  if (!written) throw await refusal(rt, post, link, input);
  if (link) await eventsWritten(rt);
  if (decision.kind === "approved") {
    await afterScheduling(rt, [{ id: post.id, status: "scheduled", scheduledAt: post.scheduledAt }]);
  }
  return written;
}

/** The owner's notification and the `post.review_decision` event, each written only if the decision was claimed. */
function announce(
  rt: Runtime,
  post: PostRow,
  linkId: string,
  decision: DecisionRow,
  claimed: ReturnType<typeof exists>,
): BatchItem<"sqlite">[] {
  const said = `${signedBy(decision)} ${SAID[decision.kind]} your post “${excerpt(post.text)}” (review link ${linkId})`;
  return [
    notificationInsert(
      rt,
      {
        userId: post.userId,
        kind: REVIEW_DECISION,
        message: decision.comment ? `${said}: ${decision.comment}` : `${said}.`,
        data: { post_id: post.id, review_link_id: linkId, decision_id: decision.id, kind: decision.kind },
      },
      { onlyIf: claimed, at: decision.createdAt },
    ),
    eventInsert(
      rt,
      post.userId,
      "post.review_decision",
      {
        postId: post.id,
        reviewLinkId: linkId,
        kind: decision.kind,
        reviewerName: decision.reviewerName,
        ...(signedAs(decision) ? { typedName: decision.typedName } : {}),
        ...(decision.comment ? { comment: decision.comment } : {}),
      },
      { dedupeKey: `review:${decision.id}`, onlyIf: claimed },
    ),
  ];
}

const HOUR_MS = 3_600_000;

/** How many decisions the link took in the hour before `now`. */
const decisionsInHour = (linkId: string, now: number) =>
  sql`(SELECT count(*) FROM ${reviewDecisions} WHERE ${reviewDecisions.linkId} = ${linkId} AND ${reviewDecisions.createdAt} > ${now - HOUR_MS})`;

/** Whether the name typed on the page differs from the link's: then the owner is shown both. */
const signedAs = (d: Pick<DecisionRow, "reviewerName" | "typedName">) =>
  d.typedName !== null && d.typedName !== d.reviewerName;

/** Who decided, as the owner reads it: the link's name, and the name typed on the page beside it when it differs. */
const signedBy = (d: Pick<DecisionRow, "reviewerName" | "typedName">) =>
  signedAs(d) ? `${d.reviewerName} (signed “${d.typedName}”)` : d.reviewerName;

/**
 * 429 `rate_limited` when the link took its hour's decisions, with `retry_after`: the seconds until enough of them
 * are an hour old.
 */
async function overRate(rt: Runtime, linkId: string): Promise<AppError | undefined> {
  const now = rt.clock.now();
  const most = rt.config.review_link_decisions_per_hour;
  const recent = await rt.db
    .select({ createdAt: reviewDecisions.createdAt })
    .from(reviewDecisions)
    .where(and(eq(reviewDecisions.linkId, linkId), sql`${reviewDecisions.createdAt} > ${now - HOUR_MS}`))
    .orderBy(asc(reviewDecisions.createdAt));
  if (recent.length < most) return undefined;
  const frees = recent[recent.length - most]!.createdAt + HOUR_MS;
  const retryAfter = Math.max(1, Math.ceil((frees - now) / 1000));
  return new AppError("rate_limited", `This review link took ${most} decisions in the last hour; try again later`, {
    retry_after: retryAfter,
  });
}

/** Why a decision was not recorded, read after the fact. */
async function refusal(rt: Runtime, post: PostRow, link: { id: string } | null, input: DecisionInput) {
  const [linkRow] = link ? await rt.db.select().from(reviewLinks).where(eq(reviewLinks.id, link.id)) : [];
  if (linkRow && (linkRow.revokedAt !== null || linkRow.expiresAt <= rt.clock.now())) {
    return new AppError("review_link_gone", "This review link no longer works", {
      reason: linkRow.revokedAt !== null ? "revoked" : "expired",
    });
  }
  const limited = linkRow && (await overRate(rt, linkRow.id));
  if (limited) return limited;
  const current = await loadOwned(rt, post.userId, post.id).catch(() => null);
  if (current && current.post.version !== input.version) {
    return new AppError("state_error", "The post changed after this page was loaded; look at it again", {
      status: current.post.status,
      version: current.post.version,
    });
  }
  const status = current?.post.status ?? "deleted";
  return new AppError("state_error", `A ${status.replaceAll("_", " ")} post cannot take this decision`, {
    status,
  });
}

/**
 * The owner's own decision in the dashboard (every plan: `request-approval` needs no review link):
 * approve, or send it back to draft with a note. Recorded like a reviewer's, without notifying the owner
 * or sending `post.review_decision` (a client's decision on a review link, SPEC says).
 */
export async function decideAsOwner(
  rt: Runtime,
  owner: { userId: string; email: string },
  postId: string,
  form: { kind: "approved" | "changes_requested"; comment?: string; version: number },
): Promise<DecisionRow> {
  const { post } = await loadOwned(rt, owner.userId, postId);
  const comment = form.comment?.trim() || null;
  if (form.kind === "changes_requested" && comment === null) throw validationError("comment", "say what should change");
  if (comment !== null && comment.length > COMMENT_LIMIT) {
    throw validationError("comment", `at most ${COMMENT_LIMIT} characters`);
  }
  return recordDecision(rt, post, null, {
    kind: form.kind,
    reviewerName: owner.email,
    typedName: null,
    comment,
    version: form.version,
  });
}
