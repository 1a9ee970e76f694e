// A new post checked and laid out as rows (the post and one per target), not yet written.
import { newId } from "../../lib/ids";
import type { PostCreateInput } from "../../schemas/posts";
import type { Principal } from "../auth/auth";
import type { Runtime } from "../runtime";
import { mediaIdsOf } from "./content";
import { draftFromCreate, wantsNextSlot } from "./draft";
import type { PostRow, TargetRow } from "./present";
import { type PostDraft, type ResolvedTarget, resolveTargets } from "./validate";

/** A post checked and laid out as rows, not yet written. */
export interface PreparedPost {
  post: PostRow;
  targets: TargetRow[];
  draft: PostDraft;
  resolved: ResolvedTarget[];
  /** Its time is the next free posting slot, found when it is saved. */
  nextSlot: boolean;
}

export const statusFor = (draft: PostDraft) =>
  draft.scheduleType === "draft" ? ("draft" as const) : ("scheduled" as const);

/** The post's columns that its draft decides (the same for a new post and an edit). */
export const postFieldsOf = (draft: PostDraft) => ({
  mediaIds: mediaIdsOf(draft),
  status: statusFor(draft),
  text: draft.text,
  media: draft.media,
  scheduleType: draft.scheduleType,
  scheduledAt: draft.scheduledAt,
  timezone: draft.timezone,
  platformOverrides: draft.overrides,
  utm: draft.utm,
  thread: draft.thread,
  firstComment: draft.firstComment,
  poll: draft.poll,
  repeat: draft.repeat,
});

/** One row per target, in the order given, each carrying exactly what its platform will be sent. */
export function targetRows(rt: Runtime, userId: string, postId: string, draft: PostDraft, resolved: ResolvedTarget[]) {
  const now = rt.clock.now();
  return resolved.map(
    (t, position): TargetRow => ({
      id: newId("tgt"),
      postId,
      userId,
      accountId: t.account.id,
      platform: t.platform,
      metadata: t.metadata,
      request: t.request,
      position,
      status: statusFor(draft),
      attempts: 0,
      dispatchedAt: null,
      platformPostId: null,
      url: null,
      errorCode: null,
      errorMessage: null,
      utm: draft.utm,
      publishedAt: null,
      updatedAt: now,
    }),
  );
}

/** Checks a new post (its draft, then every target) and lays it out as rows (`options` as `resolveTargets`'). */
export async function preparePost(
  rt: Runtime,
  principal: Principal,
  input: PostCreateInput,
  options: { makeCopies?: boolean } = {},
): Promise<PreparedPost> {
  const draft = draftFromCreate(rt, input);
  const resolved = await resolveTargets(rt, principal, draft, options);
  return layOutPost(rt, principal, draft, resolved, wantsNextSlot(input));
}

/** A new post's rows, once its targets are checked. */
export function layOutPost(
  rt: Runtime,
  principal: Principal,
  draft: PostDraft,
  resolved: ResolvedTarget[],
  nextSlot: boolean,
): PreparedPost {
  const now = rt.clock.now();
  const post: PostRow = {
    id: newId("post"),
    userId: principal.userId,
    ...postFieldsOf(draft),
    version: 1,
    writeToken: null,
    dispatchToken: null,
    approval: null,
    approvalComment: null,
    repeatOf: null,
    repeatAfter: null,
    repeatIndex: null,
    // An evergreen post's publish is followed up by its first copy (`repeat.ts`).
    repeatState: draft.repeat ? "waiting" : null,
    repeatClaim: null,
    repeatClaimedAt: null,
    repeatStopped: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const targets = targetRows(rt, principal.userId, post.id, draft, resolved);
  return { post, targets, draft, resolved, nextSlot };
}
