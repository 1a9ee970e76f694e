// Pieces of the compose form shared by the post's own fields and its thread's segments: field ids, problems, media rows.
import { PLATFORMS, type PlatformKey, platformLabel } from "../../platforms/catalog";
import type { AccountRow } from "../../services/accounts/accounts";
import { sizeOf } from "../format";
import { type Html, html } from "../html";
import type { ComposeView, MediaFields } from "./compose";

/** What the file inputs offer: the types the media library takes. */
const ACCEPTED = "image/jpeg,image/png,image/webp,image/gif,video/mp4,video/quicktime,application/pdf";

/** A field's element id from its form name (`media.0.url` → `media-0-url`). */
export const idOf = (name: string) => name.replaceAll(/[.:]/g, "-");

/** A field's messages under it, and the attributes that tie them to it. */
export function problem(view: ComposeView, name: string) {
  const messages = view.errors?.get(name);
  if (!messages) return { attrs: html``, note: html`` };
  const id = `error-${idOf(name)}`;
  return {
    attrs: html` aria-invalid="true" aria-describedby="${id}"`,
    note: html`<p class="field-error" id="${id}">${messages.join("; ")}</p>`,
  };
}

export const publishing = (accounts: AccountRow[]) => [...new Set(accounts.map((a) => a.platform as PlatformKey))];

export const platformsThat = (accounts: AccountRow[], rule: "takesAltText" | "takesCoverUrl" | "takesCoverTime") =>
  publishing(accounts)
    .filter((p) => PLATFORMS[p][rule])
    .map(platformLabel);

/** A media row holds an item when it names a library item or a URL (both: refused). */
export const holdsItem = (row: MediaFields) => row.url !== "" || row.media_id !== "";

export const EMPTY_MEDIA: MediaFields = {
  media_id: "",
  type: "image",
  url: "",
  alt_text: "",
  cover_url: "",
  cover_time: "",
};

type Covers = { url: string[]; time: string[] };

/** One media row, its fields named `<prefix>.<i>.<field>` (`media.0.url`, `thread.1.media.0.url`). */
function mediaRow(view: ComposeView, prefix: string, row: MediaFields, i: number, covers: Covers) {
  const nameOf = (part: string) => `${prefix}.${i}.${part}`;
  const input = (part: keyof MediaFields, label: Html | string, type = "text", hint: Html | string = "") => {
    const name = nameOf(part);
    const { attrs, note } = problem(view, name);
    return html`<label for="${idOf(name)}">${label}</label>${hint && html`<p class="small muted hint">${hint}</p>`}<input id="${idOf(name)}" name="${name}" type="${type}" value="${row[part]}"${type === "url" && html` inputmode="url"`}${part === "cover_time" && html` inputmode="decimal"`}${attrs}>${note}`;
  };
  const typeName = nameOf("type");
  const typeProblem = problem(view, typeName);
  const pickName = nameOf("media_id");
  const pick = problem(view, pickName);
  const fileName = nameOf("file");
  const upload = problem(view, fileName);
  return html`<fieldset class="media-row" data-row="${i}"><legend>Item ${i + 1}</legend>
    <label for="${idOf(pickName)}">From the media library</label><select id="${idOf(pickName)}" name="${pickName}"${pick.attrs}>
      <option value="">None</option>${view.library.map(
        (m) =>
          html`<option value="${m.id}"${m.id === row.media_id && html` selected`}>${m.filename ?? m.id} · ${m.type} · ${sizeOf(m.size)}</option>`,
      )}</select>${pick.note}
    <label for="${idOf(fileName)}">Or upload a file</label><p class="small muted hint">JPEG, PNG, WebP, GIF, MP4 or MOV, PDF: kept in the media library.</p>
    <input id="${idOf(fileName)}" name="${fileName}" type="file" accept="${ACCEPTED}"${upload.attrs}>${upload.note}
    ${input("url", "Or an image or video URL", "url")}
    <label for="${idOf(typeName)}">Kind</label><select id="${idOf(typeName)}" name="${typeName}"${typeProblem.attrs}>
      <option value="image"${row.type !== "video" && html` selected`}>Image</option><option value="video"${row.type === "video" && html` selected`}>Video</option></select>${typeProblem.note}
    ${input("alt_text", "Alt text", "text", "For images: what a screen reader says.")}
    ${covers.url.length > 0 && input("cover_url", "Cover image URL", "url", `For videos, on ${covers.url.join(", ")}.`)}
    ${covers.time.length > 0 && input("cover_time", "Cover frame (seconds into the video)", "text", `For videos, on ${covers.time.join(", ")}.`)}
  </fieldset>`;
}

/** The rows holding an item, then one empty row for another (the script adds the next once it is filled). */
export function mediaRows(view: ComposeView, prefix: string, media: MediaFields[]) {
  const covers = {
    url: platformsThat(view.accounts, "takesCoverUrl"),
    time: platformsThat(view.accounts, "takesCoverTime"),
  };
  return [...media.filter(holdsItem), EMPTY_MEDIA].map((row, i) => mediaRow(view, prefix, row, i, covers));
}
