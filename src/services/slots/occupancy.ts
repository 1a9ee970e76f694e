// Which slot occurrences are taken: the posts and holds near a time on the same accounts.
import { and, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import { type Read, readTogether } from "../../db/batch";
import { chunksFor } from "../../db/limits";
import { posts, postTargets } from "../../db/schema";
import type { Runtime } from "../runtime";

/** Rule 2: posts in these states take a slot; drafts (and finished posts) take nothing. */
const SLOT_TAKING_STATUSES = ["scheduled", "waiting_for_approval", "publishing"] as const;

/** Something at an instant on some accounts that makes a slot occurrence near it taken. */
export interface Occupant {
  at: number;
  accountIds: string[];
  /** The post that takes it, or null for a find-slot hold. */
  postId: string | null;
  /** For a hold: when it lapses. */
  reservedUntil: number | null;
}

/**
 * Rule 2 (and 4): what is at `occupant.at` on `occupant.accountIds` takes an occurrence at `at` for `accountIds` when
 * they share an account and it is less than the window away (either side).
 */
export const takes = (
  occupant: Pick<Occupant, "at" | "accountIds">,
  accountIds: readonly string[],
  at: number,
  windowMs: number,
) => Math.abs(occupant.at - at) < windowMs && occupant.accountIds.some((id) => accountIds.includes(id));

/** The posts (and, for the occurrences list, the live holds) on some accounts around a time range. */
class Occupancy {
  constructor(
    /** Sorted by `at`. */
    private readonly posts: Occupant[],
    readonly windowMs: number,
    private readonly holds: Occupant[] = [],
  ) {}

  /** The same posts, and these holds (the user's `SlotPicker` keeps them). */
  withHolds(holds: { at: number; accountIds: string[]; until: number }[]): Occupancy {
    const occupants = holds.map((h) => ({ at: h.at, accountIds: h.accountIds, postId: null, reservedUntil: h.until }));
    return new Occupancy(this.posts, this.windowMs, occupants);
  }

  /**
   * What takes an occurrence at `at` for `accountIds` (`takes`), a post before a hold.
   */
  takenBy(accountIds: readonly string[], at: number): Occupant | undefined {
    const near = (o: Occupant) => takes(o, accountIds, at, this.windowMs);
    let low = 0;
    let high = this.posts.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.posts[mid]!.at <= at - this.windowMs) low = mid + 1;
      else high = mid;
    }
    for (let i = low; i < this.posts.length && this.posts[i]!.at < at + this.windowMs; i++) {
      if (near(this.posts[i]!)) return this.posts[i];
    }
    return this.holds.find(near);
  }
}

/** Loads the posts that could take slot occurrences in [fromMs, toMs] for any of `accountIds`. */
export async function loadOccupancy(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
  fromMs: number,
  toMs: number,
): Promise<Occupancy> {
  const [occupancy] = await readTogether(rt.db, [occupancyRead(rt, userId, accountIds, fromMs, toMs)]);
  return occupancy;
}

type TargetRow = { postId: string; at: number | null; accountId: string };

/** `loadOccupancy` as a read that can share a round trip with others (`readTogether`). */
export function occupancyRead(
  rt: Runtime,
  userId: string,
  accountIds: readonly string[],
  fromMs: number,
  toMs: number,
): Read<Occupancy> {
  const windowMs = rt.config.slot_taken_window_s * 1000;
  const [low, high] = [fromMs - windowMs, toMs + windowMs];
  const targetReads = chunksFor(accountIds, 1, 10).map((chunk) =>
    rt.db
      .select({ postId: posts.id, at: posts.scheduledAt, accountId: postTargets.accountId })
      .from(posts)
      .innerJoin(postTargets, eq(postTargets.postId, posts.id))
      .where(
        and(
          eq(posts.userId, userId),
          gte(posts.scheduledAt, low),
          lte(posts.scheduledAt, high),
          inArray(posts.status, [...SLOT_TAKING_STATUSES]),
          isNull(posts.deletedAt),
          inArray(postTargets.accountId, chunk),
        ),
      ),
  );
  return {
    statements: targetReads,
    answer: (results) => {
      const targetRows = results as TargetRow[][];
      const byPost = new Map<string, Occupant>();
      for (const row of targetRows.flat()) {
        const occupant = byPost.get(row.postId);
        if (occupant) occupant.accountIds.push(row.accountId);
        else
          byPost.set(row.postId, { at: row.at!, accountIds: [row.accountId], postId: row.postId, reservedUntil: null });
      }
      return new Occupancy(
        [...byPost.values()].sort((a, b) => a.at - b.at),
        windowMs,
      );
    },
  };
}
