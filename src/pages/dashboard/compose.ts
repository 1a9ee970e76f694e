// The dashboard's compose page: the post form (text, accounts, media, thread, when), with its problems shown.

import { commentLimitOf, PLATFORMS, type PlatformKey, platformLabel } from "../../platforms/catalog";
import type { AccountRow } from "../../services/accounts/accounts";
import type { MediaView } from "../../services/media/library";
import type { dryRunPost } from "../../services/posts/dry-run";
import { dateTimeIn, sizeOf, statusBadge } from "../format";
import { Html, html } from "../html";
import { idOf, mediaRows, platformsThat, problem, publishing } from "./compose-fields";
import { firstCommentField, threadField } from "./compose-thread";
import { dashboardPage, type Notice, noticeOf, type Viewer } from "./layout";

export const WHEN = ["at", "next_slot", "now", "draft"] as const;

export type When = (typeof WHEN)[number];

/** One media item's fields, as typed: a library item (`media_id`, picked or just uploaded), or a URL with its kind. */
export interface MediaFields {
  media_id: string;
  type: string;
  url: string;
  alt_text: string;
  cover_url: string;
  /** Seconds into the video. */
  cover_time: string;
}

/** A follow-up segment of the thread, as typed. */
export interface SegmentFields {
  text: string;
  media: MediaFields[];
}

export interface RepeatFields {
  every: string;
  times: string;
  until: string;
  variations: string;
}

export interface ComposeValues {
  text: string;
  /** The chosen accounts as the form sends them: `platform:accountId`. */
  accounts: string[];
  /** Account id → the destination chosen on it. */
  destinations: Record<string, string>;
  /** Platform → its own text (empty: the shared text). */
  overrides: Record<string, string>;
  media: MediaFields[];
  /** The thread's follow-up segments, in order. */
  thread: SegmentFields[];
  /** Empty: no first comment. */
  firstComment: string;
  when: When;
  /** A wall-clock time in the owner's zone ("2030-06-04T12:30"). */
  scheduledAt: string;
  /** Evergreen: as typed (empty `every`: the post does not come back); variations one per line. */
  repeat: RepeatFields;
  /** One per form shown: a second submit of the same form (a double click) creates nothing more. */
  idempotencyKey: string;
}

/** The value of an account's checkbox. */
export const accountValue = (platform: string, accountId: string) => `${platform}:${accountId}`;

/** Where a refusal's problems go on the form: field name → messages; "" is the form as a whole. */
export type FieldErrors = Map<string, string[]>;

/** The script that counts each chosen account's characters as the owner types (the page works without it). */
export const COMPOSE_SCRIPT_PATH = "/dashboard/compose.js";

export interface ComposeView {
  /** A new post, or an edit of the post `postId` (`repeatOf`: it is a copy of that evergreen post). */
  editing?: { postId: string; status: string; repeatOf?: string | null };
  values: ComposeValues;
  /** The user's accounts that take posts, and their groups. */
  accounts: AccountRow[];
  groups: { id: string; name: string }[];
  /** The user's media library, newest first, to pick items from. */
  library: MediaView[];
  errors?: FieldErrors;
  preview?: Awaited<ReturnType<typeof dryRunPost>>;
  notice?: Notice;
  /** How the server counts links (the count script counts the same way). */
  counting: { linkPattern: string; shortLinkLength: number };
}

const LABELS: Record<string, string> = {
  "": "The post",
  text: "Text",
  accounts: "Accounts",
  media: "Media",
  thread: "Thread",
  first_comment: "First comment",
  scheduled_at: "Date and time",
  when: "When",
  repeat_every: "Comes back every (days)",
  repeat_times: "At most (copies)",
  repeat_until: "Until",
  repeat_variations: "Variations",
};

function labelOf(name: string, view: ComposeView) {
  const [head, key, part] = name.split(".");
  if (head === "account") {
    const account = view.accounts.find((a) => a.id === key);
    return account ? `${platformLabel(account.platform)} · ${account.name}` : "Account";
  }
  if (head === "override") return `Own text for ${platformLabel(key ?? "")}`;
  if (head === "media") return `Media ${Number(key) + 1} ${(part ?? "").replaceAll("_", " ")}`;
  if (head === "thread") {
    const [, , field, row, rowPart] = name.split(".");
    const what = field === "media" ? `media ${Number(row) + 1} ${(rowPart ?? "").replaceAll("_", " ")}` : "text";
    return `Segment ${Number(key) + 1} ${what}`;
  }
  return LABELS[name] ?? name;
}

