// The dashboard's page of one post: its time, approval, review links, targets, plugs and decisions.
import type { PostAnalytics } from "../../services/analytics/post";
import type { presentPlug } from "../../services/plugs/present";
import type { PostRow, presentSteps, TargetRow } from "../../services/posts/present";
import type { TargetPreview } from "../../services/posts/preview";
import { EDITABLE } from "../../services/posts/store";
import type { DecisionView } from "../../services/reviews/decisions";
import type { ReviewLinkView } from "../../services/reviews/links";
import { chartLegend, formatNumber, lineChart } from "../charts";
import { dateTimeIn, statusBadge, words } from "../format";
import { html } from "../html";
import { deciderName, targetPreview } from "../review";
import { METRIC_NAMES } from "./analytics";
import { dashboardPage, type Notice, noticeOf, postButton, type Viewer } from "./layout";

export interface PostPageView {
  post: PostRow;
  /** Each target's metrics readings (the REST post analytics). */
  metrics: PostAnalytics;
  targets: TargetRow[];
  previews: TargetPreview[];
  decisions: DecisionView[];
  /** Null when the plan has no review links. */
  links: ReviewLinkView[] | null;
  /** Null when the plan has no plugs. */
  plugs: ReturnType<typeof presentPlug>[] | null;
  /** Each target's segments and first comment, by target id. */
  steps: Map<string, ReturnType<typeof presentSteps>>;
  notice?: Notice;
}

const DECIDED: Record<DecisionView["kind"], string> = {
  approved: "approved",
  changes_requested: "asked for changes",
  comment: "commented",
};

const at = (iso: string, viewer: Viewer) => dateTimeIn(Date.parse(iso), viewer.zone);

