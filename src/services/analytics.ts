import { and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { plugs, postTargets, rssItems, webhookDeliveries, webhooks } from "../db/schema";
import { iso } from "../lib/clock";
import { validationError } from "../lib/errors";
import type { AnalyticsOverviewInput } from "../schemas/analytics";
import type { Runtime } from "./runtime";

const DEFAULT_PERIOD_MS = 30 * 86_400_000;

interface Counts {
  published: number;
  failed: number;
  plug_firings: number;
}

const empty = (): Counts => ({ published: 0, failed: 0, plug_firings: 0 });

/**
 * What happened in a period (default the last 30 days): per account and per platform, the posts that went
 * live or failed and the plugs that fired; the feed items that became posts; webhook deliveries that
 * succeeded or failed every try. A target counts when its outcome was recorded in the period.
 */
export async function analyticsOverview(rt: Runtime, userId: string, query: AnalyticsOverviewInput) {
  const to = query.to === undefined ? rt.clock.now() : Date.parse(query.to);
  const from = query.from === undefined ? to - DEFAULT_PERIOD_MS : Date.parse(query.from);
  if (from >= to) throw validationError("from", "must be before to");
  const accounts = query.account_ids;
  const onAccounts = <C extends typeof postTargets.accountId | typeof plugs.accountId>(column: C) =>
    accounts ? inArray(column, accounts) : undefined;

  const outcomeAt = sql<number>`coalesce(${postTargets.publishedAt}, ${postTargets.updatedAt})`;
  const [targets, fired, items, deliveries] = await Promise.all([
    rt.db
      .select({
        accountId: postTargets.accountId,
        platform: postTargets.platform,
        status: postTargets.status,
        n: count(),
      })
      .from(postTargets)
      .where(
        and(
          eq(postTargets.userId, userId),
          inArray(postTargets.status, ["published", "failed"]),
          sql`${outcomeAt} >= ${from} AND ${outcomeAt} < ${to}`,
          onAccounts(postTargets.accountId),
        ),
      )
      .groupBy(postTargets.accountId, postTargets.platform, postTargets.status),
    rt.db
      .select({ accountId: plugs.accountId, platform: plugs.platform, n: count() })
      .from(plugs)
      .where(
        and(
          eq(plugs.userId, userId),
          eq(plugs.state, "fired"),
          gte(plugs.firedAt, from),
          lt(plugs.firedAt, to),
          onAccounts(plugs.accountId),
        ),
      )
      .groupBy(plugs.accountId, plugs.platform),
    rt.db
      .select({ items: count(), posts: sql<number>`coalesce(sum(json_array_length(${rssItems.postIds})), 0)` })
      .from(rssItems)
      .where(
        and(
          eq(rssItems.userId, userId),
          eq(rssItems.status, "done"),
          sql`json_array_length(${rssItems.postIds}) > 0`,
          gte(rssItems.createdAt, from),
          lt(rssItems.createdAt, to),
        ),
      ),
    rt.db
      .select({ status: webhookDeliveries.status, n: count() })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(
        and(
          eq(webhooks.userId, userId),
          inArray(webhookDeliveries.status, ["succeeded", "failed"]),
          gte(webhookDeliveries.updatedAt, from),
          lt(webhookDeliveries.updatedAt, to),
        ),
      )
      .groupBy(webhookDeliveries.status),
  ]);

  const byAccount = new Map<string, Counts & { account_id: string; platform: string }>();
  const row = (accountId: string, platform: string) => {
    const found = byAccount.get(accountId) ?? { account_id: accountId, platform, ...empty() };
    byAccount.set(accountId, found);
    return found;
  };
  for (const t of targets) row(t.accountId, t.platform)[t.status === "published" ? "published" : "failed"] += t.n;
  for (const p of fired) row(p.accountId, p.platform).plug_firings += p.n;

  const byPlatform = new Map<string, Counts & { platform: string }>();
  for (const a of byAccount.values()) {
    const total = byPlatform.get(a.platform) ?? { platform: a.platform, ...empty() };
    total.published += a.published;
    total.failed += a.failed;
    total.plug_firings += a.plug_firings;
    byPlatform.set(a.platform, total);
  }
  const delivered = (status: string) => deliveries.find((d) => d.status === status)?.n ?? 0;
  return {
    from: iso(from),
    to: iso(to),
    accounts: [...byAccount.values()].sort((a, b) => a.account_id.localeCompare(b.account_id)),
    platforms: [...byPlatform.values()].sort((a, b) => a.platform.localeCompare(b.platform)),
    feeds: { items_posted: items[0]?.items ?? 0, posts_made: Number(items[0]?.posts ?? 0) },
    webhooks: { delivered: delivered("succeeded"), failed: delivered("failed") },
  };
}
