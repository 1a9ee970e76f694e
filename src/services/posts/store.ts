// Posts: created, read, listed, changed, unscheduled and deleted.
import { and, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chunksFor } from "../../db/limits";
import { afterCursor } from "../../db/paging";
import { posts, postTargets, type RepeatRule } from "../../db/schema";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { OUTCOME } from "../../lib/error-codes";
import { AppError, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PlatformKey } from "../../platforms/catalog";
import type { PostCreateInput, PostListQueryInput, PostUpdateInput } from "../../schemas/posts";
import type { Principal } from "../auth/auth";
import { type PostAutomation, postAutomation } from "../flows/automation";
import { expirePlugsOf } from "../plugs/plugs";
import type { Runtime } from "../runtime";
import { draftFromUpdate } from "./draft";
import { saveInNextSlot } from "./next-slot";
import { ownedPost } from "./owned";
import { postFieldsOf, preparePost, statusFor, targetRows } from "./prepare";
import { type PostRow, type PostView, presentPost, type TargetRow } from "./present";
import { createOnRemembered } from "./remembered";
import { stepsOf } from "./steps";
import { type PostDraft, resolveTargets } from "./validate";
import { afterScheduling, insertTargets, savePosts } from "./write";

/** Posts in these states can still be edited, unscheduled or deleted. */
export const EDITABLE = ["draft", "scheduled", "waiting_for_approval"] as const;

/**
 * Writes what the caller records with the post (an Idempotency-Key's record of what its request made), in the post's
 * own batch: `made` holds only where the post was written.
 */
export type RecordWithPost = (postId: string, made: SQL) => BatchItem<"sqlite">;

