// Zod schemas of review links and the decisions made on a post.
import { z } from "@hono/zod-openapi";
import { REVIEW_DECISION_KINDS } from "../db/schema/reviews";

export const ReviewLinkCreateBody = z
  .object({
    reviewer_name: z.string().trim().max(100).optional().openapi({
      description: "Who the link is for; shown on the page and used when the reviewer types no name",
      example: "Anna at Acme",
    }),
    expires_in_days: z.number().int().min(1).max(30).default(7).openapi({ description: "1 to 30 days; 7 by default" }),
    allow_comments: z.boolean().default(true).openapi({
      description: "false removes the Comment action from the page and refuses comments",
    }),
  })
  .strict()
  .openapi("ReviewLinkCreate");

export type ReviewLinkInput = z.infer<typeof ReviewLinkCreateBody>;

export const ReviewDecisionSchema = z
  .object({
    id: z.string(),
    kind: z.enum(REVIEW_DECISION_KINDS),
    by: z
      .enum(["reviewer", "owner"])
      .openapi({ description: "`reviewer` through a review link; `owner` in the dashboard" }),
    review_link_id: z.string().nullable(),
    reviewer_name: z.string().openapi({
      description: "The link's name for its reviewer (the name typed on the page when the link has none)",
    }),
    typed_name: z.string().nullable().openapi({
      description: "The name the reviewer typed on the page, kept beside the link's; null when none was typed",
    }),
    comment: z.string().nullable(),
    post_version: z.number().int().openapi({ description: "The version of the post the decision was made on" }),
    created_at: z.string(),
  })
  .openapi("ReviewDecision");

export const ReviewLinkSchema = z
  .object({
    id: z.string().openapi({ example: "rvl_3hZ0cQ8vXb1mK2pLr9Ta" }),
    post_id: z.string(),
    reviewer_name: z.string().nullable(),
    allow_comments: z.boolean(),
    state: z.enum(["active", "expired", "revoked"]),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
    decisions: z.array(ReviewDecisionSchema).openapi({ description: "Decisions made through this link, oldest first" }),
  })
  .openapi("ReviewLink");

export const ReviewLinkCreatedSchema = ReviewLinkSchema.extend({
  url: z.string().openapi({
    description: "The page to send the reviewer; shown this once (only a hash of its token is kept)",
    example: "https://herald.example.com/review/3q2-7wSLZb5T1Gk0mJ9vX4yHc8dNaPfRuEiKoWtLsBg",
  }),
}).openapi("ReviewLinkCreated");

export const ReviewLinkParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" } }),
  linkId: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "linkId", in: "path" } }),
});
