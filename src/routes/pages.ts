import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { constantTimeEqual } from "../lib/crypto";
import { AppError } from "../lib/errors";
import { randomToken } from "../lib/ids";
import { listConnectedApps, removeConnectedApp } from "../oauth/grants";
import { errorPage, signInPage } from "../oauth/pages";
import { PAGE_HEADERS } from "../pages/html";
import { settingsPage } from "../pages/settings";
import { createApiKeyAs, listApiKeys, revokeApiKey } from "../services/api-keys";
import { listNotifications } from "../services/notifications";
import {
  checkCsrf,
  checkPassword,
  endSession,
  findSession,
  principalForSession,
  SESSION_TTL_MS,
  type Session,
  startSession,
} from "../services/sessions";
import { createUser, updateUser } from "../services/users";
import { sendTestEvent } from "../services/webhooks/actions";
import { listWebhooks, presentWebhook } from "../services/webhooks/store";
import type { AppEnv } from "./env";
import { authAttemptLimit } from "./middleware";
import { createRouter } from "./router";

export const SESSION_COOKIE = "herald_session";
/** Sign-in and sign-up forms have no session yet: their CSRF token is a double-submitted cookie. */
const FORM_COOKIE = "herald_form";

const cookieOptions = { httpOnly: true, secure: true, sameSite: "Lax", path: "/" } as const;

/** Answers with a page (its status, and the headers every page sends). */
export const show = (c: Context<AppEnv>, body: string, status = 200, headers = PAGE_HEADERS): Response =>
  c.body(body, status as 200, headers);

const AFTER_SIGN_IN = "/settings";

/**
 * Where to go after signing in: a path on Herald itself, never an open redirect. `next` is read the way a
 * browser would read it as a Location (tabs and newlines dropped, a backslash as `/`, dot segments resolved)
 * against this origin, and only a same-origin path survives, re-serialized; anything else goes to settings.
 */
