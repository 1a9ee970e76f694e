// What every dashboard route shares: the viewer and their zone, its pages, forms and actions.
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { AppError } from "../../../lib/errors";
import { timeZoneId } from "../../../lib/time";
import type { Notice, Viewer } from "../../../pages/dashboard/layout";
import { errorPage } from "../../../pages/error";
import type { Scope } from "../../../services/auth/auth";
import { type Session, workspacesOf } from "../../../services/auth/sessions";
import { countUnread } from "../../../services/notifications";
import type { AppEnv } from "../../env";
import { checkedForm, requireSession, show, toSignIn } from "../../forms";

/** The cookie the dashboard's zone script sets to the browser's time zone. */
export const ZONE_COOKIE = "herald_tz";

/**
 * The zone to draw and read times in: `?tz=` for this page, else the one the user chose in Settings, else the
 * browser's (the zone cookie), else UTC. `chosen` says the setting decided it (the zone script is then not needed).
 */
export function zoneOf(c: Context<AppEnv>, session: Session): { zone: string; chosen: boolean } {
  const asked = c.req.query("tz");
  const zone = asked ? timeZoneId(asked) : null;
  if (zone) return { zone, chosen: false };
  if (session.timeZone) return { zone: session.timeZone, chosen: true };
  const told = getCookie(c, ZONE_COOKIE);
  return { zone: (told ? timeZoneId(told) : null) ?? "UTC", chosen: false };
}

export async function viewerOf(c: Context<AppEnv>, session: Session): Promise<Viewer> {
  const { zone, chosen } = zoneOf(c, session);
  const [unread, workspaces] = await Promise.all([
    countUnread(c.var.rt, session.userId),
    workspacesOf(c.var.rt, session.personId),
  ]);
  return {
    email: session.email,
    workspace: { id: session.userId, name: session.workspaceName, role: session.role },
    workspaces,
    plan: session.plan,
    csrf: session.csrfToken,
    zone,
    zoneChosen: chosen,
    unread,
  };
}

/** One of the dashboard's own scripts (served by Herald, as the CSP allows). */
export const scriptResponse = (c: Context<AppEnv>, source: string) =>
  c.body(source, 200, {
    "Content-Type": "text/javascript; charset=utf-8",
    "Cache-Control": "public, max-age=3600",
    "X-Content-Type-Options": "nosniff",
  });

export const showPage = (c: Context<AppEnv>, page: string, status = 200) => show(c, page, status);

type Render = (c: Context<AppEnv>, session: Session, notice?: Notice, status?: number) => Promise<Response>;

/** A dashboard page: signed in (else to sign-in and back), then drawn. */
export const dashboardView =
  (render: Render) =>
  async (c: Context<AppEnv>): Promise<Response> => {
    const session = await requireSession(c);
    return session instanceof Response ? session : render(c, session);
  };

/**
 * A dashboard form's handler, after `dashboardForm` checked its CSRF token: signed in (else to sign-in), then `act`;
 * the page is drawn again with what happened. A refusal (`AppError`) is shown with its status.
 */
export const dashboardAction =
  (act: (c: Context<AppEnv>, session: Session, form: Record<string, unknown>) => Promise<Notice>, render: Render) =>
  async (c: Context<AppEnv>): Promise<Response> => {
    const { form, session } = c.var;
    if (!session) return toSignIn(c);
    try {
      return await render(c, session, await act(c, session, form));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return render(c, session, { ok: false, message: error.message }, error.status);
    }
  };

const expired = (c: Context<AppEnv>) =>
  showPage(c, errorPage("This page has expired", "Open the page again and retry."), 403);

/**
 * A dashboard form's CSRF and role check (`checkedForm`, the one check): a token that does not match is 403, a form
 * whose scope (`may`) the member's role does not allow is 403 `insufficient_role`, and nothing runs; the handler
 * finds `form` and `session` (null when signed out) in `c.var`.
 */
export const dashboardForm = (may: Scope | "own") => checkedForm({ for: "session", may }, expired);

/** A form field as one string ("" when absent; the first when sent several times). */
export const field = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return String((Array.isArray(value) ? value[0] : value) ?? "");
};

/** A form field sent as checkboxes: every value. */
export const fields = (form: Record<string, unknown>, name: string): string[] => {
  const value = form[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
};
