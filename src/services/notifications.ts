// In-app notifications: written (the one insert every service uses), listed newest first, counted unread, marked read.
import { and, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { insertIf } from "../db/insert-if";
import { type NOTIFICATION_KINDS, notifications } from "../db/schema";
import { iso, isoOrNull } from "../lib/clock";
import { newId } from "../lib/ids";
import type { Runtime } from "./runtime";

type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification to write: whose, what kind, the sentence the owner reads and the ids it is about. */
export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  message: string;
  data: Record<string, unknown>;
}

/**
 * The insert of one in-app notification, to await or to join the batch of the change it tells of (as
 * `eventInsert` is for events). With `dedupeKey`, a second notification of the same key is not written; with
 * `onlyIf`, none is written unless that condition holds when it runs (the batch's guarded change happened);
 * `at` is its time when the change has one (else the clock's now).
 */
export function notificationInsert(
  rt: Runtime,
  notification: NewNotification,
  about: { dedupeKey?: string; onlyIf?: SQL; at?: number } = {},
) {
  const row = {
    id: newId("ntf"),
    ...notification,
    createdAt: about.at ?? rt.clock.now(),
    readAt: null,
    dedupeKey: about.dedupeKey ?? null,
  };
  const insert = about.onlyIf
    ? insertIf(rt.db, notifications, row, about.onlyIf)
    : rt.db.insert(notifications).values(row);
  return insert.onConflictDoNothing({ target: notifications.dedupeKey });
}

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
