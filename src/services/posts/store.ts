import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { chunksFor } from "../../db/limits";
import { posts, postTargets } from "../../db/schema";
import { OUTCOME } from "../../lib/error-codes";
import { AppError, notFound, validationError } from "../../lib/errors";
import type { PlatformKey } from "../../platforms/catalog";
import type { PostCreateInput, PostListQueryInput, PostUpdateInput } from "../../schemas/posts";
import type { Principal } from "../auth";
import { expirePlugsOf } from "../plugs/plugs";
import type { Runtime } from "../runtime";
import { draftFromUpdate } from "./draft";
import { saveInNextSlot } from "./next-slot";
import { type PreparedPost, postFieldsOf, preparePost, targetRows } from "./prepare";
import { type PostRow, type PostView, presentPost, type TargetRow } from "./present";
import { type PostDraft, resolveTargets } from "./validate";
import { afterScheduling, insertTargets } from "./write";

/** Posts in these states can still be edited, unscheduled or deleted. */
const EDITABLE = ["draft", "scheduled", "waiting_for_approval"] as const;

/** Writes prepared posts in one batch (all or none), then hands due ones to the publisher. */
export async function savePosts(rt: Runtime, prepared: PreparedPost[]): Promise<PostView[]> {
  const statements = prepared.flatMap(({ post, targets }) => [
    rt.db.insert(posts).values(post),
    ...insertTargets(rt, targets),
  ]);
  await runBatch(rt.db, statements);
  await afterScheduling(
    rt,
    prepared.map((p) => p.post),
  );
  return prepared.map(({ post, targets }) => presentPost(post, targets));
}

export async function createPost(rt: Runtime, principal: Principal, input: PostCreateInput): Promise<PostView> {
  const prepared = await preparePost(rt, principal, input);
  if (prepared.nextSlot) return saveInNextSlot(rt, prepared);
  const [view] = await savePosts(rt, [prepared]);
  return view!;
}

async function loadOwned(
  rt: Runtime,
  userId: string,
  postId: string,
): Promise<{ post: PostRow; targets: TargetRow[] }> {
  const [post] = await rt.db
    .select()
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId), isNull(posts.deletedAt)));
  if (!post) throw notFound("Post");
  const targets = await rt.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  return { post, targets };
}

export async function getPost(rt: Runtime, userId: string, postId: string): Promise<PostView> {
  const { post, targets } = await loadOwned(rt, userId, postId);
  return presentPost(post, targets);
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
    scheduleType: post.scheduleType,
    scheduledAt: post.scheduledAt,
    timezone: post.timezone,
  };
}

/** A guard for batched statements: true only once the post is at `version`. */
const atVersion = (postId: string, version: number) =>
  sql`(SELECT ${posts.version} FROM ${posts} WHERE ${posts.id} = ${postId}) = ${version}`;

/**
 * Edits a draft or scheduled post. The whole edit is one batch guarded by the post's version, so it
 * cannot interleave with the dispatcher taking the post or with another edit: one of them wins, and
 * the other sees a changed post (409 `state_error`).
 */
export async function updatePost(
  rt: Runtime,
  principal: Principal,
  postId: string,
  input: PostUpdateInput,
): Promise<PostView> {
  const current = await loadOwned(rt, principal.userId, postId);
  if (!(EDITABLE as readonly string[]).includes(current.post.status)) throw stateError(current.post, "edited");

  const draft = draftFromUpdate(rt, draftOf(current.post, current.targets), input);
  const resolved = await resolveTargets(rt, principal, draft);
  const now = rt.clock.now();
  const version = current.post.version;
  const post: PostRow = {
    ...current.post,
    ...postFieldsOf(draft),
    version: version + 1,
    updatedAt: now,
  };
  const targets = targetRows(rt, principal.userId, postId, draft, resolved);
  const { id: _, userId: __, createdAt: ___, ...changes } = post;
  const [updated] = await rt.db.batch([
    rt.db
      .update(posts)
      .set(changes)
      .where(and(eq(posts.id, postId), eq(posts.version, version), inArray(posts.status, [...EDITABLE])))
      .returning({ id: posts.id }),
    rt.db.delete(postTargets).where(and(eq(postTargets.postId, postId), atVersion(postId, version + 1))),
    ...insertTargets(rt, targets),
    // Undo the insert when the guard failed: the batch is atomic, so nothing of a losing edit remains.
    rt.db.delete(postTargets).where(
      and(
        inArray(
          postTargets.id,
          targets.map((t) => t.id),
        ),
        sql`NOT ${atVersion(postId, version + 1)}`,
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
  const [updated] = await rt.db.batch([
    rt.db
      .update(posts)
      .set({ status: "draft", scheduleType: "draft", version: version + 1, updatedAt: now })
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
      .where(and(eq(postTargets.postId, postId), eq(postTargets.status, "scheduled"), atVersion(postId, version + 1))),
    expirePlugsOf(rt, postId, OUTCOME.POST_UNSCHEDULED, atVersion(postId, version + 1)),
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
  const [updated] = await rt.db.batch([
    rt.db
      .update(posts)
      .set({ deletedAt: now, version: version + 1, updatedAt: now })
      .where(and(eq(posts.id, postId), eq(posts.version, version)))
      .returning({ id: posts.id }),
    rt.db
      .update(postTargets)
      .set({ status: "cancelled", updatedAt: now })
      .where(
        and(
          eq(postTargets.postId, postId),
          inArray(postTargets.status, ["draft", "scheduled"]),
          atVersion(postId, version + 1),
        ),
      ),
    expirePlugsOf(rt, postId, OUTCOME.POST_DELETED, atVersion(postId, version + 1)),
  ]);
  if (updated.length === 0) throw stateError((await loadOwned(rt, userId, postId)).post, "deleted now");
  return { id: postId, deleted: true };
}

interface Cursor {
  createdAt: number;
  id: string;
}

const encodeCursor = (c: Cursor) => btoa(JSON.stringify([c.createdAt, c.id])).replace(/=+$/, "");

function decodeCursor(text: string): Cursor {
  try {
    const [createdAt, id] = JSON.parse(atob(text));
    if (typeof createdAt === "number" && typeof id === "string") return { createdAt, id };
  } catch {}
  throw validationError("cursor", "not a cursor from this list");
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
        after
          ? or(lt(posts.createdAt, after.createdAt), and(eq(posts.createdAt, after.createdAt), lt(posts.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const targets = (
    await Promise.all(
      chunksFor(page, 1).map((chunk) =>
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
  const last = page.at(-1);
  return {
    data: page.map((p) =>
      presentPost(
        p,
        targets.filter((t) => t.postId === p.id),
      ),
    ),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
