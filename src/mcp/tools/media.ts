// Agent tools for the media library: upload a file from a URL, and list what the library holds.
import { z } from "@hono/zod-openapi";
import { ALT_TEXT_MAX, MediaListQuery, MediaSchema } from "../../schemas/media";
import { listMedia, uploadFromUrl } from "../../services/media/library";
import { defineTool } from "../define";

export const uploadMediaTool = defineTool({
  name: "upload_media",
  title: "Put a file from a URL into the media library",
  description:
    "Herald fetches the file at `url` (public hosts only, up to the plan's file size and 100 MB), reads its type from the bytes (JPEG, PNG, WebP, GIF, MP4/MOV, PDF) and keeps it in the media library. Use the answer's `id` as `mediaId` in a post's media. Refusals: `unsupported_media_type`, `payload_too_large`, `storage_limit`.",
  input: z
    .object({
      url: z
        .url({ protocol: /^https?$/ })
        .max(2048)
        .describe("Where the file is"),
      altText: z.string().max(ALT_TEXT_MAX).optional().describe("Alt text, for an image"),
    })
    .strict(),
  output: MediaSchema,
  scopes: ["posts:write"],
  readOnly: false,
  idempotent: false,
  openWorld: true,
  run: ({ rt, principal }, { url, altText }) => uploadFromUrl(rt, principal, url, altText ?? null),
});

export const listMediaTool = defineTool({
  name: "list_media",
  title: "List the media library",
  description: "The user's media, newest first: each with its type, size, pixels, length and the posts that use it.",
  input: z
    .object({
      type: MediaListQuery.shape.type,
      limit: z.number().int().min(1).max(100).optional().describe("At most this many (default 20)"),
      cursor: MediaListQuery.shape.cursor.describe("`nextCursor` of the page before"),
    })
    .strict(),
  output: z.object({ media: z.array(MediaSchema), nextCursor: z.string().nullable() }),
  scopes: ["posts:read"],
  readOnly: true,
  idempotent: true,
  openWorld: false,
  run: async ({ rt, principal }, { type, limit, cursor }) => {
    const page = await listMedia(rt, principal.userId, { type, limit: limit ?? 20, cursor });
    return { media: page.data, nextCursor: page.next_cursor };
  },
});