export async function createPost(
  rt: Runtime,
  principal: Principal,
  input: PostCreateInput,
  recordWithPost?: RecordWithPost,
): Promise<PostView> {
  const alongside = (postId: string) =>
    recordWithPost ? [recordWithPost(postId, sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${postId})`)] : [];
  const created = await createOnRemembered(rt, principal, input, alongside);
  if (created) return created;
  const prepared = await preparePost(rt, principal, input);
  if (prepared.nextSlot) return saveInNextSlot(rt, prepared, { alongside: alongside(prepared.post.id) });
  const [view] = await savePosts(rt, [prepared], alongside(prepared.post.id));
  return view!;
}

export async function loadOwned(
  rt: Runtime,
  userId: string,
  postId: string,
): Promise<{ post: PostRow; targets: TargetRow[] }> {
  const post = await ownedPost(rt, userId, postId);
  const targets = await rt.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  return { post, targets };
}

/** One post, with its scheduled-post automation when it has one. */
export async function getPost(
  rt: Runtime,
  userId: string,
  postId: string,
): Promise<PostView & { automation?: PostAutomation }> {
  const { post, targets } = await loadOwned(rt, userId, postId);
  const [automation, steps] = await Promise.all([postAutomation(rt, userId, postId), stepsOf(rt, targets)]);
  return { ...presentPost(post, targets, steps), ...(automation ? { automation } : {}) };
}

const stateError = (post: PostRow, action: string) =>
  new AppError("state_error", `A ${post.status} post cannot be ${action}`, { status: post.status });

function draftOf(post: PostRow, targets: TargetRow[]): PostDraft {
  return {
    text: post.text,
    media: post.media,
    targets: [...targets]
      .sort((a, b) => a.position - b.position)
      .map((t) => ({ platform: t.platform as PlatformKey, account_id: t.accountId, metadata: t.metadata })),
    overrides: post.platformOverrides,
    thread: post.thread,
    firstComment: post.firstComment,
    scheduleType: post.scheduleType,
    scheduledAt: post.scheduledAt,
    timezone: post.timezone,
    utm: post.utm,
    poll: post.poll,
    repeat: post.repeat,
  };
}

/**
 * Approve-before-publish (review links): once a post has been sent for approval, an edit that leaves it
 * scheduled makes it wait for approval again, so an approval covers only the version it was given on.
 * A draft stays a draft.
 */
function statusAfterEdit(
  current: PostRow,
  draft: PostDraft,
  requestApproval: boolean,
): Pick<PostRow, "status" | "approval"> {
  const status = statusFor(draft);
  if (status === "scheduled" && (requestApproval || current.approval !== null)) {
    return { status: "waiting_for_approval", approval: "requested" };
  }
  return { status, approval: current.approval };
}

/** A guard for batched statements: true only once the post is at `version`. */
/** True while the post carries `token`: the guarded update of this very write won (a concurrent one did not). */
const wroteIt = (postId: string, token: string) =>
  sql`(SELECT ${posts.writeToken} FROM ${posts} WHERE ${posts.id} = ${postId}) = ${token}`;

/**
 * Edits a draft or scheduled post. The whole edit is one batch guarded by the post's version, so it
 * cannot interleave with the dispatcher taking the post or with another edit: one of them wins, and
 * the other sees a changed post (409 `state_error`). With `requestApproval` the edit also sends the post
 * for approval (see `statusAfterEdit`).
 */
export async function updatePost(
  rt: Runtime,
  principal: Principal,
  postId: string,
  input: PostUpdateInput,
  { requestApproval = false } = {},
): Promise<PostView> {
  const current = await loadOwned(rt, principal.userId, postId);
  if (input.repeat !== undefined && current.post.repeatOf !== null) {
    throw validationError("repeat", `a copy follows its original's rule: change repeat on ${current.post.repeatOf}`);
  }
  if (!(EDITABLE as readonly string[]).includes(current.post.status)) {
    if (onlyRepeat(input)) return setRepeat(rt, principal, current, input.repeat ?? null);
    throw stateError(current.post, "edited");
  }

  const draft = draftFromUpdate(rt, draftOf(current.post, current.targets), input);
  const resolved = await resolveTargets(rt, principal, draft);
  const now = rt.clock.now();
  const version = current.post.version;
  const post: PostRow = {
    ...current.post,
    ...postFieldsOf(draft),
    ...statusAfterEdit(current.post, draft, requestApproval),
    repeatState: draft.repeat && current.post.repeatState === null ? "waiting" : current.post.repeatState,
    version: version + 1,
    writeToken: newId("wrt"),
    updatedAt: now,
  };
  const token = post.writeToken!;
  const targets = targetRows(rt, principal.userId, postId, draft, resolved);
  const { id: _, userId: __, createdAt: ___, ...changes } = post;
  const [updated] = await rt.db.batch([
    rt.db
      .update(posts)
      .set(changes)
      .where(and(eq(posts.id, postId), eq(posts.version, version), inArray(posts.status, [...EDITABLE])))
      .returning({ id: posts.id }),
    rt.db.delete(postTargets).where(and(eq(postTargets.postId, postId), wroteIt(postId, token))),
    ...insertTargets(rt, targets),
    // Undo the insert when the guard failed: the batch is atomic, so nothing of a losing edit remains.
    rt.db.delete(postTargets).where(
      and(
        inArray(
          postTargets.id,
          targets.map((t) => t.id),
        ),
        sql`NOT ${wroteIt(postId, token)}`,
      ),
    ),
  ]);
  if (updated.length === 0) {
    const latest = await loadOwned(rt, principal.userId, postId);
    throw stateError(latest.post, "edited now (it changed meanwhile; read it again)");
  }
  await afterScheduling(rt, [post]);
  return presentPost(post, targets);
}

const onlyRepeat = (input: PostUpdateInput) =>
  input.repeat !== undefined && Object.values({ ...input, repeat: undefined }).every((v) => v === undefined);

/**
 * Changes only the repeat rule of a post that can no longer be edited (published, failed, publishing): null stops
 * its copies; a rule (checked against its targets as at scheduling) applies to the copies still to come, and makes a
 * published post that never repeated evergreen. Guarded by the post's version like every edit.
 */
async function setRepeat(
  rt: Runtime,
  principal: Principal,
  current: { post: PostRow; targets: TargetRow[] },
  repeat: RepeatRule | null,
): Promise<PostView> {
  const { post } = current;
  if (repeat) {
    const draft = { ...draftOf(post, current.targets), repeat, scheduleType: "scheduled" as const };
    await resolveTargets(rt, principal, draft, { makeCopies: false });
  }
  const changes = {
    repeat,
    repeatState: repeat && post.repeatState === null ? ("waiting" as const) : post.repeatState,
    version: post.version + 1,
    updatedAt: rt.clock.now(),
  };
  const updated = await rt.db
    .update(posts)
    .set(changes)
    .where(and(eq(posts.id, post.id), eq(posts.version, post.version), isNull(posts.deletedAt)))
    .returning({ id: posts.id });
  if (updated.length === 0) throw stateError(post, "changed now (it changed meanwhile; read it again)");
  return presentPost({ ...post, ...changes }, current.targets);
}

