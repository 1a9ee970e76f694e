// The dashboard's post list: every post, newest first, filtered by status.
import { platformLabel } from "../../platforms/catalog";
import { POST_STATUSES } from "../../schemas/posts";
import type { PostView } from "../../services/posts/present";
import { dateTimeIn, statusBadge, words } from "../format";
import { html } from "../html";
import { dashboardPage, type Viewer } from "./layout";

export interface PostListView {
  posts: PostView[];
  status?: (typeof POST_STATUSES)[number];
  nextCursor: string | null;
}

const filterHref = (status?: string, cursor?: string) => {
  const query = new URLSearchParams({ ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) }).toString();
  return query ? `/dashboard/posts?${query}` : "/dashboard/posts";
};

/** Every post, newest first, with a filter per status. */
export function postListPage(viewer: Viewer, view: PostListView) {
  const chips = [undefined, ...POST_STATUSES].map(
    (status) =>
      html`<a href="${filterHref(status)}"${status === view.status && html` aria-current="page"`}>${status ? words(status) : "All"}</a>`,
  );
  const rows = view.posts.map(
    (post) => html`<tr>
      <td class="small">${post.scheduled_at ? dateTimeIn(Date.parse(post.scheduled_at), viewer.zone) : html`<span class="muted">No time</span>`}</td>
      <td>${statusBadge(post.status)}</td>
      <td><a href="/dashboard/posts/${post.id}">${post.text.length > 120 ? `${post.text.slice(0, 119)}…` : post.text || "(no text)"}</a>
        ${post.approval_comment && html`<div class="small muted">Changes asked: ${post.approval_comment}</div>`}</td>
      <td class="small">${[...new Set(post.platforms.map((t) => platformLabel(t.platform)))].join(", ")}</td>
    </tr>`,
  );
  return dashboardPage(
    viewer,
    "posts",
    "Posts",
    html`<div class="spread"><h1>Posts</h1><a class="button" href="/dashboard">Calendar view</a></div>
      <nav class="chips" aria-label="Filter by status">${chips}</nav>
      <div class="card table-wrap">
        ${
          rows.length === 0
            ? html`<p class="muted">No ${view.status && words(view.status)} posts.</p>`
            : html`<table><thead><tr><th>When (${viewer.zone})</th><th>Status</th><th>Post</th><th>Platforms</th></tr></thead><tbody>${rows}</tbody></table>`
        }
      </div>
      ${view.nextCursor && html`<p><a class="button" href="${filterHref(view.status, view.nextCursor)}">Older posts →</a></p>`}`,
  );
}