function timeCard(post: PostRow, viewer: Viewer) {
  if (post.scheduledAt === null) return html`<p class="muted">No time set.</p>`;
  const zone = post.timezone ?? "UTC";
  const label = { draft: "Planned for", published: "Went out", failed: "Was due", publishing: "Going out" }[
    post.status as string
  ];
  return html`<p id="when" class="card">${label ?? "Goes out"} <strong>${dateTimeIn(post.scheduledAt, viewer.zone)}</strong> <span class="muted">(${viewer.zone})</span>${zone !== viewer.zone && html` · ${dateTimeIn(post.scheduledAt, zone)} <span class="muted">(${zone}, the post's zone)</span>`}</p>`;
}

/** What the owner can do about the post's approval now. */
function approvalCard(view: PostPageView, viewer: Viewer) {
  const { post } = view;
  const version = String(post.version);
  const asked =
    post.approval === "changes_requested" &&
    post.approvalComment &&
    html`<div class="notice warn" id="changes-asked"><strong>Changes asked:</strong> ${post.approvalComment}</div>`;
  if (post.status === "waiting_for_approval") {
    return html`<section class="card"><h2 style="margin-top:0">Waiting for approval</h2>
      <p class="muted">It keeps its time and posting slot, and is not published until it is approved.</p>
      <form method="post" action="/dashboard/posts/${post.id}/decide">
        <input type="hidden" name="csrf" value="${viewer.csrf}"><input type="hidden" name="version" value="${version}">
        <label for="comment">Note <span class="muted small">(needed to send it back to draft)</span></label>
        <textarea id="comment" name="comment" maxlength="2000"></textarea>
        <div class="row" style="margin-top:.6rem">
          <button class="primary" type="submit" name="kind" value="approved">Approve</button>
          <button type="submit" name="kind" value="changes_requested">Back to draft with note</button>
        </div>
      </form></section>`;
  }
  if (post.status === "draft" || post.status === "scheduled") {
    return html`<section class="card">${asked}<div class="spread"><div><h2 style="margin-top:0">Approval</h2>
      <p class="muted">${post.approval === "approved" ? "Approved. Editing it sends it back for approval." : "Hold it until it is approved: it keeps its time and slot meanwhile."}</p></div>
      ${post.scheduledAt !== null ? postButton(viewer, `/dashboard/posts/${post.id}/request-approval`, "Send for approval") : html`<span class="muted small">Give it a time to send it for approval.</span>`}</div></section>`;
  }
  return "";
}

function linksCard(view: PostPageView, viewer: Viewer) {
  const { post, links } = view;
  if (links === null) {
    return html`<section class="card"><h2 style="margin-top:0">Client review links</h2><p class="muted">Send a client a link to approve posts without a Herald account: on the Studio, Pro and Agency plans.</p></section>`;
  }
  const reviewable = ["draft", "scheduled", "waiting_for_approval"].includes(post.status);
  const items = links.map(
    (link) => html`<li data-link="${link.id}"><div>
        <strong>${link.reviewer_name ?? "Anyone with the link"}</strong> <span class="badge ${link.state === "active" ? "s-published" : "s-cancelled"}">${link.state}</span>
        <div class="small muted">Until ${at(link.expires_at, viewer)}${!link.allow_comments && " · no comments"}</div>
        <div class="small">${link.decisions.length === 0 ? html`<span class="muted">No decision yet</span>` : link.decisions.map((d) => html`<div>${deciderName(d)} ${DECIDED[d.kind]}</div>`)}</div>
      </div>
      ${link.state === "active" && postButton(viewer, `/dashboard/posts/${post.id}/review-links/${link.id}/revoke`, "Revoke", { className: "danger" })}</li>`,
  );
  return html`<section class="card"><h2 style="margin-top:0">Client review links</h2>
    ${links.length > 0 ? html`<ul class="links">${items}</ul>` : html`<p class="muted">No links yet.</p>`}
    ${
      reviewable &&
      html`<details${links.length === 0 && html` open`}><summary>New review link</summary>
      <form method="post" action="/dashboard/posts/${post.id}/review-links">
        <input type="hidden" name="csrf" value="${viewer.csrf}">
        <label for="reviewer_name">For</label><input id="reviewer_name" name="reviewer_name" type="text" maxlength="100" placeholder="Anna at Acme">
        <label for="expires_in_days">Works for (days)</label><input id="expires_in_days" name="expires_in_days" type="text" inputmode="numeric" value="7">
        <label class="check"><input type="checkbox" name="allow_comments" value="1" checked> Allow comments</label>
        <button class="primary" type="submit">Create link</button>
      </form></details>`
    }</section>`;
}

/** A step's status as a badge, coloured as the target states are (a pending step as a scheduled target). */
const stepBadge = (status: "pending" | "published" | "failed") =>
  html`<span class="badge s-${status === "pending" ? "scheduled" : status}">${status}</span>`;

/**
 * Under a target with a thread or a first comment: each segment (its status and link, or where it stopped) and the
 * first comment.
 */
function stepRows(accountId: string, steps: ReturnType<typeof presentSteps> | undefined) {
  if (!steps || (steps.segments.length === 1 && !steps.first_comment)) return "";
  const item = (
    label: string,
    badge: unknown,
    link: string | null,
    id: string | null,
    error: { code: string; message: string } | null,
  ) =>
    html`<li>${label} ${badge} ${link ? html`<a href="${link}" rel="noreferrer">view</a>` : id ? html`<span class="muted">${id}</span>` : ""}${error && html` <strong>${error.code}</strong> ${error.message}`}</li>`;
  const segments = steps.segments.map((s) =>
    item(s.index === 0 ? "Post" : `Segment ${s.index}`, stepBadge(s.status), s.url, s.platform_post_id, s.error),
  );
  const comment =
    steps.first_comment &&
    item(
      "First comment",
      stepBadge(steps.first_comment.status),
      null,
      steps.first_comment.platform_comment_id,
      steps.first_comment.error,
    );
  return html`<tr class="steps" data-account="${accountId}"><td colspan="4"><ol class="small segments" aria-label="Thread">${segments}${comment}</ol></td></tr>`;
}

function targetsCard(view: PostPageView, viewer: Viewer) {
  const previewById = new Map(view.previews.map((p) => [p.targetId, p]));
  const rows = [...view.targets]
    .sort((a, b) => a.position - b.position)
    .map((t) => {
      const preview = previewById.get(t.id);
      return html`<tr>
        <td>${preview?.platformLabel ?? t.platform}<div class="small muted">${preview?.accountName ?? t.accountId}</div></td>
        <td>${statusBadge(t.status)}${t.attempts > 1 && html`<div class="small muted">${t.attempts} tries</div>`}</td>
        <td class="small">${t.url ? html`<a href="${t.url}" rel="noreferrer">View on ${preview?.platformLabel ?? t.platform}</a>` : t.platformPostId ? t.platformPostId : html`<span class="muted">—</span>`}${t.publishedAt ? html`<div class="muted">${dateTimeIn(t.publishedAt, viewer.zone)}</div>` : ""}</td>
        <td class="small">${t.errorCode && html`<strong>${t.errorCode}</strong> ${t.errorMessage ?? ""}`}</td>
      </tr>${stepRows(t.accountId, view.steps.get(t.id))}`;
    });
  return html`<section class="card table-wrap"><h2 style="margin-top:0">Platforms</h2>
    <table><thead><tr><th>Account</th><th>Status</th><th>Link</th><th>Error</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

function plugsCard(view: PostPageView, viewer: Viewer) {
  if (view.plugs === null || view.plugs.length === 0) return "";
  const rows = view.plugs.map(
    (p) => html`<tr><td>${p.platform}</td><td>${p.action.kind} at ${p.trigger.threshold} ${p.trigger.metric}</td>
      <td>${statusBadge(p.state === "armed" ? "scheduled" : p.state === "fired" ? "published" : "failed")} ${words(p.state)}</td>
      <td class="small">${p.last_value ?? "—"}${p.last_checked_at && html` <span class="muted">at ${at(p.last_checked_at, viewer)}</span>`}${p.note && html`<div>${p.note}</div>`}${p.error && html`<div>${p.error}</div>`}</td></tr>`,
  );
  return html`<section class="card table-wrap"><h2 style="margin-top:0">Plugs</h2>
    <table><thead><tr><th>Platform</th><th>Does</th><th>State</th><th>Last value</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

function decisionsCard(view: PostPageView, viewer: Viewer) {
  if (view.decisions.length === 0) return "";
  return html`<section class="card"><h2 style="margin-top:0">Review decisions</h2>${[...view.decisions]
    .reverse()
    .map(
      (d) =>
        html`<div class="decision"><strong>${deciderName(d)}</strong>${d.by === "owner" && html` <span class="muted">(you)</span>`} ${DECIDED[d.kind]} <span class="muted small">${at(d.created_at, viewer)}</span>${d.comment && html`<div>${d.comment}</div>`}</div>`,
    )}</section>`;
}

/** How the post did on each platform: one chart per number, a line per account, and every reading in a table. */
function metricsCard(view: PostPageView, viewer: Viewer) {
  const targets = view.metrics.targets.filter((t) => t.history.length > 0);
  if (targets.length === 0) {
    return (
      view.post.status === "published" &&
      html`<section class="card" id="metrics"><h2 style="margin-top:0">How it did</h2><p class="muted">No numbers read yet: they are read daily for 30 days.</p></section>`
    );
  }
  const labels = new Map(
    view.targets.map((t) => {
      const preview = view.previews.find((p) => p.targetId === t.id);
      return [t.accountId, preview ? `${preview.platformLabel} · ${preview.accountName}` : t.accountId];
    }),
  );
  const nameOf = (accountId: string) => labels.get(accountId) ?? accountId;
  const times = targets.flatMap((t) => t.history.map((s) => Date.parse(s.read_at)));
  const [first, last] = [Math.min(...times), Math.max(...times)];
  const short = (ms: number) => dateTimeIn(ms, viewer.zone).replace(/^\w+, /, "");
  const charts = METRIC_NAMES.map(([key, label]) =>
    lineChart({
      id: `history-${key}`,
      title: `${label} over time`,
      description: targets.map((t) => `${nameOf(t.account_id)}: ${formatNumber(t.latest?.[key] ?? 0)} now`).join("; "),
      series: targets.map((t) => ({
        label: nameOf(t.account_id),
        points: t.history.map((s) => ({ x: Date.parse(s.read_at), y: s[key], label: short(Date.parse(s.read_at)) })),
      })),
      xRange: [first, last],
      xTicks:
        first === last
          ? [{ x: first, label: short(first) }]
          : [
              { x: first, label: short(first) },
              { x: last, label: short(last) },
            ],
      height: 170,
    }),
  );
  const rows = targets.flatMap((t) =>
    t.history.map(
      (s) =>
        html`<tr><th scope="row">${short(Date.parse(s.read_at))}</th><td>${nameOf(t.account_id)}</td>${METRIC_NAMES.map(([key]) => html`<td>${formatNumber(s[key])}</td>`)}</tr>`,
    ),
  );
  return html`<section class="card" id="metrics"><h2 style="margin-top:0">How it did</h2>
    ${chartLegend(targets.map((t) => nameOf(t.account_id)))}
    <div class="charts">${METRIC_NAMES.map(([, label], i) => html`<figure class="chart-card"><figcaption><strong>${label}</strong></figcaption>${charts[i]}</figure>`)}</div>
    <details><summary>Every reading</summary><div class="table-wrap"><table id="history-table"><caption class="sr-only">Every metrics reading of this post</caption>
      <thead><tr><th scope="col">Read (${viewer.zone})</th><th scope="col">Account</th>${METRIC_NAMES.map(([, label]) => html`<th scope="col">${label}</th>`)}</tr></thead>
      <tbody>${rows}</tbody></table></div></details></section>`;
}

/** One post: its time, approval, per-platform state, links, errors, plugs, review links and decisions. */
export function postPage(viewer: Viewer, view: PostPageView) {
  const { post } = view;
  return dashboardPage(
    viewer,
    "posts",
    "Post",
    html`<p class="small"><a href="/dashboard/posts">← All posts</a> · <a href="/dashboard">Calendar</a></p>
      <div class="spread"><h1>Post ${statusBadge(post.status)}</h1><span class="row">${(EDITABLE as readonly string[]).includes(post.status) && html`<a class="button" href="/dashboard/posts/${post.id}/edit">Edit</a>`}<span class="muted small">${post.id}</span></span></div>
      ${noticeOf(view.notice)}
      <div class="cols">
        <div>
          ${timeCard(post, viewer)}
          ${metricsCard(view, viewer)}
          <h2>How it will look</h2>
          ${view.previews.map(targetPreview)}
          ${decisionsCard(view, viewer)}
        </div>
        <div>
          ${approvalCard(view, viewer)}
          ${targetsCard(view, viewer)}
          ${plugsCard(view, viewer)}
          ${linksCard(view, viewer)}
        </div>
      </div>`,
  );
}
