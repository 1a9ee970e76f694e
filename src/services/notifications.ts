// In-app notifications: listed newest first, counted unread and marked read.
import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import { type NOTIFICATION_KINDS, notifications } from "../db/schema";
import { iso, isoOrNull } from "../lib/clock";
import type { Runtime } from "./runtime";

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
