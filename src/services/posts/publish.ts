import { and, eq, lt, sql } from "drizzle-orm";
import { accounts, posts, postTargets } from "../../db/schema";
import { getPlatform } from "../../platforms";
import { defaultTextLimit, type PlatformKey } from "../../platforms/catalog";
import { PlatformError } from "../../platforms/types";
import { toPlatformAccount } from "../accounts";
import { eventInsert } from "../events";
import type { Runtime } from "../runtime";
import { shortenLinks } from "../short-links";
import { ABANDONED_PUBLISH_MS } from "./dispatch";
import type { TargetRow } from "./present";

export const MAY_HAVE_POSTED = "AMBIGUOUS_MAY_HAVE_POSTED";

/** What the queue consumer should do with the message. */
export type PublishVerdict = { done: true } | { retryAfterSeconds: number };

/** The post's status, from its targets: any still on the way → publishing; none live → failed; else published. */
const rollUp = (rt: Runtime, postId: string, now: number) =>
  rt.db
    .update(posts)
    .set({
      status: sql`(SELECT CASE
        WHEN SUM(${postTargets.status} IN ('scheduled', 'queued', 'publishing')) > 0 THEN 'publishing'
        WHEN SUM(${postTargets.status} = 'published') = 0 THEN 'failed'
        ELSE 'published' END
        FROM ${postTargets} WHERE ${postTargets.postId} = ${postId})`,
      updatedAt: now,
    })
    .where(and(eq(posts.id, postId), eq(posts.status, "publishing")));

/**
 * Records a target's end, its event and the post's new status in one atomic batch. The event is keyed by
 * the target, so even two finishers racing (a slow consumer and the abandoned-publish sweep) write one.
 */
async function finish(
  rt: Runtime,
  target: TargetRow,
  outcome: { published: { platformPostId: string; url?: string } } | { failed: { code: string; message: string } },
) {
  const now = rt.clock.now();
  const about = { postId: target.postId, platform: target.platform, accountId: target.accountId };
  const isPublished = "published" in outcome;
  await rt.db.batch([
    rt.db
      .update(postTargets)
      .set(
        isPublished
          ? {
              status: "published",
              platformPostId: outcome.published.platformPostId,
              url: outcome.published.url ?? null,
              publishedAt: now,
              errorCode: null,
              errorMessage: null,
              updatedAt: now,
            }
          : {
              status: "failed",
              errorCode: outcome.failed.code,
              errorMessage: outcome.failed.message,
              updatedAt: now,
            },
      )
      .where(and(eq(postTargets.id, target.id), eq(postTargets.status, "publishing"))),
    eventInsert(
      rt,
      target.userId,
      isPublished ? "post.published" : "post.failed",
      isPublished
        ? { ...about, platformPostId: outcome.published.platformPostId }
        : { ...about, error: outcome.failed.code },
      target.accountId,
      `outcome:${target.id}`,
    ),
    rollUp(rt, target.postId, now),
  ]);
}

/** After X refuses a long post, read the account's subscription again: its tier and text limit follow. */
async function rereadSubscription(rt: Runtime, account: typeof accounts.$inferSelect) {
  const profile = await getPlatform(rt, account.platform as PlatformKey).readProfile(toPlatformAccount(account));
  await rt.db
    .update(accounts)
    .set({
      subscriptionTier: profile.subscriptionTier,
      textLimit: defaultTextLimit(account.platform as PlatformKey, profile.subscriptionTier),
    })
    .where(eq(accounts.id, account.id));
}

/**
 * Publishes one target, exactly once. The target is claimed (queued → publishing) before the platform
 * is called; a duplicated or retried message finds it claimed and does nothing. Transient failures go
 * back on the queue with growing delays; a call that got no answer fails as may-have-posted, never
 * retried blindly.
 */
export async function publishTarget(rt: Runtime, targetId: string): Promise<PublishVerdict> {
  const now = rt.clock.now();
  const [target] = await rt.db
    .update(postTargets)
    .set({ status: "publishing", attempts: sql`${postTargets.attempts} + 1`, updatedAt: now })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.status, "queued")))
    .returning();
  if (!target) return { done: true };

  const [account] = await rt.db.select().from(accounts).where(eq(accounts.id, target.accountId));
  if (!account || account.status === "disconnected") {
    await finish(rt, target, { failed: { code: "account_disconnected", message: "The account was disconnected" } });
    return { done: true };
  }
  if (account.status === "reauth_required") {
    await finish(rt, target, {
      failed: { code: "reauth_required", message: "The account must be reconnected before it can post" },
    });
    return { done: true };
  }

  try {
    const text = await shortenLinks(rt, target.request.text, { postId: target.postId, targetId: target.id });
    const result = await getPlatform(rt, target.platform as PlatformKey).publish(toPlatformAccount(account), {
      ...target.request,
      text,
    });
    await finish(rt, target, { published: result });
    return { done: true };
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return handleFailure(rt, target, account, error);
  }
}

async function handleFailure(
  rt: Runtime,
  target: TargetRow,
  account: typeof accounts.$inferSelect,
  error: PlatformError,
): Promise<PublishVerdict> {
  const delays = rt.config.publish_retry_delays_s;
  const delay = delays[target.attempts - 1];
  if (error.retryable && delay !== undefined) {
    const retryAfterSeconds = Math.max(delay, Math.ceil((error.retryAfterMs ?? 0) / 1000));
    const now = rt.clock.now();
    await rt.db
      .update(postTargets)
      .set({
        status: "queued",
        // The lost-message sweep counts from here, so it never races the retry.
        dispatchedAt: now + retryAfterSeconds * 1000,
        errorCode: error.code,
        errorMessage: error.message,
        updatedAt: now,
      })
      .where(and(eq(postTargets.id, target.id), eq(postTargets.status, "publishing")));
    return { retryAfterSeconds };
  }

  const code = error.failure === "no_answer" ? MAY_HAVE_POSTED : error.code;
  await finish(rt, target, { failed: { code, message: error.message } });
  if (error.failure === "auth_expired") {
    await rt.db.update(accounts).set({ status: "reauth_required" }).where(eq(accounts.id, account.id));
  }
  if (code === "X_LONG_POST_REFUSED") await rereadSubscription(rt, account);
  return { done: true };
}

/** Targets left publishing by a consumer that died mid-call: the platform may have them, so they fail as such. */
export async function failAbandoned(rt: Runtime): Promise<number> {
  const stale = await rt.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.status, "publishing"), lt(postTargets.updatedAt, rt.clock.now() - ABANDONED_PUBLISH_MS)));
  for (const target of stale) {
    await finish(rt, target, {
      failed: { code: MAY_HAVE_POSTED, message: "Publishing stopped mid-call; check the platform before retrying" },
    });
  }
  return stale.length;
}
