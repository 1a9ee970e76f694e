// A dry run of a create: what each target would be sent, saving nothing (not even the copies of images it needs).
import { iso } from "../../lib/clock";
import type { PostCreateInput } from "../../schemas/posts";
import type { Principal } from "../auth/auth";
import { madeVariant } from "../media/variants";
import type { Runtime } from "../runtime";
import { findNextFreeSlot } from "../slots/find";
import { preparePost } from "./prepare";
import { type ResolvedTarget, sendCopy } from "./validate";

/**
 * The media a target would be sent in one segment (0: the post itself). Where its platform needs a copy of a library image, the copy already made is
 * shown; one not made yet is not made now: its item has no address yet (`url: null`), names the original
 * (`variantOf`) and the most bytes the copy will have (`maxBytes`). Saving the post makes it.
 */
async function mediaSent(rt: Runtime, target: ResolvedTarget, segment = 0): Promise<Record<string, unknown>[]> {
  const sent = segment === 0 ? target.request.media : target.request.thread![segment - 1]!.media;
  const media: Record<string, unknown>[] = sent.map((item) => ({ ...item }));
  for (const { index, media: original, fit } of target.fits.filter((f) => f.segment === segment)) {
    const item = { ...sent[index]! };
    media[index] = item;
    const made = await madeVariant(rt, original.id, fit);
    if (made) sendCopy(rt, item, original, made);
    else {
      media[index] = {
        ...item,
        url: null,
        variantOf: original.id,
        contentType: fit.contentType,
        maxBytes: fit.maxBytes,
        size: null,
        width: null,
        height: null,
      };
    }
  }
  return media;
}

/** What a create would do, per target (the time, the text against its limit, what is sent), saving nothing. */
export async function dryRunPost(rt: Runtime, principal: Principal, input: PostCreateInput) {
  const { post, resolved, nextSlot } = await preparePost(rt, principal, input, { makeCopies: false });
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
    platforms: await Promise.all(
      resolved.map(async (t) => ({
        platform: t.platform,
        account_id: t.account.id,
        text: t.request.text,
        text_length: t.textLength,
        text_limit: t.textLimit,
        destination_id: t.request.destinationId ?? null,
        media: await mediaSent(rt, t),
        options: t.request.options,
        article: (t.request.article as Record<string, unknown> | undefined) ?? null,
        segments: await Promise.all(
          t.segments.map(async (segment, index) => ({
            index,
            text: segment.text,
            text_length: segment.textLength,
            text_limit: t.textLimit,
            media: await mediaSent(rt, t, index),
          })),
        ),
        first_comment: t.firstComment
          ? { text: t.firstComment.text, text_length: t.firstComment.textLength, text_limit: t.firstComment.textLimit }
          : null,
      })),
    ),
  };
}
