// REST routes for the media library: upload (whole or resumable), list, read, describe and delete media.
import { z } from "@hono/zod-openapi";
import { validationError } from "../../lib/errors";
import { DeletedSchema, IdParam, jsonBody, jsonContent, ok } from "../../schemas/common";
import {
  MediaListQuery,
  MediaSchema,
  MediaUpdateSchema,
  MediaUploadForm,
  UploadCreateSchema,
  UploadIdParams,
  UploadPartParams,
  UploadPartSchema,
  UploadSchema,
} from "../../schemas/media";
import { deleteMediaItem, getMedia, listMedia, updateMedia, uploadFile } from "../../services/media/library";
import { abortUpload, completeUpload, getUpload, putPart, startUpload } from "../../services/media/uploads";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Media"];
const refusals = ["payload_too_large", "storage_limit", "unsupported_media_type"] as const;

const upload = authedRoute("posts:write", {
  operationId: "uploadMedia",
  method: "post",
  path: "/api/v1/media",
  tags,
  summary: "Upload a file (up to 100 MB) to the media library",
  description:
    "`multipart/form-data` with the field `file` and optionally `alt_text`. The type is read from the bytes (JPEG, PNG, WebP, GIF, MP4/MOV with H.264 or HEVC and AAC, PDF), never from the name or the declared type; width, height, a video's length and a PDF's pages too. Larger files: the resumable upload.",
  request: { body: { content: { "multipart/form-data": { schema: MediaUploadForm } }, required: true } },
  responses: { 201: ok(MediaSchema, "The media item") },
  errors: refusals,
});

const list = authedRoute("posts:read", {
  operationId: "listMedia",
  method: "get",
  path: "/api/v1/media",
  tags,
  summary: "List the media library, newest first",
  description: "Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.",
  request: { query: MediaListQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.array(MediaSchema), next_cursor: z.string().nullable() }),
      "A page of media",
    ),
  },
});

const get = authedRoute("posts:read", {
  operationId: "getMediaItem",
  method: "get",
  path: "/api/v1/media/{id}",
  tags,
  summary: "Get a media item, with the posts that use it",
  request: { params: IdParam },
  responses: { 200: ok(MediaSchema, "The media item") },
});

const update = authedRoute("posts:write", {
  operationId: "updateMedia",
  method: "patch",
  path: "/api/v1/media/{id}",
  tags,
  summary: "Change a media item's alt text",
  description: "Posts that use it without alt text of their own send the new one from then on.",
  request: { params: IdParam, body: jsonBody(MediaUpdateSchema) },
  responses: { 200: ok(MediaSchema, "The media item") },
});

const remove = authedRoute("posts:write", {
  operationId: "deleteMedia",
  method: "delete",
  path: "/api/v1/media/{id}",
  tags,
  summary: "Delete a media item and its variants",
  description:
    "Refused with 409 `media_in_use` while a scheduled, waiting or publishing post uses it; drafts let go of it (the item leaves their media).",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
  errors: ["media_in_use"],
});

const start = authedRoute("posts:write", {
  operationId: "startMediaUpload",
  method: "post",
  path: "/api/v1/media/uploads",
  tags,
  summary: "Start a resumable upload (large files, video up to the plan's file size)",
  description:
    "Answers how to cut the file: `parts` parts of exactly `part_size` bytes but the last. Send each with PUT …/parts/{n} in any order, then POST …/complete. The size counts against the plan's storage until the upload completes or is aborted; one not completed within 24 hours is aborted.",
  request: { body: jsonBody(UploadCreateSchema) },
  responses: { 201: ok(UploadSchema, "The upload") },
  errors: refusals,
});

const part = authedRoute("posts:write", {
  operationId: "putMediaUploadPart",
  method: "put",
  path: "/api/v1/media/uploads/{uploadId}/parts/{n}",
  tags,
  summary: "Send one part of a resumable upload (raw bytes)",
  description:
    "Exactly `part_size` bytes (the last part: the rest), with `Content-Length`. Sending a part again replaces it. The first part's bytes are checked at once: a type Herald does not take aborts the upload (415).",
  request: {
    params: UploadPartParams,
    body: {
      content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
      required: true,
    },
  },
  responses: { 200: ok(UploadPartSchema, "The part arrived") },
  errors: ["state_error", "unsupported_media_type"],
});

const status = authedRoute("posts:read", {
  operationId: "getMediaUpload",
  method: "get",
  path: "/api/v1/media/uploads/{uploadId}",
  tags,
  summary: "Which parts of a resumable upload arrived",
  description: "After a dropped connection, send the parts not in `received` and complete.",
  request: { params: UploadIdParams },
  responses: { 200: ok(UploadSchema, "The upload") },
});

const complete = authedRoute("posts:write", {
  operationId: "completeMediaUpload",
  method: "post",
  path: "/api/v1/media/uploads/{uploadId}/complete",
  tags,
  summary: "Complete a resumable upload into a media item",
  description:
    "Refused (409 `state_error`, `error.missing`) until every part arrived. The type and facts are read from the bytes; a refusal removes what was stored. Completing again answers the same media item.",
  request: { params: UploadIdParams },
  responses: { 201: ok(MediaSchema, "The media item") },
  errors: ["state_error", ...refusals],
});

const abort = authedRoute("posts:write", {
  operationId: "abortMediaUpload",
  method: "delete",
  path: "/api/v1/media/uploads/{uploadId}",
  tags,
  summary: "Abort a resumable upload, freeing its parts and reserved storage",
  request: { params: UploadIdParams },
  responses: { 200: ok(DeletedSchema, "Aborted") },
  errors: ["state_error"],
});

export const mediaLibraryRoutes = createRouter()
  .openapi(start, async (c) => {
    const data = await startUpload(c.var.rt, c.var.principal, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(part, async (c) => {
    const { uploadId, n } = c.req.valid("param");
    const length = c.req.header("content-length");
    const data = await putPart(
      c.var.rt,
      c.var.principal.userId,
      uploadId,
      n,
      c.req.raw.body,
      length === undefined ? null : Number(length),
    );
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(status, async (c) => {
    const data = await getUpload(c.var.rt, c.var.principal.userId, c.req.valid("param").uploadId);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(complete, async (c) => {
    const data = await completeUpload(c.var.rt, c.var.principal, c.req.valid("param").uploadId);
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(abort, async (c) => {
    const data = await abortUpload(c.var.rt, c.var.principal.userId, c.req.valid("param").uploadId);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(upload, async (c) => {
    const form = c.req.valid("form");
    if (!(form.file instanceof File)) throw validationError("file", "send the file as the form field `file`");
    const data = await uploadFile(c.var.rt, c.var.principal, form.file, form.alt_text ?? null);
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    const page = await listMedia(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, ...page }, 200);
  })
  .openapi(get, async (c) => {
    const data = await getMedia(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(update, async (c) => {
    const { rt, principal } = c.var;
    const data = await updateMedia(rt, principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteMediaItem(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
