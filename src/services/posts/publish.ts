// Publishing: each queued target claimed, sent to its platform, recorded; retries and abandoned publishes.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { runBatch } from "../../db/batch";
import { fixedStatement, placeholder } from "../../db/fixed-statement";
import { chunksFor } from "../../db/limits";
import { accounts, posts, postTargets } from "../../db/schema";
import { coalesced } from "../../lib/coalesce";
import { OUTCOME, type RecordedCode } from "../../lib/error-codes";
import { AppError } from "../../lib/errors";
import { getPlatform } from "../../platforms";
import { defaultTextLimit, type PlatformKey } from "../../platforms/catalog";
import { type Platform, PlatformError, type PublishResult } from "../../platforms/types";
import type { PublishMessage } from "../../queues/publish";
import type { Received, Verdict } from "../../queues/queue";
import { accountLossStatements } from "../account-loss";
import type { AccountRow } from "../accounts";
import { withCredentials } from "../credentials";
import { eventInsert, eventsWritten } from "../events";
import { automationsGoLive } from "../flows/automation";
import type { Runtime } from "../runtime";
import { shortenLinks } from "../short-links";
import { ABANDONED_PUBLISH_MS } from "./dispatch";
import type { TargetRow } from "./present";

type Outcome =
  | { published: PublishResult }
  | { failed: { code: RecordedCode; message: string }; staleAccount?: true }
  | { retry: { afterSeconds: number; code: RecordedCode; message: string } };

/** The post's status, from its targets: any still on the way → publishing; none live → failed; else published. */
const rollUp = fixedStatement<"postId" | "now">((db) =>
  db
    .update(posts)
    .set({
      status: sql`(SELECT CASE
        WHEN SUM(${postTargets.status} IN ('scheduled', 'queued', 'publishing')) > 0 THEN 'publishing'
        WHEN SUM(${postTargets.status} = 'published') = 0 THEN 'failed'
        ELSE 'published' END
        FROM ${postTargets} WHERE ${postTargets.postId} = ${placeholder("postId")})`,
      updatedAt: placeholder("now"),
    })
    .where(and(eq(posts.id, placeholder("postId")), eq(posts.status, "publishing"))),
);

/** The target this consumer claimed (a finisher racing it finds it no longer publishing). */
const claimedTarget = () => and(eq(postTargets.id, placeholder("targetId")), eq(postTargets.status, "publishing"));

const markPublished = fixedStatement<"targetId" | "platformPostId" | "url" | "now">((db) =>
  db
    .update(postTargets)
    .set({
      status: "published",
      platformPostId: placeholder("platformPostId"),
      url: placeholder("url"),
      publishedAt: placeholder("now"),
      errorCode: null,
      errorMessage: null,
      updatedAt: placeholder("now"),
    })
    .where(claimedTarget()),
);

const markFailed = fixedStatement<"targetId" | "code" | "message" | "now">((db) =>
  db
    .update(postTargets)
    .set({
      status: "failed",
      errorCode: placeholder("code"),
      errorMessage: placeholder("message"),
      updatedAt: placeholder("now"),
    })
    .where(claimedTarget()),
);

const markForRetry = fixedStatement<"targetId" | "retryAt" | "code" | "message" | "now">((db) =>
  db
    .update(postTargets)
    .set({
      status: "queued",
      dispatchedAt: placeholder("retryAt"),
      errorCode: placeholder("code"),
      errorMessage: placeholder("message"),
      updatedAt: placeholder("now"),
    })
    .where(claimedTarget()),
);

/**
 * The statements that record one target's outcome: its row, its event and the post's status. They go in
 * one atomic batch. The event is keyed by the target, so even two finishers racing (a slow consumer and
 * the abandoned-publish sweep) write one.
 */
