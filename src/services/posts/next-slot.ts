// Writing a post into the next free posting slot of its accounts, held for it.
import type { BatchItem } from "drizzle-orm/batch";
import type { Runtime } from "../runtime";
import { findNextFreeSlot, releaseSlot } from "../slots/find";
import type { PreparedPost } from "./prepare";
import type { PostView } from "./present";
import { savePosts } from "./write";

/**
 * Holds the next free slot of the post's accounts (within `days`, default the configured search) and writes the post
 * there (with `alongside`, a record written only with the post). A post that cannot be written gives its slot back.
 */
export async function saveInNextSlot(
  rt: Runtime,
  prepared: PreparedPost,
  options: { days?: number; alongside?: BatchItem<"sqlite">[] } = {},
): Promise<PostView> {
  const { post, targets } = prepared;
  const slot = await findNextFreeSlot(
    rt,
    post.userId,
    targets.map((t) => t.accountId),
    { hold: true, placing: true, days: options.days },
  );
  const placed = { ...prepared, post: { ...post, scheduledAt: slot.at, timezone: post.timezone ?? slot.timezone } };
  try {
    const [view] = await savePosts(rt, [placed], options.alongside);
    return view!;
  } catch (error) {
    await releaseSlot(rt, post.userId, slot);
    throw error;
  }
}
