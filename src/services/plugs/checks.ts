// Plug checks: windows opened, due checks queued and read, goals reached handed to firing, abandoned ones settled.
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { chunksFor } from "../../db/limits";
import { accounts, plugCheckCounts, plugs, postTargets } from "../../db/schema";
import { OUTCOME } from "../../lib/error-codes";
import { currentRequestId, log } from "../../lib/log";
import type { PlatformKey } from "../../platforms/catalog";
import { PLUGS_PER_CHECK, type PlugCheckMessage, plugCheckQueue } from "../../queues/plug-checks";
import type { Received, Verdict } from "../../queues/queue";
import { readMetrics, sampleInserts } from "../analytics/samples";
import type { Runtime } from "../runtime";
import type { PlugRow } from "./present";
import { nextCheckAfter, PLUG_SUPPORT } from "./rules";

const DAILY_CAP_NOTE = "Daily check limit reached";
/** A check on the queue holds its plugs this long; a lost message is retried after it. */
const LEASE_MS = 5 * 60_000;
const DUE_PAGE = 2000;
/** At most this many pages per cron run (100,000 plugs); what is left is read by the next run. */
const MAX_PAGES = 50;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Plugs whose post went live since they were armed start their window at go-live. */
async function startWindows(rt: Runtime) {
  const waiting = await rt.db
    .select({ id: plugs.id, platform: plugs.platform, liveAt: postTargets.publishedAt })
    .from(plugs)
    .innerJoin(postTargets, and(eq(postTargets.postId, plugs.postId), eq(postTargets.accountId, plugs.accountId)))
    .where(and(eq(plugs.state, "armed"), isNull(plugs.windowStartAt), eq(postTargets.status, "published")))
    .limit(DUE_PAGE);
  const updates = waiting.flatMap(({ id, platform, liveAt }) => {
    const support = PLUG_SUPPORT[platform as PlatformKey];
    if (!support || liveAt === null) return [];
    const next = nextCheckAfter(support, liveAt, liveAt);
    return [rt.db.update(plugs).set({ windowStartAt: liveAt, nextCheckAt: next }).where(eq(plugs.id, id))];
  });
  await runBatch(rt.db, updates);
}

/** How long a plug's action may run before the sweep takes it for abandoned (far past its 20 s deadline). */
export const FIRING_LEASE_MS = 5 * 60_000;

/**
 * Plugs whose action started and never recorded an outcome (the Durable Object was reset mid-action, or every
 * recording failed) fail as AMBIGUOUS_MAY_HAVE_POSTED once the lease is over: the platform may have acted, so
 * nothing is tried again. Failed, they can be deleted and no longer count among the user's watching plugs.
 */
export async function settleAbandonedFirings(rt: Runtime): Promise<number> {
  const settled = await rt.db
    .update(plugs)
    .set({ state: "failed", error: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED, nextCheckAt: null })
    .where(and(eq(plugs.state, "armed"), lt(plugs.firedAt, rt.clock.now() - FIRING_LEASE_MS)))
    .returning({ id: plugs.id });
  return settled.length;
}

/** Armed plugs whose window ended without reaching the goal expire with NOT_REACHED. */
async function expireEndedWindows(rt: Runtime) {
  const now = rt.clock.now();
  // One statement per window length, for the platforms that share it.
  const byWindow = Map.groupBy(Object.entries(PLUG_SUPPORT), ([, support]) => support.windowMs);
  for (const [windowMs, platforms] of byWindow) {
    await rt.db
      .update(plugs)
      .set({ state: "expired", error: OUTCOME.NOT_REACHED, nextCheckAt: null })
      .where(
        and(
          eq(plugs.state, "armed"),
          isNull(plugs.firedAt),
          inArray(
            plugs.platform,
            platforms.map(([platform]) => platform),
          ),
          lt(plugs.windowStartAt, now - windowMs),
        ),
      );
  }
}

