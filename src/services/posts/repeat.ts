// Evergreen posts: after each publish of a chain its next copy is scheduled, or the chain stops, exactly once.
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import { posts, postTargets, REPEAT_STOPPED, type REPEAT_STOPS, type RepeatRule, users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { log } from "../../lib/log";
import { sameTimeDaysLater, startOfDay } from "../../lib/time";
import type { PlatformKey } from "../../platforms/catalog";
import { type Principal, SCOPES } from "../auth/auth";
import { notificationInsert } from "../notifications";
import type { Runtime } from "../runtime";
import { findNextFreeSlot, releaseSlot } from "../slots/find";
import type { SlotPick } from "../slots/holds";
import { layOutPost } from "./prepare";
import type { PostRow, TargetRow } from "./present";
import { type PostDraft, resolveTargets } from "./validate";
import { savePostIf } from "./write";

/** A follow-up claimed this long ago by a sweep that never finished it is taken again (the copy is still made once). */
export const REPEAT_CLAIM_MS = 5 * 60_000;
/** Follow-ups one sweep takes; the rest wait for the next minute. */
const FOLLOW_UPS_PER_SWEEP = 50;
const MINUTE_MS = 60_000;

type StopReason = (typeof REPEAT_STOPS)[number];

/** The stops the owner is told of: the chain did not end as its rule said it would. */
const NOTIFIED: readonly StopReason[] = ["failed", "no_free_slot", "refused"];

/**
 * Follows up every publish of an evergreen chain that owes it (its post published or failed, its follow-up not done):
 * each is claimed first (waiting → claimed, with this sweep's token, in one guarded statement), then its next copy is
 * written, or the chain stopped, in one batch that also marks it done, only while the claim still holds. The copy's
 * insert also requires that no copy names this publish (`repeat_after`, unique), so racing sweeps and a claim taken
 * over after a crash still make one copy. Answers how many were followed up.
 */
export async function followUpRepeats(rt: Runtime): Promise<number> {
  const now = rt.clock.now();
  const token = newId("rpt");
  const stale = and(eq(posts.repeatState, "claimed"), lt(posts.repeatClaimedAt, now - REPEAT_CLAIM_MS));
  const owed = rt.db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        isNotNull(posts.repeatState),
        or(eq(posts.repeatState, "waiting"), stale),
        inArray(posts.status, ["published", "failed"]),
      ),
    )
    .orderBy(asc(posts.scheduledAt))
    .limit(FOLLOW_UPS_PER_SWEEP);
  const claimed = await rt.db
    .update(posts)
    .set({ repeatState: "claimed", repeatClaim: token, repeatClaimedAt: now })
    .where(and(inArray(posts.id, owed), or(eq(posts.repeatState, "waiting"), stale)))
    .returning();
  for (const post of claimed) {
    // A follow-up that throws keeps its claim: it is taken again once the claim is stale.
    await followUp(rt, post, token).catch((error) => log.error("repeat.follow_up_failed", { post_id: post.id, error }));
  }
  return claimed.length;
}

/** True while this sweep's claim on the publish `postId` holds. */
const claimHeld = (postId: string, token: string) =>
  sql`EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.id} = ${postId} AND ${posts.repeatState} = 'claimed' AND ${posts.repeatClaim} = ${token})`;

/** Marks the publish followed up (last in its batch, so the statements before it still see the claim). */
const done = (rt: Runtime, postId: string, token: string) =>
  rt.db
    .update(posts)
    .set({ repeatState: null, repeatClaim: null, repeatClaimedAt: null })
    .where(and(eq(posts.id, postId), eq(posts.repeatState, "claimed"), eq(posts.repeatClaim, token)));

type Decision = { copyAt: number; pick: SlotPick | null } | { stop: StopReason; message: string } | { nothing: true };

async function followUp(rt: Runtime, post: PostRow, token: string) {
  const original = post.repeatOf ? await postById(rt, post.repeatOf) : post;
  const rule = original && original.deletedAt === null ? original.repeat : null;
  if (!original || !rule) return runBatch(rt.db, [done(rt, post.id, token)]);
  const [targets, originalTargets] = await Promise.all([
    targetsOf(rt, post.id),
    original.id === post.id ? undefined : targetsOf(rt, original.id),
  ]);
  const index = (post.repeatIndex ?? 0) + 1;
  const decision = await decide(rt, post, original, rule, targets, index);
  if ("nothing" in decision) return runBatch(rt.db, [done(rt, post.id, token)]);
  if ("stop" in decision) return stop(rt, post, original, token, decision);

  const principal = await ownerOf(rt, post.userId);
  const draft = copyDraft(original, originalTargets ?? targets, rule, index, decision.copyAt);
  let written = false;
  try {
    if (!principal) throw new AppError("not_found", "The post's owner is gone");
    const resolved = await resolveTargets(rt, principal, draft);
    const prepared = layOutPost(rt, principal, draft, resolved, false);
    prepared.post = {
      ...prepared.post,
      repeatOf: original.id,
      repeatAfter: post.id,
      repeatIndex: index,
      repeatState: "waiting",
    };
    const noCopyYet = sql`NOT EXISTS (SELECT 1 FROM ${posts} WHERE ${posts.repeatAfter} = ${post.id})`;
    const holds = sql`${claimHeld(post.id, token)} AND ${noCopyYet}`;
    written = (await savePostIf(rt, prepared, holds, [done(rt, post.id, token)])) !== undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (decision.pick) await releaseSlot(rt, post.userId, decision.pick);
    return stop(rt, post, original, token, { stop: "refused", message: error.message });
  }
  if (!written && decision.pick) await releaseSlot(rt, post.userId, decision.pick);
}

