import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import { chunksFor, paramsPerRow } from "../../db/limits";
import { posts, postTargets } from "../../db/schema";
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
  const statements = [
    ...prepared.flatMap(({ post, targets }) => [rt.db.insert(posts).values(post), ...insertTargets(rt, targets)]),
    ...alongside,
  ];
  await runBatch(rt.db, statements);
  await afterScheduling(
    rt,
    prepared.map((p) => p.post),
  );
  return prepared.map(({ post, targets }) => presentPost(post, targets));
}

/**
 * Once posts are saved: the due ones go to the publisher now, and the scheduler wakes for the earliest later one.
 * It never fails the request: a post it could not hand on is still scheduled, and the minute sweep publishes it.
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
