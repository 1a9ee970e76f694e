// Who may be assigned a workspace's conversations: its active members, named by their person's id.
import { and, eq } from "drizzle-orm";
import { members } from "../../db/schema";
import type { Runtime } from "../runtime";

/**
 * Whether the person `personId` is an active member of the workspace `workspaceId` (any role: viewers read what is
 * assigned to them, editors and above answer).
 */
export async function isWorkspaceMember(rt: Runtime, workspaceId: string, personId: string): Promise<boolean> {
  const [row] = await rt.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.personId, personId), eq(members.status, "active")));
  return row !== undefined;
}
