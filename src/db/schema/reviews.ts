// The review links and review decisions tables: clients approving posts without a Herald account.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { posts } from "./posts";
import { users } from "./users";

/** A link a client opens to approve a post, ask for changes or comment, without a Herald account. */
export const reviewLinks = sqliteTable(
  "review_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id),
    /** SHA-256 of the link's token (32 random bytes); the token itself is shown once and never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    /** Who the owner sent it to; the reviewer may type another name on the page. */
    reviewerName: text("reviewer_name"),
    allowComments: integer("allow_comments", { mode: "boolean" }).notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("review_links_post").on(t.postId, t.createdAt)],
);

export const REVIEW_DECISION_KINDS = ["approved", "changes_requested", "comment"] as const;
export type ReviewDecisionKind = (typeof REVIEW_DECISION_KINDS)[number];

/** Every decision made on a post: through a review link, or by the owner in the dashboard (`link_id` null). */
export const reviewDecisions = sqliteTable(
  "review_decisions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id),
    linkId: text("link_id"),
    kind: text("kind", { enum: REVIEW_DECISION_KINDS }).notNull(),
    /** The link's name for its reviewer (what they typed, when the link has none); the owner's email for theirs. */
    reviewerName: text("reviewer_name").notNull(),
    /** The name typed on the review page, kept beside the link's (null when nothing was typed, or the owner's). */
    typedName: text("typed_name"),
    comment: text("comment"),
    /** The post's `version` the reviewer saw: a decision applies to that version only. */
    postVersion: integer("post_version").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("review_decisions_post").on(t.postId, t.createdAt),
    index("review_decisions_link").on(t.linkId, t.createdAt),
  ],
);
