// The dashboard's media page: the library as a grid (type, size, where used), upload with a file input, delete.
import type { MediaView } from "../../services/media/library";
import { sizeOf } from "../format";
import { html } from "../html";
import { dashboardPage, type Notice, noticeOf, postButton, type Viewer } from "./layout";

function facts(m: MediaView) {
  const parts = [m.content_type, sizeOf(m.size)];
  if (m.width && m.height) parts.push(`${m.width}×${m.height}`);
  if (m.duration_ms !== null) parts.push(`${(m.duration_ms / 1000).toFixed(1)} s`);
  if (m.pages !== null) parts.push(`${m.pages} page${m.pages === 1 ? "" : "s"}`);
  return parts.join(" · ");
}

const preview = (m: MediaView) =>
  m.type === "image"
    ? html`<img src="${m.url}" alt="${m.alt_text ?? ""}" loading="lazy" width="160" height="120" style="object-fit:cover;max-width:100%">`
    : html`<div class="muted" style="height:120px;display:flex;align-items:center;justify-content:center">${m.type}</div>`;

/** The library, newest first, and the upload form (a plain file input; the script adds dropping files). */
export function mediaPage(viewer: Viewer, view: { media: MediaView[]; notice?: Notice }) {
  const cards = view.media.map(
    (m) => html`<li class="card" id="${m.id}">
      ${preview(m)}
      <p><strong>${m.filename ?? m.id}</strong> <span class="badge">${m.type}</span></p>
      <p class="small muted">${facts(m)}</p>
      <p class="small">${m.used_by.length === 0 ? "Not used in a post" : html`Used by ${m.used_by.map((id) => html`<a href="/dashboard/posts/${id}">${id}</a> `)}`}</p>
      ${postButton(viewer, `/dashboard/media/${m.id}/delete`, "Delete", { className: "danger" })}
    </li>`,
  );
  return dashboardPage(
    viewer,
    "media",
    "Media",
    html`<h1>Media</h1>
      ${noticeOf(view.notice)}
      <section class="card"><h2 style="margin-top:0">Upload</h2>
        <form id="media-upload" method="post" action="/dashboard/media" enctype="multipart/form-data">
          <input type="hidden" name="csrf" value="${viewer.csrf}">
          <div class="drop card" hidden>Drop a file here</div>
          <label for="file">File (JPEG, PNG, WebP, GIF, MP4 or MOV, PDF; up to 100 MB)</label>
          <input id="file" name="file" type="file" required accept="image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,application/pdf">
          <label for="alt_text">Alt text (images)</label><input id="alt_text" name="alt_text" maxlength="1000">
          <button class="primary" type="submit">Upload</button>
        </form>
      </section>
      ${cards.length === 0 ? html`<p class="muted">No media yet.</p>` : html`<ul class="grid" style="list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:1rem">${cards}</ul>`}`,
    ["/dashboard/media.js"],
  );
}
