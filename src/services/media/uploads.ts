// Resumable uploads on R2 multipart upload: start, send parts in any order, see what arrived, complete, abort.
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { insertIf } from "../../db/insert-if";
import { mediaUploadParts, mediaUploads } from "../../db/schema";
import { iso } from "../../lib/clock";
import { AppError, notFound, validationError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { UploadCreateInput } from "../../schemas/media";
import type { Principal } from "../auth/auth";
import type { Runtime } from "../runtime";
import { declaredType, notTaken, readFacts, SNIFF_BYTES, sniffType } from "./facts";
import { getMedia, insertWithinStorage, type MediaView, mediaRow, presentMedia } from "./library";
import { MEDIA_CACHE_CONTROL, newMediaKey, storedSource } from "./objects";
import { fitsStorage, requireFileSize, requireStorage, storageLimit } from "./quota";

type UploadRow = typeof mediaUploads.$inferSelect;

/** An upload not completed within this long is aborted by housekeeping. */
export const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** R2 takes at most 10,000 parts. */
const MOST_PARTS = 10_000;

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/x-m4v": "mp4",
  "video/quicktime": "mov",
  "application/pdf": "pdf",
};

const presentUpload = (upload: UploadRow, received: { n: number; size: number }[]) => ({
  upload_id: upload.id,
  filename: upload.filename,
  content_type: upload.declaredType,
  size: upload.size,
  part_size: upload.partSize,
  parts: upload.parts,
  received,
  expires_at: iso(upload.createdAt + UPLOAD_LIFETIME_MS),
});

export type UploadView = ReturnType<typeof presentUpload>;

const expectedPartSize = (upload: UploadRow, n: number) =>
  n < upload.parts ? upload.partSize : upload.size - upload.partSize * (upload.parts - 1);

async function ownedUpload(rt: Runtime, userId: string, id: string): Promise<UploadRow> {
  const [upload] = await rt.db
    .select()
    .from(mediaUploads)
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.userId, userId)));
  if (!upload) throw notFound("Upload");
  return upload;
}

const notOpen = (upload: UploadRow) =>
  new AppError(
    "state_error",
    upload.status === "completed"
      ? `Upload ${upload.id} is completed (media ${upload.mediaId})`
      : `Upload ${upload.id} is being completed`,
    { status: upload.status },
  );

const receivedParts = (rt: Runtime, uploadId: string) =>
  rt.db
    .select({ n: mediaUploadParts.n, size: mediaUploadParts.size, etag: mediaUploadParts.etag })
    .from(mediaUploadParts)
    .where(eq(mediaUploadParts.uploadId, uploadId))
    .orderBy(asc(mediaUploadParts.n));

/**
 * Starts a resumable upload of `size` bytes: the file size and storage are checked against the plan now (its size is
 * reserved until it completes or is aborted), the declared type must be one Herald takes, and the answer says how to
 * cut the file (`part_size`, `parts`).
 */
export async function startUpload(rt: Runtime, principal: Principal, input: UploadCreateInput): Promise<UploadView> {
  requireFileSize(principal.plan, input.size);
  const declared = declaredType(input.content_type, input.filename);
  const extension = declared ? EXTENSIONS[declared] : undefined;
  if (!declared || !extension) throw notTaken(declared ?? undefined);
  await requireStorage(rt, principal.plan, principal.userId, input.size);
  const partSize = Math.max(rt.config.media_part_size_bytes, Math.ceil(input.size / MOST_PARTS));
  const key = newMediaKey(extension);
  const multipart = await rt.env.MEDIA.createMultipartUpload(key, {
    httpMetadata: { contentType: declared, cacheControl: MEDIA_CACHE_CONTROL },
  });
  const row: UploadRow = {
    id: newId("upl"),
    userId: principal.userId,
    key,
    r2UploadId: multipart.uploadId,
    filename: input.filename,
    declaredType: declared,
    size: input.size,
    partSize,
    parts: Math.ceil(input.size / partSize),
    status: "open",
    altText: input.alt_text ?? null,
    mediaId: null,
    createdAt: rt.clock.now(),
  };
  const inserted = await insertIf(
    rt.db,
    mediaUploads,
    row,
    fitsStorage(principal.plan, principal.userId, input.size),
  ).returning({ id: mediaUploads.id });
  if (inserted.length === 0) {
    await multipart.abort();
    throw await storageLimit(rt, principal.plan, principal.userId, input.size);
  }
  return presentUpload(row, []);
}