function outcomeStatements(rt: Runtime, target: TargetRow, outcome: Outcome): BatchItem<"sqlite">[] {
  const now = rt.clock.now();
  if ("retry" in outcome) {
    const { afterSeconds, code, message } = outcome.retry;
    // The lost-message sweep counts from the retry time, so it never races the retry.
    return [markForRetry(rt.db, { targetId: target.id, retryAt: now + afterSeconds * 1000, code, message, now })];
  }
  const about = { postId: target.postId, platform: target.platform, accountId: target.accountId };
  const dedupe = { accountId: target.accountId, dedupeKey: `outcome:${target.id}` };
  const posted = rollUp(rt.db, { postId: target.postId, now });
  if ("published" in outcome) {
    const { platformPostId, url } = outcome.published;
    return [
      markPublished(rt.db, { targetId: target.id, platformPostId, url: url ?? null, now }),
      eventInsert(rt, target.userId, "post.published", { ...about, platformPostId }, dedupe),
      posted,
      // A scheduled-post automation armed for this post and account goes live with it.
      automationsGoLive(rt, target),
    ];
  }
  const { code, message } = outcome.failed;
  return [
    markFailed(rt.db, { targetId: target.id, code, message, now }),
    eventInsert(rt, target.userId, "post.failed", { ...about, error: code }, dedupe),
    posted,
  ];
}

/** Turns a platform failure into the target's outcome: retry what is surely transient, fail the rest. */
function outcomeOfFailure(rt: Runtime, target: TargetRow, error: unknown): Outcome {
  // Refused before anything was sent (no adapter or credentials configured): surely not posted.
  if (error instanceof AppError) return { failed: { code: error.code, message: error.message } };
  if (!(error instanceof PlatformError)) {
    // Not a failure the adapter understood: the request may have gone out, so it is not retried blindly.
    return {
      failed: {
        code: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED,
        message: "Publishing failed unexpectedly; check the platform",
      },
    };
  }
  const delay = rt.config.publish_retry_delays_s[target.attempts - 1];
  if (error.retryable && delay !== undefined) {
    const afterSeconds = Math.max(delay, Math.ceil((error.retryAfterMs ?? 0) / 1000));
    return { retry: { afterSeconds, code: error.code, message: error.message } };
  }
  const code: RecordedCode =
    error.failure === "no_answer"
      ? OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED
      : error.failure === "auth_expired"
        ? "reauth_required"
        : error.code;
  return { failed: { code, message: error.message } };
}

async function attempt(rt: Runtime, target: TargetRow, account: AccountRow | undefined): Promise<Outcome> {
  if (!account || account.status === "disconnected") {
    return { failed: { code: OUTCOME.account_disconnected, message: "The account was disconnected" } };
  }
  if (account.status === "reauth_required") {
    return { failed: { code: "reauth_required", message: "The account must be reconnected before it can post" } };
  }
  let platform: Platform | undefined;
  try {
    const text = await shortenLinks(rt, target.request.text, { postId: target.postId, targetId: target.id });
    const adapter = getPlatform(rt, target.platform as PlatformKey);
    platform = adapter;
    const published = await withCredentials(rt, account, adapter, (acct) =>
      adapter.publish(acct, { ...target.request, text }),
    );
    return { published };
  } catch (error) {
    const outcome = outcomeOfFailure(rt, target, error);
    // The platform says which of its refusals mean Herald's record of the account is stale.
    const stale: readonly RecordedCode[] = platform?.rereadProfileAfter ?? [];
    return "failed" in outcome && stale.includes(outcome.failed.code) ? { ...outcome, staleAccount: true } : outcome;
  }
}

/** Reads the account's profile again: its subscription tier, and the text limit that follows from it. */
async function rereadProfile(rt: Runtime, account: AccountRow) {
  const platform = account.platform as PlatformKey;
  const adapter = getPlatform(rt, platform);
  const profile = await withCredentials(rt, account, adapter, (acct) => adapter.readProfile(acct));
  await rt.db
    .update(accounts)
    .set({
      subscriptionTier: profile.subscriptionTier,
      textLimit: defaultTextLimit(platform, profile.subscriptionTier),
    })
    .where(eq(accounts.id, account.id));
}

/**
 * Publishes targets, each exactly once. Each target is claimed (queued → publishing) before its platform
 * is called; a duplicated or retried message finds it claimed and does nothing. Transient failures go
 * back on the queue with growing delays; a call that got no answer fails as may-have-posted, never
 * retried blindly. Each target's outcome is written as soon as its call returns, in its own atomic batch: a slow
 * call delays no other target, and a crash or a failed write can leave only the target in flight `publishing`
 * (which the abandoned-publish sweep then settles as may-have-posted), never turn a published one into a failure.
 */
