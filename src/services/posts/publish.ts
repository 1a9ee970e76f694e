// Publishing: each queued target claimed, sent to its platform, its outcome recorded; retries and abandoned publishes.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { fixedSelect, inJsonList, placeholder } from "../../db/fixed-statement";
import { notIndexed } from "../../db/not-indexed";
import { accounts, postTargets } from "../../db/schema";
import { OUTCOME, type RecordedCode } from "../../lib/error-codes";
import { inRequest, log } from "../../lib/log";
import { mapLimited } from "../../lib/map-limited";
import { getPlatform } from "../../platforms";
import { defaultTextLimit, type PlatformKey } from "../../platforms/catalog";
import type { Platform } from "../../platforms/types";
import type { PublishMessage } from "../../queues/publish";
import type { Received, Verdict } from "../../queues/queue";
import type { AccountRow } from "../accounts/accounts";
import { withCredentials } from "../accounts/credentials";
import { eventsWritten } from "../events";
import type { Runtime } from "../runtime";
import { shortenLinks } from "../short-links";
import { ABANDONED_PUBLISH_MS } from "./dispatch";
import type { TargetRow } from "./present";
import { publishChain } from "./publish-chain";
import { type Outcome, outcomeOfFailure } from "./publish-outcome";
import { outcomeRecorder, outcomeStatements } from "./publish-record";
import { abandonedChain, failInFlightSteps, hasSteps, stepsOf } from "./steps";
import { textWithUtm } from "./utm";

/** Calls in flight at once to one account: a burst on one account reaches its platform a few posts at a time. */
export const CALLS_PER_ACCOUNT = 5;

async function attempt(rt: Runtime, target: TargetRow, account: AccountRow | undefined): Promise<Outcome> {
  if (!account || account.status === "disconnected") {
    return { failed: { code: OUTCOME.account_disconnected, message: "The account was disconnected" } };
  }
  if (account.status === "reauth_required") {
    return { failed: { code: "reauth_required", message: "The account must be reconnected before it can post" } };
  }
  let platform: Platform | undefined;
  // The platform says which of its refusals mean Herald's record of the account is stale.
  const withStaleness = (outcome: Outcome): Outcome => {
    const stale: readonly RecordedCode[] = platform?.rereadProfileAfter ?? [];
    return "failed" in outcome && stale.includes(outcome.failed.code) ? { ...outcome, staleAccount: true } : outcome;
  };
  try {
    const adapter = getPlatform(rt, target.platform as PlatformKey);
    platform = adapter;
    if (hasSteps(target)) return withStaleness(await publishChain(rt, target, account, adapter));
    const withUtm = await textWithUtm(rt, { ...target, text: target.request.text }, account.name);
    const text = await shortenLinks(rt, withUtm, { postId: target.postId, targetId: target.id });
    const published = await withCredentials(rt, account, adapter, (acct) =>
      adapter.publish(acct, { ...target.request, text }),
    );
    return { published };
  } catch (error) {
    return withStaleness(outcomeOfFailure(rt, target, error));
  }
}

/** One line per platform call: what was published where, and how it ended (never the post's text). */
function logAttempt(target: TargetRow, outcome: Outcome, ms: number) {
  const where = {
    post_id: target.postId,
    target_id: target.id,
    platform: target.platform,
    account_id: target.accountId,
  };
  if ("published" in outcome) {
    log.info("publish.published", { ...where, platform_post_id: outcome.published.platformPostId, ms });
  } else if ("failed" in outcome) {
    log.warn("publish.failed", { ...where, code: outcome.failed.code, ms });
  } else {
    log.warn("publish.retry", { ...where, code: outcome.retry.code, after_seconds: outcome.retry.afterSeconds, ms });
  }
}

