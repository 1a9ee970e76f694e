// Media objects in R2 under unguessable keys, served at `/media/<key>`: library files, their variants, AI images.
import { notFound } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import type { Runtime } from "../runtime";

/**
 * Media Herald makes itself, kept in the `MEDIA` R2 bucket and served publicly at `/media/<key>` so that
 * platforms can fetch it. A key is 32 random base62 characters (~190 bits) and an extension: unguessable,
 * and never reused, so answers may be cached for a year.
 */
export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";
const MEDIA_KEY_PATTERN = /^[0-9A-Za-z]{32}\.(png|jpg|webp|gif|mp4|mov|pdf)$/;

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/** A new unguessable key for a file with `extension`. */
export const newMediaKey = (extension: string) => `${randomToken(32)}.${extension}`;

/** The key of the object a `/media/<key>` address on this deployment names, or null for any other address. */
export function mediaKeyOf(rt: Runtime, url: string): string | null {
  const prefix = `${rt.config.public_base_url}/media/`;
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return MEDIA_KEY_PATTERN.test(key) ? key : null;
}

/** Stores an image and returns its key. */
export async function storeMedia(rt: Runtime, bytes: Uint8Array, contentType: string): Promise<string> {
  const extension = EXTENSIONS[contentType];
  if (!extension) throw new Error(`not a media type Herald serves: ${contentType}`);
  const key = newMediaKey(extension);
  await rt.env.MEDIA.put(key, bytes, { httpMetadata: { contentType, cacheControl: MEDIA_CACHE_CONTROL } });
  return key;
}

export const deleteMedia = (rt: Runtime, key: string) => rt.env.MEDIA.delete(key);

/** The address platforms fetch the media at. */
export const mediaUrl = (rt: Runtime, key: string) => `${rt.config.public_base_url}/media/${key}`;

/** The stored object, or 404 `not_found`. */
export async function readMedia(rt: Runtime, key: string): Promise<R2ObjectBody> {
  const object = MEDIA_KEY_PATTERN.test(key) ? await rt.env.MEDIA.get(key) : null;
  if (!object) throw notFound("Media");
  return object;
}

/** A stored object as a `ByteSource`: each read is one ranged R2 get. */
export const storedSource = (rt: Runtime, key: string, size: number) => ({
  size,
  async read(offset: number, length: number): Promise<Uint8Array> {
    const object = await rt.env.MEDIA.get(key, { range: { offset, length } });
    if (!object) throw new Error(`media object ${key} is gone`);
    return new Uint8Array(await object.arrayBuffer());
  },
});
