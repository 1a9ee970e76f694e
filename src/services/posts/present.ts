// A post and its targets as the API shows them.
import type { posts, postTargets, targetSteps } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import type { PlatformKey } from "../../platforms/catalog";

export type PostRow = typeof posts.$inferSelect;
export type TargetRow = typeof postTargets.$inferSelect;
export type StepRow = typeof targetSteps.$inferSelect;

const errorOf = (row: { errorCode: string | null; errorMessage: string | null }) =>
  row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? "" } : null;

/** A step claimed and in flight has not been confirmed: it shows as pending. */
const viewStatus = (status: StepRow["status"]) => (status === "publishing" ? "pending" : status);

/**
 * A target's segments in order (0: the post itself), each as its step row says, else pending; a target without
 * step rows (no thread, no first comment) has its own row for segment 0. A failed target's first segment that did not
 * go out shows the target's error: where the chain stopped.
 */
function presentSegments(t: TargetRow, steps: StepRow[]) {
  const rows = new Map(steps.filter((s) => s.kind === "segment").map((s) => [s.position, s]));
  let stopped = false;
  return Array.from({ length: 1 + (t.request.thread?.length ?? 0) }, (_, index) => {
    const row = rows.get(index) ?? (index === 0 && t.status === "published" ? { ...t, status: t.status } : undefined);
    const view = {
      index,
      status: row ? viewStatus(row.status) : ("pending" as const),
      platform_post_id: row?.platformPostId ?? null,
      url: row?.url ?? null,
      error: row ? errorOf(row) : null,
    };
    if (t.status === "failed" && !stopped && view.status !== "published") {
      stopped = true;
      if (view.status === "pending") return { ...view, status: "failed" as const, error: errorOf(t) };
    }
    return view;
  });
}

function presentFirstComment(t: TargetRow, steps: StepRow[]) {
  if (t.request.firstComment === undefined) return {};
  const row = steps.find((s) => s.kind === "first_comment");
  return {
    first_comment: {
      status: row ? viewStatus(row.status) : ("pending" as const),
      platform_comment_id: row?.platformPostId ?? null,
      error: row ? errorOf(row) : null,
    },
  };
}

/** A target's segments and first comment as post reads show them (the dashboard's post page too). */
export const presentSteps = (t: TargetRow, steps: StepRow[]) => ({
  segments: presentSegments(t, steps),
  ...presentFirstComment(t, steps),
});

const presentTarget = (t: TargetRow, steps: StepRow[]) => ({
  platform: t.platform as PlatformKey,
  account_id: t.accountId,
  metadata: t.metadata,
  status: t.status,
  platform_post_id: t.platformPostId,
  url: t.url,
  error: errorOf(t),
  attempts: t.attempts,
  published_at: isoOrNull(t.publishedAt),
  segments: presentSegments(t, steps),
  ...presentFirstComment(t, steps),
});

/** A post as the API shows it; `steps` are its targets' step rows (none before anything was published). */
export const presentPost = (post: PostRow, targets: TargetRow[], steps: StepRow[] = []) => ({
  id: post.id,
  status: post.status,
  text: post.text,
  schedule_type: post.scheduleType,
  scheduled_at: isoOrNull(post.scheduledAt),
  timezone: post.timezone,
  media: post.media,
  platform_overrides: post.platformOverrides as Record<string, (typeof post.platformOverrides)[string]>,
  thread: post.thread,
  first_comment: post.firstComment ?? null,
  platforms: targets
    .sort((a, b) => a.position - b.position)
    .map((t) =>
      presentTarget(
        t,
        steps.filter((s) => s.targetId === t.id),
      ),
    ),
  utm: post.utm,
  poll: post.poll,
  repeat: post.repeat,
  repeat_of: post.repeatOf,
  repeat_stopped: post.repeatStopped,
  approval: post.approval,
  approval_comment: post.approvalComment,
  created_at: iso(post.createdAt),
  updated_at: iso(post.updatedAt),
});

export type PostView = ReturnType<typeof presentPost>;
