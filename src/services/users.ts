import { eq } from "drizzle-orm";
import { users } from "../db/schema";
import { hashPassword } from "../lib/crypto";
import { AppError, invalidInput } from "../lib/errors";
import { newId } from "../lib/ids";
import type { PlanName } from "./plans";
import type { Runtime } from "./runtime";

type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(rt: Runtime, email: string): Promise<UserRow | undefined> {
  const [row] = await rt.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export async function createUser(
  rt: Runtime,
  input: { email: string; password: string; plan: PlanName },
): Promise<UserRow> {
  const row: UserRow = {
    id: newId("user"),
    email: input.email.toLowerCase(),
    passwordHash: await hashPassword(input.password),
    plan: input.plan,
    createdAt: rt.clock.now(),
  };
  const [created] = await rt.db.insert(users).values(row).onConflictDoNothing().returning();
  if (!created) throw new AppError("email_taken", "A user with this email already exists");
  return created;
}

/** The shortest password sign-up accepts. */
export const PASSWORD_MIN_LENGTH = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-up from Herald's pages: a plausible email and a password of 10 characters or more; lands on the Free plan. */
export async function signUp(rt: Runtime, input: { email: string; password: string }): Promise<UserRow> {
  const email = input.email.trim();
  if (!EMAIL.test(email))
    throw invalidInput([{ path: "email", message: "not an email" }], { message: "Enter a valid email" });
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw invalidInput([{ path: "password", message: `at least ${PASSWORD_MIN_LENGTH} characters` }], {
      message: `Use a password of at least ${PASSWORD_MIN_LENGTH} characters`,
    });
  }
  return createUser(rt, { email, password: input.password, plan: "free" });
}

export async function updateUser(
  rt: Runtime,
  userId: string,
  patch: { password?: string; plan?: PlanName },
): Promise<UserRow> {
  const set: Partial<UserRow> = {};
  if (patch.password !== undefined) set.passwordHash = await hashPassword(patch.password);
  if (patch.plan !== undefined) set.plan = patch.plan;
  const [row] = await rt.db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError("not_found", "User not found");
  return row;
}
