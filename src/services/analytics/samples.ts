// Metrics readings: read from the platforms, written as samples; the daily read of recent posts and of followers.
import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { chunksFor, paramsPerRow } from "../../db/limits";
import { accounts, metricSamples, posts, postTargets } from "../../db/schema";
import { OUTCOME } from "../../lib/error-codes";
import { getPlatform } from "../../platforms";
import type { PlatformKey } from "../../platforms/catalog";
import { type Metrics, PlatformError } from "../../platforms/types";
import { type MetricsReadMessage, metricsReadQueue } from "../../queues/metrics-reads";
import type { Received, Verdict } from "../../queues/queue";
import type { AccountRow } from "../accounts/accounts";
import { withCredentials } from "../accounts/credentials";
import type { Runtime } from "../runtime";
import { followerReadMessages, snapshotFollowers } from "./followers";

export type SampleSource = (typeof metricSamples.$inferInsert)["source"];

/** A published target whose metrics were read: who it belongs to and what the platform answered. */
export interface Reading {
  target: { id: string; postId: string; userId: string; accountId: string };
  counts: Metrics;
}

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
/** The daily read covers posts published this recently. */
export const DAILY_READ_AGE_MS = 30 * DAY;
/** A post read this recently (by a plug check) is not read again by the daily job. */
const FRESH_MS = 20 * HOUR;
/** Platforms read up to 100 posts' metrics per account in one go (X: GET /2/tweets?ids=). */
const IDS_PER_READ = 100;
const PAGE = 2000;
/** 100,000 posts per run; what is left is read the next day. */
const MAX_PAGES = 50;

/**
 * Reads metrics for platform post ids of one account through its adapter, with its stored credentials; refused
 * (`NOT_SUPPORTED`) where the platform counts nothing.
 */
export async function readMetrics(rt: Runtime, account: AccountRow, platformPostIds: string[]) {
  const platform = getPlatform(rt, account.platform as PlatformKey);
  const read = platform.readMetrics?.bind(platform);
  if (!read) throw new PlatformError("refused", `${account.platform} reports no counts`, OUTCOME.NOT_SUPPORTED);
  return withCredentials(rt, account, platform, (acct) => read(acct, platformPostIds));
}

/** Statements that record one sample per reading (at most one per target), to run in the caller's batch. */
export function sampleInserts(rt: Runtime, readings: Reading[], source: SampleSource) {
  const readAt = rt.clock.now();
  const seen = new Set<string>();
  const rows = readings.flatMap(({ target, counts }) => {
    if (seen.has(target.id)) return [];
    seen.add(target.id);
    const { likes, comments, reposts, views } = counts;
    return [
      {
        targetId: target.id,
        postId: target.postId,
        userId: target.userId,
        accountId: target.accountId,
        likes,
        comments,
        reposts,
        views,
        source,
        readAt,
      },
    ];
  });
  if (rows.length === 0) return [];
  return chunksFor(rows, paramsPerRow(rows[0]!)).map((chunk) => rt.db.insert(metricSamples).values(chunk));
}

/**
 * The daily job's part: every post published in the last 30 days on an active account, not read in the last
 * 20 hours, goes on the metrics queue, one message per account with up to 100 posts (one metrics call); and each
 * account whose platform reports followers gets one profile read message for the day's snapshot.
 */
export async function dispatchDailyReads(rt: Runtime): Promise<{ targets: number; messages: number }> {
  const now = rt.clock.now();
  const total = { targets: 0, messages: 0 };
  let after: { publishedAt: number; id: string } | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const rows = await rt.db
      .select({ id: postTargets.id, accountId: postTargets.accountId, publishedAt: postTargets.publishedAt })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .innerJoin(accounts, eq(accounts.id, postTargets.accountId))
      .where(
        and(
          eq(postTargets.status, "published"),
          gte(postTargets.publishedAt, now - DAILY_READ_AGE_MS),
          isNotNull(postTargets.platformPostId),
          isNull(posts.deletedAt),
          eq(accounts.status, "active"),
          after
            ? or(
                gt(postTargets.publishedAt, after.publishedAt),
                and(eq(postTargets.publishedAt, after.publishedAt), gt(postTargets.id, after.id)),
              )
            : undefined,
          sql`NOT EXISTS (SELECT 1 FROM ${metricSamples} WHERE ${metricSamples.targetId} = ${postTargets.id} AND ${metricSamples.readAt} > ${now - FRESH_MS})`,
        ),
      )
      .orderBy(asc(postTargets.publishedAt), asc(postTargets.id))
      .limit(PAGE);

    const byAccount = new Map<string, string[]>();
    for (const row of rows) {
      const ids = byAccount.get(row.accountId) ?? [];
      ids.push(row.id);
      byAccount.set(row.accountId, ids);
    }
    const messages: MetricsReadMessage[] = [];
    for (const [accountId, ids] of byAccount) {
      for (let i = 0; i < ids.length; i += IDS_PER_READ)
        messages.push({ accountId, targetIds: ids.slice(i, i + IDS_PER_READ) });
    }
    await metricsReadQueue.send(rt, messages);
    total.targets += rows.length;
    total.messages += messages.length;

    const last = rows.at(-1);
    if (rows.length < PAGE || !last) break;
    after = { publishedAt: last.publishedAt!, id: last.id };
  }
  const profiles = await followerReadMessages(rt);
  await metricsReadQueue.send(rt, profiles);
  total.messages += profiles.length;
  return total;
}

/**
 * The queue consumer's part: one metrics call for the account's posts, one sample per post the platform still
 * has. Platforms that report no counts (Telegram, Twitch, Kick…) are skipped. Answers how many were recorded.
 */
/** The metrics-read queue's handler: a failed read is tried again later. */
export async function readQueuedMetrics(rt: Runtime, message: Received<MetricsReadMessage>): Promise<Verdict> {
  await readDailyMetrics(rt, message.body);
  return "ack";
}

export async function readDailyMetrics(rt: Runtime, message: MetricsReadMessage): Promise<number> {
  const [account] = await rt.db.select().from(accounts).where(eq(accounts.id, message.accountId));
  if (account?.status !== "active") return 0;
  if (message.followers) await snapshotFollowers(rt, account);
  if (message.targetIds.length === 0) return 0;
  const targets = (
    await Promise.all(
      chunksFor(message.targetIds, 1, 2).map((ids) =>
        rt.db
          .select()
          .from(postTargets)
          .where(
            and(
              inArray(postTargets.id, ids),
              eq(postTargets.accountId, account.id),
              isNotNull(postTargets.platformPostId),
            ),
          ),
      ),
    )
  ).flat();
  if (targets.length === 0) return 0;

  let metrics: Map<string, Metrics | null>;
  try {
    metrics = await readMetrics(rt, account, [...new Set(targets.map((t) => t.platformPostId!))]);
  } catch (error) {
    if (error instanceof PlatformError && error.code === OUTCOME.NOT_SUPPORTED) return 0;
    throw error;
  }
  const readings = targets.flatMap((target) => {
    const counts = metrics.get(target.platformPostId!);
    return counts ? [{ target, counts }] : [];
  });
  await runBatch(rt.db, sampleInserts(rt, readings, "daily"));
  return readings.length;
}
