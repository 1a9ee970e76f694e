// Tables of the media library: uploaded files, their variants, and resumable uploads with their parts.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

export const MEDIA_TYPES = ["image", "video", "document"] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * One file of a user's library: the R2 object `key` in `MEDIA`, served at `/media/<key>`, with what was read from its
 * bytes (never from its name or declared type): the type, size, pixel size, a video's length and codecs, a document's
 * pages.
 */
export const mediaItems = sqliteTable(
  "media",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    type: text("type", { enum: MEDIA_TYPES }).notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    durationMs: integer("duration_ms"),
    pages: integer("pages"),
    /** A video's codecs as its container names them (`avc1.64001f`, `hvc1…`, `mp4a.40.2`). */
    videoCodec: text("video_codec"),
    audioCodec: text("audio_codec"),
    filename: text("filename"),
    altText: text("alt_text"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("media_key").on(t.key),
    index("media_user_created").on(t.userId, t.createdAt),
    index("media_created").on(t.createdAt),
  ],
);

/** A copy of a media item made to fit a platform's limits (smaller, or another format), kept beside the original. */
export const mediaVariants = sqliteTable(
  "media_variants",
  {
    mediaId: text("media_id").notNull(),
    /** What the copy was made to fit (format, most bytes, longest side): one copy per media item and fit. */
    fit: text("fit").notNull(),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.fit] })],
);

export const UPLOAD_STATES = ["open", "completing", "completed"] as const;

/**
 * A resumable upload: an R2 multipart upload of `size` bytes in parts of `partSize` (the last may be shorter),
 * completed into a media item or aborted (the row is then deleted). An open one reserves its size in the user's
 * storage.
 */
export const mediaUploads = sqliteTable(
  "media_uploads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    key: text("key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    filename: text("filename").notNull(),
    declaredType: text("declared_type").notNull(),
    size: integer("size").notNull(),
    partSize: integer("part_size").notNull(),
    parts: integer("parts").notNull(),
    status: text("status", { enum: UPLOAD_STATES }).notNull(),
    altText: text("alt_text"),
    /** The media item it became, once completed. */
    mediaId: text("media_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("media_uploads_user").on(t.userId, t.status), index("media_uploads_created").on(t.createdAt)],
);

/** A part that arrived, with the etag R2 gave it (needed to complete the upload). */
export const mediaUploadParts = sqliteTable(
  "media_upload_parts",
  {
    uploadId: text("upload_id").notNull(),
    n: integer("n").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.n] })],
);