export async function publishTargets(rt: Runtime, targetIds: string[]): Promise<Map<string, Verdict>> {
  const verdicts = new Map<string, Verdict>(targetIds.map((id) => [id, "ack"]));
  const now = rt.clock.now();
  const claimed = (
    await Promise.all(
      chunksFor([...new Set(targetIds)], 1, 4).map((ids) =>
        rt.db
          .update(postTargets)
          .set({ status: "publishing", attempts: sql`${postTargets.attempts} + 1`, updatedAt: now })
          .where(and(inArray(postTargets.id, ids), eq(postTargets.status, "queued")))
          .returning(),
      ),
    )
  ).flat();
  if (claimed.length === 0) return verdicts;

  const accountIds = [...new Set(claimed.map((t) => t.accountId))];
  const accountRows = (
    await Promise.all(
      chunksFor(accountIds, 1).map((ids) => rt.db.select().from(accounts).where(inArray(accounts.id, ids))),
    )
  ).flat();
  const accountById = new Map(accountRows.map((a) => [a.id, a]));

  const record = outcomeRecorder(rt);
  const outcomes = await Promise.all(
    claimed.map(async (target) => {
      const outcome = await attempt(rt, target, accountById.get(target.accountId));
      await record(target, outcome);
      return outcome;
    }),
  );
  for (const [i, outcome] of outcomes.entries()) {
    if ("retry" in outcome) verdicts.set(claimed[i]!.id, { retryAfterSeconds: outcome.retry.afterSeconds });
  }
  if (outcomes.some((o) => !("retry" in o))) await eventsWritten(rt);

  // The outcomes are written; a profile read that fails now leaves the account as it was.
  for (const [i, target] of claimed.entries()) {
    const account = accountById.get(target.accountId);
    if (account && (outcomes[i] as { staleAccount?: true }).staleAccount) {
      await rereadProfile(rt, account).catch((error) => console.error("profile re-read failed", error));
    }
  }
  return verdicts;
}

/** The publish queue's handler: a batch of targets published together, each message settled by its target's verdict. */
export async function publishQueued(rt: Runtime, messages: Received<PublishMessage>[]): Promise<Verdict[]> {
  const verdicts = await publishTargets(
    rt,
    messages.map((m) => m.body.targetId),
  );
  return messages.map((m) => verdicts.get(m.body.targetId) ?? "ack");
}

/**
 * Writes each target's outcome (and marks its account for reconnection when the platform said so) as soon as its
 * call returns. Outcomes that arrive in the same turn share one batch; if that batch fails, each is written alone,
 * so one bad write holds no other. A target whose own write fails stays `publishing` and is logged: the sweep
 * settles it as may-have-posted, the only thing a lost write may turn it into.
 */
function outcomeRecorder(rt: Runtime) {
  const write = (statements: BatchItem<"sqlite">[]) => runBatch(rt.db, statements);
  const together = coalesced(async (sets: { target: TargetRow; statements: BatchItem<"sqlite">[] }[]) => {
    try {
      await write(sets.flatMap((s) => s.statements));
      return sets.map(() => undefined);
    } catch {
      return Promise.all(
        sets.map(({ target, statements }) =>
          write(statements).then(
            () => undefined,
            (error) => console.error(`publish: the outcome of target ${target.id} could not be written`, error),
          ),
        ),
      );
    }
  });
  return (target: TargetRow, outcome: Outcome) => {
    const statements = outcomeStatements(rt, target, outcome);
    if ("failed" in outcome && outcome.failed.code === "reauth_required") {
      const account = { id: target.accountId, userId: target.userId, platform: target.platform };
      statements.push(...accountLossStatements(rt, account, "platform_revoked"));
    }
    return together({ target, statements });
  };
}

/** Targets left publishing by a consumer that died mid-call: the platform may have them, so they fail as such. */
export async function failAbandoned(rt: Runtime): Promise<number> {
  const stale = await rt.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.status, "publishing"), lt(postTargets.updatedAt, rt.clock.now() - ABANDONED_PUBLISH_MS)));
  const failed: Outcome = {
    failed: {
      code: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED,
      message: "Publishing stopped mid-call; check the platform before retrying",
    },
  };
  if (stale.length === 0) return 0;
  await runBatch(
    rt.db,
    stale.flatMap((target) => outcomeStatements(rt, target, failed)),
  );
  await eventsWritten(rt);
  return stale.length;
}
