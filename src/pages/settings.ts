import type { ConnectedApp } from "../oauth/grants";
import type { ApiKeyView } from "../services/api-keys";
import { describeScope } from "../services/auth";
import type { presentNotification } from "../services/notifications";
import type { presentWebhook } from "../services/webhooks/store";
import { html, page } from "./html";

interface SettingsView {
  email: string;
  name: string | null;
  plan: string;
  csrf: string;
  keys: ApiKeyView[];
  apps: ConnectedApp[];
  webhooks: ReturnType<typeof presentWebhook>[];
  notifications: ReturnType<typeof presentNotification>[];
  /** A key just created: shown this once. */
  newKey?: string;
  notice?: string;
}

const form = (action: string, csrf: string, label: string, fields = html``) =>
  html`<form method="post" action="${action}" style="display:inline"><input type="hidden" name="csrf" value="${csrf}">${fields}<button type="submit">${label}</button></form>`;

export function settingsPage(view: SettingsView) {
  const keys = view.keys.map(
    (k) => html`<tr><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${k.created_at.slice(0, 10)}</td>
      <td>${k.last_used_at ? k.last_used_at.slice(0, 16).replace("T", " ") : "never"}</td>
      <td>${k.revoked_at ? "revoked" : form(`/settings/api-keys/${encodeURIComponent(k.id)}/revoke`, view.csrf, "Revoke")}</td></tr>`,
  );
  const apps = view.apps.map(
    (a) => html`<tr><td>${a.name}</td><td>${a.scopes.map((s) => html`<div title="${s}">${describeScope(s)}</div>`)}</td>
      <td>${form(`/settings/apps/${encodeURIComponent(a.client_id)}/remove`, view.csrf, "Remove")}</td></tr>`,
  );
  const webhooks = view.webhooks.map(
    (w) => html`<tr><td><code>${w.target_url}</code></td><td>${w.events.join(", ")}</td>
      <td>${w.active ? "on" : "switched off"}</td>
      <td>${w.last_delivery_at ? `${w.last_status ?? "no answer"} at ${w.last_delivery_at.slice(0, 16).replace("T", " ")}` : "never"}</td>
      <td>${form(`/settings/webhooks/${encodeURIComponent(w.id)}/test`, view.csrf, "Send test")}</td></tr>`,
  );
  return page(
    "Settings",
    html`<h1>Settings</h1>
      <p class="note">Signed in as ${view.email} (${view.plan} plan). <a href="/dashboard">Open the dashboard</a> ${form("/signout", view.csrf, "Sign out")}</p>
      ${view.notice ? html`<p class="warning" role="status">${view.notice}</p>` : ""}
      <h2>Your name</h2>
      <p class="note">Clients see it on your invite links; without one they see your email's first part.</p>
      ${form("/settings/name", view.csrf, "Save name", html`<label for="name">Name</label><input id="name" name="name" type="text" maxlength="100" value="${view.name ?? ""}">`)}
      <h2>API keys</h2>
      ${view.newKey ? html`<p>Your new key. Copy it now: it is not shown again.</p><p class="secret" id="new-key">${view.newKey}</p>` : ""}
      <table><tr><th>Name</th><th>Key</th><th>Created</th><th>Last used</th><th></th></tr>${keys}</table>
      ${form("/settings/api-keys", view.csrf, "Create key", html`<label for="key-name">Name</label><input id="key-name" name="name" type="text" maxlength="100" value="API key">`)}
      <h2>Webhooks</h2>
      ${view.webhooks.length === 0 ? html`<p class="note">No webhooks. Add them through the API (POST /api/v1/webhooks).</p>` : html`<table><tr><th>Endpoint</th><th>Events</th><th>State</th><th>Last answer</th><th></th></tr>${webhooks}</table>`}
      <h2>Notifications</h2>
      ${view.notifications.length === 0 ? html`<p class="note">Nothing new.</p>` : html`<ul>${view.notifications.map((n) => html`<li>${n.created_at.slice(0, 16).replace("T", " ")}: ${n.message}</li>`)}</ul>`}
      <h2>Connected apps</h2>
      ${view.apps.length === 0 ? html`<p class="note">No app has access to your account.</p>` : html`<table><tr><th>App</th><th>Can</th><th></th></tr>${apps}</table>`}`,
  );
}
