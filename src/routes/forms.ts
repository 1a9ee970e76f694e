// What Herald's own pages share: the session cookie, CSRF-checked forms (`checkedForm`), showing a page.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { randomToken } from "../lib/ids";
import { errorPage } from "../pages/error";
import { PAGE_HEADERS } from "../pages/shell";
import type { Scope } from "../services/auth/auth";
import {
  csrfMatches,
  findSession,
  principalForSession,
  SESSION_TTL_MS,
  type Session,
  startSession,
} from "../services/auth/sessions";
import { roleRefusal } from "../services/roles";
import type { AppEnv } from "./env";

/** The signed-in browser's cookie: the session's token (its SHA-256 is the `sessions` row). */
export const SESSION_COOKIE = "herald_session";
/** Sign-in and sign-up forms have no session yet: their CSRF token is a double-submitted cookie. */
const FORM_COOKIE = "herald_form";

export const cookieOptions = { httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

/** Signs the browser in as the person `personId` (a new session, where `startSession` enters). */
export async function signInAs(c: Context<AppEnv>, personId: string) {
  setCookie(c, SESSION_COOKIE, await startSession(c.var.rt, personId), {
    ...cookieOptions,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

/** The browser's session, or null when it is signed out. */
export const sessionOf = (c: Context<AppEnv>) => findSession(c.var.rt, getCookie(c, SESSION_COOKIE));

/** Answers with a page (its status, and the headers every page sends). */
export const show = (c: Context<AppEnv>, body: string, status = 200, headers = PAGE_HEADERS): Response =>
  c.body(body, status as 200, headers);

const AFTER_SIGN_IN = "/settings";

/**
 * Where to go after signing in: a path on Herald itself, never an open redirect. `next` is read the way a
 * browser would read it as a Location (tabs and newlines dropped, a backslash as `/`, dot segments resolved)
 * against this origin, and only a same-origin path survives, re-serialized; anything else goes to settings.
 */
export function safeNext(c: Context<AppEnv>, next: unknown): string {
  if (typeof next !== "string" || !next.startsWith("/")) return AFTER_SIGN_IN;
  const origin = new URL(c.req.url).origin;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return AFTER_SIGN_IN;
  }
  const path = url.pathname + url.search + url.hash;
  // `/.//host` resolves to the path `//host`, which a browser would read as another host; its encoded
  // twins (`/%2F…`, `/%5C…`) are refused too, for whatever decodes them later.
  if (url.origin !== origin || /^\/(?:\/|%2f|%5c)/i.test(path)) return AFTER_SIGN_IN;
  return path;
}

export const toSignIn = (c: Context<AppEnv>) =>
  c.redirect(`/signin?next=${encodeURIComponent(new URL(c.req.url).pathname)}`, 302);

/** The signed-in browser's session, or a redirect to sign in. */
export async function requireSession(c: Context<AppEnv>): Promise<Session | Response> {
  return (await sessionOf(c)) ?? toSignIn(c);
}

/** The form token of a page without a session (sign-in, an invite, a review link): a double-submitted cookie. */
export function formToken(c: Context<AppEnv>) {
  const existing = getCookie(c, FORM_COOKIE);
  if (existing) return existing;
  const token = randomToken(32);
  setCookie(c, FORM_COOKIE, token, { ...cookieOptions, sameSite: "Strict", maxAge: 3600 });
  return token;
}

/** A posted form, every field as Hono parses it: a field sent several times (checkboxes) is a list. */
export type Form = Record<string, string | File | (string | File)[]>;

/**
 * Whose form it is. A signed-in page's form (`session`) names what it does: `own` is the person's own (their name,
 * zone, keys, apps, sign-out, an invitation, a consent), else the scope the member's role must allow, the one the
 * REST route doing the same needs. A form shown without a session (`cookie`) acts as nobody's member.
 */
type FormKind = { for: "session"; may: Scope | "own" } | { for: "cookie" };

/**
 * The one CSRF check of Herald's forms. Each form carries `csrf`: a signed-in page's form (`for: "session"`) its
 * session's token; a form shown without a session (`for: "cookie"`: sign-in, sign-up, an invite, a review link, the
 * sandbox's consent screen) the double-submitted form cookie's. Answers the parsed form and, for session forms, the
 * session (null when signed out: the caller decides what that means, and a signed-out post has nothing to forge),
 * and whether the token failed to match (`forged`: then nothing may be done).
 */
async function readCheckedForm(
  c: Context<AppEnv>,
  kind: FormKind,
): Promise<{ form: Form; session: Session | null; forged: boolean }> {
  const form = await c.req.parseBody({ all: true });
  const session = kind.for === "session" ? await sessionOf(c) : null;
  const expected = kind.for === "cookie" ? getCookie(c, FORM_COOKIE) : session?.csrfToken;
  const signedOut = kind.for === "session" && !session;
  return { form, session, forged: !signedOut && !csrfMatches(expected, form.csrf) };
}

/** A form the member's role may not send (a viewer's content form, an editor's webhook): 403, nothing done. */
const refusedByRole = (c: Context<AppEnv>, message: string) =>
  show(c, errorPage("Your role cannot do this", `${message}. Ask an owner or admin of the workspace.`), 403);

/**
 * `readCheckedForm` as middleware: the handler finds `form` and `session` in `c.var`; a token that does not match
 * is answered by `expired`, a form the session's role may not send by 403 `insufficient_role`'s page, and nothing
 * else runs.
 */
export const checkedForm = (
  kind: FormKind,
  expired: (c: Context<AppEnv>, form: Form) => Response | Promise<Response>,
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const { form, session, forged } = await readCheckedForm(c, kind);
    if (forged) return expired(c, form);
    const refusal =
      session && kind.for === "session" && kind.may !== "own" && roleRefusal(principalForSession(session), [kind.may]);
    if (refusal) return refusedByRole(c, refusal.message);
    c.set("form", form);
    c.set("session", session);
    await next();
  });
