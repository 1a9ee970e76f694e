import type { BatchItem } from "drizzle-orm/batch";
import { posts } from "../../db/schema";
import type { Runtime } from "../runtime";
import { findNextFreeSlot } from "../slots/find";
import type { PreparedPost } from "./prepare";
import { type PostView, presentPost } from "./present";
import { afterScheduling, insertTargets } from "./write";

/**
 * Finds the next free slot of the post's accounts (within `days`, default the configured search) and writes the
 * post there, in the same atomic batch as the slot's hold (with `alongside`, a record written only with the post).
 */
export async function saveInNextSlot(
  rt: Runtime,
  { post, targets }: PreparedPost,
  options: { days?: number; alongside?: BatchItem<"sqlite">[] } = {},
): Promise<PostView> {
  let saved = post;
  await findNextFreeSlot(
    rt,
    post.userId,
    targets.map((t) => t.accountId),
    {
      hold: true,
      days: options.days,
      alongside: (slot) => {
        saved = { ...post, scheduledAt: slot.at, timezone: post.timezone ?? slot.timezone };
        return [rt.db.insert(posts).values(saved), ...insertTargets(rt, targets), ...(options.alongside ?? [])];
      },
    },
  );
  await afterScheduling(rt, [saved]);
  return presentPost(saved, targets);
}