/** Every problem at the top, each a link to its field: what a screen reader hears first. */
function errorSummary(view: ComposeView) {
  if (!view.errors || view.errors.size === 0) return "";
  const items = [...view.errors].map(([name, messages]) => {
    const text = `${labelOf(name, view)}: ${messages.join("; ")}`;
    return name === "" ? html`<li>${text}</li>` : html`<li><a href="#${idOf(name)}">${text}</a></li>`;
  });
  return html`<div class="notice bad" role="alert" id="errors"><strong>Nothing was saved.</strong><ul>${items}</ul></div>`;
}

/** The limit of a first comment under this account's posts, for the count script (none: it takes no first comment). */
function commentAttr(account: AccountRow) {
  const limit = commentLimitOf(account.platform as PlatformKey, account.textLimit);
  return limit === null ? "" : html` data-comment-limit="${limit}"`;
}

function accountChoice(view: ComposeView, account: AccountRow) {
  const value = accountValue(account.platform, account.id);
  const name = `account.${account.id}`;
  const { attrs, note } = problem(view, name);
  const rules = PLATFORMS[account.platform as PlatformKey];
  const chosenDestination = view.values.destinations[account.id] ?? "";
  const destination = rules.usesDestinations
    ? account.destinations.length > 0
      ? html`<label class="sub" for="destination-${account.id}">Post to</label><select id="destination-${account.id}" name="destination.${account.id}">${rules.defaultsToFirstDestination ? html`<option value="">The first one (${account.destinations[0]!.label})</option>` : html`<option value="">Choose…</option>`}${account.destinations.map(
          (d) => html`<option value="${d.id}"${d.id === chosenDestination && html` selected`}>${d.label}</option>`,
        )}</select>`
      : html`<p class="small muted">No ${platformLabel(account.platform)} destination known yet.</p>`
    : "";
  return html`<div class="account">
    <label class="check" for="${idOf(name)}"><input type="checkbox" id="${idOf(name)}" name="account" value="${value}"${view.values.accounts.includes(value) && html` checked`}${attrs}
      data-label="${platformLabel(account.platform)} · ${account.name}" data-platform="${account.platform}" data-limit="${account.textLimit}"${rules.urlLength && html` data-url-length="${rules.urlLength}"`}${account.platform === "bluesky" && html` data-graphemes="1"`}${rules.replyChains && html` data-chains="1"`}${commentAttr(account)}>
      ${platformLabel(account.platform)} · ${account.name} <span class="small muted">${account.textLimit.toLocaleString("en")} characters${account.status !== "active" && html` · ${account.status.replaceAll("_", " ")}`}</span></label>
    ${destination}${note}</div>`;
}

function accountsField(view: ComposeView) {
  const { attrs: _, note } = problem(view, "accounts");
  if (view.accounts.length === 0) {
    return html`<fieldset id="accounts"><legend>Accounts</legend><p class="muted">No connected accounts yet: connect one through the API first.</p></fieldset>`;
  }
  const grouped = view.groups
    .map((group) => ({ name: group.name, accounts: view.accounts.filter((a) => a.groupId === group.id) }))
    .filter((g) => g.accounts.length > 0);
  const loose = view.accounts.filter((a) => !view.groups.some((g) => g.id === a.groupId));
  const sections =
    grouped.length === 0
      ? loose.map((a) => accountChoice(view, a))
      : [
          ...grouped.map(
            (g) =>
              html`<fieldset class="group"><legend>${g.name}</legend>${g.accounts.map((a) => accountChoice(view, a))}</fieldset>`,
          ),
          loose.length > 0 &&
            html`<fieldset class="group"><legend>Not in a group</legend>${loose.map((a) => accountChoice(view, a))}</fieldset>`,
        ];
  return html`<fieldset id="accounts"><legend>Accounts</legend>${note}${sections}</fieldset>`;
}

function overridesField(view: ComposeView) {
  const platforms = publishing(view.accounts);
  if (platforms.length === 0) return "";
  const open = platforms.some((p) => view.values.overrides[p]?.trim() || view.errors?.has(`override.${p}`));
  return html`<details class="overrides"${open && html` open`}><summary>Different text per platform</summary>
    <p class="small muted">Leave one empty to post the shared text there.</p>
    ${platforms.map((platform) => {
      const name = `override.${platform}`;
      const { attrs, note } = problem(view, name);
      return html`<label for="${idOf(name)}">Own text for ${platformLabel(platform)}</label>
        <textarea id="${idOf(name)}" name="${name}" data-override-for="${platform}"${attrs}>${view.values.overrides[platform] ?? ""}</textarea>${note}`;
    })}</details>`;
}

