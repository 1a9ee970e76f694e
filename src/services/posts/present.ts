// A post and its targets as the API shows them.
import type { posts, postTargets } from "../../db/schema";
import { iso, isoOrNull } from "../../lib/clock";
import type { PlatformKey } from "../../platforms/catalog";

export type PostRow = typeof posts.$inferSelect;
export type TargetRow = typeof postTargets.$inferSelect;

const presentTarget = (t: TargetRow) => ({
  platform: t.platform as PlatformKey,
  account_id: t.accountId,
  metadata: t.metadata,
  status: t.status,
  platform_post_id: t.platformPostId,
  url: t.url,
  error: t.errorCode ? { code: t.errorCode, message: t.errorMessage ?? "" } : null,
  attempts: t.attempts,
  published_at: isoOrNull(t.publishedAt),
});

export const presentPost = (post: PostRow, targets: TargetRow[]) => ({
  id: post.id,
  status: post.status,
  text: post.text,
  schedule_type: post.scheduleType,
  scheduled_at: isoOrNull(post.scheduledAt),
  timezone: post.timezone,
  media: post.media,
  platform_overrides: post.platformOverrides as Record<string, (typeof post.platformOverrides)[string]>,
  platforms: targets.sort((a, b) => a.position - b.position).map(presentTarget),
  utm: post.utm,
  approval: post.approval,
  approval_comment: post.approvalComment,
  created_at: iso(post.createdAt),
  updated_at: iso(post.updatedAt),
});

export type PostView = ReturnType<typeof presentPost>;
