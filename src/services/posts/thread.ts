// Which thread and first comment a target of a post has: the post's, or its platform's own.
import type { FirstComment, PlatformOverride, ThreadSegment } from "../../db/schema";

/**
 * The follow-up segments a target posts: its platform's own when the override gives them (`[]`: none), none on a
 * detached platform that gives none (its own text is not the shared thread's start), else the post's.
 */
export function threadFor(draft: { thread: ThreadSegment[] }, override: PlatformOverride | undefined): ThreadSegment[] {
  if (override?.thread !== undefined) return override.thread;
  return override?.detached ? [] : draft.thread;
}

/** The first comment a target posts: its platform's own when the override names one (`null`: none), else the post's. */
export function firstCommentFor(
  draft: { firstComment: FirstComment | null },
  override: PlatformOverride | undefined,
): FirstComment | null {
  return override?.first_comment !== undefined ? override.first_comment : draft.firstComment;
}
