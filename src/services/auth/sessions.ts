// Browser sessions on Herald's own pages: passwords checked, sessions started, found and ended, CSRF.
import { and, eq, gt } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import { constantTimeEqual, sha256Hex, verifyPassword } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import type { Runtime } from "../runtime";
import { findUserByEmail } from "../users";
import { type Principal, SCOPES, userRateKey } from "./auth";

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface Session {
  userId: string;
  email: string;
  name: string | null;
  plan: string;
  /** The zone the user chose for the dashboard; null follows the browser's. */
  timeZone: string | null;
  csrfToken: string;
}

/** Checks an email and password; the same message whatever was wrong, so accounts cannot be probed. */
export async function checkPassword(rt: Runtime, email: string, password: string) {
  const user = await findUserByEmail(rt, email);
  // Verify against a throwaway hash when there is no user, so the answer takes the same time.
  const ok = await verifyPassword(password, user?.passwordHash ?? "pbkdf2$100000$00$00");
  if (!user || !ok) throw new AppError("invalid_credentials", "The email or password is not right");
  return user;
}

/** Starts a session; returns the cookie value (shown to the browser only). */
export async function startSession(rt: Runtime, userId: string): Promise<string> {
  const token = randomToken(43);
  const now = rt.clock.now();
  await rt.db.insert(sessions).values({
    idHash: await sha256Hex(token),
    userId,
    csrfToken: randomToken(32),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  });
  return token;
}

export async function findSession(rt: Runtime, token: string | undefined): Promise<Session | null> {
  if (!token) return null;
  const [row] = await rt.db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      plan: users.plan,
      timeZone: users.timeZone,
      csrfToken: sessions.csrfToken,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, await sha256Hex(token)), gt(sessions.expiresAt, rt.clock.now())));
  return row ?? null;
}

export async function endSession(rt: Runtime, token: string | undefined) {
  if (token) await rt.db.delete(sessions).where(eq(sessions.idHash, await sha256Hex(token)));
}

/** Whether a form's CSRF token is the one expected (its session's, or the sign-in form cookie's), in constant time. */
export const csrfMatches = (expected: string | undefined, submitted: unknown) =>
  typeof expected === "string" && typeof submitted === "string" && constantTimeEqual(submitted, expected);

/** What a signed-in browser may do on Herald's own pages: everything its user may, counted per user. */
export const principalForSession = (session: Session): Principal => ({
  userId: session.userId,
  plan: session.plan,
  scopes: SCOPES,
  rateKey: userRateKey(session.userId),
  via: "session",
});
