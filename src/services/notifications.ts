import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { notifications } from "../db/schema";
import { iso, isoOrNull } from "../lib/clock";
import type { Runtime } from "./runtime";

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
] as const;
type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

type NotificationRow = typeof notifications.$inferSelect;

export const presentNotification = (row: NotificationRow) => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  message: row.message,
  data: row.data,
  created_at: iso(row.createdAt),
  read_at: isoOrNull(row.readAt),
});

/** The user's notifications, newest first. */
export async function listNotifications(rt: Runtime, userId: string, limit: number) {
  const rows = await rt.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(presentNotification);
}

export async function countUnread(rt: Runtime, userId: string): Promise<number> {
  const [row] = await rt.db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's notifications `ids` read (all of them when `ids` is "all"); answers how many changed. */
export async function markNotificationsRead(rt: Runtime, userId: string, ids: string[] | "all"): Promise<number> {
  if (ids !== "all" && ids.length === 0) return 0;
  const marked = await rt.db
    .update(notifications)
    .set({ readAt: rt.clock.now() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids === "all" ? undefined : inArray(notifications.id, ids),
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}
