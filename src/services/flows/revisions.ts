// get_flow_revisions: a flow's saved versions, newest first.
import { and, desc, eq } from "drizzle-orm";
import { afterCursor } from "../../db/paging";
import { flowVersions } from "../../db/schema";
import { iso } from "../../lib/clock";
import { decodeCursor, pageOf } from "../../lib/cursor";
import type { Runtime } from "../runtime";
import { loadOwnedFlow } from "./store";

/** How each kind of saved version is listed. */
export const REVISION_LABELS = {
  before_edit: "Before AI edit",
  armed: "Set to turn on with its post",
  turned_on: "Turned on",
} as const;

/** get_flow_revisions: the flow's saved versions, newest first, a page at a time; any can be restored. */
export async function listRevisions(
  rt: Runtime,
  userId: string,
  flowId: string,
  query: { limit: number; cursor?: string },
) {
  await loadOwnedFlow(rt, userId, flowId);
  const rows = await rt.db
    .select()
    .from(flowVersions)
    .where(
      and(
        eq(flowVersions.flowId, flowId),
        afterCursor(flowVersions.seq, flowVersions.id, query.cursor ? decodeCursor(query.cursor) : undefined),
      ),
    )
    .orderBy(desc(flowVersions.seq), desc(flowVersions.id))
    .limit(query.limit + 1);
  const { page, next_cursor } = pageOf(rows, query.limit, (v) => v.seq);
  return {
    data: page.map((v) => ({
      id: v.id,
      label: REVISION_LABELS[v.reason],
      reason: v.reason,
      content_hash: v.contentHash,
      step_count: v.steps.length,
      edge_count: v.edges.length,
      created_at: iso(v.createdAt),
    })),
    next_cursor,
  };
}
