// Who may be assigned a workspace's conversations: its members.
import type { Runtime } from "../runtime";

/**
 * Whether `memberId` is a member of the workspace `workspaceId`. A workspace is one user today, so its one member is
 * that user; the teams work replaces this with the members table (and its roles: viewers read, editors answer).
 */
export async function isWorkspaceMember(_rt: Runtime, workspaceId: string, memberId: string): Promise<boolean> {
  return memberId === workspaceId;
}
