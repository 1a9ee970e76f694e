// Post approval: sending a post for approval, and what a review decision does to it.
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { posts, postTargets, type ReviewDecisionKind } from "../../db/schema";
import { AppError, validationError } from "../../lib/errors";
import type { Principal } from "../auth/auth";
import { expirePlugsOf } from "../plugs/plugs";
import type { Runtime } from "../runtime";
import { type PostView, presentPost } from "./present";
import { loadOwned, updatePost } from "./store";

/**
 * Sends a draft or scheduled post for approval: it keeps its time, takes its posting slot and is not
 * published while it waits (the dispatcher takes only `scheduled` posts). A draft is checked as a
 * scheduled post would be, so an approval can publish it as it stands. A post already waiting is
 * answered as it is. Available on every plan: the owner may approve it in the dashboard.
 */
export async function requestApproval(rt: Runtime, principal: Principal, postId: string): Promise<PostView> {
  const { post, targets } = await loadOwned(rt, principal.userId, postId);
  if (post.status === "waiting_for_approval") return presentPost(post, targets);
  if (post.status !== "draft" && post.status !== "scheduled") {
    throw new AppError("state_error", `A ${post.status} post cannot be sent for approval`, {
      status: post.status,
    });
  }
  if (post.scheduledAt === null) {
    throw validationError("scheduled_at", "give the post a time before sending it for approval");
  }
  const scheduling = post.status === "draft" ? { schedule_type: "scheduled" as const } : {};
  return updatePost(rt, principal, postId, scheduling, { requestApproval: true });
}

/**
 * What a review decision does to its post, as statements for the batch that records the decision;
 * `claimed` holds only when that batch wrote the decision. `approved` makes the waiting post scheduled
 * again (the caller then publishes it if its time has passed); `changes_requested` makes it a draft that
 * keeps its time and the comment, as unscheduling does (its armed plugs expire); a comment changes nothing.
 */
export function decisionMoves(
  rt: Runtime,
  postId: string,
  decision: { kind: ReviewDecisionKind; comment: string | null },
  claimed: SQL,
): BatchItem<"sqlite">[] {
  const now = rt.clock.now();
  const waiting = and(eq(posts.id, postId), eq(posts.status, "waiting_for_approval"), claimed);
  if (decision.kind === "approved") {
    return [
      rt.db
        .update(posts)
        .set({
          status: "scheduled",
          approval: "approved",
          approvalComment: null,
          version: sql`${posts.version} + 1`,
          updatedAt: now,
        })
        .where(waiting),
    ];
  }
  if (decision.kind === "changes_requested") {
    return [
      rt.db
        .update(postTargets)
        .set({ status: "draft", updatedAt: now })
        .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "scheduled"), claimed)),
      rt.db
        .update(posts)
        .set({
          status: "draft",
          scheduleType: "draft",
          approval: "changes_requested",
          approvalComment: decision.comment,
          // A decision changes the post: an edit that read it before loses (409), as against another edit.
          version: sql`${posts.version} + 1`,
          updatedAt: now,
        })
        .where(waiting),
      expirePlugsOf(rt, postId, "POST_UNSCHEDULED", claimed),
    ];
  }
  return [];
}
