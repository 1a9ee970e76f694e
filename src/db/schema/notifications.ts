// The notifications table and the kinds of in-app notification.
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** Kinds of in-app notification. */
export const WEBHOOK_SWITCHED_OFF = "webhook_switched_off";
export const RSS_FEED_STOPPED = "rss_feed_stopped";
export const RSS_NO_FREE_SLOT = "rss_no_free_slot";
export const RSS_AI_IMAGES_USED_UP = "rss_ai_images_used_up";
export const CLIENT_CONNECTED = "client_connected";
export const CLIENT_INVITE_USED_UP = "client_invite_used_up";
export const REVIEW_DECISION = "review_decision";
export const FLOW_AUTOMATION_DISARMED = "flow_automation_disarmed";
/** A flow's `notify` action. */
export const FLOW_NOTIFY = "flow_notify";
/** An evergreen post's copies stopped because one failed or could not be scheduled. */
export const REPEAT_STOPPED = "repeat_stopped";
/** A scheduled report could not be mailed to a recipient. */
export const REPORT_MAIL_FAILED = "report_mail_failed";
export const NOTIFICATION_KINDS = [
  WEBHOOK_SWITCHED_OFF,
  RSS_FEED_STOPPED,
  RSS_NO_FREE_SLOT,
  RSS_AI_IMAGES_USED_UP,
  CLIENT_CONNECTED,
  CLIENT_INVITE_USED_UP,
  REVIEW_DECISION,
  FLOW_AUTOMATION_DISARMED,
  FLOW_NOTIFY,
  REPEAT_STOPPED,
  REPORT_MAIL_FAILED,
] as const;

/** In-app notifications (a switched-off webhook, and later client connections and feed drafts). */
export const notifications = sqliteTable(
  "notifications",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** One of `NOTIFICATION_KINDS`. */
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer("created_at").notNull(),
    /** When the owner marked it read in the dashboard; null while unread. */
    readAt: integer("read_at"),
    /** Set on notifications that must be sent at most once; a second insert is ignored. */
    dedupeKey: text("dedupe_key").unique(),
  },
  (t) => [index("notifications_user").on(t.userId, t.createdAt), index("notifications_created").on(t.createdAt)],
);
