// The flows and flow versions tables: a flow's current steps and its immutable pinned copies.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { FlowEdge, FlowStep, Problem } from "../../services/flows/model";
import { accounts } from "./accounts";
import { users } from "./users";

export const FLOW_STATUSES = ["draft", "live", "off"] as const;

/**
 * An automation flow on one connected account: its steps and connections as they stand now (drafts are
 * edited here), and, while it runs, the pinned version it runs (`live_version_id`, an immutable
 * `flow_versions` row). Secrets in step data (request headers) are sealed, bound to the flow id.
 */
export const flows = sqliteTable(
  "flows",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    platform: text("platform").notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: FLOW_STATUSES }).notNull(),
    steps: text("steps", { mode: "json" }).$type<FlowStep[]>().notNull(),
    edges: text("edges", { mode: "json" }).$type<FlowEdge[]>().notNull(),
    /** SHA-256 of the canonical steps and edges (sealed secrets included, so it reveals none). */
    contentHash: text("content_hash").notNull(),
    /** Bumped by every change of content or state; each write is guarded on the value it read. */
    editSeq: integer("edit_seq").notNull(),
    /** The content hash of what generate_flow last built here, and when (rule 1: rebuild only that). */
    generatedHash: text("generated_hash"),
    generatedAt: integer("generated_at"),
    /** The pinned version that runs while the flow is live. */
    liveVersionId: text("live_version_id"),
    /** The scheduled post this flow listens on (a scheduled-post automation). */
    postId: text("post_id"),
    /** Set by the owner to turn the flow on when its post goes live; any edit clears it. */
    postArmed: integer("post_armed", { mode: "boolean" }).notNull(),
    /** The pinned version that goes live with the post (the content when it was armed). */
    armedVersionId: text("armed_version_id"),
    /** What stops a live flow now (set while it runs). */
    runtimeProblem: text("runtime_problem", { mode: "json" }).$type<Problem>(),
    /** The most AI replies the flow writes a UTC day, set by the owner in any state; null: no cap but the credits. */
    aiRepliesPerDay: integer("ai_replies_per_day"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    index("flows_user_created").on(t.userId, t.createdAt),
    index("flows_account_status").on(t.accountId, t.status),
    // A post has at most one automation, and a flow listens on at most one post.
    uniqueIndex("flows_post").on(t.postId).where(sql`${t.postId} IS NOT NULL AND ${t.deletedAt} IS NULL`),
  ],
);

export const FLOW_VERSION_REASONS = ["before_edit", "armed", "turned_on"] as const;

/**
 * An immutable copy of a flow's content: a restore point saved before an edit or rebuild, or the version
 * pinned when the flow was armed or turned on. One row per distinct content of a flow.
 */
export const flowVersions = sqliteTable(
  "flow_versions",
  {
    id: text("id").primaryKey(),
    flowId: text("flow_id")
      .notNull()
      .references(() => flows.id),
    userId: text("user_id").notNull(),
    reason: text("reason", { enum: FLOW_VERSION_REASONS }).notNull(),
    steps: text("steps", { mode: "json" }).$type<FlowStep[]>().notNull(),
    edges: text("edges", { mode: "json" }).$type<FlowEdge[]>().notNull(),
    contentHash: text("content_hash").notNull(),
    /** The flow's edit sequence when this content was saved: revisions list newest (highest) first. */
    seq: integer("seq").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("flow_versions_content").on(t.flowId, t.contentHash),
    index("flow_versions_flow_seq").on(t.flowId, t.seq),
  ],
);