/**
 * What the publish of `post` leads to: its copy number `index` at a time, or a stop. A copy goes into the next free
 * posting slot of the accounts at least `every_days` after the post's time (the same time of day when they have no
 * slots, and now at the earliest), unless a target failed, `times` copies were made, or it would fall after `until`.
 */
async function decide(
  rt: Runtime,
  post: PostRow,
  original: PostRow,
  rule: RepeatRule,
  targets: TargetRow[],
  index: number,
): Promise<Decision> {
  const failed = targets.filter((t) => t.status === "failed");
  if (failed.length > 0) {
    const which = failed.map((t) => `${t.platform} (${t.errorCode ?? "failed"})`).join(", ");
    return { stop: "failed", message: `its publish failed on ${which}` };
  }
  if (targets.every((t) => t.status === "cancelled")) return { nothing: true };
  if (rule.times !== undefined && index > rule.times) {
    return { stop: "times", message: `its ${rule.times} copies are made` };
  }
  const zone = original.timezone ?? "UTC";
  // To the minute, as slots are: an immediate post's time carries the seconds it took to send.
  const last = Math.floor((post.scheduledAt ?? post.updatedAt) / MINUTE_MS) * MINUTE_MS;
  const earliest = Math.max(sameTimeDaysLater(last, zone, rule.every_days), rt.clock.now());
  const end = rule.until ? startOfDay(rule.until, zone, 1) : null;
  const afterUntil = { stop: "until" as const, message: `its next copy would fall after ${rule.until}` };
  if (end !== null && earliest >= end) return afterUntil;
  let pick: SlotPick | null = null;
  try {
    const accountIds = targets.map((t) => t.accountId);
    // Slots strictly after `after`: one millisecond before the earliest lets a slot at exactly that time count.
    pick = await findNextFreeSlot(rt, post.userId, accountIds, { after: earliest - 1, hold: true, placing: true });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "no_free_slot") return { stop: "no_free_slot", message: error.message };
    if (error.code !== "no_slots") return { stop: "refused", message: error.message };
  }
  if (pick && end !== null && pick.at >= end) {
    await releaseSlot(rt, post.userId, pick);
    return afterUntil;
  }
  return { copyAt: pick?.at ?? earliest, pick };
}

/** The texts copies rotate through: the original's, then each variation; copy n takes the n-th after the original. */
export const copyText = (original: Pick<PostRow, "text">, rule: RepeatRule, index: number) => {
  const texts = [original.text, ...(rule.variations ?? [])];
  return texts[index % texts.length]!;
};

/** Copy `index` of the original, scheduled at `at`: its content (thread, first comment), accounts, options, UTM. */
function copyDraft(original: PostRow, targets: TargetRow[], rule: RepeatRule, index: number, at: number): PostDraft {
  return {
    text: copyText(original, rule, index),
    media: structuredClone(original.media),
    thread: structuredClone(original.thread),
    firstComment: original.firstComment,
    poll: original.poll,
    targets: [...targets]
      .sort((a, b) => a.position - b.position)
      .map((t) => ({ platform: t.platform as PlatformKey, account_id: t.accountId, metadata: t.metadata })),
    overrides: structuredClone(original.platformOverrides),
    scheduleType: "scheduled",
    scheduledAt: at,
    timezone: original.timezone,
    utm: original.utm,
    repeat: null,
  };
}

/** Stops the chain: the reason on the original, the owner told where it did not end by its rule, the publish done. */
function stop(
  rt: Runtime,
  post: PostRow,
  original: PostRow,
  token: string,
  { stop: reason, message }: { stop: StopReason; message: string },
) {
  const held = claimHeld(post.id, token);
  const statements: BatchItem<"sqlite">[] = [
    rt.db
      .update(posts)
      .set({ repeatStopped: reason })
      .where(and(eq(posts.id, original.id), held)),
  ];
  if (NOTIFIED.includes(reason)) {
    const copy = post.repeatIndex ? `Copy ${post.repeatIndex} of your evergreen post` : "Your evergreen post";
    statements.push(
      notificationInsert(
        rt,
        {
          userId: post.userId,
          kind: REPEAT_STOPPED,
          message: `${copy} will not come back: ${message}.`,
          data: { post_id: original.id, after_post_id: post.id, reason },
        },
        { dedupeKey: `${REPEAT_STOPPED}:${post.id}`, onlyIf: held },
      ),
    );
  }
  statements.push(done(rt, post.id, token));
  return runBatch(rt.db, statements);
}

async function postById(rt: Runtime, id: string): Promise<PostRow | undefined> {
  const [row] = await rt.db.select().from(posts).where(eq(posts.id, id));
  return row;
}

const targetsOf = (rt: Runtime, postId: string) =>
  rt.db.select().from(postTargets).where(eq(postTargets.postId, postId));

/** Herald acting for the owner of a chain, on the owner's plan. */
async function ownerOf(rt: Runtime, userId: string): Promise<Principal | undefined> {
  const [owner] = await rt.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  return owner && { userId, plan: owner.plan, scopes: SCOPES, rateKey: `repeat:${userId}`, via: "system" };
}
