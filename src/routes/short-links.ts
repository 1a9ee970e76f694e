// The public route that follows a short link (`/l/{code}`) and counts the visit.
import { z } from "@hono/zod-openapi";
import { followShortLink } from "../services/short-links";
import { publicRoute } from "./define";
import { createRouter } from "./router";

const follow = publicRoute({
  operationId: "followShortLink",
  method: "get",
  path: "/l/{code}",
  tags: ["Links"],
  summary: "Follow a short link from a published post",
  description:
    "Links in a post's text become these when it is published. Counts the click (crawlers and link-preview fetchers apart) and redirects (302).",
  request: {
    params: z.object({
      code: z
        .string()
        .min(1)
        .max(20)
        .openapi({ param: { name: "code", in: "path" } }),
    }),
  },
  responses: {
    302: { description: "Redirect to the original URL", headers: { Location: { schema: { type: "string" } } } },
  },
  errors: ["not_found"],
});

export const shortLinkRoutes = createRouter().openapi(follow, async (c) =>
  c.redirect(await followShortLink(c.var.rt, c.req.valid("param").code, c.req.header("user-agent") ?? null), 302),
);
