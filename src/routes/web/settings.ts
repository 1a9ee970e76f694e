// The settings page with its forms, and signing out.
import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { AppError } from "../../lib/errors";
import { grantUserOf, listConnectedApps, removeConnectedApp } from "../../oauth/grants";
import { errorPage } from "../../pages/error";
import { settingsPage } from "../../pages/settings";
import { createApiKeyAs, listApiKeys, revokeApiKey } from "../../services/auth/api-keys";
import type { Scope } from "../../services/auth/auth";
import { endSession, memberOfSession, principalForSession, type Session } from "../../services/auth/sessions";
import { listNotifications } from "../../services/notifications";
import { leaveWorkspace } from "../../services/teams/members";
import { updateUser } from "../../services/users";
import { sendTestEvent } from "../../services/webhooks/actions";
import { listWebhooks, presentWebhook } from "../../services/webhooks/store";
import type { AppEnv } from "../env";
import { checkedForm, cookieOptions, type Form, SESSION_COOKIE, sessionOf, show, signInAs, toSignIn } from "../forms";
import { createRouter } from "../router";
import { showPage, viewerOf } from "./dashboard/session";

/** A form of the settings page: only with its session's CSRF token, and what it does (`may`) allowed to its role. */
const settingsForm = (may: Scope | "own" = "own") =>
  checkedForm({ for: "session", may }, (c) =>
    show(c, errorPage("This page has expired", "Open the settings again and retry."), 403),
  );

/**
 * A settings form post, signed in and CSRF-checked: `act`, then the settings page again with what happened; a
 * refusal (`AppError`) is shown on the page with its status, and nothing changed.
 */
function settingsAction(act: (c: Context<AppEnv>, session: Session, form: Form) => Promise<SettingsExtra>) {
  return async (c: Context<AppEnv>) => {
    const { session } = c.var;
    if (!session) return toSignIn(c);
    try {
      return await renderSettings(c, session, await act(c, session, c.var.form));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return renderSettings(c, session, { notice: { ok: false, message: error.message } }, error.status);
    }
  };
}

/** What an action adds to the settings page it answers with (what it just changed overrides the session's). */
type SettingsExtra = {
  newKey?: string;
  notice?: { ok: boolean; message: string };
  changed?: Partial<Pick<Session, "name" | "timeZone">>;
};

async function renderSettings(c: Context<AppEnv>, signedIn: Session, extra: SettingsExtra = {}, status = 200) {
  const session = { ...signedIn, ...extra.changed };
  const [viewer, keys, apps, hooks, notifications] = await Promise.all([
    viewerOf(c, session),
    listApiKeys(c.var.rt, principalForSession(session)),
    listConnectedApps(c.var.rt, grantUserOf(memberOfSession(session))),
    listWebhooks(c.var.rt, session.userId),
    listNotifications(c.var.rt, session.userId, 20),
  ]);
  const view = {
    name: session.name,
    timeZone: session.timeZone,
    keys,
    apps,
    notifications,
    webhooks: hooks.map(presentWebhook),
    newKey: extra.newKey,
    notice: extra.notice,
  };
  return showPage(c, settingsPage(viewer, view), status);
}

const done = (message: string) => ({ ok: true, message });

export const settingsRoutes = createRouter()
  .post("/signout", settingsForm(), async (c) => {
    if (c.var.session) await endSession(c.var.rt, getCookie(c, SESSION_COOKIE));
    deleteCookie(c, SESSION_COOKIE, cookieOptions);
    return c.redirect("/signin", 303);
  })
  .post("/settings/leave", settingsForm(), async (c) => {
    const { rt, session } = c.var;
    if (!session) return toSignIn(c);
    try {
      await leaveWorkspace(rt, principalForSession(session));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return renderSettings(c, session, { notice: { ok: false, message: error.message } }, error.status);
    }
    // The session acted in the workspace left: the person goes on in another of theirs, or signs in again.
    await endSession(rt, getCookie(c, SESSION_COOKIE));
    try {
      await signInAs(c, session.personId);
      return c.redirect("/dashboard", 303);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== "no_workspace") throw error;
      deleteCookie(c, SESSION_COOKIE, cookieOptions);
      return c.redirect("/signin", 303);
    }
  })
  .get("/settings", async (c) => {
    const session = await sessionOf(c);
    return session ? renderSettings(c, session) : toSignIn(c);
  })
  .post(
    "/settings/name",
    settingsForm(),
    settingsAction(async (c, session, form) => {
      const user = await updateUser(c.var.rt, session.personId, { name: String(form.name ?? "") });
      return {
        changed: { name: user.name },
        notice: done(user.name ? `Your name is now ${user.name}.` : "Your name was cleared."),
      };
    }),
  )
  .post(
    "/settings/time-zone",
    settingsForm(),
    settingsAction(async (c, session, form) => {
      const user = await updateUser(c.var.rt, session.personId, { timeZone: String(form.time_zone ?? "") });
      return {
        changed: { timeZone: user.timeZone },
        notice: done(
          user.timeZone ? `Times are now shown and read in ${user.timeZone}.` : "Times now follow this browser's zone.",
        ),
      };
    }),
  )
  .post(
    "/settings/api-keys",
    settingsForm(),
    settingsAction(async (c, session) => {
      const name =
        String(c.var.form.name ?? "")
          .trim()
          .slice(0, 100) || "API key";
      return { newKey: (await createApiKeyAs(c.var.rt, principalForSession(session), name)).key };
    }),
  )
  .post(
    "/settings/api-keys/:id/revoke",
    settingsForm(),
    settingsAction(async (c, session) => {
      const key = await revokeApiKey(c.var.rt, principalForSession(session), c.req.param("id") ?? "");
      return { notice: done(`Key ${key.prefix}… revoked.`) };
    }),
  )
  .post(
    "/settings/webhooks/:id/test",
    settingsForm("webhooks:write"),
    settingsAction(async (c, session) => {
      // A refusal (another user's webhook, the rate of tests) is shown with its status by settingsAction.
      const sent = await sendTestEvent(c.var.rt, principalForSession(session), c.req.param("id") ?? "");
      const answer = sent.status === null ? `no answer (${sent.error})` : `HTTP ${sent.status}`;
      return { notice: { ok: sent.ok, message: `Test sent: ${answer} in ${sent.duration_ms} ms.` } };
    }),
  )
  .post(
    "/settings/apps/:clientId/remove",
    settingsForm(),
    settingsAction(async (c, session) => {
      const removed = await removeConnectedApp(
        c.var.rt,
        grantUserOf(memberOfSession(session)),
        c.req.param("clientId") ?? "",
      );
      return { notice: done(removed > 0 ? "The app's access was removed." : "That app had no access.") };
    }),
  );
