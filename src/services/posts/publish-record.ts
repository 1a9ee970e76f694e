// What publishing writes to D1: each target's outcome, its event, its post's status, and what goes live or is lost.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import { runBatch } from "../../db/batch";
import { fixedStatement, inJsonList, placeholder } from "../../db/fixed-statement";
import { chunksFor } from "../../db/limits";
import { notIndexed } from "../../db/not-indexed";
import { posts, postTargets } from "../../db/schema";
import { coalesced } from "../../lib/coalesce";
import { log } from "../../lib/log";
import { accountLossStatements } from "../accounts/account-loss";
import { eventsInsert, type NewEvent } from "../events";
import { automationsGoLive } from "../flows/automation";
import type { Runtime } from "../runtime";
import type { TargetRow } from "./present";
import type { Finished, Outcome, Settled } from "./publish-outcome";

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
export function outcomeStatements(rt: Runtime, settled: Settled[]): BatchItem<"sqlite">[] {
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

/**
 * A finished target's event: post.published with its platform post id and every segment's (one for a post without
 * a thread), and its first comment's; or post.failed with its code and how many segments went out before it stopped.
 */
function outcomeEvent({ target, outcome }: Finished): NewEvent {
  const about = { postId: target.postId, platform: target.platform, accountId: target.accountId };
  const keyed = { userId: target.userId, accountId: target.accountId, dedupeKey: `outcome:${target.id}` };
  if ("published" in outcome) {
    const { platformPostId } = outcome.published;
    const { segments = [platformPostId], firstCommentId } = outcome.chain ?? {};
    const data = { ...about, platformPostId, segments, ...(firstCommentId ? { firstCommentId } : {}) };
    return { ...keyed, type: "post.published", data };
  }
  const data = { ...about, error: outcome.failed.code, publishedSegments: outcome.publishedSegments ?? 0 };
  return { ...keyed, type: "post.failed", data };
}

/**
 * Writes each target's outcome (and marks its account for reconnection when the platform said so) as soon as its
 * call returns. Outcomes that arrive in the same turn share one batch; if that batch fails, each is written alone,
 * so one bad write holds no other. A target whose own write fails stays `publishing` and is logged: the sweep
 * settles it as may-have-posted, the only thing a lost write may turn it into.
 */
export function outcomeRecorder(rt: Runtime) {
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
            (error) => log.error("publish.outcome_not_written", { target_id: one.target.id, error }),
          ),
        ),
      );
    }
  });
  return (target: TargetRow, outcome: Outcome) => together({ target, outcome });
}
