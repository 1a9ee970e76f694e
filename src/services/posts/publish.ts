// Publishing: each queued target claimed, sent to its platform, recorded; retries and abandoned publishes.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { runBatch } from "../../db/batch";
import { fixedSelect, fixedStatement, inJsonList, placeholder } from "../../db/fixed-statement";
import { chunksFor } from "../../db/limits";
import { notIndexed } from "../../db/not-indexed";
import { accounts, posts, postTargets } from "../../db/schema";
import { coalesced } from "../../lib/coalesce";
import { OUTCOME, type RecordedCode } from "../../lib/error-codes";
import { AppError } from "../../lib/errors";
import { mapLimited } from "../../lib/map-limited";
import { getPlatform } from "../../platforms";
import { defaultTextLimit, type PlatformKey } from "../../platforms/catalog";
import { type Platform, PlatformError, type PublishResult } from "../../platforms/types";
import type { PublishMessage } from "../../queues/publish";
import type { Received, Verdict } from "../../queues/queue";
import { accountLossStatements } from "../accounts/account-loss";
import type { AccountRow } from "../accounts/accounts";
import { withCredentials } from "../accounts/credentials";
import { eventsInsert, eventsWritten, type NewEvent } from "../events";
import { automationsGoLive } from "../flows/automation";
import type { Runtime } from "../runtime";
import { shortenLinks } from "../short-links";
import { ABANDONED_PUBLISH_MS } from "./dispatch";
import type { TargetRow } from "./present";

/** Calls in flight at once to one account: a burst on one account reaches its platform a few posts at a time. */
export const CALLS_PER_ACCOUNT = 5;

type Outcome =
  | { published: PublishResult }
  | { failed: { code: RecordedCode; message: string }; staleAccount?: true }
  | { retry: { afterSeconds: number; code: RecordedCode; message: string } };

/** An outcome, with the target it is of. */
interface Settled {
  target: TargetRow;
  outcome: Outcome;
}

/** A target that will not be tried again: published or failed. */
type Finished = Settled & { outcome: Exclude<Outcome, { retry: unknown }> };

/**
 * The posts' statuses, from their targets: any still on the way → publishing; none live → failed; else published.
 * `postIds` is a JSON array.
 */
const rollUp = fixedStatement<"postIds" | "now">((db) =>
  db
    .update(posts)
    .set({
      status: sql`(SELECT CASE
        WHEN SUM(${postTargets.status} IN ('scheduled', 'queued', 'publishing')) > 0 THEN 'publishing'
        WHEN SUM(${postTargets.status} = 'published') = 0 THEN 'failed'
        ELSE 'published' END
        FROM ${postTargets} WHERE ${postTargets.postId} = ${posts.id})`,
      updatedAt: placeholder("now"),
    })
    .where(and(inJsonList(posts.id, "postIds"), eq(notIndexed(posts.status), "publishing"))),
);

/** Of the targets `ids`, those this consumer claimed (a finisher racing it finds them no longer publishing). */
const claimedTargets = (ids: string[]) =>
  and(inArray(postTargets.id, ids), eq(notIndexed(postTargets.status), "publishing"));

/** Each row's own `field` from `values`, a JSON object of the targets' values by target id. */
const ownValue = (values: string, field: string) =>
  sql`json_extract(${values}, '$."' || ${postTargets.id} || ${sql.raw(`'".${field}'`)})`;

type Kind = "published" | "failed" | "retry";

/** How each kind of outcome updates its targets' rows, from `values` (each target's own, by target id). */
const MARKS: Record<Kind, (values: string, now: number) => SQLiteUpdateSetSource<typeof postTargets>> = {
  published: (values, now) => ({
    status: "published",
    platformPostId: ownValue(values, "platformPostId"),
    url: ownValue(values, "url"),
    publishedAt: now,
    errorCode: null,
    errorMessage: null,
    updatedAt: now,
  }),
  failed: (values, now) => ({
    status: "failed",
    errorCode: ownValue(values, "code"),
    errorMessage: ownValue(values, "message"),
    updatedAt: now,
  }),
  retry: (values, now) => ({
    status: "queued",
    dispatchedAt: ownValue(values, "retryAt"),
    errorCode: ownValue(values, "code"),
    errorMessage: ownValue(values, "message"),
    updatedAt: now,
  }),
};

/** The kind of update an outcome makes to its target's row, and the target's own values for it. */
function ownValues(outcome: Outcome, now: number): [Kind, Record<string, unknown>] {
  if ("published" in outcome) {
    return ["published", { platformPostId: outcome.published.platformPostId, url: outcome.published.url ?? null }];
  }
  if ("failed" in outcome) return ["failed", { code: outcome.failed.code, message: outcome.failed.message }];
  const { afterSeconds, code, message } = outcome.retry;
  // The lost-message sweep counts from the retry time, so it never races the retry.
  return ["retry", { retryAt: now + afterSeconds * 1000, code, message }];
}

/** The targets' rows, one update per kind of outcome; each target's own values travel in one JSON parameter. */
function markTargets(rt: Runtime, settled: Settled[], now: number): BatchItem<"sqlite">[] {
  const byKind = new Map<Kind, [string, Record<string, unknown>][]>();
  for (const { target, outcome } of settled) {
    const [kind, values] = ownValues(outcome, now);
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push([target.id, values]);
  }
  return [...byKind].map(([kind, entries]) =>
    rt.db
      .update(postTargets)
      .set(MARKS[kind](JSON.stringify(Object.fromEntries(entries)), now))
      .where(claimedTargets(entries.map(([id]) => id))),
  );
}

