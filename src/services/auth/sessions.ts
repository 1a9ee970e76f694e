// Browser sessions on Herald's own pages: passwords checked, sessions started in a workspace, found and ended, CSRF.

import { and, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { members, type Role, sessions, users, workspaces } from "../../db/schema";
import { constantTimeEqual, sha256Hex, verifyPassword } from "../../lib/crypto";
import { AppError } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import type { Runtime } from "../runtime";
import { activityIsStale, memberActivity } from "../teams/activity";
import { findUserByEmail } from "../users";
import { type Principal, SCOPES, userRateKey } from "./auth";

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** A signed-in browser: the person, and the workspace it acts in (the dashboard's switcher) with their role there. */
export interface Session {
  /** The workspace the session acts in (every `user_id` column holds a workspace's id). */
  userId: string;
  workspaceName: string;
  /** The person signed in (their login) and their membership in the workspace. */
  personId: string;
  memberId: string;
  role: Role;
  email: string;
  name: string | null;
  /** The workspace's plan. */
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

/**
 * The workspace a new session of the person starts in: the one they chose last in the switcher, else their own,
 * else the one they joined first; 403 `no_workspace` when they belong to none any more.
 */
async function workspaceToEnter(rt: Runtime, personId: string): Promise<string> {
  const [row] = await rt.db
    .select({ workspaceId: members.workspaceId })
    .from(members)
    .innerJoin(users, eq(users.id, members.personId))
    .where(and(eq(members.personId, personId), eq(members.status, "active")))
    .orderBy(
      sql`${members.workspaceId} = coalesce(${users.lastWorkspaceId}, '') DESC`,
      sql`${members.workspaceId} = ${personId} DESC`,
      members.joinedAt,
    )
    .limit(1);
  if (!row) throw new AppError("no_workspace", "You are no longer a member of any workspace");
  return row.workspaceId;
}

/** Starts a session of the person `userId` (in `workspaceId`, else where `workspaceToEnter` says); the cookie value. */
export async function startSession(rt: Runtime, userId: string, workspaceId?: string): Promise<string> {
  const token = randomToken(43);
  const now = rt.clock.now();
  await rt.db.insert(sessions).values({
    idHash: await sha256Hex(token),
    userId,
    workspaceId: workspaceId ?? (await workspaceToEnter(rt, userId)),
    csrfToken: randomToken(32),
    createdAt: now,
    expiresAt: now + SESSION_TTL_MS,
  });
  return token;
}

const founder = alias(users, "founder");

/**
 * The live session of the cookie `token`, or null: it must not have expired, and its person must still be an active
 * member of the workspace it acts in (a removed member's sessions there end at once).
 */
export async function findSession(rt: Runtime, token: string | undefined): Promise<Session | null> {
  if (!token) return null;
  const [row] = await rt.db
    .select({
      userId: members.workspaceId,
      workspaceName: workspaces.name,
      personId: users.id,
      memberId: members.id,
      role: members.role,
      email: users.email,
      name: users.name,
      plan: founder.plan,
      timeZone: users.timeZone,
      csrfToken: sessions.csrfToken,
      lastActiveAt: members.lastActiveAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(
      members,
      and(
        eq(members.workspaceId, sql`coalesce(${sessions.workspaceId}, ${sessions.userId})`),
        eq(members.personId, sessions.userId),
        eq(members.status, "active"),
      ),
    )
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .innerJoin(founder, eq(founder.id, members.workspaceId))
    .where(and(eq(sessions.idHash, await sha256Hex(token)), gt(sessions.expiresAt, rt.clock.now())));
  if (!row) return null;
  const { lastActiveAt, ...session } = row;
  const now = rt.clock.now();
  if (activityIsStale(lastActiveAt, now)) await memberActivity(rt.db, row.memberId, now);
  return session;
}

export async function endSession(rt: Runtime, token: string | undefined) {
  if (token) await rt.db.delete(sessions).where(eq(sessions.idHash, await sha256Hex(token)));
}

/** Whether a form's CSRF token is the one expected (its session's, or the sign-in form cookie's), in constant time. */
export const csrfMatches = (expected: string | undefined, submitted: unknown) =>
  typeof expected === "string" && typeof submitted === "string" && constantTimeEqual(submitted, expected);

/** What a signed-in browser may do on Herald's own pages: what its member's role allows, counted per person. */
export const principalForSession = (session: Session): Principal => ({
  userId: session.userId,
  member: { id: session.memberId, personId: session.personId, role: session.role },
  plan: session.plan,
  scopes: SCOPES,
  rateKey: userRateKey(session.userId),
  via: "session",
});

/** The membership a session acts with. */
export const memberOfSession = (session: Session) => ({
  id: session.memberId,
  personId: session.personId,
  workspaceId: session.userId,
  role: session.role,
});

/** The workspaces the person is an active member of, with their role in each, by name: the switcher's choices. */
export const workspacesOf = (rt: Runtime, personId: string) =>
  rt.db
    .select({ id: workspaces.id, name: workspaces.name, role: members.role })
    .from(members)
    .innerJoin(workspaces, eq(workspaces.id, members.workspaceId))
    .where(and(eq(members.personId, personId), eq(members.status, "active")))
    .orderBy(workspaces.name, workspaces.id);

/**
 * The dashboard's switcher: the session of the cookie `token` acts in `workspaceId` from now on, and the person's next sessions start there
 * (their last choice); only a workspace the person is an active member of (else 404 `not_found`, nothing changes).
 */
export async function enterWorkspace(rt: Runtime, token: string, personId: string, workspaceId: string) {
  const [member] = await rt.db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.workspaceId, workspaceId), eq(members.personId, personId), eq(members.status, "active")));
  if (!member) throw new AppError("not_found", "You are not a member of that workspace");
  await rt.db.batch([
    rt.db
      .update(sessions)
      .set({ workspaceId })
      .where(and(eq(sessions.idHash, await sha256Hex(token)), eq(sessions.userId, personId))),
    rt.db.update(users).set({ lastWorkspaceId: workspaceId }).where(eq(users.id, personId)),
  ]);
}
