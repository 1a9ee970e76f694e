// The media library: storing an uploaded file, listing, reading, describing and deleting a user's media items.
import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { insertIf } from "../../db/insert-if";
import { afterCursor } from "../../db/paging";
import { type MediaItem, mediaItems, mediaVariants, type PlatformOverride, posts } from "../../db/schema";
import { iso } from "../../lib/clock";
import { decodeCursor, pageOf } from "../../lib/cursor";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { downloadMedia, type MediaFile } from "../../platforms/media";
import { PlatformError } from "../../platforms/types";
import type { MediaListQueryInput } from "../../schemas/media";
import type { Principal } from "../auth/auth";
import { planOf } from "../plans";
import type { Runtime } from "../runtime";
import { bytesSource, declaredType, type MediaFacts, readFacts, SNIFF_BYTES, sniffType } from "./facts";
import { MEDIA_CACHE_CONTROL, mediaUrl, newMediaKey } from "./objects";
import { fitsStorage, requireFileSize, requireStorage, storageLimit } from "./quota";

export type MediaRow = typeof mediaItems.$inferSelect;

/** `POST /api/v1/media` takes files up to this size in one request; larger ones go through resumable uploads. */
export const SINGLE_UPLOAD_MAX_BYTES = 100 * 1024 * 1024;

type PostStatus = (typeof posts.$inferSelect)["status"];

/** Posts in these states hold on to their media: it cannot be deleted under them. */
const HOLDING = ["scheduled", "waiting_for_approval", "publishing"] as const;

export const presentMedia = (rt: Runtime, row: MediaRow, usedBy: string[]) => ({
  id: row.id,
  type: row.type,
  content_type: row.contentType,
  size: row.size,
  width: row.width,
  height: row.height,
  duration_ms: row.durationMs,
  pages: row.pages,
  filename: row.filename,
  alt_text: row.altText,
  url: mediaUrl(rt, row.key),
  created_at: iso(row.createdAt),
  used_by: usedBy,
});

export type MediaView = ReturnType<typeof presentMedia>;

/** A post of the user, not deleted, names one of these media ids (in its shared media or an override). */
const namesMedia = (userId: string, mediaIds: string[], statuses?: readonly string[]) =>
  sql`${posts.userId} = ${userId} AND ${posts.deletedAt} IS NULL AND ${posts.mediaIds} <> '[]'${
    statuses ? sql` AND ${inArray(posts.status, statuses as PostStatus[])}` : sql``
  } AND EXISTS (SELECT 1 FROM json_each(${posts.mediaIds}) WHERE value IN (SELECT value FROM json_each(${JSON.stringify(mediaIds)})))`;

/** The ids of the user's posts that use each media item (drafts included), by media id. */
export async function postsUsing(
  rt: Runtime,
  userId: string,
  mediaIds: string[],
  statuses?: readonly string[],
): Promise<Map<string, string[]>> {
  const using = new Map<string, string[]>(mediaIds.map((id) => [id, []]));
  if (mediaIds.length === 0) return using;
  const rows = await rt.db
    .select({ id: posts.id, mediaIds: posts.mediaIds })
    .from(posts)
    .where(namesMedia(userId, mediaIds, statuses))
    .orderBy(desc(posts.createdAt));
  for (const row of rows) for (const mediaId of row.mediaIds) using.get(mediaId)?.push(row.id);
  return using;
}

/** The user's media item, or 404 (another user's id reads the same). */
export async function ownedMedia(rt: Runtime, userId: string, id: string): Promise<MediaRow> {
  const [row] = await rt.db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.id, id), eq(mediaItems.userId, userId)));
  if (!row) throw notFound("Media");
  return row;
}

/** The user's media items among `ids`, by id (another user's are simply absent). */
export async function ownedMediaByIds(rt: Runtime, userId: string, ids: string[]): Promise<Map<string, MediaRow>> {
  if (ids.length === 0) return new Map();
  const rows = await rt.db
    .select()
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.userId, userId),
        sql`${mediaItems.id} IN (SELECT value FROM json_each(${JSON.stringify([...new Set(ids)])}))`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}

export interface NewMedia {
  key: string;
  facts: MediaFacts;
  size: number;
  filename: string | null;
  altText: string | null;
}