function safeNext(c: Context<AppEnv>, next: unknown): string {
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

/** The form token of a page without a session (sign-in, an invite, a review link): a double-submitted cookie. */
export function formToken(c: Context<AppEnv>) {
  const existing = getCookie(c, FORM_COOKIE);
  if (existing) return existing;
  const token = randomToken(32);
  setCookie(c, FORM_COOKIE, token, { ...cookieOptions, sameSite: "Strict", maxAge: 3600 });
  return token;
}

/** Whether a form without a session came back with its page's token. */
export const formTokenMatches = (c: Context<AppEnv>, submitted: unknown) => {
  const expected = getCookie(c, FORM_COOKIE);
  return !!expected && typeof submitted === "string" && constantTimeEqual(submitted, expected);
};

function credentialsPage(mode: "signin" | "signup") {
  return async (c: Context<AppEnv>) => {
    const next = safeNext(c, c.req.query("next"));
    if (await findSession(c.var.rt, getCookie(c, SESSION_COOKIE))) return c.redirect(next, 302);
    return show(c, signInPage({ mode, next, csrf: formToken(c) }));
  };
}

function credentialsSubmit(mode: "signin" | "signup") {
  return async (c: Context<AppEnv>) => {
    const rt = c.var.rt;
    const form = await c.req.parseBody();
    const next = safeNext(c, form.next);
    if (!formTokenMatches(c, form.csrf)) {
      return show(c, signInPage({ mode, next, csrf: formToken(c), error: "The form expired; please try again." }), 403);
    }
    const email = String(form.email ?? "").trim();
    const password = String(form.password ?? "");
    try {
      let userId: string;
      if (mode === "signin") userId = (await checkPassword(rt, email, password)).id;
      else {
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
          throw new AppError(400, "validation_error", "Enter a valid email");
        if (password.length < 10)
          throw new AppError(400, "validation_error", "Use a password of at least 10 characters");
        userId = (await createUser(rt, { email, password, plan: "free", name: String(form.name ?? "") })).id;
      }
      setCookie(c, SESSION_COOKIE, await startSession(rt, userId), { ...cookieOptions, maxAge: SESSION_TTL_MS / 1000 });
      return c.redirect(next, 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return show(c, signInPage({ mode, next, csrf: formToken(c), error: error.message }), error.status);
    }
  };
}

/** The signed-in browser's session, or a redirect to sign in. */
export async function requireSession(c: Context<AppEnv>): Promise<Session | Response> {
  const session = await findSession(c.var.rt, getCookie(c, SESSION_COOKIE));
  return session ?? c.redirect(`/signin?next=${encodeURIComponent(new URL(c.req.url).pathname)}`, 302);
}

/** A settings form post: signed in, CSRF checked, then `act`; answers with the settings page. */
function settingsAction(
  act: (c: Context<AppEnv>, session: Session, form: Record<string, unknown>) => Promise<SettingsExtra>,
) {
  return async (c: Context<AppEnv>) => {
    const session = await requireSession(c);
    if (session instanceof Response) return session;
    const form = await c.req.parseBody();
    try {
      checkCsrf(session, form.csrf);
    } catch {
      return show(c, errorPage("This page has expired", "Open the settings again and retry."), 403);
    }
    return renderSettings(c, session, await act(c, session, form));
  };
}

/** What an action adds to the settings page it answers with (a name it just changed overrides the session's). */
type SettingsExtra = { newKey?: string; notice?: string; name?: string | null };

async function renderSettings(c: Context<AppEnv>, session: Session, extra: SettingsExtra = {}) {
  const [keys, apps, hooks, notifications] = await Promise.all([
    listApiKeys(c.var.rt, session.userId),
    listConnectedApps(c.var.rt, session.userId),
    listWebhooks(c.var.rt, session.userId),
    listNotifications(c.var.rt, session.userId, 20),
  ]);
  const view = {
    email: session.email,
    name: session.name,
    plan: session.plan,
    csrf: session.csrfToken,
    keys,
    apps,
    notifications,
  };
  return show(c, settingsPage({ ...view, webhooks: hooks.map(presentWebhook), ...extra }));
}

export const pageRoutes = createRouter()
  .get("/signin", credentialsPage("signin"))
  .post("/signin", authAttemptLimit, credentialsSubmit("signin"))
  .get("/signup", credentialsPage("signup"))
  .post("/signup", authAttemptLimit, credentialsSubmit("signup"))
  .post("/signout", async (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    const session = await findSession(c.var.rt, token);
    const form = await c.req.parseBody();
    if (session) {
      try {
        checkCsrf(session, form.csrf);
      } catch {
        return show(c, errorPage("This page has expired", "Open the settings again and retry."), 403);
      }
      await endSession(c.var.rt, token);
    }
    deleteCookie(c, SESSION_COOKIE, cookieOptions);
    return c.redirect("/signin", 303);
  })
  .get("/settings", async (c) => {
    const session = await requireSession(c);
    return session instanceof Response ? session : renderSettings(c, session);
  })
  .post(
    "/settings/name",
    settingsAction(async (c, session, form) => {
      const user = await updateUser(c.var.rt, session.userId, { name: String(form.name ?? "") });
      return { name: user.name, notice: user.name ? `Your name is now ${user.name}.` : "Your name was cleared." };
    }),
  )
  .post(
    "/settings/api-keys",
    settingsAction(async (c, session, form) => {
      const name =
        String(form.name ?? "")
          .trim()
          .slice(0, 100) || "API key";
      return { newKey: (await createApiKeyAs(c.var.rt, principalForSession(session), name)).key };
    }),
  )
  .post(
    "/settings/api-keys/:id/revoke",
    settingsAction(async (c, session) => {
      const key = await revokeApiKey(c.var.rt, session.userId, c.req.param("id") ?? "");
      return { notice: `Key ${key.prefix}… revoked.` };
    }),
  )
  .post(
    "/settings/webhooks/:id/test",
    settingsAction(async (c, session) => {
      try {
        const sent = await sendTestEvent(c.var.rt, principalForSession(session), c.req.param("id") ?? "");
        const answer = sent.status === null ? `no answer (${sent.error})` : `HTTP ${sent.status}`;
        return { notice: `Test sent: ${answer} in ${sent.duration_ms} ms.` };
      } catch (error) {
        if (error instanceof AppError) return { notice: `Test not sent: ${error.message}` };
        throw error;
      }
    }),
  )
  .post(
    "/settings/apps/:clientId/remove",
    settingsAction(async (c, session) => {
      const removed = await removeConnectedApp(c.var.rt, session.userId, c.req.param("clientId") ?? "");
      return { notice: removed > 0 ? "The app's access was removed." : "That app had no access." };
    }),
  );