/** Where an upload stands: which parts arrived (a client resumes by sending the others). */
export async function getUpload(rt: Runtime, userId: string, id: string): Promise<UploadView> {
  const upload = await ownedUpload(rt, userId, id);
  const parts = await receivedParts(rt, id);
  return presentUpload(
    upload,
    parts.map(({ n, size }) => ({ n, size })),
  );
}

/** Drops an upload's stored parts and its rows: nothing of it stays. */
async function discard(rt: Runtime, upload: UploadRow) {
  await rt.env.MEDIA.resumeMultipartUpload(upload.key, upload.r2UploadId)
    .abort()
    .catch(() => {});
  await rt.env.MEDIA.delete(upload.key);
  await runBatch(rt.db, [
    rt.db.delete(mediaUploadParts).where(eq(mediaUploadParts.uploadId, upload.id)),
    rt.db.delete(mediaUploads).where(eq(mediaUploads.id, upload.id)),
  ]);
}

/**
 * Stores part `n` of an open upload: exactly `part_size` bytes (the last part: what remains), in any order; sending a
 * part again replaces it. The first part's bytes are sniffed at once: a file Herald does not take is refused (415)
 * and the upload aborted.
 */
export async function putPart(
  rt: Runtime,
  userId: string,
  id: string,
  n: number,
  body: ReadableStream<Uint8Array> | null,
  contentLength: number | null,
): Promise<{ n: number; size: number }> {
  const upload = await ownedUpload(rt, userId, id);
  if (upload.status !== "open") throw notOpen(upload);
  if (n > upload.parts) throw validationError("n", `upload ${id} has ${upload.parts} parts, numbered from 1`);
  const expected = expectedPartSize(upload, n);
  if (contentLength !== expected || body === null) {
    throw validationError(
      "body",
      `part ${n} must be exactly ${expected} bytes${contentLength === null ? " (send Content-Length)" : `, not ${contentLength}`}`,
    );
  }
  const multipart = rt.env.MEDIA.resumeMultipartUpload(upload.key, upload.r2UploadId);
  let uploaded: R2UploadedPart;
  if (n === 1) {
    const bytes = new Uint8Array(await new Response(body).arrayBuffer());
    if (bytes.byteLength !== expected) throw validationError("body", `part 1 must be exactly ${expected} bytes`);
    try {
      await sniffType(bytes.subarray(0, SNIFF_BYTES), upload.declaredType);
    } catch (error) {
      await discard(rt, upload);
      throw error;
    }
    uploaded = await multipart.uploadPart(n, bytes);
  } else {
    uploaded = await multipart.uploadPart(n, body);
  }
  await rt.db
    .insert(mediaUploadParts)
    .values({ uploadId: id, n, etag: uploaded.etag, size: expected })
    .onConflictDoUpdate({
      target: [mediaUploadParts.uploadId, mediaUploadParts.n],
      set: { etag: uploaded.etag, size: expected },
    });
  return { n, size: expected };
}

/**
 * Completes an upload once every part arrived: R2 joins the parts, the type and facts are read from the stored
 * bytes (ranged reads: a video's header may be anywhere), and the media item is recorded within the plan's storage.
 * A refusal removes what was stored. Completing a completed upload answers its media item again.
 */