/** Adds `n` checks to an account's minute and day counts; answers how many of them fit under X's caps. */
async function takeXChecks(
  rt: Runtime,
  accountId: string,
  wanted: number,
): Promise<{ allowed: number; dayFull: boolean }> {
  const now = rt.clock.now();
  const minute = `${accountId}:${now - (now % MINUTE)}:minute`;
  const day = `${accountId}:${now - (now % DAY)}:day`;
  const rows = await rt.db
    .select()
    .from(plugCheckCounts)
    .where(inArray(plugCheckCounts.bucket, [minute, day]));
  const used = (bucket: string) => rows.find((r) => r.bucket === bucket)?.count ?? 0;
  const dayLeft = rt.config.x_plug_checks_per_day - used(day);
  const minuteLeft = rt.config.x_plug_checks_per_minute - used(minute);
  const allowed = Math.max(0, Math.min(wanted, dayLeft, minuteLeft));
  if (allowed > 0) {
    const add = (bucket: string, expiresAt: number) =>
      rt.db
        .insert(plugCheckCounts)
        .values({ bucket, count: allowed, expiresAt })
        .onConflictDoUpdate({
          target: plugCheckCounts.bucket,
          set: { count: sql`${plugCheckCounts.count} + ${allowed}` },
        });
    await rt.db.batch([add(minute, now + 2 * MINUTE), add(day, now + 2 * DAY)]);
  }
  return { allowed, dayFull: dayLeft < wanted };
}

/**
 * The cron's part: start windows, expire ended ones, then lease every due plug and put one message per
 * account (up to 100 plugs, one metrics call) on the plug-check queue. X accounts are held to the
 * per-minute and per-day caps; a plug over the daily cap stays armed with a note until the next day.
 */
export async function dispatchPlugChecks(rt: Runtime): Promise<{ queued: number; messages: number; capped: number }> {
  await startWindows(rt);
  await expireEndedWindows(rt);
  const total = { queued: 0, messages: 0, capped: 0 };
  // Each page leases or defers every plug it reads, so the next page reads new ones.
  for (let page = 0; page < MAX_PAGES; page++) {
    const { seen, queued, messages, capped } = await dispatchPage(rt);
    total.queued += queued;
    total.messages += messages;
    total.capped += capped;
    if (seen < DUE_PAGE) break;
  }
  return total;
}

async function dispatchPage(rt: Runtime) {
  const now = rt.clock.now();
  const due = await rt.db
    .select({ id: plugs.id, accountId: plugs.accountId, platform: plugs.platform })
    .from(plugs)
    .where(
      and(eq(plugs.state, "armed"), isNull(plugs.firedAt), isNotNull(plugs.windowStartAt), lte(plugs.nextCheckAt, now)),
    )
    .orderBy(asc(plugs.nextCheckAt))
    .limit(DUE_PAGE);

  const byAccount = new Map<string, { platform: string; ids: string[] }>();
  for (const p of due) {
    const entry = byAccount.get(p.accountId) ?? { platform: p.platform, ids: [] };
    entry.ids.push(p.id);
    byAccount.set(p.accountId, entry);
  }

  const messages: PlugCheckMessage[] = [];
  let capped = 0;
  for (const [accountId, { platform, ids }] of byAccount) {
    let take = ids;
    if (platform === "twitter") {
      const { allowed, dayFull } = await takeXChecks(rt, accountId, ids.length);
      take = ids.slice(0, allowed);
      const held = ids.slice(allowed);
      capped += held.length;
      // Over the day's cap: the next UTC day, with a note. Over the minute's: the next minute.
      const until = dayFull
        ? { note: DAILY_CAP_NOTE, nextCheckAt: now - (now % DAY) + DAY }
        : { nextCheckAt: now - (now % MINUTE) + MINUTE };
      for (const chunk of chunksFor(held, 1, 3)) {
        await rt.db.update(plugs).set(until).where(inArray(plugs.id, chunk));
      }
    }
    for (const chunk of chunksFor(take, 1, 2)) {
      await rt.db
        .update(plugs)
        .set({ nextCheckAt: now + LEASE_MS })
        .where(inArray(plugs.id, chunk));
    }
    for (let i = 0; i < take.length; i += PLUGS_PER_CHECK)
      messages.push({ accountId, plugIds: take.slice(i, i + PLUGS_PER_CHECK) });
  }
  await plugCheckQueue.send(rt, messages);
  const queued = messages.reduce((n, m) => n + m.plugIds.length, 0);
  return { seen: due.length, queued, messages: messages.length, capped };
}

