// A dry run of a create: what each target would be sent, saving nothing.
import { iso } from "../../lib/clock";
import type { PostCreateInput } from "../../schemas/posts";
import type { Principal } from "../auth/auth";
import type { Runtime } from "../runtime";
import { findNextFreeSlot } from "../slots/find";
import { preparePost } from "./prepare";

/** What a create would do, per target (the time, the text against its limit, what is sent), saving nothing. */
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
