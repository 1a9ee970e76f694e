// Firing a plug once: claimed, its action run through the platform, then recorded fired or failed.
import { and, eq, isNull } from "drizzle-orm";
import { accounts, plugs, postTargets } from "../../db/schema";
import { OUTCOME, type RecordedCode } from "../../lib/error-codes";
import { getPlatform } from "../../platforms";
import type { PlatformKey } from "../../platforms/catalog";
import { type PlatformAccount, PlatformError } from "../../platforms/types";
import { withCredentials } from "../accounts/credentials";
import { eventInsert, eventsWritten } from "../events";
import type { Runtime } from "../runtime";
import type { PlugRow } from "./present";

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

  const platform = getPlatform(rt, plug.platform as PlatformKey);
  const act =
    plug.actionKind === "repost"
      ? platform.repost && ((account: PlatformAccount) => platform.repost!(account, row.platformPostId!))
      : platform.comment &&
        ((account: PlatformAccount) => platform.comment!(account, row.platformPostId!, plug.actionText ?? ""));
  // Plugs are armed only where the platform does the action (PLUG_SUPPORT): one armed before it lost it ends here.
  if (!act) {
    await fail(OUTCOME.NOT_SUPPORTED);
    return "failed";
  }
  let result: { platformPostId?: string | null };
  try {
    result = await withinDeadline(withCredentials(rt, row.account, platform, act));
  } catch (error) {
    const answered = error instanceof PlatformError && error.failure !== "no_answer";
    await fail(answered ? (error as PlatformError).code : OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED);
    return "failed";
  }
  // The action happened: only its recording is left, tried again until it lands (the event is keyed by the plug,
  // so a recording that landed without answering is not sent twice). Should every try fail, the plug stays
  // firing and the lease sweep settles it as ambiguous, never as a refusal.
  for (let attempt = 1; ; attempt++) {
    try {
      await recordFired(rt, plug, value, result.platformPostId ?? null);
      break;
    } catch (error) {
      if (attempt === RECORD_TRIES) throw error;
    }
  }
  await eventsWritten(rt);
  return "fired";
}

/** How often a successful action's recording is tried before the plug is left to the lease sweep. */
const RECORD_TRIES = 3;

/**
 * The time the action may take, platform calls and a token refresh included: well inside the 30 s a Durable
 * Object's `blockConcurrencyWhile` allows, so the object is never reset mid-action. Past it the platform may still
 * act, so the plug fails as ambiguous.
 */
export const PLUG_ACTION_DEADLINE_MS = 20_000;

function withinDeadline<T>(action: Promise<T>): Promise<T> {
  let giveUp = () => {};
  const deadline = new Promise<never>((_, reject) => {
    giveUp = () => reject(new PlatformError("no_answer", "The action took longer than the plug may wait"));
  });
  const timer = setTimeout(() => giveUp(), PLUG_ACTION_DEADLINE_MS);
  return Promise.race([action, deadline]).finally(() => clearTimeout(timer));
}

function recordFired(rt: Runtime, plug: PlugRow, value: number, actionPlatformPostId: string | null) {
  return rt.db.batch([
    rt.db
      .update(plugs)
      .set({ state: "fired", actionPlatformPostId, nextCheckAt: null })
      .where(and(eq(plugs.id, plug.id), eq(plugs.state, "armed"))),
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
}