function mediaField(view: ComposeView) {
  const alt = platformsThat(view.accounts, "takesAltText");
  return html`<fieldset id="media" data-media-rows><legend>Media</legend>
    <p class="small muted">From the <a href="/dashboard/media">media library</a>, a file, or a URL. ${alt.length > 0 && `Alt text goes to ${alt.join(", ")}. `}Preview checks each item against every chosen platform, saving nothing, and adds a row for another item.</p>
    ${mediaRows(view, "media", view.values.media)}</fieldset>`;
}

function whenField(view: ComposeView, viewer: Viewer) {
  const { values } = view;
  const choice = (value: string, label: Html | string) =>
    html`<label class="check" for="when-${value}"><input type="radio" id="when-${value}" name="when" value="${value}"${values.when === value && html` checked`}> ${label}</label>`;
  const when = problem(view, "when");
  const time = problem(view, "scheduled_at");
  return html`<fieldset id="when"><legend>When</legend>
    ${choice("at", "At a time")}
    <div class="sub"><label for="scheduled_at">Date and time <span class="muted small">(${viewer.zone})</span></label>
      <input id="scheduled_at" name="scheduled_at" type="datetime-local" value="${values.scheduledAt}"${time.attrs}>${time.note}
      <input type="hidden" name="timezone" value="${viewer.zone}"></div>
    ${!view.editing && choice("next_slot", "In the next free posting slot")}
    ${choice("now", "Now")}
    ${choice("draft", "Save as a draft (the time above is kept as a plan)")}
    ${when.note}</fieldset>`;
}

/** Evergreen: how often the post comes back, how many times, until when, and the texts its copies rotate through. */
function repeatField(view: ComposeView) {
  if (view.editing?.repeatOf) {
    return html`<fieldset id="repeat"><legend>Comes back</legend><p class="small">A copy of <a href="/dashboard/posts/${view.editing.repeatOf}">an evergreen post</a>: its rule is set there.</p></fieldset>`;
  }
  const { repeat } = view.values;
  const input = (name: string, label: string, type: string, value: string, hint: string, extra = "") => {
    const { attrs, note } = problem(view, name);
    const hintId = `hint-${name}`;
    return html`<label for="${name}">${label}</label><p class="small muted hint" id="${hintId}">${hint}</p>
      <input id="${name}" name="${name}" type="${type}" value="${value}" aria-describedby="${hintId}"${new Html(extra)}${attrs}>${note}`;
  };
  const variations = problem(view, "repeat_variations");
  const open =
    repeat.every !== "" ||
    ["repeat_every", "repeat_times", "repeat_until", "repeat_variations"].some((n) => view.errors?.has(n));
  return html`<details class="repeat" id="repeat"${open && html` open`}><summary>Comes back (evergreen)</summary>
    <p class="small muted">After each publish a copy goes into the accounts' next free posting slot at least this many days later (the same time of day when they have no slots). It stops after the copies or the day below, when you delete this post or empty the days, or when a copy fails (you are told).</p>
    ${input("repeat_every", "Comes back every (days)", "number", repeat.every, "1 to 365; empty: it does not come back.", ' min="1" max="365" inputmode="numeric"')}
    ${input("repeat_times", "At most (copies)", "number", repeat.times, "Empty: no limit.", ' min="1" max="100" inputmode="numeric"')}
    ${input("repeat_until", "Until", "date", repeat.until, "No copy after this day. Empty: no end.")}
    <label for="repeat_variations">Variations</label><p class="small muted hint" id="hint-repeat_variations">One per line, up to 10: the copies take them in turn with the text above. X refuses the same text twice, so it needs at least one.</p>
    <textarea id="repeat_variations" name="repeat_variations" rows="3" aria-describedby="hint-repeat_variations"${variations.attrs}>${repeat.variations}</textarea>${variations.note}
  </details>`;
}

const MEDIA_WORDS: Record<string, string> = {
  altText: "alt text",
  coverUrl: "cover image",
  coverTimeMs: "cover frame",
};

/** How a library image reaches a platform that needs a copy: the copy made already, or one to be made on saving. */
function copyWords(m: Record<string, unknown>) {
  if (typeof m.variantOf !== "string") return "";
  return m.url === null
    ? ` (a JPEG copy of at most ${sizeOf(Number(m.maxBytes))} is made on saving)`
    : ` (a JPEG copy of ${sizeOf(Number(m.size))})`;
}

