// list_flows_with_stats: each flow with its executions and items collected over a window.
import { and, asc, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { collectedItems, flowExecutions, flows } from "../../db/schema";
import { iso } from "../../lib/clock";
import type { PlatformKey } from "../../platforms/catalog";
import { resolveWindow, type WindowInput } from "../analytics/window";
import type { Runtime } from "../runtime";

/**
 * `list_flows_with_stats`: each of the user's flows (oldest first) with what it did over the window [from, to):
 * executions started in it, executions that ended in it completed or errored, and items collected in it.
 */
export async function listFlowsWithStats(rt: Runtime, userId: string, input: WindowInput & { account_id?: string }) {
  const { from, to } = resolveWindow(rt, input);
  const inWindow = (at: SQLiteColumn) => and(gte(at, from), lt(at, to));
  const ended = (status: "completed" | "errored") =>
    sql<number>`coalesce(sum(case when ${flowExecutions.status} = ${status} and ${flowExecutions.endedAt} >= ${from} and ${flowExecutions.endedAt} < ${to} then 1 else 0 end), 0)`;
  const started = sql<number>`coalesce(sum(case when ${flowExecutions.startedAt} >= ${from} and ${flowExecutions.startedAt} < ${to} then 1 else 0 end), 0)`;
  const [list, runs, items] = await Promise.all([
    rt.db
      .select({
        id: flows.id,
        name: flows.name,
        status: flows.status,
        accountId: flows.accountId,
        platform: flows.platform,
      })
      .from(flows)
      .where(
        and(
          eq(flows.userId, userId),
          isNull(flows.deletedAt),
          input.account_id ? eq(flows.accountId, input.account_id) : undefined,
        ),
      )
      .orderBy(asc(flows.createdAt), asc(flows.id)),
    // Runs that started or ended in the window: started before it and ended in it count as completed or errored.
    rt.db
      .select({
        flowId: flowExecutions.flowId,
        started,
        completed: ended("completed"),
        errored: ended("errored"),
      })
      .from(flowExecutions)
      .where(
        and(
          eq(flowExecutions.userId, userId),
          sql`(${inWindow(flowExecutions.startedAt)} or ${inWindow(flowExecutions.endedAt)})`,
        ),
      )
      .groupBy(flowExecutions.flowId),
    rt.db
      .select({ flowId: collectedItems.flowId, n: count() })
      .from(collectedItems)
      .where(and(eq(collectedItems.userId, userId), inWindow(collectedItems.collectedAt)))
      .groupBy(collectedItems.flowId),
  ]);
  const runsOf = new Map(runs.map((r) => [r.flowId, r]));
  const itemsOf = new Map(items.map((r) => [r.flowId, r.n]));
  return {
    from: iso(from),
    to: iso(to),
    flows: list.map((flow) => {
      const run = runsOf.get(flow.id);
      return {
        flowId: flow.id,
        flowName: flow.name,
        status: flow.status,
        accountId: flow.accountId,
        platform: flow.platform as PlatformKey,
        executions: {
          started: Number(run?.started ?? 0),
          completed: Number(run?.completed ?? 0),
          errored: Number(run?.errored ?? 0),
        },
        itemsCollected: itemsOf.get(flow.id) ?? 0,
      };
    }),
  };
}
