// A target's steps (its thread's segments and its first comment): read, claimed before each call, and recorded.
import { and, eq, inArray, sql } from "drizzle-orm";
import { runBatch } from "../../db/batch";
import { chunksFor } from "../../db/limits";
import { postTargets, targetSteps } from "../../db/schema";
import type { PublishResult } from "../../platforms/types";
import type { Runtime } from "../runtime";
import type { StepRow, TargetRow } from "./present";

/** Whether a target goes out step by step: it has a thread or a first comment. */
export const hasSteps = (target: Pick<TargetRow, "request">) =>
  (target.request.thread?.length ?? 0) > 0 || target.request.firstComment !== undefined;

/** The step rows of the targets that go out step by step (the others have none). */
export async function stepsOf(rt: Runtime, targets: TargetRow[]): Promise<StepRow[]> {
  const ids = targets.filter(hasSteps).map((t) => t.id);
  if (ids.length === 0) return [];
  const chunks = await Promise.all(
    chunksFor(ids, 1).map((chunk) => rt.db.select().from(targetSteps).where(inArray(targetSteps.targetId, chunk))),
  );
  return chunks.flat();
}

/** One target's step rows, by position. */
export async function stepRowsOf(rt: Runtime, targetId: string): Promise<Map<number, StepRow>> {
  const rows = await rt.db.select().from(targetSteps).where(eq(targetSteps.targetId, targetId));
  return new Map(rows.map((r) => [r.position, r]));
}

/** Where a step is: its target and position. */
export interface StepAt {
  targetId: string;
  position: number;
  kind: StepRow["kind"];
}

const theStep = (at: StepAt, status: StepRow["status"]) =>
  and(eq(targetSteps.targetId, at.targetId), eq(targetSteps.position, at.position), eq(targetSteps.status, status));

/**
 * Claims a step before its call: made `publishing` if it has no row yet or is `pending` (released after a transient
 * failure). Answers the row, with its attempts; undefined when it was not there to take (claimed, confirmed or failed
 * already), so the caller never calls the platform for it.
 */
export async function claimStep(rt: Runtime, at: StepAt): Promise<StepRow | undefined> {
  const now = rt.clock.now();
  const [claimed] = await rt.db
    .insert(targetSteps)
    .values({ ...at, status: "publishing", attempts: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [targetSteps.targetId, targetSteps.position],
      set: {
        status: "publishing",
        attempts: sql`${targetSteps.attempts} + 1`,
        errorCode: null,
        errorMessage: null,
        updatedAt: now,
      },
      setWhere: eq(targetSteps.status, "pending"),
    })
    .returning();
  return claimed;
}

/** Keeps a chain in progress from looking abandoned: each confirmed step moves its target's time on. */
const touchTarget = (rt: Runtime, targetId: string, now: number) =>
  rt.db
    .update(postTargets)
    .set({ updatedAt: now })
    .where(and(eq(postTargets.id, targetId), eq(postTargets.status, "publishing")));

/** The platform confirmed the step: its post (or comment) id, written only over this consumer's claim. */
export async function confirmStep(rt: Runtime, at: StepAt, result: PublishResult) {
  const now = rt.clock.now();
  await runBatch(rt.db, [
    rt.db
      .update(targetSteps)
      .set({
        status: "published",
        platformPostId: result.platformPostId,
        url: result.url ?? null,
        cid: result.cid ?? null,
        updatedAt: now,
      })
      .where(theStep(at, "publishing")),
    touchTarget(rt, at.targetId, now),
  ]);
}

/** Nothing was accepted (a transient failure): the step may be claimed again by the target's retry. */
export async function releaseStep(rt: Runtime, at: StepAt, error: { code: string; message: string }) {
  await rt.db
    .update(targetSteps)
    .set({ status: "pending", errorCode: error.code, errorMessage: error.message, updatedAt: rt.clock.now() })
    .where(theStep(at, "publishing"));
}

/** The step will not be tried again: refused, or sent without an answer (it may have posted). */
export async function failStep(rt: Runtime, at: StepAt, error: { code: string; message: string }) {
  await rt.db
    .update(targetSteps)
    .set({ status: "failed", errorCode: error.code, errorMessage: error.message, updatedAt: rt.clock.now() })
    .where(theStep(at, "publishing"));
}

/** A confirmed step's answer, as the next reply in the chain names it. */
export const resultOf = (row: StepRow): PublishResult => ({
  platformPostId: row.platformPostId!,
  ...(row.url ? { url: row.url } : {}),
  ...(row.cid ? { cid: row.cid } : {}),
});

/** The statements that fail the steps of `targetIds` still in flight (their consumer died mid-call). */
export const failInFlightSteps = (rt: Runtime, targetIds: string[], error: { code: string; message: string }) =>
  chunksFor(targetIds, 1).map((chunk) =>
    rt.db
      .update(targetSteps)
      .set({ status: "failed", errorCode: error.code, errorMessage: error.message, updatedAt: rt.clock.now() })
      .where(and(inArray(targetSteps.targetId, chunk), eq(targetSteps.status, "publishing"))),
  );

/**
 * What a target abandoned mid-chain got out, from its step rows: every segment confirmed means it is published (only
 * its first comment was in flight); otherwise how many segments went out before it stopped.
 */
export function abandonedChain(target: TargetRow, steps: StepRow[]) {
  const confirmed = steps
    .filter((s) => s.targetId === target.id && s.kind === "segment" && s.status === "published")
    .sort((a, b) => a.position - b.position);
  const count = 1 + (target.request.thread?.length ?? 0);
  return confirmed.length === count
    ? { published: confirmed.map(resultOf), publishedSegments: count }
    : { published: undefined, publishedSegments: confirmed.length };
}