/** What one target would be sent: its time in UTC, its length against its limit, the media fields it takes. */
function previewCard(view: ComposeView, target: NonNullable<ComposeView["preview"]>["platforms"][number]) {
  const preview = view.preview!;
  const account = view.accounts.find((a) => a.id === target.account_id);
  const over = target.text_length > target.text_limit;
  const media = target.media.map((m, i) => {
    const sent = Object.keys(m).filter((k) => MEDIA_WORDS[k]);
    return html`<li>${String(m.type)} ${i + 1}: ${sent.length > 0 ? `with ${sent.map((k) => MEDIA_WORDS[k]).join(", ")}` : "the file only"}${copyWords(m)}</li>`;
  });
  return html`<article class="preview" data-platform="${target.platform}" data-account="${target.account_id}">
    <div class="spread"><span class="who">${platformLabel(target.platform)} · ${account?.name ?? target.account_id}</span>
      <span class="badge ${over ? "s-failed" : "s-published"}" data-length="${target.text_length}">${target.text_length} / ${target.text_limit}</span></div>
    <p class="small muted">${preview.scheduled_at ? html`Goes out <strong>${preview.scheduled_at.slice(0, 16).replace("T", " ")} UTC</strong>` : "No time: a draft"}</p>
    <div class="text">${target.text}</div>
    ${media.length > 0 && html`<ul class="small">${media}</ul>`}
    ${chainPreview(target)}
  </article>`;
}

/** A thread's segments in the order they go out, and the first comment, each against its limit. */
function chainPreview(target: NonNullable<ComposeView["preview"]>["platforms"][number]) {
  const length = (n: number, limit: number) =>
    html`<span class="badge ${n > limit ? "s-failed" : "s-published"}" data-length="${n}">${n} / ${limit}</span>`;
  const segments = target.segments
    .slice(1)
    .map(
      (s) =>
        html`<li data-segment="${s.index}">Segment ${s.index} ${length(s.text_length, s.text_limit)}: ${s.text}</li>`,
    );
  const comment = target.first_comment;
  if (segments.length === 0 && !comment) return "";
  return html`<ol class="small segments" aria-label="Then, in order">${segments}${comment && html`<li data-first-comment>First comment ${length(comment.text_length, comment.text_limit)}: ${comment.text}</li>`}</ol>`;
}

function previewPanel(view: ComposeView, viewer: Viewer) {
  const counts = html`<section class="card" id="counts" hidden><h2 style="margin-top:0">Length</h2><ul aria-live="polite"></ul></section>`;
  if (!view.preview) return counts;
  const at = view.preview.scheduled_at;
  return html`${counts}<section class="card" id="preview"><h2 style="margin-top:0">Preview ${statusBadge(view.preview.status)}</h2>
    ${at && html`<p class="small">${dateTimeIn(Date.parse(at), viewer.zone)} in ${viewer.zone}</p>`}
    ${view.preview.platforms.map((t) => previewCard(view, t))}</section>`;
}

/** The new-post form (and the edit form of a post): its fields, their problems, and the preview. */
export function composePage(viewer: Viewer, view: ComposeView) {
  const { values, editing } = view;
  const text = problem(view, "text");
  const action = editing ? `/dashboard/posts/${editing.postId}/edit` : "/dashboard/compose";
  const title = editing ? "Edit post" : "New post";
  return dashboardPage(
    viewer,
    editing ? "posts" : "compose",
    title,
    html`${editing && html`<p class="small"><a href="/dashboard/posts/${editing.postId}">← Back to the post</a></p>`}
      <h1>${title}${editing && html` ${statusBadge(editing.status)}`}</h1>
      ${noticeOf(view.notice)}${errorSummary(view)}
      <div class="cols">
        <form id="compose" class="compose" method="post" action="${action}" enctype="multipart/form-data" novalidate
          data-link-pattern="${view.counting.linkPattern}" data-short-link-length="${view.counting.shortLinkLength}">
          <input type="hidden" name="csrf" value="${viewer.csrf}">
          ${!editing && html`<input type="hidden" name="idempotency_key" value="${values.idempotencyKey}">`}
          <label for="text">Text</label>
          <textarea id="text" name="text" rows="6"${text.attrs}>${values.text}</textarea>${text.note}
          ${accountsField(view)}
          ${overridesField(view)}
          ${mediaField(view)}
          ${threadField(view)}
          ${firstCommentField(view)}
          ${whenField(view, viewer)}
          ${repeatField(view)}
          <div class="row actions">
            <button class="primary" type="submit" name="intent" value="save">${editing ? "Save changes" : "Save post"}</button>
            <button type="submit" name="intent" value="preview">Preview</button>
          </div>
        </form>
        <div>${previewPanel(view, viewer)}</div>
      </div>`,
    [COMPOSE_SCRIPT_PATH],
  );
}
