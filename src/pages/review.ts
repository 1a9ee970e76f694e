// The review page a client opens from a review link: the post per platform, its decisions, and the form.
import type { TargetPreview } from "../services/posts/preview";
import type { DecisionView } from "../services/reviews/decisions";
import { DEAD_LINK_WORDS, type DeadLinkReason, type Review } from "../services/reviews/review";
import { dateTimeIn } from "./format";
import { html } from "./html";
import { shell } from "./shell";

export interface ReviewPageOptions {
  csrf: string;
  /** What just happened, leading the page. */
  notice?: { ok: boolean; message: string };
  /** What the reviewer typed, kept when a submission is refused. */
  typed?: { reviewerName?: string; comment?: string };
}

const DECIDED_WORDS: Record<DecisionView["kind"], string> = {
  approved: "approved",
  changes_requested: "asked for changes",
  comment: "commented",
};

/** The post's state in a client's words. */
function stateLine(review: Review) {
  switch (review.post.status) {
    case "waiting_for_approval":
      return html`<p class="notice warn"><strong>Waiting for your approval.</strong> It will not be published until it is approved.</p>`;
    case "scheduled":
      return review.post.approval === "approved"
        ? html`<p class="notice ok"><strong>Approved.</strong> It goes out at its time.</p>`
        : html`<p class="notice">This post is scheduled and does not wait for approval.</p>`;
    case "draft":
      return review.post.approval === "changes_requested"
        ? html`<p class="notice">Changes were requested; the owner is working on a new version.</p>`
        : html`<p class="notice">This post is a draft; its owner has not sent it for approval yet.</p>`;
    default:
      return html`<p class="notice">This post has gone out; there is nothing left to decide.</p>`;
  }
}

const mediaOf = (target: TargetPreview) =>
  target.media.length === 0
    ? ""
    : html`<div class="media">${target.media.map((m) =>
        m.type === "image"
          ? html`<figure><img src="${m.url}" alt="${m.altText ?? ""}" loading="lazy"><figcaption>${m.altText ? html`Alt text: ${m.altText}` : "No alt text"}</figcaption></figure>`
          : html`<figure><a href="${m.url}">Video</a><figcaption>${m.coverUrl ? "Own cover image" : m.coverTimeMs !== undefined ? `Cover at ${(m.coverTimeMs / 1000).toFixed(1)} s` : "Platform's cover"}</figcaption></figure>`,
      )}</div>`;

/** One platform's version of the post: its text after overrides and signature, its media with alt text. */
export const targetPreview = (target: TargetPreview) =>
  html`<article class="preview" data-platform="${target.platform}">
    <div class="spread"><span class="who">${target.platformLabel} · ${target.accountName}${target.destination && html` → ${target.destination}`}</span></div>
    ${target.article?.title && html`<h3>${target.article.title}</h3>`}
    <div class="text">${target.text}</div>
    ${target.article?.body && html`<details><summary>Article body</summary><div class="text">${target.article.body}</div></details>`}
    ${mediaOf(target)}
  </article>`;

/** Who decided: the link's name, and the name typed on the page beside it when it differs. */
export const deciderName = (d: Pick<DecisionView, "reviewer_name" | "typed_name">) =>
  d.typed_name && d.typed_name !== d.reviewer_name
    ? html`${d.reviewer_name} <span class="muted">(signed “${d.typed_name}”)</span>`
    : d.reviewer_name;

const decisionItem = (d: DecisionView) =>
  html`<div class="decision"><strong>${deciderName(d)}</strong> ${DECIDED_WORDS[d.kind]} <span class="muted small">${d.created_at.slice(0, 16).replace("T", " ")} UTC</span>${d.comment && html`<div>${d.comment}</div>`}</div>`;

function actions(token: string, review: Review, options: ReviewPageOptions) {
  const { can } = review;
  if (!can.approved && !can.changes_requested && !can.comment) return "";
  const asksComment = can.changes_requested || can.comment;
  return html`<form class="card" method="post" action="/review/${token}">
    <input type="hidden" name="csrf" value="${options.csrf}">
    <input type="hidden" name="version" value="${review.post.version}">
    <label for="reviewer_name">Your name</label>
    <input id="reviewer_name" name="reviewer_name" type="text" maxlength="100" value="${options.typed?.reviewerName ?? review.link.reviewerName ?? ""}" autocomplete="name">
    ${asksComment && html`<label for="comment">Comment ${can.changes_requested && html`<span class="muted small">(needed to request changes)</span>`}</label><textarea id="comment" name="comment" maxlength="2000">${options.typed?.comment ?? ""}</textarea>`}
    <div class="row" style="margin-top:.75rem">
      ${can.approved && html`<button class="primary" type="submit" name="kind" value="approved">Approve</button>`}
      ${can.changes_requested && html`<button type="submit" name="kind" value="changes_requested">Request changes</button>`}
      ${can.comment && html`<button type="submit" name="kind" value="comment">Comment</button>`}
    </div>
  </form>`;
}

/** The client's page: the post as each platform will show it, its time in its own zone, and the actions. */
export function reviewPage(token: string, review: Review, options: ReviewPageOptions) {
  const zone = review.post.timezone ?? "UTC";
  const when =
    review.post.scheduledAt === null
      ? html`<p class="muted">No time set yet.</p>`
      : html`<p id="when">Scheduled for <strong>${dateTimeIn(review.post.scheduledAt, zone)}</strong> <span class="muted">(${zone})</span></p>`;
  return shell({
    title: "Review a post",
    narrow: true,
    body: html`<h1>Review this post</h1>
      ${options.notice && html`<p class="notice ${options.notice.ok ? "ok" : "bad"}" role="${options.notice.ok ? "status" : "alert"}">${options.notice.message}</p>`}
      ${stateLine(review)}
      ${when}
      <h2>How it will look</h2>
      ${review.targets.map(targetPreview)}
      ${actions(token, review, options)}
      ${review.decisions.length > 0 && html`<h2>On this link so far</h2>${review.decisions.map(decisionItem)}`}
      <p class="muted small">This link works until ${dateTimeIn(review.link.expiresAt, zone)} (${zone}).</p>`,
  });
}

/** A link that does not work: which way, plainly, and nothing about whose it was. */
export const deadReviewPage = (reason: DeadLinkReason) =>
  shell({
    title: DEAD_LINK_WORDS[reason].title,
    narrow: true,
    body: html`<h1>${DEAD_LINK_WORDS[reason].title}</h1><p class="notice bad" role="alert">${DEAD_LINK_WORDS[reason].message}</p>`,
  });
