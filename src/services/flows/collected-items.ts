// The statements that remove collected answers: one of a user's, or every answer one flow collected.
import { and, eq } from "drizzle-orm";
import { collectedItems } from "../../db/schema";
import type { Runtime } from "../runtime";

/** Deletes the user's collected answer `itemId` (none when it is another user's), returning its flow's id. */
export const collectedItemDelete = (rt: Runtime, userId: string, itemId: string) =>
  rt.db
    .delete(collectedItems)
    .where(and(eq(collectedItems.id, itemId), eq(collectedItems.userId, userId)))
    .returning({ flowId: collectedItems.flowId });

/** Deletes every answer the user's flow `flowId` collected (through the index on `flow_id`). */
export const flowItemsDelete = (rt: Runtime, userId: string, flowId: string) =>
  rt.db.delete(collectedItems).where(and(eq(collectedItems.flowId, flowId), eq(collectedItems.userId, userId)));
