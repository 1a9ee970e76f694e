// The dashboard's notifications page: newest first, unread marked, each marked read.
import type { presentNotification } from "../../services/notifications";
import { dateTimeIn, words } from "../format";
import { html } from "../html";
import { dashboardPage, type Notice, noticeOf, postButton, type Viewer } from "./layout";

type NotificationView = ReturnType<typeof presentNotification>;

/** Where a notification leads, when it is about a post. */
const linkOf = (n: NotificationView) =>
  typeof n.data.post_id === "string" && html` <a href="/dashboard/posts/${n.data.post_id}">Open the post</a>`;

/** The notifications, newest first; unread ones marked, each with Mark read, and Mark all read. */
export function notificationsPage(viewer: Viewer, notifications: NotificationView[], notice?: Notice) {
  const items = notifications.map(
    (n) => html`<li class="card list-item${!n.read_at && " unread"}" data-id="${n.id}">
      <div class="small muted">${dateTimeIn(Date.parse(n.created_at), viewer.zone)}<div>${words(n.kind)}</div></div>
      <div>${n.message}${linkOf(n)}</div>
      <div>${n.read_at ? html`<span class="muted small">read</span>` : postButton(viewer, "/dashboard/notifications/read", "Mark read", { fields: { id: n.id } })}</div>
    </li>`,
  );
  return dashboardPage(
    viewer,
    "notifications",
    "Notifications",
    html`<div class="spread"><h1>Notifications</h1>${viewer.unread > 0 && postButton(viewer, "/dashboard/notifications/read", "Mark all read", { fields: { id: "all" } })}</div>
      ${noticeOf(notice)}
      ${items.length === 0 ? html`<p class="muted">Nothing yet.</p>` : html`<ul style="list-style:none;padding:0">${items}</ul>`}`,
  );
}
