import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { chunksFor, paramsPerRow } from "../../db/limits";
import { afterCursor } from "../../db/paging";
import { posts, postTargets } from "../../db/schema";
import { iso } from "../../lib/clock";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { PlatformKey } from "../../platforms/catalog";
import type { PostCreateInput, PostUpdateInput } from "../../schemas/posts";
import type { Principal } from "../auth";
import { type PostAutomation, postAutomation } from "../flows/automation";
import { expirePlugsOf } from "../plugs/plugs";
import type { Runtime } from "../runtime";
import { findNextFreeSlot } from "../slots/find";
import { dispatchDue, wakeScheduler } from "./dispatch";
import { draftFromCreate, draftFromUpdate, wantsNextSlot } from "./draft";
import { ownedPost } from "./owned";
import { type PostRow, type PostView, presentPost, type TargetRow } from "./present";
import { type PostDraft, type ResolvedTarget, resolveTargets } from "./validate";

/** Posts in these states can still be edited, unscheduled or deleted. */
const EDITABLE = ["draft", "scheduled", "waiting_for_approval"] as const;

const statusFor = (draft: PostDraft) => (draft.scheduleType === "draft" ? "draft" : "scheduled");

function targetRows(rt: Runtime, userId: string, postId: string, draft: PostDraft, resolved: ResolvedTarget[]) {
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
      publishedAt: null,
      updatedAt: now,
    }),
  );
}

const insertTargets = (rt: Runtime, targets: TargetRow[]) =>
  chunksFor(targets, paramsPerRow(targets[0] ?? {})).map((chunk) => rt.db.insert(postTargets).values(chunk));

/** A post checked and laid out as rows, not yet written. */
export interface PreparedPost {
  post: PostRow;
  targets: TargetRow[];
  draft: PostDraft;
  resolved: ResolvedTarget[];
  /** Its time is the next free posting slot, found when it is saved. */
  nextSlot: boolean;
}

export async function preparePost(rt: Runtime, principal: Principal, input: PostCreateInput): Promise<PreparedPost> {
  const draft = draftFromCreate(rt, input);
  const resolved = await resolveTargets(rt, principal, draft);
  const now = rt.clock.now();
  const post: PostRow = {
    id: newId("post"),
    userId: principal.userId,
    status: statusFor(draft),
    text: draft.text,
    media: draft.media,
    scheduleType: draft.scheduleType,
    scheduledAt: draft.scheduledAt,
    timezone: draft.timezone,
    platformOverrides: draft.overrides,
    version: 1,
    writeToken: null,
    dispatchToken: null,
    approval: null,
    approvalComment: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
  };
  const targets = targetRows(rt, principal.userId, post.id, draft, resolved);
  return { post, targets, draft, resolved, nextSlot: wantsNextSlot(input) };
}

/**
 * Writes prepared posts in one batch (all or none), with `alongside` (a record of the posts, written only with
 * them), then hands due ones to the publisher.
 */
export async function savePosts(
  rt: Runtime,
  prepared: PreparedPost[],
  alongside: BatchItem<"sqlite">[] = [],
): Promise<PostView[]> {
  const statements = [
    ...prepared.flatMap(({ post, targets }) => [rt.db.insert(posts).values(post), ...insertTargets(rt, targets)]),
    ...alongside,
  ];
  const [first, ...rest] = statements;
  if (first) await rt.db.batch([first, ...rest]);
  await afterScheduling(
    rt,
    prepared.map((p) => p.post),
  );
  return prepared.map(({ post, targets }) => presentPost(post, targets));
}

/**
 * Publishes the scheduled posts among `saved` that are due, and wakes the scheduler for the others. It runs after
 * the posts were saved, so it never fails the request: a post it could not hand on is still scheduled, and the
 * minute sweep (which re-reads every due post) publishes it.
 */
export async function afterScheduling(rt: Runtime, saved: Pick<PostRow, "id" | "status" | "scheduledAt">[]) {
  await handOn(rt, saved).catch((error) => console.error("posts saved; handing them on failed, the sweep will", error));
}

async function handOn(rt: Runtime, saved: Pick<PostRow, "id" | "status" | "scheduledAt">[]) {
  const scheduled = saved.filter((p) => p.status === "scheduled" && p.scheduledAt !== null);
  if (scheduled.length === 0) return;
  const now = rt.clock.now();
  const due = scheduled.filter((p) => p.scheduledAt! <= now).map((p) => p.id);
  if (due.length > 0) await dispatchDue(rt, { postIds: due });
  const later = scheduled.filter((p) => p.scheduledAt! > now).map((p) => p.scheduledAt!);
  if (later.length > 0) await wakeScheduler(rt, Math.min(...later));
}

