// Tables of publishing: posts (evergreen too), their targets, signatures, short links and their clicks, idempotency keys.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { PublishRequest } from "../../platforms/types";
import { accounts } from "./accounts";
import { users } from "./users";

export type MediaItem = {
  type: "image" | "video" | "document";
  /** A media library item (`med_…`); `url` is then its `/media/<key>` address. */
  media_id?: string;
  url: string;
  /** A document's title (LinkedIn document posts). */
  title?: string;
  alt_text?: string;
  cover_url?: string;
  cover_time_ms?: number;
};

/** UTM parameters added to a post's links at publish time; `{platform}` and `{account}` are filled per target. */
export type UtmTemplate = { source?: string; medium?: string; campaign?: string; content?: string };
/** A follow-up post of a thread: a reply to the segment before it. */
export type ThreadSegment = { text: string; media: MediaItem[] };

/** A comment posted under the published post, the last step of its target. */
export type FirstComment = { text: string };

/** An evergreen post: after each publish a copy is scheduled `every_days` later, until a stop rule is met. */
export type RepeatRule = { every_days: number; times?: number; until?: string; variations?: string[] };

/** Why an evergreen post's copies stopped coming back (kept on the original). */
export const REPEAT_STOPS = ["times", "until", "failed", "no_free_slot", "refused"] as const;

export type PlatformOverride = {
  detached?: boolean;
  /** The platform's own text and media, kept while `detached` is true. */
  text?: string;
  media?: MediaItem[];
  signature_id?: string;
  title?: string;
  body?: string;
  canonical_url?: string;
  cover_image?: string;
  tags?: string[];
  /** The platform's own follow-up segments (a detached platform's); `[]` means no thread for it. */
  thread?: ThreadSegment[];
  /** The platform's own first comment; `null` means none for it. */
  first_comment?: FirstComment | null;
};

/** A post's native poll, as the API takes it. */
export type Poll = { options: string[]; duration_minutes: number };

export const posts = sqliteTable(
  "posts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status", {
      enum: ["draft", "scheduled", "waiting_for_approval", "publishing", "published", "failed"],
    }).notNull(),
    text: text("text").notNull(),
    media: text("media", { mode: "json" }).$type<MediaItem[]>().notNull(),
    scheduleType: text("schedule_type", { enum: ["draft", "scheduled", "immediate"] }).notNull(),
    scheduledAt: integer("scheduled_at"),
    timezone: text("timezone"),
    platformOverrides: text("platform_overrides", { mode: "json" }).$type<Record<string, PlatformOverride>>().notNull(),
    /** The follow-up segments, each posted as a reply to the one before; the post's text and media are the first. */
    thread: text("thread", { mode: "json" }).$type<ThreadSegment[]>().notNull().default([]),
    firstComment: text("first_comment", { mode: "json" }).$type<FirstComment>(),
    /** Every media library item the post names (shared media and overrides): what `used_by` and retention read. */
    mediaIds: text("media_ids", { mode: "json" }).$type<string[]>().notNull().default([]),
    poll: text("poll", { mode: "json" }).$type<Poll>(),
    /** Bumped by every edit; edits and the dispatcher guard on it so they never interleave. */
    version: integer("version").notNull(),
    /**
     * A fresh token per edit, unschedule or delete: the statements after the post's own guarded update run only
     * while the post carries their write's token, so a losing write (which read the same version) changes nothing.
     */
    writeToken: text("write_token"),
    /** Set by the dispatcher in the same batch that queues the targets; names that dispatch. */
    dispatchToken: text("dispatch_token"),
    /**
     * Approve-before-publish (review links): null until the post is first sent for approval; once set, an
     * edit that leaves the post scheduled makes it wait for approval again.
     */
    approval: text("approval", { enum: ["requested", "approved", "changes_requested"] }),
    /** The comment of the last "request changes", kept on the post for the owner. */
    approvalComment: text("approval_comment"),
    /** The post's own UTM parameters (else the user's default applies), copied to each target when saved. */
    utm: text("utm", { mode: "json" }).$type<UtmTemplate>(),
    /** On an evergreen original: how its copies come back; read again at each copy. Null: no (more) copies. */
    repeat: text("repeat", { mode: "json" }).$type<RepeatRule>(),
    /** On a copy: the evergreen original it repeats. */
    repeatOf: text("repeat_of"),
    /** On a copy: the post whose publish made it (unique: one copy per publish, however many sweeps race). */
    repeatAfter: text("repeat_after"),
    /** On a copy: its number among the original's copies (1 for the first): what rotates the variations. */
    repeatIndex: integer("repeat_index"),
    /**
     * In an evergreen chain, what the post's publish still owes: `waiting` for its follow-up (the next copy or a
     * stop), `claimed` while a sweep makes it (`repeat_claim` names that sweep); null once done, or never owed.
     */
    repeatState: text("repeat_state", { enum: ["waiting", "claimed"] }),
    repeatClaim: text("repeat_claim"),
    repeatClaimedAt: integer("repeat_claimed_at"),
    /** On an original: why its copies stopped (null while they go on, or when stopped by the owner). */
    repeatStopped: text("repeat_stopped", { enum: REPEAT_STOPS }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    deletedAt: integer("deleted_at"),
  },
  (t) => [
    index("posts_user_created").on(t.userId, t.createdAt),
    index("posts_due").on(t.status, t.scheduledAt),
    index("posts_dispatch").on(t.dispatchToken),
    // Which posts occupy a user's posting slots in a time range.
    index("posts_user_scheduled").on(t.userId, t.scheduledAt),
    // The few posts of a user that use library media (`used_by`, `media_in_use`).
    index("posts_user_media").on(t.userId).where(sql`${t.mediaIds} <> '[]'`),
    // One evergreen copy per publish; an original's copies; the few posts whose publish owes a follow-up.
    uniqueIndex("posts_repeat_after").on(t.repeatAfter),
    index("posts_repeat_of").on(t.repeatOf),
    index("posts_repeat_pending").on(t.repeatState).where(sql`${t.repeatState} IS NOT NULL`),
  ],
);