/** D1 binds at most 100 parameters: a target update binds its targets' ids beside a few values of its own. */
const TARGET_UPDATE_PARAMS = 10;
/** Outcomes per run of statements, so a JSON parameter stays far below D1's 2 MB for a value (~300 bytes each). */
const OUTCOMES_PER_RUN = 500;

/**
 * The statements that record outcomes: the targets' rows, their events, their posts' statuses, and the automations
 * that go live with them. They go in one atomic batch, a few statements per 500 outcomes. Each event is keyed by its
 * target, so even two finishers racing (a slow consumer and the abandoned-publish sweep) write one.
 */
function outcomeStatements(rt: Runtime, settled: Settled[]): BatchItem<"sqlite">[] {
  const now = rt.clock.now();
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < settled.length; i += OUTCOMES_PER_RUN) {
    const run = settled.slice(i, i + OUTCOMES_PER_RUN);
    statements.push(...chunksFor(run, 1, TARGET_UPDATE_PARAMS).flatMap((chunk) => markTargets(rt, chunk, now)));
    const finished = run.filter((s): s is Finished => !("retry" in s.outcome));
    if (finished.length === 0) continue;
    statements.push(
      eventsInsert(rt, finished.map(outcomeEvent)),
      rollUp(rt.db, { postIds: JSON.stringify([...new Set(finished.map((s) => s.target.postId))]), now }),
    );
    // A scheduled-post automation armed for a published post and account goes live with it.
    const published = finished.filter(({ outcome }) => "published" in outcome).map((s) => s.target.id);
    if (published.length > 0) statements.push(automationsGoLive(rt, published));
    // An account whose platform refused its tokens goes out of use, with its account.disconnected, once.
    const lost = new Map(
      finished.flatMap(({ target, outcome }) =>
        "failed" in outcome && outcome.failed.code === "reauth_required"
          ? [[target.accountId, { id: target.accountId, userId: target.userId, platform: target.platform }] as const]
          : [],
      ),
    );
    for (const account of lost.values()) statements.push(...accountLossStatements(rt, account, "platform_revoked"));
  }
  return statements;
}

/** A finished target's event: post.published with its platform post id, or post.failed with its code. */
function outcomeEvent({ target, outcome }: Finished): NewEvent {
  const about = { postId: target.postId, platform: target.platform, accountId: target.accountId };
  const keyed = { userId: target.userId, accountId: target.accountId, dedupeKey: `outcome:${target.id}` };
  return "published" in outcome
    ? { ...keyed, type: "post.published", data: { ...about, platformPostId: outcome.published.platformPostId } }
    : { ...keyed, type: "post.failed", data: { ...about, error: outcome.failed.code } };
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
 * retried blindly. The calls go out together, at most `CALLS_PER_ACCOUNT` at a time to one account. Each target's
 * outcome is written as soon as its call returns (outcomes returning together share one atomic batch, each written
 * alone if that fails): a slow call delays no other target, and a crash or a failed write can leave only the target
 * in flight `publishing` (which the abandoned-publish sweep then settles as may-have-posted), never turn a published
 * one into a failure.
 */
export async function publishTargets(rt: Runtime, targetIds: string[]): Promise<Map<string, Verdict>> {
  const verdicts = new Map<string, Verdict>(targetIds.map((id) => [id, "ack"]));
  const { claimed, accountById } = await claim(rt, targetIds);
  if (claimed.length === 0) return verdicts;

  const record = outcomeRecorder(rt);
  const outcomes = new Map<string, Outcome>();
  const written: Promise<unknown>[] = [];
  await Promise.all(
    [...Map.groupBy(claimed, (t) => t.accountId).values()].map((targets) =>
      mapLimited(targets, CALLS_PER_ACCOUNT, async (target) => {
        const outcome = await attempt(rt, target, accountById.get(target.accountId));
        outcomes.set(target.id, outcome);
        // Written while the account's next call goes out.
        written.push(record(target, outcome));
      }),
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
      await rereadProfile(rt, account).catch((error) => console.error("profile re-read failed", error));
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
  const verdicts = await publishTargets(
    rt,
    messages.flatMap((m) => m.body.targetIds),
  );
  return messages.map((m) => {
    const waits = m.body.targetIds.flatMap((id) => {
      const verdict = verdicts.get(id);
      return typeof verdict === "object" ? [verdict.retryAfterSeconds] : [];
    });
    return waits.length > 0 ? { retryAfterSeconds: Math.max(...waits) } : "ack";
  });
}

/**
 * Writes each target's outcome (and marks its account for reconnection when the platform said so) as soon as its
 * call returns. Outcomes that arrive in the same turn share one batch; if that batch fails, each is written alone,
 * so one bad write holds no other. A target whose own write fails stays `publishing` and is logged: the sweep
 * settles it as may-have-posted, the only thing a lost write may turn it into.
 */
function outcomeRecorder(rt: Runtime) {
  const write = (settled: Settled[]) => runBatch(rt.db, outcomeStatements(rt, settled));
  const together = coalesced(async (settled: Settled[]) => {
    try {
      await write(settled);
      return settled.map(() => undefined);
    } catch {
      return Promise.all(
        settled.map((one) =>
          write([one]).then(
            () => undefined,
            (error) => console.error(`publish: the outcome of target ${one.target.id} could not be written`, error),
          ),
        ),
      );
    }
  });
  return (target: TargetRow, outcome: Outcome) => together({ target, outcome });
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
    outcomeStatements(
      rt,
      stale.map((target) => ({ target, outcome: failed })),
    ),
  );
  await eventsWritten(rt);
  return stale.length;
}