export async function createPost(rt: Runtime, principal: Principal, input: PostCreateInput): Promise<PostView> {
  const prepared = await preparePost(rt, principal, input);
  if (prepared.nextSlot) return saveInNextSlot(rt, prepared);
  const [view] = await savePosts(rt, [prepared]);
  return view!;
}

/**
 * Finds the next free slot of the post's accounts (within `days`, default the configured search) and
 * writes the post there, with the slot's hold.
 */
export async function saveInNextSlot(
  rt: Runtime,
  { post, targets }: PreparedPost,
  days?: number,
  alongside: BatchItem<"sqlite">[] = [],
): Promise<PostView> {
  let saved = post;
  await findNextFreeSlot(
    rt,
    post.userId,
    targets.map((t) => t.accountId),
    undefined,
    {
      hold: true,
      days,
      alongside: (slot) => {
        saved = { ...post, scheduledAt: slot.at, timezone: post.timezone ?? slot.timezone };
        return [rt.db.insert(posts).values(saved), ...insertTargets(rt, targets), ...alongside];
      },
    },
  );
  await afterScheduling(rt, [saved]);
  return presentPost(saved, targets);
}

/** What a create would do, per target, without saving anything. */
export async function dryRunPost(rt: Runtime, principal: Principal, input: PostCreateInput) {
  const { post, resolved, nextSlot } = await preparePost(rt, principal, input);
  const scheduledAt = nextSlot
    ? (
        await findNextFreeSlot(
          rt,
          principal.userId,
          resolved.map((t) => t.account.id),
        )
      ).at
    : post.scheduledAt;
  return {
    dry_run: true as const,
    status: post.status,
    scheduled_at: scheduledAt === null ? null : iso(scheduledAt),
    platforms: resolved.map((t) => ({
      platform: t.platform,
      account_id: t.account.id,
      text: t.request.text,
      text_length: t.textLength,
      text_limit: t.textLimit,
      destination_id: t.request.destinationId ?? null,
      media: t.request.media as unknown as Record<string, unknown>[],
      options: t.request.options,
      article: (t.request.article as Record<string, unknown> | undefined) ?? null,
    })),
  };
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
  const automation = await postAutomation(rt, userId, postId);
  return { ...presentPost(post, targets), ...(automation ? { automation } : {}) };
}

const stateError = (post: PostRow, action: string) =>
  new AppError(409, "state_error", `A ${post.status} post cannot be ${action}`, { status: post.status });

function draftOf(post: PostRow, targets: TargetRow[]): PostDraft {
  return {
    text: post.text,
    media: post.media,
    targets: [...targets]
      .sort((a, b) => a.position - b.position)
      .map((t) => ({ platform: t.platform as PlatformKey, account_id: t.accountId, metadata: t.metadata })),
    overrides: post.platformOverrides,
    scheduleType: post.scheduleType,
    scheduledAt: post.scheduledAt,
    timezone: post.timezone,
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
  if (!(EDITABLE as readonly string[]).includes(current.post.status)) throw stateError(current.post, "edited");

  const draft = draftFromUpdate(rt, draftOf(current.post, current.targets), input);
  const resolved = await resolveTargets(rt, principal, draft);
  const now = rt.clock.now();
  const version = current.post.version;
  const post: PostRow = {
    ...current.post,
    ...statusAfterEdit(current.post, draft, requestApproval),
    text: draft.text,
    media: draft.media,
    scheduleType: draft.scheduleType,
    scheduledAt: draft.scheduledAt,
    timezone: draft.timezone,
    platformOverrides: draft.overrides,
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
    expirePlugsOf(rt, postId, "POST_UNSCHEDULED", wroteIt(postId, token)),
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
      .set({ deletedAt: now, version: version + 1, writeToken: token, updatedAt: now })
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
    expirePlugsOf(rt, postId, "POST_DELETED", wroteIt(postId, token)),
  ]);
  if (updated.length === 0) throw stateError((await loadOwned(rt, userId, postId)).post, "deleted now");
  return { id: postId, deleted: true };
}

/** The user's posts, newest first, a page at a time. */
export async function listPosts(
  rt: Runtime,
  userId: string,
  query: { status?: PostRow["status"]; since?: string; limit: number; cursor?: string },
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
  return rows.map((p) =>
    presentPost(
      p,
      targets.filter((t) => t.postId === p.id),
    ),
  );
}
