// Users: found by email, signed up, renamed, with the display name clients see and the time zone they set.
import { eq } from "drizzle-orm";
import { NAME_MAX, users } from "../db/schema";
import { hashPassword } from "../lib/crypto";
import { AppError, invalidInput, validationError } from "../lib/errors";
import { newId } from "../lib/ids";
import { timeZoneId } from "../lib/time";
import { forgetRememberedPlans } from "./key-gate";
import type { PlanName } from "./plans";
import type { Runtime } from "./runtime";
import { foundingInserts } from "./teams/founding";

export type UserRow = typeof users.$inferSelect;

/** A display name as stored: trimmed, at most `NAME_MAX` characters; blank is none. */
const cleanName = (name: string | null | undefined) => name?.trim().slice(0, NAME_MAX) || null;

/** The name clients see for a user: the one they set, else their email's local part. */
export const displayName = (user: { name: string | null; email: string }) => user.name ?? user.email.split("@")[0]!;

export async function findUserByEmail(rt: Runtime, email: string): Promise<UserRow | undefined> {
  const [row] = await rt.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return row;
}

export interface NewUser {
  email: string;
  password: string;
  plan: PlanName;
  name?: string | null;
}

/** A new user's row, its password hashed: not yet written. */
export async function userRow(rt: Runtime, input: NewUser): Promise<UserRow> {
  return {
    id: newId("user"),
    email: input.email.toLowerCase(),
    name: cleanName(input.name),
    passwordHash: await hashPassword(input.password),
    plan: input.plan,
    admin: false,
    utm: null,
    lastWorkspaceId: null,
    timeZone: null,
    createdAt: rt.clock.now(),
  };
}

/**
 * The inserts of a new login and the workspace it founds (its owner), writing nothing when the email is taken: batch
 * them; the first answers the login written.
 */
export const userInserts = (rt: Runtime, row: UserRow) =>
  [
    rt.db.insert(users).values(row).onConflictDoNothing().returning(),
    ...foundingInserts(rt.db, row, displayName(row)),
  ] as const;

export const emailTaken = () => new AppError("email_taken", "A user with this email already exists");

/** A new login and its workspace, of which it is the owner. */
export async function createUser(rt: Runtime, input: NewUser): Promise<UserRow> {
  const [[created]] = await rt.db.batch(userInserts(rt, await userRow(rt, input)));
  if (!created) throw emailTaken();
  return created;
}

/** The shortest password sign-up accepts. */
export const PASSWORD_MIN_LENGTH = 10;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-up from Herald's pages: a plausible email and a password of 10 characters or more; lands on the Free plan. */
export async function signUp(rt: Runtime, input: { email: string; password: string; name?: string }): Promise<UserRow> {
  const email = input.email.trim();
  if (!EMAIL.test(email))
    throw invalidInput([{ path: "email", message: "not an email" }], { message: "Enter a valid email" });
  if (input.password.length < PASSWORD_MIN_LENGTH) {
    throw invalidInput([{ path: "password", message: `at least ${PASSWORD_MIN_LENGTH} characters` }], {
      message: `Use a password of at least ${PASSWORD_MIN_LENGTH} characters`,
    });
  }
  return createUser(rt, { email, password: input.password, plan: "free", name: input.name });
}

/** A time zone as stored: the zone's canonical id (`europe/berlin` → `Europe/Berlin`); blank is none; unknown is 400. */
function cleanTimeZone(zone: string | null): string | null {
  if (!zone?.trim()) return null;
  const id = timeZoneId(zone.trim());
  if (id === null) throw validationError("time_zone", `unknown time zone ${zone}`);
  return id;
}

export async function updateUser(
  rt: Runtime,
  userId: string,
  patch: { password?: string; plan?: PlanName; name?: string | null; admin?: boolean; timeZone?: string | null },
): Promise<UserRow> {
  const set: Partial<UserRow> = {};
  if (patch.admin !== undefined) set.admin = patch.admin;
  if (patch.timeZone !== undefined) set.timeZone = cleanTimeZone(patch.timeZone);
  if (patch.name !== undefined) set.name = cleanName(patch.name);
  if (patch.password !== undefined) set.passwordHash = await hashPassword(patch.password);
  if (patch.plan !== undefined) set.plan = patch.plan;
  const [row] = await rt.db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!row) throw new AppError("not_found", "User not found");
  // The user's keys' gates remember the plan: they read it again on the next request.
  if (patch.plan !== undefined) await forgetRememberedPlans(rt, userId);
  return row;
}

/** The zone times the user set without one are read in: their time zone setting, UTC while they have none. */
export async function timeZoneOf(rt: Runtime, userId: string): Promise<string> {
  const [row] = await rt.db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? "UTC";
}