/** A media row for a file stored at `key`. */
export const mediaRow = (rt: Runtime, userId: string, media: NewMedia): MediaRow => ({
  id: newId("med"),
  userId,
  key: media.key,
  type: media.facts.type,
  contentType: media.facts.contentType,
  size: media.size,
  width: media.facts.width,
  height: media.facts.height,
  durationMs: media.facts.durationMs,
  pages: media.facts.pages,
  videoCodec: media.facts.videoCodec,
  audioCodec: media.facts.audioCodec,
  filename: media.filename,
  altText: media.altText,
  createdAt: rt.clock.now(),
});

/** The insert of a media row that happens only while the library stays within the plan's storage. */
export const insertWithinStorage = (rt: Runtime, principal: Principal, row: MediaRow, except?: string) =>
  insertIf(rt.db, mediaItems, row, fitsStorage(principal.plan, principal.userId, row.size, except)).returning({
    id: mediaItems.id,
  });

/**
 * One file uploaded whole (`POST /api/v1/media`): its size against the plan, its type and facts read from its bytes,
 * then stored and recorded within the plan's storage. Any refusal stores nothing.
 */
export async function uploadFile(
  rt: Runtime,
  principal: Principal,
  file: File,
  altText: string | null,
): Promise<MediaView> {
  requireSingleSize(principal, file.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return storeFile(
    rt,
    principal,
    { bytes, filename: file.name || null, declared: declaredType(file.type, file.name) },
    altText,
  );
}

function requireSingleSize(principal: Principal, size: number) {
  if (size > SINGLE_UPLOAD_MAX_BYTES) {
    throw new AppError(
      "payload_too_large",
      `One request takes files up to ${SINGLE_UPLOAD_MAX_BYTES} bytes (100 MB); this one is ${size} bytes: use a resumable upload (POST /api/v1/media/uploads). Nothing was stored.`,
      { size, limit: SINGLE_UPLOAD_MAX_BYTES },
    );
  }
  requireFileSize(principal.plan, size);
}

async function storeFile(
  rt: Runtime,
  principal: Principal,
  file: { bytes: Uint8Array; filename: string | null; declared: string | null },
  altText: string | null,
): Promise<MediaView> {
  const { bytes } = file;
  const contentType = await sniffType(bytes.subarray(0, SNIFF_BYTES), file.declared);
  const facts = await readFacts(bytesSource(bytes), contentType);
  await requireStorage(rt, principal.plan, principal.userId, bytes.byteLength);
  const key = newMediaKey(facts.extension);
  await rt.env.MEDIA.put(key, bytes, { httpMetadata: { contentType, cacheControl: MEDIA_CACHE_CONTROL } });
  const row = mediaRow(rt, principal.userId, { key, facts, size: bytes.byteLength, filename: file.filename, altText });
  const [inserted] = await runBatch(rt.db, [insertWithinStorage(rt, principal, row)]);
  if (!inserted || inserted.length === 0) {
    await rt.env.MEDIA.delete(key);
    throw await storageLimit(rt, principal.plan, principal.userId, row.size);
  }
  return presentMedia(rt, row, []);
}

/**
 * A file Herald fetches for the caller (the agent tool `upload_media`): only from a public host (the SSRF guard at
 * every redirect), at most the plan's file size (and 100 MB), then stored like an upload: its type read from its
 * bytes, never from the answer's headers or the URL.
 */
export async function uploadFromUrl(
  rt: Runtime,
  principal: Principal,
  url: string,
  altText: string | null,
): Promise<MediaView> {
  const maxBytes = Math.min(SINGLE_UPLOAD_MAX_BYTES, planOf(principal.plan).mediaFileBytes);
  let file: MediaFile;
  try {
    const deps = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, init),
      now: () => rt.clock.now(),
    };
    file = await downloadMedia(deps, { type: "image", url }, maxBytes);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.code === "MEDIA_TOO_LARGE") {
      throw new AppError(
        "payload_too_large",
        `The file at ${url} is larger than ${maxBytes} bytes; nothing was stored`,
        {
          limit: maxBytes,
        },
      );
    }
    throw validationError("url", error.message);
  }
  requireSingleSize(principal, file.bytes.byteLength);
  return storeFile(rt, principal, { bytes: file.bytes, filename: file.filename, declared: null }, altText);
}

