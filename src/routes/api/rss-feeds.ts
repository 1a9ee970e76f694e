// REST routes for RSS feeds: list, create, change, pause and delete them.
import { z } from "@hono/zod-openapi";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import { RssFeedCreateSchema, RssFeedSchema, RssFeedUpdateSchema, RssPauseSchema } from "../../schemas/rss";
import { createFeed, deleteFeed, listFeeds, updateFeed } from "../../services/rss/feeds";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["RSS feeds"];

const list = authedRoute("posts:read", {
  operationId: "listRssFeeds",
  method: "get",
  path: "/api/v1/rss-feeds",
  tags,
  summary: "The user's RSS and Atom feeds with mode, caps and status",
  responses: { 200: ok(z.array(RssFeedSchema), "Feeds") },
});

const create = authedRoute("posts:write", {
  operationId: "createRssFeed",
  method: "post",
  path: "/api/v1/rss-feeds",
  tags,
  summary: "Add a feed whose new items become posts",
  description:
    "The first check records the items already in the feed without posting them; only items that appear later become posts. At most 5 feeds per account and one per URL.",
  request: { body: jsonBody(RssFeedCreateSchema) },
  responses: { 201: ok(RssFeedSchema, "The feed") },
});

const update = authedRoute("posts:write", {
  operationId: "updateRssFeed",
  method: "patch",
  path: "/api/v1/rss-feeds/{id}",
  tags,
  summary: "Change a feed, or pause or resume it",
  request: { params: IdParam, body: jsonBody(RssFeedUpdateSchema) },
  responses: { 200: ok(RssFeedSchema, "The feed") },
});

const pause = authedRoute("posts:write", {
  operationId: "pauseRssFeed",
  method: "post",
  path: "/api/v1/rss-feeds/{id}/pause",
  tags,
  summary: "Pause (not checked) or resume a feed; resuming a stopped feed checks it again",
  request: { params: IdParam, body: jsonBody(RssPauseSchema) },
  responses: { 200: ok(RssFeedSchema, "The feed") },
});

const remove = authedRoute("posts:write", {
  operationId: "deleteRssFeed",
  method: "delete",
  path: "/api/v1/rss-feeds/{id}",
  tags,
  summary: "Delete a feed (posts already made stay)",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

export const rssFeedRoutes = createRouter()
  .openapi(list, async (c) => {
    return c.json({ success: true as const, data: await listFeeds(c.var.rt, c.var.principal.userId) }, 200);
  })
  .openapi(create, async (c) => {
    const data = await createFeed(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(update, async (c) => {
    const { rt, principal } = c.var;
    const data = await updateFeed(rt, principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(pause, async (c) => {
    const { rt, principal } = c.var;
    const data = await updateFeed(rt, principal.userId, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteFeed(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
