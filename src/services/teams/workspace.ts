// A workspace's settings as its members see them (name, plan, seats, their role), and renaming it.
import { eq } from "drizzle-orm";
import { workspaces } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { type Principal, roleOf } from "../auth/auth";
import type { Runtime } from "../runtime";
import { seatsOf } from "./members";

export async function getWorkspace(rt: Runtime, principal: Principal) {
  const [row] = await rt.db.select().from(workspaces).where(eq(workspaces.id, principal.userId));
  if (!row) throw notFound("Workspace");
  return {
    id: row.id,
    name: row.name,
    plan: principal.plan,
    seats: await seatsOf(rt, row.id, principal.plan),
    role: roleOf(principal),
  };
}

export async function updateWorkspace(rt: Runtime, principal: Principal, input: { name: string }) {
  await rt.db.update(workspaces).set({ name: input.name }).where(eq(workspaces.id, principal.userId));
  return getWorkspace(rt, principal);
}
