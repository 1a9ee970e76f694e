// REST routes for review links: create, list and revoke them, and request a post's approval.
import { z } from "@hono/zod-openapi";
import { IdParam, jsonBody, ok } from "../../schemas/common";
import { PostSchema } from "../../schemas/posts";
import {
  ReviewLinkCreateBody,
  ReviewLinkCreatedSchema,
  ReviewLinkParams,
  ReviewLinkSchema,
} from "../../schemas/reviews";
import { requestApproval } from "../../services/posts/approval";
import { createReviewLink, listReviewLinks, revokeReviewLink } from "../../services/reviews/links";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Review links"];

const create = authedRoute("posts:write", {
  method: "post",
  path: "/api/v1/posts/{id}/review-links",
  operationId: "createReviewLink",
  tags,
  summary: "Create a client review link",
  description:
    "A page at `url` where a client without a Herald account sees the post as each platform will show it and approves it, asks for changes (with a comment) or comments. Each decision notifies the owner and sends `post.review_decision`. The `url` is shown this once. Studio, Pro and Agency plans.",
  request: { params: IdParam, body: jsonBody(ReviewLinkCreateBody) },
  errors: ["state_error", "feature_disabled"],
  responses: {
    201: ok(ReviewLinkCreatedSchema, "The link, with its URL"),
  },
});

const list = authedRoute("posts:read", {
  method: "get",
  path: "/api/v1/posts/{id}/review-links",
  operationId: "listReviewLinks",
  tags,
  summary: "List a post's review links and their decisions",
  request: { params: IdParam },
  errors: ["feature_disabled"],
  responses: { 200: ok(z.array(ReviewLinkSchema), "The post's links, newest first") },
});

const revoke = authedRoute("posts:write", {
  method: "delete",
  path: "/api/v1/posts/{id}/review-links/{linkId}",
  operationId: "revokeReviewLink",
  tags,
  summary: "Revoke a review link",
  description: "The link stops working at once; decisions made through it are kept.",
  request: { params: ReviewLinkParams },
  errors: ["feature_disabled"],
  responses: { 200: ok(ReviewLinkSchema, "The revoked link") },
});

const requestPostApproval = authedRoute("posts:write", {
  method: "post",
  path: "/api/v1/posts/{id}/request-approval",
  operationId: "requestPostApproval",
  tags: ["Posts"],
  summary: "Send a post for approval",
  description:
    "A draft or scheduled post becomes `waiting_for_approval`: it keeps its time, takes its posting slot and is not published until it is approved (through a review link, or by the owner in the dashboard); then it is scheduled again, or published at once if its time has passed. Changes requested make it a draft with the comment in `approval_comment`. Editing it later sends it back to waiting. A draft needs a `scheduled_at` and is checked as a scheduled post. Every plan.",
  request: { params: IdParam },
  errors: ["state_error"],
  responses: {
    200: ok(PostSchema, "The post, waiting for approval"),
  },
});

export const reviewRoutes = createRouter()
  .openapi(create, async (c) => {
    const data = await createReviewLink(c.var.rt, c.var.principal, c.req.valid("param").id, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    const data = await listReviewLinks(c.var.rt, c.var.principal, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(revoke, async (c) => {
    const { id, linkId } = c.req.valid("param");
    const data = await revokeReviewLink(c.var.rt, c.var.principal, id, linkId);
    return c.json({ success: true as const, data }, 200);
  })
  .openapi(requestPostApproval, async (c) => {
    const data = await requestApproval(c.var.rt, c.var.principal, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
