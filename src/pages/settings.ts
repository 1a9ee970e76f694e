// The settings page: name and time zone, API keys, connected apps, and the webhooks and notifications at a glance.
import { timeZoneId } from "../lib/time";
import type { ConnectedApp } from "../oauth/grants";
import type { ApiKeyView } from "../services/auth/api-keys";
import { describeScope } from "../services/auth/auth";
import type { presentNotification } from "../services/notifications";
import { aRole } from "../services/roles";
import type { presentWebhook } from "../services/webhooks/store";
import { dashboardPage, noticeOf, postButton, type Viewer } from "./dashboard/layout";
import { type Html, html } from "./html";

interface SettingsView {
  name: string | null;
  /** The zone the user chose; null follows the browser's. */
  timeZone: string | null;
  keys: ApiKeyView[];
  apps: ConnectedApp[];
  webhooks: ReturnType<typeof presentWebhook>[];
  notifications: ReturnType<typeof presentNotification>[];
  /** A key just created: shown this once. */
  newKey?: string;
  notice?: { ok: boolean; message: string };
}

let zones: string[] | undefined;
/** Every zone the runtime knows, spelled as a saved zone is (`Asia/Calcutta` → `Asia/Kolkata`), UTC first. */
const allZones = () => {
  zones ??= [
    ...new Set([
      "UTC",
      ...Intl.supportedValuesOf("timeZone")
        .map((z) => timeZoneId(z) ?? z)
        .sort(),
    ]),
  ];
  return zones;
};

const form = (viewer: Viewer, action: string, label: string, fields: Html) =>
  html`<form method="post" action="${action}"><input type="hidden" name="csrf" value="${viewer.csrf}">${fields}<button type="submit" class="primary">${label}</button></form>`;

function zoneForm(viewer: Viewer, chosen: string | null) {
  const options = allZones().map(
    (zone) => html`<option value="${zone}"${zone === chosen && html` selected`}>${zone.replaceAll("_", " ")}</option>`,
  );
  const now = chosen
    ? html`Times are shown and read in <strong id="current-zone">${chosen}</strong>, your choice.`
    : html`Times follow this browser's zone (now <strong id="current-zone">${viewer.zone}</strong>).`;
  return html`<section class="card"><h2 style="margin-top:0">Time zone</h2>
    <p class="muted">${now} Every dashboard page and the new-post form use it.</p>
    ${form(
      viewer,
      "/settings/time-zone",
      "Save time zone",
      html`<label for="time_zone">Time zone</label><select id="time_zone" name="time_zone"><option value=""${!chosen && html` selected`}>Follow this browser's zone</option>${options}</select>`,
    )}</section>`;
}

/** The workspace the page acts in, the viewer's role, and leaving it (the owner transfers ownership first). */
function workspaceCard(viewer: Viewer) {
  const { name, role } = viewer.workspace;
  return html`<section class="card" id="workspace-card"><h2 style="margin-top:0">Workspace</h2>
    <p class="muted">You are ${aRole(role)} of <strong>${name}</strong>.</p>
    ${role === "owner" ? html`<p class="muted">The owner leaves only after making another member the owner.</p>` : postButton(viewer, "/settings/leave", `Leave ${name}`, { className: "danger" })}</section>`;
}

export function settingsPage(viewer: Viewer, view: SettingsView) {
  const keys = view.keys.map(
    (k) => html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.created_at.slice(0, 10)}</td>
      <td>${k.last_used_at ? k.last_used_at.slice(0, 16).replace("T", " ") : "never"}</td>
      <td>${k.revoked_at ? "revoked" : postButton(viewer, `/settings/api-keys/${encodeURIComponent(k.id)}/revoke`, "Revoke", { className: "danger" })}</td></tr>`,
  );
  const apps = view.apps.map(
    (a) => html`<tr><td>${a.name}</td><td>${a.scopes.map((s) => html`<div title="${s}">${describeScope(s)}</div>`)}</td>
      <td>${postButton(viewer, `/settings/apps/${encodeURIComponent(a.client_id)}/remove`, "Remove", { className: "danger" })}</td></tr>`,
  );
  const webhooks = view.webhooks.map(
    (w) => html`<tr><td><code>${w.target_url}</code></td><td>${w.events.join(", ")}</td>
      <td>${w.active ? "on" : "switched off"}</td>
      <td>${w.last_delivery_at ? `${w.last_status ?? "no answer"} at ${w.last_delivery_at.slice(0, 16).replace("T", " ")}` : "never"}</td>
      <td>${postButton(viewer, `/settings/webhooks/${encodeURIComponent(w.id)}/test`, "Send test")}</td></tr>`,
  );
  const head = (...names: string[]) =>
    html`<thead><tr>${names.map((n) => html`<th scope="col">${n}</th>`)}</tr></thead>`;
  return dashboardPage(
    viewer,
    "settings",
    "Settings",
    html`<h1>Settings</h1>
      <p class="muted">Signed in as ${viewer.email} (${viewer.plan} plan).</p>
      ${noticeOf(view.notice)}
      <section class="card"><h2 style="margin-top:0">Your name</h2>
      <p class="muted">Clients see it on your invite links; without one they see your email's first part.</p>
      ${form(viewer, "/settings/name", "Save name", html`<label for="name">Name</label><input id="name" name="name" type="text" maxlength="100" autocomplete="name" value="${view.name ?? ""}">`)}</section>
      ${zoneForm(viewer, view.timeZone)}
      ${workspaceCard(viewer)}
      <section class="card" id="keys"><h2 style="margin-top:0">API keys</h2>
      ${view.newKey && html`<p>Your new key. Copy it now: it is not shown again.</p><p class="secret" id="new-key">${view.newKey}</p>`}
      ${view.keys.length === 0 ? html`<p class="muted">No keys yet.</p>` : html`<div class="table-wrap"><table>${head("Name", "Key", "Created", "Last used", "")}<tbody>${keys}</tbody></table></div>`}
      ${form(viewer, "/settings/api-keys", "Create key", html`<label for="key-name">Name</label><input id="key-name" name="name" type="text" maxlength="100" value="API key">`)}</section>
      <section class="card"><h2 style="margin-top:0">Connected apps</h2>
      ${view.apps.length === 0 ? html`<p class="muted">No app has access to your account.</p>` : html`<div class="table-wrap"><table>${head("App", "Can", "")}<tbody>${apps}</tbody></table></div>`}</section>
      <section class="card"><h2 style="margin-top:0">Webhooks</h2>
      ${view.webhooks.length === 0 ? html`<p class="muted">No webhooks. <a href="/dashboard/webhooks">Add one</a>.</p>` : html`<div class="table-wrap"><table>${head("Endpoint", "Events", "State", "Last answer", "")}<tbody>${webhooks}</tbody></table></div>`}</section>
      <section class="card"><h2 style="margin-top:0">Notifications</h2>
      ${view.notifications.length === 0 ? html`<p class="muted">Nothing new.</p>` : html`<ul>${view.notifications.map((n) => html`<li>${n.created_at.slice(0, 16).replace("T", " ")}: ${n.message}</li>`)}</ul>`}</section>`,
  );
}
