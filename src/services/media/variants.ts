// Copies of library images made to fit a platform (smaller, or JPEG), kept beside the original and reused.
import { and, eq } from "drizzle-orm";
import { mediaVariants } from "../../db/schema";
import type { ImageFit } from "../../platforms/media-rules";
import type { Runtime } from "../runtime";
import { decodeImage, encodeJpegSized, type Pixels } from "./codecs";
import type { MediaRow } from "./library";
import { MEDIA_CACHE_CONTROL, newMediaKey } from "./objects";

export type VariantRow = typeof mediaVariants.$inferSelect;

/** The key a fit is known by: one copy per media item and fit, whichever platforms need it. */
export const fitKey = (fit: ImageFit) => `${fit.contentType};max=${fit.maxBytes}`;

/** JPEG qualities tried in turn, then smaller sizes at the last. */
const QUALITIES = [85, 75];
const MOST_TRIES = 8;

/** The smallest re-encoding that fits `maxBytes`: the same size at falling quality, then scaled down step by step. */
async function encodeToFit(image: Pixels, maxBytes: number) {
  let { width, height } = image;
  let bytes = new Uint8Array();
  for (const quality of QUALITIES) {
    bytes = await encodeJpegSized(image, width, height, quality);
    if (bytes.byteLength <= maxBytes) return { bytes, width, height };
  }
  for (let tries = 0; tries < MOST_TRIES; tries++) {
    // Bytes grow with the pixel count: scale both sides by the root of the ratio, with a margin.
    const scale = Math.min(0.9, Math.sqrt(maxBytes / bytes.byteLength) * 0.95);
    width = Math.max(1, Math.round(width * scale));
    height = Math.max(1, Math.round(height * scale));
    bytes = await encodeJpegSized(image, width, height, QUALITIES.at(-1)!);
    if (bytes.byteLength <= maxBytes) return { bytes, width, height };
  }
  throw new Error(`no JPEG of the image fits ${maxBytes} bytes`);
}

/** The copy of a media item that fits, if one was made already (reading only). */
export async function madeVariant(rt: Runtime, mediaId: string, fit: ImageFit): Promise<VariantRow | undefined> {
  const [row] = await rt.db
    .select()
    .from(mediaVariants)
    .where(and(eq(mediaVariants.mediaId, mediaId), eq(mediaVariants.fit, fitKey(fit))));
  return row;
}

/**
 * The copy of `media` that fits, made now if it does not exist yet (decoded from R2, resized or re-encoded as JPEG,
 * stored under its own unguessable key). Two requests making the same copy at once keep one; the other's object goes.
 */
export async function variantFor(rt: Runtime, media: MediaRow, fit: ImageFit): Promise<VariantRow> {
  const found = await madeVariant(rt, media.id, fit);
  if (found) return found;
  const original = await rt.env.MEDIA.get(media.key);
  if (!original) throw new Error(`media object ${media.key} is gone`);
  const image = await decodeImage(await original.arrayBuffer(), media.contentType);
  const { bytes, width, height } = await encodeToFit(image, fit.maxBytes);
  const row: VariantRow = {
    mediaId: media.id,
    fit: fitKey(fit),
    key: newMediaKey("jpg"),
    contentType: fit.contentType,
    size: bytes.byteLength,
    width,
    height,
    createdAt: rt.clock.now(),
  };
  await rt.env.MEDIA.put(row.key, bytes, {
    httpMetadata: { contentType: fit.contentType, cacheControl: MEDIA_CACHE_CONTROL },
  });
  const inserted = await rt.db.insert(mediaVariants).values(row).onConflictDoNothing().returning();
  if (inserted.length > 0) return row;
  await rt.env.MEDIA.delete(row.key);
  return (await madeVariant(rt, media.id, fit))!;
}
