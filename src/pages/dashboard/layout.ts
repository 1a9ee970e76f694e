import { type Html, html } from "../html";
import { shell } from "../shell";

/** Who is looking, and what every dashboard page needs to draw its frame. */
export interface Viewer {
  email: string;
  plan: string;
  csrf: string;
  /** The zone times are drawn in (the browser's, told by the zone script, or `?tz=`; UTC until known). */
  zone: string;
  unread: number;
}

export type Section = "calendar" | "posts" | "notifications" | "webhooks";

/** What just happened, leading the page; `secret` is shown once (a review link's URL, a signing secret). */
export interface Notice {
  ok: boolean;
  message: string;
  secret?: string;
}

const NAV: [Section, string, string][] = [
  ["calendar", "/dashboard", "Calendar"],
  ["posts", "/dashboard/posts", "Posts"],
  ["notifications", "/dashboard/notifications", "Notifications"],
  ["webhooks", "/dashboard/webhooks", "Webhooks"],
];

/** The script that tells the server the browser's zone (a cookie) and redraws the page once in it. */
export const ZONE_SCRIPT_PATH = "/dashboard/zone.js";

export const noticeOf = (notice?: Notice) =>
  notice
    ? html`<div class="notice ${notice.ok ? "ok" : "bad"}" role="${notice.ok ? "status" : "alert"}">${notice.message}${notice.secret ? html`<p class="secret" id="shown-once">${notice.secret}</p><p class="small">Copy it now: it is not shown again.</p>` : ""}</div>`
    : "";

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
  )}<button type="submit"${options.className ? html` class="${options.className}"` : ""}>${label}</button></form>`;

/** A dashboard page: the top bar with the sections, who is signed in, and the body. */
export function dashboardPage(viewer: Viewer, section: Section, title: string, body: Html) {
  const links = NAV.map(
    ([key, href, label]) =>
      html`<a href="${href}"${key === section ? html` aria-current="page"` : ""}>${label}${key === "notifications" && viewer.unread > 0 ? html` <span class="badge s-waiting_for_approval">${viewer.unread}</span>` : ""}</a>`,
  );
  const top = html`<header class="top"><div class="bar">
      <a class="brand" href="/dashboard">Herald<span>.</span></a>
      <nav aria-label="Dashboard">${links}<a href="/settings">Settings</a></nav>
      <span class="who">${viewer.email} · ${viewer.plan}</span>
      ${postButton(viewer, "/signout", "Sign out")}
    </div></header>`;
  return shell({ title, top, body, zone: viewer.zone, scripts: [ZONE_SCRIPT_PATH] });
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
