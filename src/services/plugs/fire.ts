import { and, eq, isNull } from "drizzle-orm";
import { accounts, plugs, postTargets } from "../../db/schema";
import { OUTCOME, type RecordedCode } from "../../lib/error-codes";
import { getPlatform } from "../../platforms";
import type { PlatformKey } from "../../platforms/catalog";
import { PlatformError } from "../../platforms/types";
import { toPlatformAccount } from "../accounts";
import { eventInsert, eventsWritten } from "../events";
import type { Runtime } from "../runtime";

/**
 * Fires a plug once: claims it (armed, fired_at unset → fired_at set) in D1, runs the action through the
 * platform, then records fired (and `post.plug_fired`, keyed by the plug) or failed. A plug never retries
 * its action: a platform that gave no answer leaves it failed with AMBIGUOUS_MAY_HAVE_POSTED.
 * Called from the plug's Durable Object, so two checks racing on one plug run here one after the other.
 */
export async function firePlug(rt: Runtime, plugId: string, value: number): Promise<"fired" | "failed" | "skipped"> {
  const [plug] = await rt.db
    .update(plugs)
    .set({ firedAt: rt.clock.now(), lastValue: value, note: null })
    .where(and(eq(plugs.id, plugId), eq(plugs.state, "armed"), isNull(plugs.firedAt)))
    .returning();
  if (!plug) return "skipped";

  const [row] = await rt.db
    .select({ account: accounts, platformPostId: postTargets.platformPostId })
    .from(postTargets)
    .innerJoin(accounts, eq(accounts.id, postTargets.accountId))
    .where(and(eq(postTargets.postId, plug.postId), eq(postTargets.accountId, plug.accountId)));
  const fail = (error: RecordedCode) =>
    rt.db.update(plugs).set({ state: "failed", error, nextCheckAt: null }).where(eq(plugs.id, plugId));
  if (!row?.platformPostId) {
    await fail(OUTCOME.POST_DELETED);
    return "failed";
  }

  try {
    const platform = getPlatform(rt, plug.platform as PlatformKey);
    const account = toPlatformAccount(row.account);
    const result =
      plug.actionKind === "repost"
        ? await platform.repost(account, row.platformPostId)
        : await platform.comment(account, row.platformPostId, plug.actionText ?? "");
    await rt.db.batch([
      rt.db
        .update(plugs)
        .set({ state: "fired", actionPlatformPostId: result.platformPostId, nextCheckAt: null })
        .where(eq(plugs.id, plugId)),
      eventInsert(
        rt,
        plug.userId,
        "post.plug_fired",
        {
          plug_id: plug.id,
          post_id: plug.postId,
          account_id: plug.accountId,
          platform: plug.platform,
          metric: plug.metric,
          threshold: plug.threshold,
          value,
          action: plug.actionKind,
        },
        { accountId: plug.accountId, dedupeKey: `plug:${plug.id}` },
      ),
    ]);
    await eventsWritten(rt);
    return "fired";
  } catch (error) {
    const answered = error instanceof PlatformError && error.failure !== "no_answer";
    await fail(answered ? (error as PlatformError).code : OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED);
    return "failed";
  }
}
