// Dispatching due posts to the publish queue, and the scheduler's alarm kept at the next one.
import { and, asc, eq, inArray, isNull, lt, lte } from "drizzle-orm";
import { chunksFor } from "../../db/limits";
import { posts, postTargets } from "../../db/schema";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { publishQueue, TARGETS_PER_MESSAGE } from "../../queues/publish";
import type { Runtime } from "../runtime";

/** The name under which /api/v1/health shows when the scheduler's alarm last ran. */
export const SCHEDULER_RUN = "scheduler";

/** A queued target whose message has not been consumed after this long is sent again. */
export const LOST_MESSAGE_MS = 15 * 60_000;
/** A target still publishing after this long was abandoned mid-call: it may have posted. */
export const ABANDONED_PUBLISH_MS = 15 * 60_000;

const DISPATCH_PAGE = 500;
/** Parameters taking due posts binds besides the post ids: the read's status, time and page size, and the 3 set. */
const DUE_READ_PARAMS = 6;

/** Sends the targets to the publish queue, `TARGETS_PER_MESSAGE` to a message, in the order they were taken. */
const enqueue = (rt: Runtime, targetIds: string[]) =>
  publishQueue.send(
    rt,
    Array.from({ length: Math.ceil(targetIds.length / TARGETS_PER_MESSAGE) }, (_, i) => ({
      targetIds: targetIds.slice(i * TARGETS_PER_MESSAGE, (i + 1) * TARGETS_PER_MESSAGE),
    })),
  );

/**
 * Puts every due target on the publish queue. A post is taken (scheduled → publishing) and its targets
 * queued in one atomic batch, so an edit, the scheduler's alarm and the cron sweep can all race here and
 * each target is still queued once; the consumer's claim makes a duplicated message harmless anyway.
 * Also re-sends queued targets whose message was lost, and fails targets abandoned mid-publish.
 */
export async function dispatchDue(rt: Runtime, scope: { postIds?: string[] } = {}): Promise<{ queued: number }> {
  // Taking due posts binds the ids beside 6 parameters of its own: more than fit one statement go a run at a time.
  const runs = scope.postIds ? chunksFor(scope.postIds, 1, DUE_READ_PARAMS) : [];
  if (runs.length > 1) {
    let queued = 0;
    for (const postIds of runs) queued += (await dispatchDue(rt, { postIds })).queued;
    return { queued };
  }
  const now = rt.clock.now();
  const queued: string[] = [];
  // Each page is sent while the next is taken, so the first messages reach the consumer sooner. A page whose send
  // fails leaves its targets `queued`: the lost-message re-send below (on a later sweep) sends them again.
  const sending: Promise<void>[] = [];
  const send = (targetIds: string[]) => {
    const sent = enqueue(rt, targetIds);
    sent.catch(() => {}); // awaited below, with the others; this only keeps it from counting as unhandled meanwhile
    sending.push(sent);
  };
  for (;;) {
    const token = newId("dsp");
    const due = rt.db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.status, "scheduled"),
          lte(posts.scheduledAt, now),
          isNull(posts.deletedAt),
          scope.postIds ? inArray(posts.id, scope.postIds) : undefined,
        ),
      )
      .orderBy(asc(posts.scheduledAt))
      .limit(DISPATCH_PAGE);
    const [taken, targets] = await rt.db.batch([
      rt.db
        .update(posts)
        .set({ status: "publishing", dispatchToken: token, updatedAt: now })
        .where(inArray(posts.id, due))
        .returning({ id: posts.id }),
      rt.db
        .update(postTargets)
        .set({ status: "queued", dispatchedAt: now, updatedAt: now })
        .where(
          and(
            eq(postTargets.status, "scheduled"),
            inArray(
              postTargets.postId,
              rt.db.select({ id: posts.id }).from(posts).where(eq(posts.dispatchToken, token)),
            ),
          ),
        )
        .returning({ id: postTargets.id }),
    ]);
    if (taken.length > 0) {
      log.info("publish.dispatched", { post_ids: taken.map((p) => p.id), target_ids: targets.map((t) => t.id) });
    }
    send(targets.map((t) => t.id));
    queued.push(...targets.map((t) => t.id));
    if (taken.length < DISPATCH_PAGE) break;
  }

  if (!scope.postIds) {
    const lost = await rt.db
      .update(postTargets)
      .set({ dispatchedAt: now })
      .where(and(eq(postTargets.status, "queued"), lt(postTargets.dispatchedAt, now - LOST_MESSAGE_MS)))
      .returning({ id: postTargets.id });
    if (lost.length > 0) log.warn("publish.lost_messages_resent", { target_ids: lost.map((t) => t.id) });
    send(lost.map((t) => t.id));
    queued.push(...lost.map((t) => t.id));
  }
  await Promise.all(sending);
  return { queued: queued.length };
}

/** When the next scheduled post is due (service time), or null when none is. */
export async function nextDueAt(rt: Runtime): Promise<number | null> {
  const [next] = await rt.db
    .select({ at: posts.scheduledAt })
    .from(posts)
    .where(and(eq(posts.status, "scheduled"), isNull(posts.deletedAt)))
    .orderBy(asc(posts.scheduledAt))
    .limit(1);
  return next?.at ?? null;
}

/** Asks the scheduler to wake by `dueAt` (service time) unless it already will. */
export async function wakeScheduler(rt: Runtime, dueAt: number) {
  const scheduler = rt.env.SCHEDULER.get(rt.env.SCHEDULER.idFromName("global"));
  await scheduler.wakeBy(rt.clock.toRealTime(dueAt));
}
