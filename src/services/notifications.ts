import { desc, eq } from "drizzle-orm";
import { notifications } from "../db/schema";
import { iso } from "../lib/clock";
import type { Runtime } from "./runtime";

/** Kinds of in-app notification. */
export const WEBHOOK_SWITCHED_OFF = "webhook_switched_off";
export const RSS_FEED_STOPPED = "rss_feed_stopped";
export const RSS_NO_FREE_SLOT = "rss_no_free_slot";
export const RSS_AI_IMAGES_USED_UP = "rss_ai_images_used_up";
export const FLOW_AUTOMATION_DISARMED = "flow_automation_disarmed";
export const NOTIFICATION_KINDS = [
  WEBHOOK_SWITCHED_OFF,
  RSS_FEED_STOPPED,
  RSS_NO_FREE_SLOT,
  RSS_AI_IMAGES_USED_UP,
  FLOW_AUTOMATION_DISARMED,
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

type NotificationRow = typeof notifications.$inferSelect;

export const presentNotification = (row: NotificationRow) => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  message: row.message,
  data: row.data,
  created_at: iso(row.createdAt),
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
