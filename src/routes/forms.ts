import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { createMiddleware } from "hono/factory";
import { randomToken } from "../lib/ids";
import { csrfMatches, findSession } from "../services/sessions";
import type { AppEnv } from "./env";

/** The signed-in browser's cookie: the session's token (its SHA-256 is the `sessions` row). */
export const SESSION_COOKIE = "herald_session";
/** Sign-in and sign-up forms have no session yet: their CSRF token is a double-submitted cookie. */
const FORM_COOKIE = "herald_form";

export const cookieOptions = { httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

/** The browser's session, or null when it is signed out. */
export const sessionOf = (c: Context<AppEnv>) => findSession(c.var.rt, getCookie(c, SESSION_COOKIE));

/** The sign-in form's CSRF token: the form cookie, set now when the browser has none. */
export function formToken(c: Context<AppEnv>) {
  const existing = getCookie(c, FORM_COOKIE);
  if (existing) return existing;
  const token = randomToken(32);
  setCookie(c, FORM_COOKIE, token, { ...cookieOptions, sameSite: "Strict", maxAge: 3600 });
  return token;
}

/** A posted form, as Hono parses it. */
export type Form = Awaited<ReturnType<Context["req"]["parseBody"]>>;

/**
 * The one CSRF check of Herald's forms. Each form carries `csrf`: a signed-in page's form its session's token, a
 * sign-in or sign-up form (`for: "sign-in"`, no session yet) the double-submitted form cookie's. The handler finds
 * the parsed `form` and the `session` (null when signed out: the handler decides what that means, and a signed-out
 * post has nothing to forge). A token that does not match is answered by `expired`, and nothing else runs.
 */
export const checkedForm = (
  kind: { for: "session" | "sign-in" },
  expired: (c: Context<AppEnv>, form: Form) => Response | Promise<Response>,
) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const form = await c.req.parseBody();
    const session = await sessionOf(c);
    c.set("form", form);
    c.set("session", session);
    const expected = kind.for === "sign-in" ? getCookie(c, FORM_COOKIE) : session?.csrfToken;
    const signedOut = kind.for === "session" && !session;
    if (!signedOut && !csrfMatches(expected, form.csrf)) return expired(c, form);
    await next();
  });
