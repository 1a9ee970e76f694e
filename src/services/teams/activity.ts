// A member's last activity in their workspace (`last_active_at` on the members list), to the minute.
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { members } from "../../db/schema";

/**
 * Activity (a member's, a key's last use) is recorded to the minute: a busy member costs one write a minute, not
 * one a request.
 */
export const ACTIVITY_RESOLUTION_MS = 60_000;

/** Whether activity (or a key's use) last recorded at `lastActiveAt` is worth recording again now. */
export const activityIsStale = (lastActiveAt: number | null, now: number) =>
  lastActiveAt === null || now - lastActiveAt > ACTIVITY_RESOLUTION_MS;

/** Records the member's activity now, unless someone recorded it within the minute. */
export const memberActivity = (db: Db, memberId: string, now: number) =>
  db
    .update(members)
    .set({ lastActiveAt: now })
    .where(
      and(
        eq(members.id, memberId),
        or(isNull(members.lastActiveAt), lt(members.lastActiveAt, now - ACTIVITY_RESOLUTION_MS)),
      ),
    );