/** Reads the account's profile again: its subscription tier, and the text limit that follows from it. */
async function rereadProfile(rt: Runtime, account: AccountRow) {
  const platform = account.platform as PlatformKey;
  const adapter = getPlatform(rt, platform);
  const readProfile = adapter.readProfile?.bind(adapter);
  // A platform Herald does not read again keeps the account as it was connected.
  if (!readProfile) return;
  const profile = await withCredentials(rt, account, adapter, readProfile);
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
 * retried blindly. The calls go out together, at most `CALLS_PER_ACCOUNT` at a time to one account. Each target's
 * outcome is written as soon as its call returns (outcomes returning together share one atomic batch, each written
 * alone if that fails): a slow call delays no other target, and a crash or a failed write can leave only the target
 * in flight `publishing` (which the abandoned-publish sweep then settles as may-have-posted), never turn a published
 * one into a failure.
 */
export async function publishTargets(
  rt: Runtime,
  targetIds: string[],
  requestOf: (targetId: string) => string | undefined = () => undefined,
): Promise<Map<string, Verdict>> {
  const verdicts = new Map<string, Verdict>(targetIds.map((id) => [id, "ack"]));
  const { claimed, accountById } = await claim(rt, targetIds);
  if (claimed.length === 0) return verdicts;

  const record = outcomeRecorder(rt);
  const outcomes = new Map<string, Outcome>();
  const written: Promise<unknown>[] = [];
  await Promise.all(
    [...Map.groupBy(claimed, (t) => t.accountId).values()].map((targets) =>
      mapLimited(targets, CALLS_PER_ACCOUNT, (target) =>
        // Each target is published as part of the request that queued it, so its log lines carry that request's id.
        inRequest(requestOf(target.id), "queue", async () => {
          const started = performance.now();
          const outcome = await attempt(rt, target, accountById.get(target.accountId));
          logAttempt(target, outcome, Math.round(performance.now() - started));
          outcomes.set(target.id, outcome);
          // Written while the account's next call goes out.
          written.push(record(target, outcome));
        }),
      ),
    ),
  );
  await Promise.all(written);
  for (const [id, outcome] of outcomes) {
    if ("retry" in outcome) verdicts.set(id, { retryAfterSeconds: outcome.retry.afterSeconds });
  }
  if ([...outcomes.values()].some((o) => !("retry" in o))) await eventsWritten(rt);

  // The outcomes are written; a profile read that fails now leaves the account as it was.
  for (const target of claimed) {
    const account = accountById.get(target.accountId);
    if (account && (outcomes.get(target.id) as { staleAccount?: true }).staleAccount) {
      await rereadProfile(rt, account).catch((error) =>
        log.error("publish.profile_reread_failed", { account_id: account.id, error }),
      );
    }
  }
  return verdicts;
}

/** Claims the targets `ids` that are still queued (queued → publishing, one more attempt) and answers their rows. */
const claimQueued = fixedSelect<typeof postTargets, "ids" | "now">(postTargets, (db) =>
  db
    .update(postTargets)
    .set({ status: "publishing", attempts: sql`${postTargets.attempts} + 1`, updatedAt: placeholder("now") })
    .where(and(inJsonList(postTargets.id, "ids"), eq(notIndexed(postTargets.status), "queued")))
    .returning(),
);

/** The accounts of the targets `ids`. */
const accountsOfTargets = fixedSelect<typeof accounts, "ids">(accounts, (db) =>
  db
    .select()
    .from(accounts)
    .where(
      inArray(
        accounts.id,
        db.select({ id: postTargets.accountId }).from(postTargets).where(inJsonList(postTargets.id, "ids")),
      ),
    ),
);

/**
 * Claims the targets still queued and, at the same time, reads the accounts of the targets named: one statement
 * each, however many targets, and neither waits for the other.
 */
async function claim(rt: Runtime, targetIds: string[]) {
  const ids = JSON.stringify([...new Set(targetIds)]);
  const [claimed, accountRows] = await Promise.all([
    claimQueued(rt.db, { ids, now: rt.clock.now() }),
    accountsOfTargets(rt.db, { ids }),
  ]);
  return { claimed, accountById: new Map(accountRows.map((a) => [a.id, a])) };
}

/**
 * The publish queue's handler: the targets of every message in the batch are published together. A message is retried
 * if any of its targets is to be, after the longest wait any of them asked for; its other targets, no longer queued
 * by then, are not taken again.
 */
export async function publishQueued(rt: Runtime, messages: Received<PublishMessage>[]): Promise<Verdict[]> {
  const requests = new Map(messages.flatMap((m) => m.body.targetIds.map((id) => [id, m.requestId] as const)));
  const verdicts = await publishTargets(
    rt,
    messages.flatMap((m) => m.body.targetIds),
    (id) => requests.get(id),
  );
  return messages.map((m) => {
    const waits = m.body.targetIds.flatMap((id) => {
      const verdict = verdicts.get(id);
      return typeof verdict === "object" ? [verdict.retryAfterSeconds] : [];
    });
    return waits.length > 0 ? { retryAfterSeconds: Math.max(...waits) } : "ack";
  });
}

/** Targets left publishing by a consumer that died mid-call: the platform may have them, so they fail as such. */
export async function failAbandoned(rt: Runtime): Promise<number> {
  const stale = await rt.db
    .select()
    .from(postTargets)
    .where(and(eq(postTargets.status, "publishing"), lt(postTargets.updatedAt, rt.clock.now() - ABANDONED_PUBLISH_MS)));
  const failed = {
    code: OUTCOME.AMBIGUOUS_MAY_HAVE_POSTED,
    message: "Publishing stopped mid-call; check the platform before retrying",
  };
  if (stale.length === 0) return 0;
  const chains = stale.filter(hasSteps);
  const steps = await stepsOf(rt, chains);
  const outcomeOf = (target: TargetRow): Outcome => {
    if (!hasSteps(target)) return { failed };
    const { published, publishedSegments } = abandonedChain(target, steps);
    if (!published) return { failed, publishedSegments };
    return { published: published[0]!, chain: { segments: published.map((p) => p.platformPostId) } };
  };
  await runBatch(rt.db, [
    ...outcomeStatements(
      rt,
      stale.map((target) => ({ target, outcome: outcomeOf(target) })),
    ),
    ...failInFlightSteps(
      rt,
      chains.map((t) => t.id),
      failed,
    ),
  ]);
  await eventsWritten(rt);
  return stale.length;
}