/**
 * The consumer's part: one metrics call for the account's plugs (kept as a metrics sample of each post), then
 * each plug records its value and next check; a plug whose post is gone expires with POST_DELETED; one that
 * reached its goal is handed to `fire` (its Durable Object). Returns the plugs that reached their goal.
 */
export async function checkPlugs(
  rt: Runtime,
  message: PlugCheckMessage,
  fire: (plugId: string, value: number) => Promise<unknown>,
): Promise<string[]> {
  const rows = (
    await Promise.all(
      chunksFor(message.plugIds, 1, 2).map((ids) =>
        rt.db
          .select({
            plug: plugs,
            platformPostId: postTargets.platformPostId,
            target: {
              id: postTargets.id,
              postId: postTargets.postId,
              userId: postTargets.userId,
              accountId: postTargets.accountId,
            },
          })
          .from(plugs)
          .innerJoin(postTargets, and(eq(postTargets.postId, plugs.postId), eq(postTargets.accountId, plugs.accountId)))
          .where(and(inArray(plugs.id, ids), eq(plugs.state, "armed"), isNull(plugs.firedAt))),
      ),
    )
  ).flat();
  if (rows.length === 0) return [];
  const [account] = await rt.db.select().from(accounts).where(eq(accounts.id, message.accountId));
  if (!account) return [];

  const platformPostIds = [...new Set(rows.flatMap((r) => (r.platformPostId ? [r.platformPostId] : [])))];
  const metrics = await readMetrics(rt, account, platformPostIds);
  const now = rt.clock.now();
  const reached: { plug: PlugRow; value: number }[] = [];
  const updates = rows.map(({ plug, platformPostId }) => {
    const counts = platformPostId ? metrics.get(platformPostId) : null;
    if (!counts) {
      return rt.db
        .update(plugs)
        .set({ state: "expired", error: OUTCOME.POST_DELETED, nextCheckAt: null })
        .where(eq(plugs.id, plug.id));
    }
    const value = counts[plug.metric];
    if (value >= plug.threshold) reached.push({ plug, value });
    const support = PLUG_SUPPORT[plug.platform as PlatformKey]!;
    return rt.db
      .update(plugs)
      .set({
        lastValue: value,
        lastCheckedAt: now,
        note: null,
        nextCheckAt: nextCheckAfter(support, plug.windowStartAt ?? now, now),
      })
      .where(and(eq(plugs.id, plug.id), eq(plugs.state, "armed")));
  });
  const readings = rows.flatMap(({ target, platformPostId }) => {
    const counts = platformPostId ? metrics.get(platformPostId) : null;
    return counts ? [{ target, counts }] : [];
  });
  await runBatch(rt.db, [...updates, ...sampleInserts(rt, readings, "plug_check")]);
  for (const { plug, value } of reached) await fire(plug.id, value);
  return reached.map((r) => r.plug.id);
}

/**
 * The plug-check queue's handler. A failed metrics read is not retried by the queue: the plugs stay leased, and
 * the next cron run after the lease checks them again.
 */
export async function checkQueuedPlugs(rt: Runtime, { body }: Received<PlugCheckMessage>): Promise<Verdict> {
  const fire = (plugId: string, value: number) =>
    rt.env.PLUG_FIRER.get(rt.env.PLUG_FIRER.idFromName(plugId)).fire(plugId, value, currentRequestId());
  try {
    await checkPlugs(rt, body, fire);
  } catch (error) {
    log.error("plugs.check_failed", { account_id: body.accountId, error, next: "the lease brings it back" });
  }
  return "ack";
}

/** Counts older than their period are forgotten. */
export async function pruneCheckCounts(rt: Runtime) {
  await rt.db.delete(plugCheckCounts).where(lt(plugCheckCounts.expiresAt, rt.clock.now()));
}
