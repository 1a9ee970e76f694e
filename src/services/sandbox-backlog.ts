// What work the sandbox deployment still has outstanding: due targets, deliveries, outbox, inbound, firing plugs.
import { and, eq, gt, inArray, isNull, lte, ne, or, sql } from "drizzle-orm";
import {
  events,
  flowExecutions,
  inboundEvents,
  outboxCursors,
  plugs,
  posts,
  postTargets,
  webhookDeliveries,
} from "../db/schema";
import { iso } from "../lib/clock";
import type { Runtime } from "./runtime";

const count = sql<number>`count(*)`.mapWith(Number);

/**
 * Counts, across every user, of the work Herald has taken on and not finished by now (service time): targets due
 * and not settled, webhook deliveries not finished, outbox events not fanned out, inbound events not handled,
 * executions midway through a run, plugs firing. A load test (the soak) reads it to know when the system has settled;
 * all zero means nothing more will happen until something new is due.
 */
export async function sandboxBacklog(rt: Runtime) {
  const now = rt.clock.now();
  const cursor = rt.db.select({ seq: outboxCursors.seq }).from(outboxCursors).where(eq(outboxCursors.name, "webhooks"));
  const [[targets], [deliveries], [outbox], [inbound], [executions], [firing]] = await rt.db.batch([
    rt.db
      .select({
        due: sql<number>`sum(${postTargets.status} in ('scheduled', 'queued'))`.mapWith(Number),
        publishing: sql<number>`sum(${postTargets.status} = 'publishing')`.mapWith(Number),
      })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(
        and(
          or(
            eq(postTargets.status, "publishing"),
            and(inArray(postTargets.status, ["scheduled", "queued"]), lte(posts.scheduledAt, now)),
          ),
          ne(posts.status, "waiting_for_approval"),
        ),
      ),
    rt.db
      .select({ count })
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.status, ["pending", "sending"])),
    rt.db
      .select({ count })
      .from(events)
      .where(gt(events.seq, sql`coalesce((${cursor}), 0)`)),
    rt.db.select({ count }).from(inboundEvents).where(isNull(inboundEvents.doneAt)),
    rt.db.select({ count }).from(flowExecutions).where(eq(flowExecutions.status, "running")),
    rt.db
      .select({ count })
      .from(plugs)
      .where(and(eq(plugs.state, "armed"), sql`${plugs.firedAt} is not null`)),
  ]);
  const backlog = {
    targets_due: targets?.due ?? 0,
    targets_publishing: targets?.publishing ?? 0,
    deliveries_unfinished: deliveries?.count ?? 0,
    events_not_fanned_out: outbox?.count ?? 0,
    inbound_unhandled: inbound?.count ?? 0,
    executions_running: executions?.count ?? 0,
    plugs_firing: firing?.count ?? 0,
  };
  return { ...backlog, settled: Object.values(backlog).every((n) => n === 0), now: iso(now) };
}
