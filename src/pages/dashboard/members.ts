// The dashboard's members page: who is in the workspace with which role, inviting, changing a role, removing.
import { GRANTABLE_ROLES } from "../../schemas/members";
import type { MemberView } from "../../services/teams/members";
import { dateTimeIn, words } from "../format";
import { html } from "../html";
import { dashboardPage, type Notice, noticeOf, postButton, type Viewer } from "./layout";

export interface MembersView {
  members: MemberView[];
  seats: { used: number; limit: number };
  /** The viewer may invite, change and remove (owner, admin): else the page only lists. */
  manages: boolean;
  notice?: Notice;
}

/** The roles an owner or admin grants (an admin grants admin too, never above their own); the owner's is a transfer. */
const roleSelect = (id: string, chosen: string) =>
  html`<select id="${id}" name="role">${GRANTABLE_ROLES.map(
    (role) => html`<option value="${role}"${role === chosen && html` selected`}>${role}</option>`,
  )}</select>`;

/** A member's controls: none for the owner, who is changed only by a transfer. */
function controls(viewer: Viewer, m: MemberView) {
  if (m.role === "owner") return "";
  return html`<form class="inline row" method="post" action="/dashboard/members/${m.id}/role"><input type="hidden" name="csrf" value="${viewer.csrf}"><label class="sr-only" for="role-${m.id}">Role of ${m.email}</label>${roleSelect(`role-${m.id}`, m.role)}<button type="submit">Change</button></form>
    ${postButton(viewer, `/dashboard/members/${m.id}/remove`, m.status === "invited" ? "Revoke" : "Remove", { className: "danger" })}`;
}

export function membersPage(viewer: Viewer, view: MembersView) {
  const rows = view.members.map(
    (m) => html`<tr id="${m.id}">
      <th scope="row">${m.name ?? m.email}${m.name && html`<div class="small muted">${m.email}</div>`}</th>
      <td>${m.role}</td>
      <td><span class="badge ${m.status === "active" ? "s-published" : "s-waiting_for_approval"}">${words(m.status)}</span>${m.expires_at && html`<div class="small muted">until ${dateTimeIn(Date.parse(m.expires_at), viewer.zone)}</div>`}</td>
      <td class="small">${m.joined_at ? dateTimeIn(Date.parse(m.joined_at), viewer.zone) : "not yet"}</td>
      ${view.manages && html`<td>${controls(viewer, m)}</td>`}
    </tr>`,
  );
  const invite =
    view.manages &&
    html`<section class="card"><h2 style="margin-top:0">Invite someone</h2>
      <p class="muted">They get a link by mail, valid 7 days; it is shown here once too.</p>
      <form method="post" action="/dashboard/members"><input type="hidden" name="csrf" value="${viewer.csrf}">
        <label for="invite-email">Email</label><input id="invite-email" name="email" type="email" autocomplete="off" required>
        <label for="invite-role">Role</label>${roleSelect("invite-role", "editor")}
        <p class="actions"><button class="primary" type="submit">Invite</button></p>
      </form></section>`;
  return dashboardPage(
    viewer,
    "members",
    "Members",
    html`<h1>Members of ${viewer.workspace.name}</h1>
      ${noticeOf(view.notice)}
      <p class="muted" id="seats">${view.seats.used} of ${view.seats.limit} seats taken (the ${viewer.plan} plan's).</p>
      <section class="card"><div class="table-wrap"><table><thead><tr><th scope="col">Person</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Joined</th>${view.manages && html`<th scope="col"><span class="sr-only">Actions</span></th>`}</tr></thead><tbody>${rows}</tbody></table></div></section>
      ${invite}`,
  );
}