export async function completeUpload(rt: Runtime, principal: Principal, id: string): Promise<MediaView> {
  const upload = await ownedUpload(rt, principal.userId, id);
  if (upload.status === "completed" && upload.mediaId) return getMedia(rt, principal.userId, upload.mediaId);
  if (upload.status !== "open") throw notOpen(upload);
  const parts = await receivedParts(rt, id);
  const arrived = new Set(parts.map((p) => p.n));
  const missing = Array.from({ length: upload.parts }, (_, i) => i + 1).filter((n) => !arrived.has(n));
  if (missing.length > 0) {
    throw new AppError(
      "state_error",
      `Upload ${id} is missing ${missing.length} of its ${upload.parts} parts: ${missing.slice(0, 20).join(", ")}${missing.length > 20 ? "…" : ""}`,
      { status: upload.status, missing },
    );
  }
  const [claimed] = await rt.db
    .update(mediaUploads)
    .set({ status: "completing" })
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.status, "open")))
    .returning();
  if (!claimed) throw notOpen({ ...upload, status: "completing" });
  const multipart = rt.env.MEDIA.resumeMultipartUpload(upload.key, upload.r2UploadId);
  await multipart.complete(parts.map((p) => ({ partNumber: p.n, etag: p.etag })));
  let row: ReturnType<typeof mediaRow>;
  try {
    const source = storedSource(rt, upload.key, upload.size);
    const contentType = await sniffType(await source.read(0, Math.min(SNIFF_BYTES, upload.size)), upload.declaredType);
    const facts = await readFacts(source, contentType);
    row = mediaRow(rt, principal.userId, {
      key: upload.key,
      facts,
      size: upload.size,
      filename: upload.filename,
      altText: upload.altText,
    });
  } catch (error) {
    await discard(rt, upload);
    throw error;
  }
  const [inserted] = await runBatch(rt.db, [
    insertWithinStorage(rt, principal, row, id),
    rt.db
      .update(mediaUploads)
      .set({ status: "completed", mediaId: row.id })
      .where(and(eq(mediaUploads.id, id), eq(mediaUploads.status, "completing"))),
    rt.db.delete(mediaUploadParts).where(eq(mediaUploadParts.uploadId, id)),
  ]);
  if ((inserted as { id: string }[]).length === 0) {
    await discard(rt, upload);
    throw await storageLimit(rt, principal.plan, principal.userId, upload.size, id);
  }
  return presentMedia(rt, row, []);
}

/** Aborts an open upload: its parts are freed and its reserved storage with them. */
export async function abortUpload(rt: Runtime, userId: string, id: string): Promise<{ id: string; deleted: true }> {
  const upload = await ownedUpload(rt, userId, id);
  if (upload.status !== "open") throw notOpen(upload);
  const [claimed] = await rt.db
    .update(mediaUploads)
    .set({ status: "completing" })
    .where(and(eq(mediaUploads.id, id), eq(mediaUploads.status, "open")))
    .returning({ id: mediaUploads.id });
  if (!claimed) throw notOpen({ ...upload, status: "completing" });
  await discard(rt, upload);
  return { id, deleted: true };
}

/** Uploads aborted per housekeeping run: a backlog is worked off over several runs. */
const STALE_PER_RUN = 100;

/**
 * Housekeeping: every upload not completed within 24 hours is aborted (its parts freed), and completed uploads'
 * rows older than that are forgotten. Answers how many were aborted.
 */
export async function abortStaleUploads(rt: Runtime): Promise<number> {
  const before = rt.clock.now() - UPLOAD_LIFETIME_MS;
  const stale = await rt.db
    .select()
    .from(mediaUploads)
    .where(and(lt(mediaUploads.createdAt, before), inArray(mediaUploads.status, ["open", "completing"])))
    .limit(STALE_PER_RUN);
  for (const upload of stale) await discard(rt, upload);
  await rt.db.delete(mediaUploads).where(and(lt(mediaUploads.createdAt, before), eq(mediaUploads.status, "completed")));
  return stale.length;
}
