// AI images for RSS posts: a user's month against the plan's allowance, and an item's image made.
import { and, eq, sql } from "drizzle-orm";
import { aiImages, type rssItems, users } from "../../db/schema";
import { RSS_AI_IMAGES_USED_UP } from "../../db/schema/notifications";
import { insertUnderLimits } from "../../db/under-limit";
import { monthOf } from "../../lib/clock";
import { log } from "../../lib/log";
import type { PostCreateInput } from "../../schemas/posts";
import { deleteMedia, mediaUrl, storeMedia } from "../media/objects";
import { notificationInsert } from "../notifications";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import type { Illustrator } from "./illustrator";

type ItemRow = typeof rssItems.$inferSelect;
type ImageRow = typeof aiImages.$inferSelect;
type MediaItem = PostCreateInput["media"][number];

export interface AiImageUsage {
  month: string;
  used: number;
  allowance: number;
}

/** A user's images of a month: what counts against the allowance. */
const imagesOf = (userId: string, month: string) => and(eq(aiImages.userId, userId), eq(aiImages.month, month));
const usedIn = (userId: string, month: string) =>
  sql<number>`(SELECT count(*) FROM ${aiImages} WHERE ${imagesOf(userId, month)})`;

/** The user's AI images this month (UTC) against the plan's allowance. */
export async function aiImageUsage(rt: Runtime, userId: string): Promise<AiImageUsage> {
  const month = monthOf(rt.clock.now());
  const [row] = await rt.db
    .select({ plan: users.plan, used: usedIn(userId, month) })
    .from(users)
    .where(eq(users.id, userId));
  return { month, used: row?.used ?? 0, allowance: planOf(row?.plan ?? "").aiImagesPerMonth };
}

const mediaOf = (rt: Runtime, row: Pick<ImageRow, "key" | "altText">): MediaItem => ({
  type: "image",
  url: mediaUrl(rt, row.key),
  alt_text: row.altText,
});

const imageOfItem = async (rt: Runtime, item: ItemRow) =>
  (await rt.db.select().from(aiImages).where(eq(aiImages.itemSeq, item.seq)))[0];

/**
 * The item's AI image as post media. Made once per item, so every post of the item (one per platform,
 * or the item taken again after a crash) shares it; counted against the plan's monthly allowance only once
 * it is stored. None when the allowance is used up (one notification a month says so), or when making
 * or storing the image fails (nothing is counted then).
 */
export async function aiImageMedia(rt: Runtime, item: ItemRow, illustrator: Illustrator): Promise<MediaItem[]> {
  const made = await imageOfItem(rt, item);
  if (made) return [mediaOf(rt, made)];
  const usage = await aiImageUsage(rt, item.userId);
  if (usage.used >= usage.allowance) {
    await usedUpNotice(rt, item.userId, usage);
    return [];
  }
  const row = await makeImage(rt, item, illustrator, usage.month);
  if (!row) return [];
  // Counted in the insert itself, so concurrent checks cannot both slip under the allowance; the unique item
  // index keeps a second image of the item out.
  const allowance = { table: aiImages, where: imagesOf(item.userId, usage.month), max: usage.allowance };
  if (await insertUnderLimits(rt.db, aiImages, row, [allowance])) return [mediaOf(rt, row)];
  await deleteMedia(rt, row.key);
  const other = await imageOfItem(rt, item);
  if (other) return [mediaOf(rt, other)];
  await usedUpNotice(rt, item.userId, usage);
  return [];
}

/** Draws and stores the item's image; null (and a log line) when either fails. */
async function makeImage(
  rt: Runtime,
  item: ItemRow,
  illustrator: Illustrator,
  month: string,
): Promise<ImageRow | null> {
  try {
    const picture = await illustrator.illustrate({ item });
    const key = await storeMedia(rt, picture.bytes, picture.contentType);
    return { key, userId: item.userId, month, itemSeq: item.seq, altText: picture.altText, createdAt: rt.clock.now() };
  } catch (error) {
    log.error("rss.image_failed", { error, next: "the post goes without one" });
    return null;
  }
}

/** Tells the user once per month that `image: ai` posts go without an image. */
const usedUpNotice = (rt: Runtime, userId: string, { month, allowance }: AiImageUsage) =>
  notificationInsert(
    rt,
    {
      userId,
      kind: RSS_AI_IMAGES_USED_UP,
      message:
        allowance === 0
          ? 'Your plan includes no AI images: posts from feeds with image "ai" go without an image.'
          : `The ${allowance} AI images of your plan for ${month} (UTC) are used: posts from feeds with image "ai" go without an image until next month.`,
      data: { month, allowance },
    },
    { dedupeKey: `${RSS_AI_IMAGES_USED_UP}:${userId}:${month}` },
  );
