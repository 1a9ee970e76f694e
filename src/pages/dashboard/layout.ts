// The dashboard's frame: the viewer, the top bar's sections, the notice leading a page.
import { type Html, html } from "../html";
import { shell } from "../shell";

/** Who is looking, and what every dashboard page needs to draw its frame. */
/** A workspace the viewer belongs to, and their role there. */
export interface ViewerWorkspace {
  id: string;
  name: string;
  role: string;
}

export interface Viewer {
  email: string;
  /** The workspace the session acts in, and every one the viewer may switch to (the switcher's choices). */
  workspace: ViewerWorkspace;
  workspaces: ViewerWorkspace[];
  plan: string;
  csrf: string;
  /** The zone times are drawn and read in (`?tz=`, the user's setting, or the browser's told by the zone script; UTC until known). */
  zone: string;
  /** The zone is the user's setting: the browser's zone is not asked for. */
  zoneChosen: boolean;
  unread: number;
}

/** What just happened, leading the page; `secret` is shown once (a review link's URL, a signing secret). */
export interface Notice {
  ok: boolean;
  message: string;
  secret?: string;
}

/** The top bar's sections, in order. A new page adds its line here, and `Section` names it from then on. */
const NAV = [
  { section: "calendar", href: "/dashboard", label: "Calendar" },
  { section: "compose", href: "/dashboard/compose", label: "New post" },
  { section: "posts", href: "/dashboard/posts", label: "Posts" },
  { section: "media", href: "/dashboard/media", label: "Media" },
  { section: "analytics", href: "/dashboard/analytics", label: "Analytics" },
  { section: "flows", href: "/dashboard/flows", label: "Flows" },
  { section: "accounts", href: "/dashboard/accounts", label: "Accounts" },
  { section: "notifications", href: "/dashboard/notifications", label: "Notifications" },
  { section: "webhooks", href: "/dashboard/webhooks", label: "Webhooks" },
  { section: "members", href: "/dashboard/members", label: "Members" },
  { section: "settings", href: "/settings", label: "Settings" },
] as const;

export type Section = (typeof NAV)[number]["section"];

/** The script that tells the server the browser's zone (a cookie) and redraws the page once in it. */
export const ZONE_SCRIPT_PATH = "/dashboard/zone.js";

export const noticeOf = (notice?: Notice) =>
  notice &&
  html`<div class="notice ${notice.ok ? "ok" : "bad"}" role="${notice.ok ? "status" : "alert"}">${notice.message}${notice.secret && html`<p class="secret" id="shown-once">${notice.secret}</p><p class="small">Copy it now: it is not shown again.</p>`}</div>`;

/** A POST button with the session's CSRF token. */
export const postButton = (
  viewer: Viewer,
  action: string,
  label: string,
  options: { className?: string; fields?: Record<string, string> } = {},
) =>
  html`<form class="inline" method="post" action="${action}"><input type="hidden" name="csrf" value="${viewer.csrf}">${Object.entries(
    options.fields ?? {},
  ).map(
    ([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`,
  )}<button type="submit"${options.className && html` class="${options.className}"`}>${label}</button></form>`;

/**
 * The workspace the page acts in, with the viewer's role; with more than one, the switcher (a form: it works
 * without a script), which the next sign-in remembers.
 */
function switcher(viewer: Viewer) {
  const here = viewer.workspace;
  if (viewer.workspaces.length < 2) {
    return html`<span class="who" id="workspace">${here.name} · ${here.role}</span>`;
  }
  const options = viewer.workspaces.map(
    (w) => html`<option value="${w.id}"${w.id === here.id && html` selected`}>${w.name} (${w.role})</option>`,
  );
  return html`<form class="switcher row" method="post" action="/dashboard/workspace"><input type="hidden" name="csrf" value="${viewer.csrf}"><label class="sr-only" for="workspace">Workspace</label><select id="workspace" name="workspace_id">${options}</select><button type="submit">Switch</button></form>`;
}

/**
 * A dashboard page: the top bar with the sections, who is signed in, and the body. `scripts` are the page's own
 * (served by Herald); the zone script comes with every page while the user has not chosen a zone.
 */
export function dashboardPage(viewer: Viewer, section: Section, title: string, body: Html, scripts: string[] = []) {
  const links = NAV.map(
    (item) =>
      html`<a href="${item.href}"${item.section === section && html` aria-current="page"`}>${item.label}${item.section === "notifications" && viewer.unread > 0 && html` <span class="badge s-waiting_for_approval">${viewer.unread}</span>`}</a>`,
  );
  const top = html`<header class="top"><div class="bar">
      <a class="brand" href="/dashboard">Herald<span>.</span></a>
      <nav aria-label="Dashboard">${links}</nav>
      ${switcher(viewer)}
      <span class="who">${viewer.email} · ${viewer.plan}</span>
      ${postButton(viewer, "/signout", "Sign out")}
    </div></header>`;
  return shell({
    title,
    top,
    body,
    zone: viewer.zone,
    scripts: viewer.zoneChosen ? scripts : [ZONE_SCRIPT_PATH, ...scripts],
  });
}

/**
 * Tells the server the browser's time zone through the `herald_tz` cookie, and reloads once when the page
 * was drawn in another zone. It reloads only when the cookie was not already saying so, so a zone the
 * server does not know cannot make it reload forever.
 */
export const ZONE_SCRIPT = `(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const cookie = "herald_tz=" + encodeURIComponent(zone);
  if (document.cookie.split("; ").includes(cookie)) return;
  document.cookie = cookie + "; path=/; max-age=31536000; samesite=lax";
  if (document.documentElement.dataset.zone !== zone && !new URLSearchParams(location.search).has("tz")) location.reload();
})();
`;
