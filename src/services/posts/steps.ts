// A target's steps (its thread's segments and its first comment): read, claimed before each call, and recorded.
import { inArray } from "drizzle-orm";
import { chunksFor } from "../../db/limits";
import { targetSteps } from "../../db/schema";
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
