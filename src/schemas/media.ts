// Zod schemas of the media library: a media item, its list and change, and the resumable upload protocol.
import { z } from "@hono/zod-openapi";
import { MEDIA_TYPES } from "../db/schema/media";

export const ALT_TEXT_MAX = 1000;

export const MediaSchema = z
  .object({
    id: z.string().openapi({ example: "med_3hZ0cQ8vXb1mK2pLr9Ta" }),
    type: z.enum(MEDIA_TYPES),
    content_type: z.string().openapi({ description: "Read from the bytes", example: "image/png" }),
    size: z.number().int().openapi({ description: "Bytes" }),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_ms: z.number().int().nullable().openapi({ description: "Videos" }),
    pages: z.number().int().nullable().openapi({ description: "Documents (PDF)" }),
    filename: z.string().nullable(),
    alt_text: z.string().nullable(),
    url: z.string().openapi({ description: "The unguessable public address platforms fetch it at" }),
    created_at: z.string(),
    used_by: z.array(z.string()).openapi({ description: "Ids of the posts that use it (drafts included)" }),
  })
  .openapi("Media");

export const MediaListQuery = z.object({
  type: z.enum(MEDIA_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});
export type MediaListQueryInput = z.infer<typeof MediaListQuery>;

export const MediaUpdateSchema = z
  .object({ alt_text: z.string().max(ALT_TEXT_MAX).nullable() })
  .strict()
  .openapi("MediaUpdate");

export const MediaUploadForm = z
  .object({
    file: z.any().openapi({ type: "string", format: "binary", description: "The file, up to 100 MB" }),
    alt_text: z.string().max(ALT_TEXT_MAX).optional(),
  })
  .openapi("MediaUploadForm");

export const UploadCreateSchema = z
  .object({
    filename: z.string().min(1).max(255),
    content_type: z.string().min(1).max(100).openapi({ example: "video/mp4" }),
    size: z
      .number()
      .int()
      .min(1)
      .max(5 * 1024 ** 3)
      .openapi({ description: "The whole file's bytes" }),
    alt_text: z.string().max(ALT_TEXT_MAX).optional(),
  })
  .strict()
  .openapi("MediaUploadCreate");
export type UploadCreateInput = z.infer<typeof UploadCreateSchema>;

export const UploadSchema = z
  .object({
    upload_id: z.string().openapi({ example: "upl_3hZ0cQ8vXb1mK2pLr9Ta" }),
    filename: z.string(),
    content_type: z.string(),
    size: z.number().int(),
    part_size: z.number().int().openapi({ description: "Every part is exactly this long but the last" }),
    parts: z.number().int().openapi({ description: "How many parts the file is cut into, numbered from 1" }),
    received: z
      .array(z.object({ n: z.number().int(), size: z.number().int() }))
      .openapi({ description: "The parts that arrived" }),
    expires_at: z.string().openapi({ description: "Not completed by then, it is aborted" }),
  })
  .openapi("MediaUpload");

export const UploadPartParams = z.object({
  uploadId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "uploadId", in: "path" } }),
  n: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .openapi({ param: { name: "n", in: "path" } }),
});

export const UploadIdParams = UploadPartParams.pick({ uploadId: true });

export const UploadPartSchema = z.object({ n: z.number().int(), size: z.number().int() }).openapi("MediaUploadPart");
