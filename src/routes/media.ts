// The public route that serves stored media (`/media/{key}`).
import { z } from "@hono/zod-openapi";
import { readMedia } from "../services/media/objects";
import { publicRoute } from "./define";
import { createRouter } from "./router";

const serve = publicRoute({
  operationId: "getMedia",
  method: "get",
  path: "/media/{key}",
  tags: ["Media"],
  summary: "An image Herald made for a post (RSS `image: ai`)",
  description:
    "Public, so that platforms can fetch it; the key is unguessable. Answers the image with its content type and a one-year immutable cache.",
  request: {
    params: z.object({
      key: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: "key", in: "path" } }),
    }),
  },
  responses: {
    200: {
      description: "The image",
      content: { "image/*": { schema: { type: "string", format: "binary" } } },
    },
  },
  errors: ["not_found"],
});

export const mediaRoutes = createRouter().openapi(serve, async (c) => {
  const object = await readMedia(c.var.rt, c.req.valid("param").key);
  const headers = new Headers({ etag: object.httpEtag, "x-content-type-options": "nosniff" });
  object.writeHttpMetadata(headers);
  return c.body(object.body, 200, Object.fromEntries(headers));
});
