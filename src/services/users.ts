import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { hashPassword } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { newId } from "../lib/ids";
import type { PlanName } from "./plans";
import type { Runtime } from "./runtime";

export type UserRow = typeof users.$inferSelect;

/** The longest display name kept. */
export const NAME_MAX = 100;

/** A display name as stored: trimmed, at most `NAME_MAX` characters; blank is none. */
const cleanName = (name: string | null | undefined) => name?.trim().slice(0, NAME_MAX) || null;

/** The name clients see for a user: the one they set, else their email's local part. */
export const displayName = (user: { name: string | null; email: string }) => user.name ?? user.email.split("@")[0]!;

export async function findUserByEmail(rt: Runtime, email: string): Promise<UserRow | undefined> {
  const [row] = await rt.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function createUser(
  rt: Runtime,
  input: { email: string; password: string; plan: PlanName; name?: string | null },
): Promise<UserRow> {
  const row: UserRow = {
    id: newId("user"),
    email: input.email.toLowerCase(),
    name: cleanName(input.name),
    passwordHash: await hashPassword(input.password),
    plan: input.plan,
    createdAt: rt.clock.now(),
  };
  const [created] = await rt.db.insert(users).values(row).onConflictDoNothing().returning();
  if (!created) throw new AppError(409, "email_taken", "A user with this email already exists");
  return created;
}

export async function updateUser(
  rt: Runtime,
  userId: string,
  patch: { password?: string; plan?: PlanName; name?: string | null },
): Promise<UserRow> {
  const set: Partial<UserRow> = {};
  if (patch.name !== undefined) set.name = cleanName(patch.name);
  if (patch.password !== undefined) set.passwordHash = await hashPassword(patch.password);
  if (patch.plan !== undefined) set.plan = patch.plan;
  const [row] = await rt.db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError(404, "not_found", "User not found");
  return row;
}