export const TARGET_STATUSES = [
  "draft",
  "scheduled",
  "queued",
  "publishing",
  "published",
  "failed",
  "cancelled",
] as const;

/** One account a post goes to: its own state, platform post id and outcome. */
export const postTargets = sqliteTable(
  "post_targets",
  {
    id: text("id").primaryKey(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id),
    userId: text("user_id").notNull(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    platform: text("platform").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** Exactly what the platform will be sent, worked out and checked when the post was saved. */
    request: text("request", { mode: "json" }).$type<PublishRequest>().notNull(),
    position: integer("position").notNull(),
    status: text("status", { enum: TARGET_STATUSES }).notNull(),
    attempts: integer("attempts").notNull(),
    /** When the target was last put on the publish queue (or, while it waits to retry, when it may go again). */
    dispatchedAt: integer("dispatched_at"),
    platformPostId: text("platform_post_id"),
    url: text("url"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    /** The UTM parameters its links get at publish time (the post's, else the user's default when it was saved). */
    utm: text("utm", { mode: "json" }).$type<UtmTemplate>(),
    publishedAt: integer("published_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    // With the status, the dispatcher's "this post's scheduled targets" reads those targets alone: on
    // (post_id) only, SQLite preferred the status index and read every scheduled target of every post.
    index("post_targets_post").on(t.postId, t.status),
    index("post_targets_status").on(t.status, t.dispatchedAt),
    index("post_targets_platform_post").on(t.platformPostId),
    // Analytics: a user's targets published or failed in a window, and every target published lately.
    index("post_targets_user_status").on(t.userId, t.status, t.publishedAt),
    index("post_targets_published").on(t.status, t.publishedAt),
  ],
);

export const STEP_KINDS = ["segment", "first_comment"] as const;
/** `publishing`: claimed, its call out (or lost: it may have posted); the API shows it as `pending`. */
export const STEP_STATUSES = ["pending", "publishing", "published", "failed"] as const;

/**
 * The steps of a target with a thread or a first comment, each claimed before its call (a row made `publishing`
 * by a guarded write) so a retry continues after the last one the platform confirmed and never repeats one.
 * `position` is the segment's index (0: the post itself); the first comment comes after the last segment.
 * Rows appear as the steps are claimed; a step without one has not been tried.
 */
export const targetSteps = sqliteTable(
  "target_steps",
  {
    targetId: text("target_id")
      .notNull()
      .references(() => postTargets.id),
    position: integer("position").notNull(),
    kind: text("kind", { enum: STEP_KINDS }).notNull(),
    status: text("status", { enum: STEP_STATUSES }).notNull(),
    attempts: integer("attempts").notNull(),
    platformPostId: text("platform_post_id"),
    url: text("url"),
    /** Bluesky: the record's content id, which the next reply names beside the URI. */
    cid: text("cid"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.targetId, t.position] })],
);

export const signatures = sqliteTable(
  "signatures",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    text: text("text").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("signatures_user").on(t.userId)],
);

/** Links in published text become `/l/<code>`; a visit redirects and is counted in `link_clicks`. */
export const shortLinks = sqliteTable(
  "short_links",
  {
    code: text("code").primaryKey(),
    url: text("url").notNull(),
    postId: text("post_id").notNull(),
    targetId: text("target_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("short_links_post").on(t.postId)],
);

/**
 * Visits of a short link per UTC day: people's clicks, and apart from them the visits of known crawlers and link
 * preview fetchers (`bots`). One upsert per visit.
 */
export const linkClicks = sqliteTable(
  "link_clicks",
  {
    code: text("code").notNull(),
    day: text("day").notNull(),
    userId: text("user_id").notNull(),
    postId: text("post_id").notNull(),
    clicks: integer("clicks").notNull(),
    bots: integer("bots").notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.day] }), index("link_clicks_user_day").on(t.userId, t.day)],
);

/** Stripe-style idempotency: the first answer to a key is kept 24 hours and replayed. */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    userId: text("user_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Null while the first request is still being answered. */
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    /**
     * What the first request made, written in the same batch as the thing itself (a create's post id): a request that
     * died before its answer was kept is answered from it, never run again.
     */
    resourceId: text("resource_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_created").on(t.createdAt)],
);