/** The user's media, newest first, a page at a time, optionally of one type. */
export async function listMedia(rt: Runtime, userId: string, query: MediaListQueryInput) {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows = await rt.db
    .select()
    .from(mediaItems)
    .where(
      and(
        eq(mediaItems.userId, userId),
        query.type ? eq(mediaItems.type, query.type) : undefined,
        afterCursor(mediaItems.createdAt, mediaItems.id, after),
      ),
    )
    .orderBy(desc(mediaItems.createdAt), desc(mediaItems.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (m) => m.createdAt);
  const using = await postsUsing(
    rt,
    userId,
    page.map((m) => m.id),
  );
  return { data: page.map((m) => presentMedia(rt, m, using.get(m.id) ?? [])), next_cursor };
}

export async function getMedia(rt: Runtime, userId: string, id: string): Promise<MediaView> {
  const row = await ownedMedia(rt, userId, id);
  const using = await postsUsing(rt, userId, [id]);
  return presentMedia(rt, row, using.get(id) ?? []);
}

/** Changes a media item's alt text (null clears it): posts that use it without their own alt text send the new one. */
export async function updateMedia(
  rt: Runtime,
  userId: string,
  id: string,
  patch: { alt_text: string | null },
): Promise<MediaView> {
  const row = await ownedMedia(rt, userId, id);
  await rt.db
    .update(mediaItems)
    .set({ altText: patch.alt_text })
    .where(and(eq(mediaItems.id, id), eq(mediaItems.userId, userId)));
  const using = await postsUsing(rt, userId, [id]);
  return presentMedia(rt, { ...row, altText: patch.alt_text }, using.get(id) ?? []);
}

const withoutItem = (media: MediaItem[] | undefined, mediaId: string) => media?.filter((m) => m.media_id !== mediaId);

/** A draft's columns once it lets go of a media item. */
function lettingGo(post: typeof posts.$inferSelect, mediaId: string) {
  const overrides: Record<string, PlatformOverride> = {};
  for (const [platform, override] of Object.entries(post.platformOverrides)) {
    overrides[platform] = override.media ? { ...override, media: withoutItem(override.media, mediaId) } : override;
  }
  return {
    media: withoutItem(post.media, mediaId) ?? [],
    platformOverrides: overrides,
    mediaIds: post.mediaIds.filter((id) => id !== mediaId),
    version: post.version + 1,
    writeToken: newId("wrt"),
  };
}

/**
 * Deletes a media item with its variants: refused (409 `media_in_use`, `error.used_by`) while a scheduled, waiting or
 * publishing post uses it; drafts and finished posts let go of it (a draft loses the item). The row goes in one
 * batch guarded by that rule, so a post scheduled meanwhile keeps it; then the stored objects go.
 */
export async function deleteMediaItem(rt: Runtime, userId: string, id: string): Promise<{ id: string; deleted: true }> {
  const row = await ownedMedia(rt, userId, id);
  const inUse = async () => {
    const holding = (await postsUsing(rt, userId, [id], HOLDING)).get(id) ?? [];
    if (holding.length > 0) {
      throw new AppError(
        "media_in_use",
        `Media ${id} is used by ${holding.length} scheduled, waiting or publishing post(s): ${holding.join(", ")}`,
        { used_by: holding },
      );
    }
  };
  await inUse();
  const [variants, drafts] = await Promise.all([
    rt.db.select({ key: mediaVariants.key }).from(mediaVariants).where(eq(mediaVariants.mediaId, id)),
    rt.db
      .select()
      .from(posts)
      .where(and(namesMedia(userId, [id]), eq(posts.status, "draft"), isNull(posts.deletedAt))),
  ]);
  const notHeld: SQL = sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${namesMedia(userId, [id], HOLDING)})`;
  const gone = sql`NOT EXISTS (SELECT 1 FROM ${mediaItems} WHERE ${mediaItems.id} = ${id})`;
  const [deleted] = await runBatch(rt.db, [
    rt.db
      .delete(mediaItems)
      .where(and(eq(mediaItems.id, id), eq(mediaItems.userId, userId), notHeld))
      .returning({ id: mediaItems.id }),
    rt.db.delete(mediaVariants).where(and(eq(mediaVariants.mediaId, id), gone)),
    ...drafts.map((draft) =>
      rt.db
        .update(posts)
        .set(lettingGo(draft, id))
        .where(and(eq(posts.id, draft.id), eq(posts.version, draft.version), eq(posts.status, "draft"), gone)),
    ),
  ]);
  if ((deleted as { id: string }[]).length === 0) {
    await inUse();
    throw notFound("Media");
  }
  await rt.env.MEDIA.delete([row.key, ...variants.map((v) => v.key)]);
  return { id, deleted: true };
}
