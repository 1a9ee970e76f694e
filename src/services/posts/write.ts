// Writing prepared posts in one batch, all or none, and handing due ones to the publisher.
import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import { insertIf } from "../../db/insert-if";
import { chunksFor, paramsPerRow } from "../../db/limits";
import { posts, postTargets } from "../../db/schema";
import { log } from "../../lib/log";
import type { Runtime } from "../runtime";
import { dispatchDue, wakeScheduler } from "./dispatch";
import type { PreparedPost } from "./prepare";
import { type PostRow, type PostView, presentPost, type TargetRow } from "./present";

/** The inserts of a post's targets, each within D1's bound parameters; they join the batch that writes the post. */
export const insertTargets = (rt: Runtime, targets: TargetRow[]) =>
  chunksFor(targets, paramsPerRow(targets[0] ?? {})).map((chunk) => rt.db.insert(postTargets).values(chunk));

/**
 * Writes prepared posts in one batch (all or none), with `alongside` (a record of the posts, written only with
 * them), then hands due ones to the publisher.
 */
export async function savePosts(
  rt: Runtime,
  prepared: PreparedPost[],
  alongside: BatchItem<"sqlite">[] = [],
): Promise<PostView[]> {
  await runBatch(rt.db, [...prepared.flatMap((p) => insertsOf(rt, p)), ...alongside]);
  await afterScheduling(
    rt,
    prepared.map((p) => p.post),
  );
  return prepared.map(({ post, targets }) => presentPost(post, targets));
}

const insertsOf = (rt: Runtime, { post, targets }: PreparedPost) => [
  rt.db.insert(posts).values(post),
  ...insertTargets(rt, targets),
];

/**
 * Writes one prepared post only if `holds` is true when the batch runs, else nothing (undefined): the post's insert
 * is conditional on it, and each target's on the post having been written; `alongside` runs in the same batch either
 * way (guard it yourself).
 */
export async function savePostIf(
  rt: Runtime,
  prepared: PreparedPost,
  holds: SQL,
  alongside: BatchItem<"sqlite">[] = [],
): Promise<PostView | undefined> {
  const { post, targets } = prepared;
  const postWritten = sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${post.id})`;
  const [written] = await runBatch(rt.db, [
    insertIf(rt.db, posts, post, holds).returning({ id: posts.id }),
    ...targets.map((target) => insertIf(rt.db, postTargets, target, postWritten)),
    ...alongside,
  ]);
  if ((written as unknown as { id: string }[]).length === 0) return undefined;
  await afterScheduling(rt, [post]);
  return presentPost(post, targets);
}

/**
 * Once posts are saved: the due ones go to the publisher now, and the scheduler wakes for the earliest later one.
 * It never fails the request: a post it could not hand on is still scheduled, and the minute sweep publishes it.
 */
export async function afterScheduling(rt: Runtime, saved: Pick<PostRow, "id" | "status" | "scheduledAt">[]) {
  await handOn(rt, saved).catch((error) =>
    log.error("posts.hand_on_failed", {
      post_ids: saved.map((p) => p.id),
      error,
      next: "the minute sweep dispatches them",
    }),
  );
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
