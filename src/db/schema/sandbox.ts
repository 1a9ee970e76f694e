// The sandbox platform's tables: its users, the calls it received, metrics, faults, profiles, templates and mail.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/**
 * Users the sandbox made. `POST /api/v1/sandbox/users` signs these in again on request; any other user
 * (one who signed up) is never touched by it.
 */
export const sandboxUsers = sqliteTable("sandbox_users", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id),
});

export const SANDBOX_CALL_KINDS = [
  "publish",
  "comment",
  "repost",
  "private_reply",
  "message",
  "reply",
  "hide",
  "unhide",
  "delete_comment",
] as const;

/**
 * What the sandbox platform received: each publish, comment and repost, each private reply and message a flow or the
 * inbox sent, and the inbox's replies under comments, hides, unhides and deletes, exactly as it was sent.
 */
export const sandboxCalls = sqliteTable(
  "sandbox_calls",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: SANDBOX_CALL_KINDS }).notNull(),
    platform: text("platform").notNull(),
    accountId: text("account_id").notNull(),
    platformPostId: text("platform_post_id").notNull(),
    /**
     * For comments and reposts: the platform post they were made under; for a private reply, the comment; for a
     * thread's segment, the segment before it.
     */
    parentPlatformPostId: text("parent_platform_post_id"),
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sandbox_calls_account").on(t.accountId)],
);

/** The metrics the sandbox platform reports for a published post. */
export const sandboxMetrics = sqliteTable("sandbox_metrics", {
  platformPostId: text("platform_post_id").primaryKey(),
  likes: integer("likes").notNull(),
  comments: integer("comments").notNull(),
  reposts: integer("reposts").notNull(),
  views: integer("views").notNull(),
});

/**
 * Faults to inject: after letting `after` calls to `platform` through, the next `remaining` fail in `mode`.
 * `calls` counts the calls the fault has seen since it was set.
 */
export const sandboxFaults = sqliteTable("sandbox_faults", {
  platform: text("platform").primaryKey(),
  mode: text("mode").notNull(),
  remaining: integer("remaining").notNull(),
  after: integer("after").notNull().default(0),
  calls: integer("calls").notNull().default(0),
});

/** What the platform itself would say of an account now, when it differs from what Herald last read. */
export const sandboxProfiles = sqliteTable("sandbox_profiles", {
  accountId: text("account_id").primaryKey(),
  subscriptionTier: text("subscription_tier"),
});

/** The follower count a sandbox account's platform reports, and how many times its profile was read. */
export const sandboxFollowers = sqliteTable("sandbox_followers", {
  accountId: text("account_id").primaryKey(),
  /** Null: the platform reports none. */
  followers: integer("followers"),
  /** Profile reads of the account (what the follower snapshot tests count). */
  reads: integer("reads").notNull().default(0),
});

/**
 * The message templates a sandbox WhatsApp Business account has on the "platform": what the sandbox adapter's
 * template read answers, changed by `POST /api/v1/sandbox/template-status` as Meta's review would change them.
 */
export const sandboxTemplates = sqliteTable(
  "sandbox_templates",
  {
    accountId: text("account_id").notNull(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    status: text("status").notNull(),
    reason: text("reason"),
    bodyParameters: integer("body_parameters"),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name, t.language] })],
);

/** Each mail Herald sent while in sandbox mode (`services/mail.ts`), listed by `GET /api/v1/sandbox/emails`. */
export const sandboxEmails = sqliteTable("sandbox_emails", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  /** The attachments: names, types, sizes and bytes (base64), so a test can read the file that was mailed. */
  attachments: text("attachments", { mode: "json" })
    .$type<{ filename: string; content_type: string; size: number; content_base64: string }[]>()
    .notNull(),
  at: integer("at").notNull(),
});
