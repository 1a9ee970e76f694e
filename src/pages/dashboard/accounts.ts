/**
 * The dashboard's accounts and clients: connected accounts by group, connect and disconnect, the groups themselves,
 * client invites, and the people an account's flows run for (human takeover, opt-out).
 */
import { type PlatformKey, platformLabel } from "../../platforms/catalog";
import { INVITE_PLATFORMS } from "../../schemas/client-invites";
import type { listGroups } from "../../services/accounts/account-groups";
import type { AccountRow } from "../../services/accounts/accounts";
import type { CredentialField } from "../../services/accounts/connect";
import type { listContacts } from "../../services/flows/contacts";
import type { listClientInvites } from "../../services/invites/manage";
import { dateTimeIn, words } from "../format";
import { type Html, html } from "../html";
import { dashboardPage, type Notice, noticeOf, postButton, type Viewer } from "./layout";

/** A form posted and refused: which form (its `form` field), what was typed, and why; it is shown again as typed. */
export interface Refused {
  form: string;
  values: Record<string, unknown>;
  message: string;
}

export interface AccountsView {
  accounts: AccountRow[];
  groups: Awaited<ReturnType<typeof listGroups>>;
  invites: Awaited<ReturnType<typeof listClientInvites>>;
  /** Platforms connected through their consent page (or the sandbox's standing in for it). */
  consent: PlatformKey[];
  /** Platforms connected with credentials the user types, and their fields. */
  credentials: { platform: PlatformKey; fields: CredentialField[] }[];
  sandbox: boolean;
  /** Accounts with flows (their people are listed). */
  withFlows: Set<string>;
  notice?: Notice;
  refused?: Refused;
}

const ACCOUNT_BADGE: Record<string, string> = {
  active: "s-published",
  reauth_required: "s-waiting_for_approval",
  disconnected: "s-cancelled",
};
const INVITE_BADGE: Record<string, string> = {
  active: "s-published",
  used_up: "s-scheduled",
  expired: "s-cancelled",
  revoked: "s-cancelled",
};
const badge = (classes: Record<string, string>, status: string) =>
  html`<span class="badge ${classes[status] ?? ""}">${words(status)}</span>`;

/** What was typed into `field` of form `form` when it was refused, else `fallback`. */
function typed(view: AccountsView, form: string, field: string, fallback = ""): string {
  if (view.refused?.form !== form) return fallback;
  const value = view.refused.values[field];
  return String((Array.isArray(value) ? value[0] : value) ?? "");
}
const typedAll = (view: AccountsView, form: string, field: string): string[] | undefined => {
  if (view.refused?.form !== form) return undefined;
  const value = view.refused.values[field];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(String);
};

/** A refused form's reason, beside its fields; `describes` names the field it is about. */
const refusal = (view: AccountsView, form: string, id: string) =>
  view.refused?.form === form && html`<p class="field-error" id="${id}" role="alert">${view.refused.message}</p>`;

const formName = (viewer: Viewer, name: string) =>
  html`<input type="hidden" name="csrf" value="${viewer.csrf}"><input type="hidden" name="form" value="${name}">`;

