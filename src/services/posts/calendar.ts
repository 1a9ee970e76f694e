// The calendar: the posts in a time range, and a week of posts and posting slots on the owner's clocks.
import { and, asc, eq, gte, inArray, isNull, lt } from "drizzle-orm";
import { posts } from "../../db/schema";
import { addDaysTo, startOfDay } from "../../lib/time";
import type { Runtime } from "../runtime";
import { listOccurrences } from "../slots/occurrences";
import type { PostView } from "./present";
import { withTargets } from "./store";

/** What a calendar shows: every post with a time except drafts. */
export const ON_CALENDAR = ["scheduled", "waiting_for_approval", "publishing", "published", "failed"] as const;

/** The user's posts on the calendar whose time is in [fromMs, toMs), earliest first (at most 500). */
export async function postsBetween(rt: Runtime, userId: string, fromMs: number, toMs: number): Promise<PostView[]> {
  const rows = await rt.db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.userId, userId),
        gte(posts.scheduledAt, fromMs),
        lt(posts.scheduledAt, toMs),
        inArray(posts.status, [...ON_CALENDAR]),
        isNull(posts.deletedAt),
      ),
    )
    .orderBy(asc(posts.scheduledAt), asc(posts.id))
    .limit(500);
  return withTargets(rt, rows);
}

export type Occurrence = Awaited<ReturnType<typeof listOccurrences>>[number];

export interface CalendarDay {
  date: string;
  posts: PostView[];
  /** The posting slots of the day, free or taken (slot rule 2). */
  slots: Occurrence[];
}

/** Seven days from `monday` on the clocks of `zone`: each day's posts and posting slots. */
export async function calendarWeek(rt: Runtime, userId: string, monday: string, zone: string): Promise<CalendarDay[]> {
  const dates = Array.from({ length: 7 }, (_, i) => addDaysTo(monday, i));
  const bounds = [...dates.map((date) => startOfDay(date, zone)!), startOfDay(monday, zone, 7)!];
  const [weekPosts, occurrences] = await Promise.all([
    postsBetween(rt, userId, bounds[0]!, bounds[7]!),
    listOccurrences(rt, userId, { from: dates[0]!, to: dates[6]!, timezone: zone }),
  ]);
  return dates.map((date, i) => ({
    date,
    posts: weekPosts.filter((p) => {
      const at = Date.parse(p.scheduled_at!);
      return at >= bounds[i]! && at < bounds[i + 1]!;
    }),
    slots: occurrences.filter((o) => o.date === date),
  }));
}
