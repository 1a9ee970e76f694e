// REST routes for the workspace's default UTM parameters, which posts without their own get on their links.
import { jsonBody, ok } from "../../schemas/common";
import { UtmDefaultBody, UtmDefaultSchema } from "../../schemas/utm";
import { defaultUtmOf, setDefaultUtm } from "../../services/posts/utm";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Links"];

const read = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/settings/utm",
  operationId: "getDefaultUtm",
  tags,
  summary: "The UTM parameters posts without their own get on their links",
  responses: { 200: ok(UtmDefaultSchema, "The default, or null") },
});

const write = authedRoute("posts:write", {
  method: "put",
  path: "/api/v1/settings/utm",
  operationId: "setDefaultUtm",
  tags,
  summary: "Set (or with null, remove) the default UTM parameters",
  description:
    "Added at publish time, before shortening, to every link of a post that has no `utm` of its own; `{platform}` and `{account}` are filled in per target, and a parameter a link already has is kept.",
  request: { body: jsonBody(UtmDefaultBody) },
  responses: { 200: ok(UtmDefaultSchema, "The default now") },
});

export const utmRoutes = createRouter()
  .openapi(read, async (c) => {
    const utm = await defaultUtmOf(c.var.rt, c.var.principal.userId);
    return c.json({ success: true as const, data: { utm } }, 200);
  })
  .openapi(write, async (c) => {
    const data = await setDefaultUtm(c.var.rt, c.var.principal.userId, c.req.valid("json").utm);
    return c.json({ success: true as const, data }, 200);
  });
