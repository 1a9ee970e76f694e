// Review links: created, listed and revoked for a post, found by token, with their state.
import { and, desc, eq, isNull } from "drizzle-orm";
import { reviewLinks } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import { randomBase64Url, sha256Hex } from "../../lib/crypto";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { secretLinkState } from "../../lib/secret-links";
import type { ReviewLinkInput } from "../../schemas/reviews";
import type { Principal } from "../auth/auth";
import { requireCapability } from "../plans";
import { loadOwned } from "../posts/store";
import type { Runtime } from "../runtime";
import { type DecisionRow, decisionsOn, presentDecision } from "./decisions";

export type ReviewLinkRow = typeof reviewLinks.$inferSelect;

const DAY_MS = 86_400_000;
/** Bytes of randomness in a link's token. */
export const REVIEW_TOKEN_BYTES = 32;

/** Posts that can still be reviewed: a link to a post that went out would show nothing to decide. */
const REVIEWABLE = ["draft", "scheduled", "waiting_for_approval"];

export const presentReviewLink = (link: ReviewLinkRow, decisions: DecisionRow[], now: number) => ({
  id: link.id,
  post_id: link.postId,
  reviewer_name: link.reviewerName,
  allow_comments: link.allowComments,
  state: secretLinkState(link, now),
  expires_at: iso(link.expiresAt),
  revoked_at: isoOrNull(link.revokedAt),
  created_at: iso(link.createdAt),
  decisions: decisions.filter((d) => d.linkId === link.id).map(presentDecision),
});

export type ReviewLinkView = ReturnType<typeof presentReviewLink>;

export const reviewUrl = (rt: Runtime, token: string) => `${rt.config.public_base_url}/review/${token}`;

/** The row a token names (any state), found by the token's hash. */
export async function linkByToken(rt: Runtime, token: string): Promise<ReviewLinkRow | undefined> {
  const [link] = await rt.db
    .select()
    .from(reviewLinks)
    .where(eq(reviewLinks.tokenHash, await sha256Hex(token)));
  return link;
}

/**
 * A link for a client to review the post without a Herald account (Studio plans and up). The token is 32
 * random bytes; only its SHA-256 is kept, so the URL in the answer is shown this once.
 */
export async function createReviewLink(rt: Runtime, principal: Principal, postId: string, input: ReviewLinkInput) {
  requireCapability(principal.plan, "reviewLinks");
  const { post } = await loadOwned(rt, principal.userId, postId);
  if (!REVIEWABLE.includes(post.status)) {
    throw new AppError("state_error", `A ${post.status} post cannot be sent for review`, { status: post.status });
  }
  const token = randomBase64Url(REVIEW_TOKEN_BYTES);
  const now = rt.clock.now();
  const link: ReviewLinkRow = {
    id: newId("rvl"),
    userId: principal.userId,
    postId,
    tokenHash: await sha256Hex(token),
    reviewerName: input.reviewer_name?.trim() || null,
    allowComments: input.allow_comments,
    expiresAt: now + input.expires_in_days * DAY_MS,
    revokedAt: null,
    createdAt: now,
  };
  await rt.db.insert(reviewLinks).values(link);
  return { ...presentReviewLink(link, [], now), url: reviewUrl(rt, token) };
}

/** The post's review links, newest first, each with the decisions made through it. */
export async function listReviewLinks(rt: Runtime, principal: Principal, postId: string): Promise<ReviewLinkView[]> {
  requireCapability(principal.plan, "reviewLinks");
  return linksOfPost(rt, principal.userId, postId);
}

/** The post's links with their decisions, for the owner's pages (no plan check: a page shows what exists). */
export async function linksOfPost(rt: Runtime, userId: string, postId: string): Promise<ReviewLinkView[]> {
  await loadOwned(rt, userId, postId);
  const [links, decisions] = await Promise.all([
    rt.db
      .select()
      .from(reviewLinks)
      .where(and(eq(reviewLinks.postId, postId), eq(reviewLinks.userId, userId)))
      .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id)),
    decisionsOn(rt, userId, [postId]),
  ]);
  const now = rt.clock.now();
  return links.map((link) => presentReviewLink(link, decisions, now));
}

/** Turns a link off at once; a page loaded through it can no longer decide. Revoking twice answers the same. */
export async function revokeReviewLink(rt: Runtime, principal: Principal, postId: string, linkId: string) {
  requireCapability(principal.plan, "reviewLinks");
  const mine = and(
    eq(reviewLinks.id, linkId),
    eq(reviewLinks.postId, postId),
    eq(reviewLinks.userId, principal.userId),
  );
  await rt.db
    .update(reviewLinks)
    .set({ revokedAt: rt.clock.now() })
    .where(and(mine, isNull(reviewLinks.revokedAt)));
  const [link] = await rt.db.select().from(reviewLinks).where(mine);
  if (!link) throw notFound("Review link");
  const decisions = await decisionsOn(rt, principal.userId, [postId]);
  return presentReviewLink(link, decisions, rt.clock.now());
}