/** Moves a scheduled post back to draft; it keeps its content and time. */
export async function unschedulePost(rt: Runtime, userId: string, postId: string): Promise<PostView> {
  const current = await loadOwned(rt, userId, postId);
  if (current.post.status === "draft") return presentPost(current.post, current.targets);
  if (!["scheduled", "waiting_for_approval"].includes(current.post.status))
    throw stateError(current.post, "unscheduled");
  const now = rt.clock.now();
  const version = current.post.version;
  const token = newId("wrt");
  const [updated] = await rt.db.batch([
    rt.db
      .update(posts)
      .set({ status: "draft", scheduleType: "draft", version: version + 1, writeToken: token, updatedAt: now })
      .where(
        and(
          eq(posts.id, postId),
          eq(posts.version, version),
          inArray(posts.status, ["scheduled", "waiting_for_approval"]),
        ),
      )
      .returning({ id: posts.id }),
    rt.db
      .update(postTargets)
      .set({ status: "draft", updatedAt: now })
      .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "scheduled"), wroteIt(postId, token))),
    expirePlugsOf(rt, postId, OUTCOME.POST_UNSCHEDULED, wroteIt(postId, token)),
  ]);
  if (updated.length === 0) throw stateError((await loadOwned(rt, userId, postId)).post, "unscheduled");
  return getPost(rt, userId, postId);
}

/** Deletes a post from Herald (not from the platforms it went to). Refused while it is publishing. */
export async function deletePost(rt: Runtime, userId: string, postId: string): Promise<{ id: string; deleted: true }> {
  const current = await loadOwned(rt, userId, postId);
  if (current.post.status === "publishing") throw stateError(current.post, "deleted while it is publishing");
  const now = rt.clock.now();
  const version = current.post.version;
  const token = newId("wrt");
  const [updated] = await rt.db.batch([
    rt.db
      .update(posts)
      // A deleted post's publish owes no evergreen copy (a deleted original's copies stop at their next publish).
      .set({ deletedAt: now, version: version + 1, writeToken: token, repeatState: null, updatedAt: now })
      // The dispatcher takes a post without changing its version: the status keeps a taken post from going.
      .where(and(eq(posts.id, postId), eq(posts.version, version), ne(posts.status, "publishing")))
      .returning({ id: posts.id }),
    rt.db
      .update(postTargets)
      .set({ status: "cancelled", updatedAt: now })
      .where(
        and(
          eq(postTargets.postId, postId),
          inArray(postTargets.status, ["draft", "scheduled"]),
          wroteIt(postId, token),
        ),
      ),
    expirePlugsOf(rt, postId, OUTCOME.POST_DELETED, wroteIt(postId, token)),
  ]);
  if (updated.length === 0) throw stateError((await loadOwned(rt, userId, postId)).post, "deleted now");
  return { id: postId, deleted: true };
}

/** The user's posts, newest first, a page at a time. */
export async function listPosts(
  rt: Runtime,
  userId: string,
  query: PostListQueryInput,
): Promise<{ data: PostView[]; next_cursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await rt.db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.userId, userId),
        isNull(posts.deletedAt),
        query.status ? eq(posts.status, query.status) : undefined,
        query.since ? sql`${posts.createdAt} >= ${Date.parse(query.since)}` : undefined,
        afterCursor(posts.createdAt, posts.id, after),
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (p) => p.createdAt);
  return { data: await withTargets(rt, page), next_cursor };
}

/** Posts with their targets, as the API shows them. */
export async function withTargets(rt: Runtime, rows: PostRow[]): Promise<PostView[]> {
  const targets = (
    await Promise.all(
      chunksFor(rows, 1).map((chunk) =>
        rt.db
          .select()
          .from(postTargets)
          .where(
            inArray(
              postTargets.postId,
              chunk.map((p) => p.id),
            ),
          ),
      ),
    )
  ).flat();
  const steps = await stepsOf(rt, targets);
  return rows.map((p) =>
    presentPost(
      p,
      targets.filter((t) => t.postId === p.id),
      steps,
    ),
  );
}