function accountRows(view: AccountsView, accounts: AccountRow[]) {
  if (accounts.length === 0) return html`<p class="muted small">No accounts in it.</p>`;
  const rows = accounts.map(
    (a) => html`<tr data-account="${a.id}">
      <th scope="row">${platformLabel(a.platform)} · ${a.name}</th>
      <td>${badge(ACCOUNT_BADGE, a.status)}</td>
      <td>${a.textLimit.toLocaleString("en")} characters</td>
      <td class="row">${view.withFlows.has(a.id) && html`<a href="/dashboard/accounts/${a.id}/contacts">People</a>`}
        ${a.status !== "disconnected" && html`<a href="/dashboard/accounts/${a.id}/disconnect">Disconnect</a>`}</td>
    </tr>`,
  );
  return html`<div class="table-wrap"><table><thead><tr><th scope="col">Account</th><th scope="col">Status</th><th scope="col">Text limit</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function groupCard(viewer: Viewer, view: AccountsView, group: AccountsView["groups"][number]) {
  const form = `rename-${group.id}`;
  const members = view.accounts.filter((a) => a.groupId === group.id);
  return html`<section class="card" id="${group.id}" aria-labelledby="${group.id}-name">
    <div class="spread"><h3 id="${group.id}-name">${group.name}</h3>${postButton(viewer, `/dashboard/accounts/groups/${group.id}/delete`, "Delete group", { className: "danger" })}</div>
    ${accountRows(view, members)}
    <details${view.refused?.form === form && html` open`}><summary>Rename</summary>
      <form method="post" action="/dashboard/accounts/groups/${group.id}/rename" novalidate>${formName(viewer, form)}
        <label for="${form}-name">New name</label><input type="text" id="${form}-name" name="name" value="${typed(view, form, "name", group.name)}"${view.refused?.form === form && html` aria-invalid="true" aria-describedby="${form}-error"`}>
        ${refusal(view, form, `${form}-error`)}<button type="submit">Save name</button></form></details>
    <details><summary>Share its report</summary>
      <form method="post" action="/dashboard/accounts/groups/${group.id}/report-link" class="row">${formName(viewer, `share-${group.id}`)}
        <label for="share-${group.id}-days">Report of the last</label><select id="share-${group.id}-days" name="days" style="width:auto"><option value="7">7 days</option><option value="30" selected>30 days</option><option value="90">90 days</option></select>
        <button type="submit">Create report link</button></form>
      <p class="small muted">Anyone with the link sees this group's report, read-only, for 30 days; it is shown once.</p></details>
  </section>`;
}

function connectCard(viewer: Viewer, view: AccountsView) {
  const options = view.consent.map((p) => html`<option value="${p}">${platformLabel(p)}</option>`);
  return html`<section class="card" aria-labelledby="connect"><h2 id="connect" style="margin-top:0">Connect an account</h2>
    ${
      options.length === 0
        ? html`<p class="muted small">No platform with a consent page is set up on this Herald.</p>`
        : html`<form method="post" action="/dashboard/accounts/connect" class="row">${formName(viewer, "connect")}
          <label for="platform" class="sr-only">Platform</label><select id="platform" name="platform" style="width:auto">${options}</select>
          <button class="primary" type="submit">Connect</button></form>`
    }
    <p class="small muted">${
      view.sandbox
        ? "Sandbox mode: a platform not set up on this Herald sends you to the sandbox's consent page instead, where you name the account you connect as."
        : "You are sent to the platform to allow Herald, then back here."
    }</p></section>`;
}

function credentialField(view: AccountsView, form: string, field: CredentialField) {
  const id = `${form}-${field.name}`;
  const invalid = view.refused?.form === form;
  // A secret typed once is never drawn into the page again, not even after a refusal.
  const value = field.secret ? "" : typed(view, form, field.name);
  return html`<label for="${id}">${field.label}${field.optional && html` <span class="muted small">(optional)</span>`}</label>
    <input type="${field.secret ? "password" : "text"}" id="${id}" name="${field.name}" value="${value}" autocomplete="off"${field.example && html` placeholder="${field.example}"`}${field.hint && html` aria-describedby="${id}-hint"`}${invalid && html` aria-invalid="true"`}>
    ${field.hint && html`<p class="small muted" id="${id}-hint">${field.hint}</p>`}`;
}

/** A form per platform that connects with credentials (outside the sandbox, whose consent page stands in for them). */
function credentialsCard(viewer: Viewer, view: AccountsView) {
  if (view.sandbox || view.credentials.length === 0) return "";
  const forms = view.credentials.map(({ platform, fields }) => {
    const form = `credentials-${platform}`;
    return html`<details${view.refused?.form === form && html` open`}><summary>${platformLabel(platform)}</summary>
      <form method="post" action="/dashboard/accounts/credentials" novalidate>${formName(viewer, form)}
        <input type="hidden" name="platform" value="${platform}">
        ${fields.map((field) => credentialField(view, form, field))}
        ${refusal(view, form, `${form}-error`)}<button class="primary" type="submit">Connect ${platformLabel(platform)}</button></form></details>`;
  });
  return html`<section class="card" aria-labelledby="connect-credentials"><h2 id="connect-credentials" style="margin-top:0">Connect with credentials</h2>
    <p class="small muted">Platforms without a consent page for Herald connect with a token or app password made on the platform. Herald checks it there, keeps it encrypted and never shows it again.</p>
    ${forms}</section>`;
}

function newGroupCard(viewer: Viewer, view: AccountsView) {
  const invalid = view.refused?.form === "group";
  return html`<section class="card" aria-labelledby="new-group"><h2 id="new-group" style="margin-top:0">New group</h2>
    <form method="post" action="/dashboard/accounts/groups" novalidate>${formName(viewer, "group")}
      <label for="group-name">Name (a client, a brand)</label><input type="text" id="group-name" name="name" value="${typed(view, "group", "name")}"${invalid && html` aria-invalid="true" aria-describedby="group-error"`}>
      ${refusal(view, "group", "group-error")}<button type="submit">Create group</button></form></section>`;
}

function inviteCard(viewer: Viewer, view: AccountsView, invite: AccountsView["invites"][number]) {
  const group = view.groups.find((g) => g.id === invite.group_id)?.name ?? "a deleted group";
  const added = invite.accounts.map(
    (a) =>
      html`<li>${platformLabel(a.platform)} · ${a.name} <span class="muted small">${dateTimeIn(Date.parse(a.connected_at), viewer.zone)}</span></li>`,
  );
  return html`<li class="card" data-invite="${invite.id}">
    <div class="spread"><strong>Into ${group}</strong> ${badge(INVITE_BADGE, invite.state)}</div>
    <p class="small">${invite.platforms.map(platformLabel).join(", ")} · ${invite.state === "active" ? `${invite.places_left} of ${invite.max_accounts} places left · ends ${dateTimeIn(Date.parse(invite.expires_at), viewer.zone)}` : `${invite.max_accounts} places`}</p>
    ${added.length === 0 ? html`<p class="small muted">Added nothing yet.</p>` : html`<p class="small">Added:</p><ul class="small">${added}</ul>`}
    ${invite.state === "active" && postButton(viewer, `/dashboard/accounts/invites/${invite.id}/revoke`, "Revoke link", { className: "danger" })}
  </li>`;
}

function newInviteCard(viewer: Viewer, view: AccountsView) {
  if (view.groups.length === 0)
    return html`<p class="muted small">Create a group first: an invite adds accounts to one.</p>`;
  const chosenGroup = typed(view, "invite", "group_id");
  const chosen = typedAll(view, "invite", "platforms") ?? [];
  const invalid = view.refused?.form === "invite";
  return html`<form method="post" action="/dashboard/accounts/invites" class="card" novalidate>${formName(viewer, "invite")}
    <h3>New invite link</h3>
    <label for="invite-group">Into the group</label><select id="invite-group" name="group_id">${view.groups.map(
      (g) => html`<option value="${g.id}"${g.id === chosenGroup && html` selected`}>${g.name}</option>`,
    )}</select>
    <fieldset${invalid && html` aria-describedby="invite-error"`}><legend>Platforms the client may connect</legend>${INVITE_PLATFORMS.map(
      (p) =>
        html`<label class="check"><input type="checkbox" name="platforms" value="${p}" id="invite-${p}"${chosen.includes(p) && html` checked`}> ${platformLabel(p)}</label>`,
    )}</fieldset>
    <label for="invite-places">Places (accounts the link may add)</label><input type="text" inputmode="numeric" id="invite-places" name="max_accounts" value="${typed(view, "invite", "max_accounts", "5")}">
    ${refusal(view, "invite", "invite-error")}<button class="primary" type="submit">Create link</button></form>`;
}

/** Every account by group, connecting, groups and client invites. */
export function accountsPage(viewer: Viewer, view: AccountsView) {
  const ungrouped = view.accounts.filter((a) => !a.groupId || !view.groups.some((g) => g.id === a.groupId));
  return dashboardPage(
    viewer,
    "accounts",
    "Accounts and clients",
    html`<h1>Accounts and clients</h1>
      ${noticeOf(view.notice)}
      ${connectCard(viewer, view)}
      ${credentialsCard(viewer, view)}
      <section aria-labelledby="by-group"><h2 id="by-group">Accounts by group</h2>
        ${view.groups.map((g) => groupCard(viewer, view, g))}
        <section class="card" aria-labelledby="ungrouped"><h3 id="ungrouped">Not in a group</h3>${accountRows(view, ungrouped)}</section>
        ${newGroupCard(viewer, view)}
      </section>
      <section aria-labelledby="invites"><h2 id="invites">Client invites</h2>
        <p class="small muted">A link your client opens to connect their accounts into one of your groups, without a Herald account. It works for 7 days.</p>
        ${newInviteCard(viewer, view)}
        ${view.invites.length > 0 && html`<ul class="links" id="invite-list">${view.invites.map((i) => inviteCard(viewer, view, i))}</ul>`}
      </section>`,
  );
}

/** The question before disconnecting: what it does, Disconnect or back. */
export function disconnectPage(viewer: Viewer, account: AccountRow) {
  return dashboardPage(
    viewer,
    "accounts",
    "Disconnect",
    html`<h1>Disconnect ${platformLabel(account.platform)} · ${account.name}?</h1>
      <div class="card"><p>Herald forgets its credentials and asks the platform to revoke them. Posts scheduled to it fail when their time comes; its flows answer no one. Connecting the same account again brings it back.</p>
      <div class="row">${postButton(viewer, `/dashboard/accounts/${account.id}/disconnect`, "Disconnect", { className: "danger" })}<a class="button" href="/dashboard/accounts">Keep it</a></div></div>`,
  );
}

export interface ContactsView {
  listed: Awaited<ReturnType<typeof listContacts>>;
  notice?: Notice;
}

/** Minutes a person may take a contact over for, offered on the form. */
const TAKEOVER_MINUTES = [
  [30, "30 minutes"],
  [120, "2 hours"],
  [1440, "a day"],
  [10080, "a week"],
] as const;

function contactControls(viewer: Viewer, accountId: string, contactId: string): Html {
  const action = `/dashboard/accounts/${accountId}/contacts/${encodeURIComponent(contactId)}`;
  const id = `takeover-${contactId.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  return html`<div class="row">
    <form class="inline row" method="post" action="${action}"><input type="hidden" name="csrf" value="${viewer.csrf}">
      <label for="${id}" class="sr-only">Hand over for</label><select id="${id}" name="human_takeover_minutes" style="width:auto">${TAKEOVER_MINUTES.map(
        ([minutes, label]) => html`<option value="${minutes}">${label}</option>`,
      )}</select><button type="submit">Hand to a person</button></form>
    ${postButton(viewer, action, "End takeover", { fields: { human_takeover_minutes: "0" } })}
    ${postButton(viewer, action, "Opt out", { className: "danger", fields: { opted_out: "1" } })}
    ${postButton(viewer, action, "Opt back in", { fields: { opted_out: "0" } })}
  </div>`;
}

/** The people an account's flows ran for, each with human takeover and opt-out. */
export function contactsPage(viewer: Viewer, view: ContactsView) {
  const { account, contacts } = view.listed;
  const rows = contacts.map(
    (c) => html`<tr data-contact="${c.contact_id}">
      <th scope="row"><code>${c.contact_id}</code></th>
      <td>${c.runs}${c.under_way > 0 && html` <span class="badge s-publishing">${c.under_way} under way</span>`}</td>
      <td class="small">${dateTimeIn(Date.parse(c.last_started_at), viewer.zone)}</td>
      <td>${contactControls(viewer, account.id, c.contact_id)}</td>
    </tr>`,
  );
  return dashboardPage(
    viewer,
    "accounts",
    `People on ${account.name}`,
    html`<p class="small"><a href="/dashboard/accounts">← Accounts</a></p>
      <h1>People on ${platformLabel(account.platform)} · ${account.name}</h1>
      ${noticeOf(view.notice)}
      <p class="small muted">Everyone a flow ran for, the latest first. Handed to a person, automations send them nothing until the time is up; opted out, nothing starts for them until they are opted back in (or send "start").</p>
      <div class="card table-wrap">${
        rows.length === 0
          ? html`<p class="muted">No flow has run for anyone on this account yet.</p>`
          : html`<table id="contacts-table"><thead><tr><th scope="col">Person</th><th scope="col">Runs</th><th scope="col">Latest (${viewer.zone})</th><th scope="col"><span class="sr-only">Controls</span></th></tr></thead><tbody>${rows}</tbody></table>`
      }</div>`,
  );
}
