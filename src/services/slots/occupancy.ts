import { and, eq, gt, gte, inArray, isNull, lte } from "drizzle-orm";
import { type Read, readTogether } from "../../db/batch";
import { chunksFor } from "../../db/limits";
import { posts, postTargets, slotHolds } from "../../db/schema";
import type { Runtime } from "../runtime";

/** Rule 2: posts in these states take a slot; drafts (and finished posts) take nothing. */
const SLOT_TAKING_STATUSES = ["scheduled", "waiting_for_approval", "publishing"] as const;

/** Something at an instant on some accounts that makes a slot occurrence near it taken. */
interface Occupant {
  at: number;
  accountIds: string[];
  /** The post that takes it, or null for a find-slot hold. */
  postId: string | null;
  /** For a hold: when it lapses. */
  reservedUntil: number | null;
}

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((id) => b.includes(id));

/** The posts and live holds on some accounts around a time range, and the one rule for "taken". */
class Occupancy {
  constructor(
    /** Sorted by `at`. */
    private readonly posts: Occupant[],
    private readonly holds: Occupant[],
    private readonly windowMs: number,
  ) {}

  /**
   * Rule 2 (and 4): an occurrence at `at` is taken for `accountIds` when a taking post targets one of
   * them, or a live hold was handed out for one of them, less than the window away (either side).
   * Returns what takes it, a post before a hold.
   */
  takenBy(accountIds: readonly string[], at: number): Occupant | undefined {
    const near = (o: Occupant) => Math.abs(o.at - at) < this.windowMs && overlaps(o.accountIds, accountIds);
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

/** Loads what could take slot occurrences in [fromMs, toMs] for any of `accountIds`. */
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
type HoldRow = typeof slotHolds.$inferSelect;

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
  const holdRead = rt.db
    .select()
    .from(slotHolds)
    .where(
      and(
        eq(slotHolds.userId, userId),
        gt(slotHolds.expiresAt, rt.clock.now()),
        gte(slotHolds.at, low),
        lte(slotHolds.at, high),
      ),
    );
  return {
    statements: [...targetReads, holdRead],
    answer: (results) => {
      const targetRows = results.slice(0, -1) as TargetRow[][];
      const holdRows = results.at(-1) as HoldRow[];
      const byPost = new Map<string, Occupant>();
      for (const row of targetRows.flat()) {
        const occupant = byPost.get(row.postId);
        if (occupant) occupant.accountIds.push(row.accountId);
        else
          byPost.set(row.postId, { at: row.at!, accountIds: [row.accountId], postId: row.postId, reservedUntil: null });
      }
      const holds = holdRows
        .filter((h) => overlaps(h.accountIds, accountIds))
        .map((h) => ({ at: h.at, accountIds: h.accountIds, postId: null, reservedUntil: h.expiresAt }));
      return new Occupancy(
        [...byPost.values()].sort((a, b) => a.at - b.at),
        holds,
        windowMs,
      );
    },
  };
}
