// REST routes for posts: create (one or in bulk), list, read, change, unschedule and delete them.
import { z } from "@hono/zod-openapi";
import { DeletedSchema, IdParam, jsonBody, jsonContent, ok } from "../../schemas/common";
import {
  DryRunQuery,
  DryRunSchema,
  PostCreateSchema,
  PostListQuery,
  PostSchema,
  PostUpdateSchema,
} from "../../schemas/posts";
import { createPostsBulk } from "../../services/posts/bulk";
import { dryRunPost } from "../../services/posts/dry-run";
import { createPost, deletePost, getPost, listPosts, unschedulePost, updatePost } from "../../services/posts/store";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Posts"];
const IdempotencyHeader = z.object({
  "idempotency-key": z.string().max(255).optional().openapi({
    description: "Retry safely: the same key and body within 24 hours answer with the first answer, creating nothing",
  }),
});
const idempotencyErrors = ["idempotency_conflict", "idempotency_in_progress"] as const;

const create = authedRoute(
  "posts:write",
  {
    operationId: "createPost",
    method: "post",
    path: "/api/v1/posts",
    tags,
    summary: "Create a post (draft, scheduled or immediate)",
    description:
      "With `schedule_type` `scheduled` it goes out at `scheduled_at`; `immediate` publishes now; neither makes a draft; `next_slot: true` schedules it into the next free posting slot of its accounts. Text over an account's `text_limit` is refused here, never at publish time. `?dry_run=true` checks everything and answers what each platform would receive, saving nothing.",
    request: { query: DryRunQuery, headers: IdempotencyHeader, body: jsonBody(PostCreateSchema) },
    responses: {
      201: ok(PostSchema, "The created post"),
      200: ok(DryRunSchema, "Dry run: what would happen, per target"),
    },
    errors: ["PLATFORM_UNAVAILABLE", "no_slots", "no_free_slot", ...idempotencyErrors],
  },
  { idempotent: true },
);

const bulk = authedRoute(
  "posts:write",
  {
    operationId: "createPostsBulk",
    method: "post",
    path: "/api/v1/posts/bulk",
    tags,
    summary: "Create up to 100 posts at once, all or none",
    description:
      "Every row is checked first; either all are created (`data` holds them in order) or none (400 with `error.rows`: the error of each failing row by index).",
    request: {
      headers: IdempotencyHeader,
      body: jsonBody(z.array(z.unknown()).openapi({ description: "PostCreate rows, without `next_slot`" })),
    },
    responses: { 201: ok(z.array(PostSchema), "The created posts, in order") },
    errors: ["payload_too_large", ...idempotencyErrors],
  },
  { idempotent: true },
);

const list = authedRoute("posts:read", {
  operationId: "listPosts",
  method: "get",
  path: "/api/v1/posts",
  tags,
  summary: "List posts, newest first",
  description: "Pass `next_cursor` from one page as `cursor` to get the next; it is null on the last page.",
  request: { query: PostListQuery },
  responses: {
    200: jsonContent(
      z.object({ success: z.literal(true), data: z.array(PostSchema), next_cursor: z.string().nullable() }),
      "A page of posts",
    ),
  },
});

const get = authedRoute("posts:read", {
  operationId: "getPost",
  method: "get",
  path: "/api/v1/posts/{id}",
  tags,
  summary: "Get a post with each target's state",
  request: { params: IdParam },
  responses: { 200: ok(PostSchema, "The post") },
});

const update = authedRoute("posts:write", {
  operationId: "updatePost",
  method: "patch",
  path: "/api/v1/posts/{id}",
  tags,
  summary: "Edit a draft or scheduled post",
  description:
    "Fields given replace the post's. A platform's override is replaced whole: leaving out `detached` re-attaches that platform to the shared text.",
  request: { params: IdParam, body: jsonBody(PostUpdateSchema) },
  responses: { 200: ok(PostSchema, "The post") },
  errors: ["PLATFORM_UNAVAILABLE", "state_error"],
});

const unschedule = authedRoute("posts:write", {
  operationId: "unschedulePost",
  method: "post",
  path: "/api/v1/posts/{id}/unschedule",
  tags,
  summary: "Move a scheduled post back to draft",
  description:
    "It keeps its content and time; schedule it again with PATCH `schedule_type`. A draft answers unchanged.",
  request: { params: IdParam },
  responses: { 200: ok(PostSchema, "The post, now a draft") },
  errors: ["state_error"],
});

const remove = authedRoute("posts:write", {
  operationId: "deletePost",
  method: "delete",
  path: "/api/v1/posts/{id}",
  tags,
  summary: "Delete a post",
  description: "Removes it from Herald (not from platforms it went to). Refused while it is publishing.",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
  errors: ["state_error"],
});

export const postRoutes = createRouter()
  .openapi(create, async (c) => {
    const { rt, principal } = c.var;
    const input = c.req.valid("json");
    if (c.req.valid("query").dry_run) {
      return c.json({ success: true as const, data: await dryRunPost(rt, principal, input) }, 200);
    }
    const idempotency = c.var.idempotency;
    // A first try that died after writing its post, before its answer was kept: that post is the answer.
    if (idempotency?.recovered) {
      return c.json({ success: true as const, data: await getPost(rt, principal.userId, idempotency.recovered) }, 201);
    }
    return c.json({ success: true as const, data: await createPost(rt, principal, input, idempotency?.record) }, 201);
  })
  .openapi(bulk, async (c) => {
    const data = await createPostsBulk(c.var.rt, c.var.principal, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    const page = await listPosts(c.var.rt, c.var.principal.userId, c.req.valid("query"));
    return c.json({ success: true as const, ...page }, 200);
  })
  .openapi(get, async (c) => {
    const data = await getPost(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(update, async (c) => {
    const data = await updatePost(c.var.rt, c.var.principal, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(unschedule, async (c) => {
    const data = await unschedulePost(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deletePost(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
