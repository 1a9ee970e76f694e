// The page a shared report link opens: a client group's report, read-only, with nothing of the workspace beyond it.

import { platformLabel } from "../platforms/catalog";
import type { Report } from "../services/analytics/report";
import { html } from "./html";
import { shell } from "./shell";

const TOTALS: [keyof Report["totals"], string][] = [
  ["posts_published", "Posts published"],
  ["views", "Views"],
  ["likes", "Likes"],
  ["comments", "Comments"],
  ["reposts", "Reposts"],
  ["engagement", "Engagement"],
  ["link_clicks", "Link clicks"],
];

const number = (n: number) => n.toLocaleString("en");
const day = (iso: string) => iso.slice(0, 10);

function changeText(change: { value: number; percent: number | null }) {
  const sign = change.value > 0 ? "+" : "";
  return `${sign}${number(change.value)}${change.percent === null ? "" : ` (${sign}${change.percent}%)`}`;
}

/** The group's report of the link's days: totals against the period before, followers, posts and links. */
export function sharedReportPage(report: Report) {
  const title = `${report.group?.name ?? report.workspace}: report`;
  const totals = TOTALS.map(
    ([key, label]) =>
      html`<tr><th scope="row">${label}</th><td>${number(report.totals[key])}</td><td>${changeText(report.change[key])}</td></tr>`,
  );
  const followers = report.followers.map(
    (f) =>
      html`<tr><th scope="row">${platformLabel(f.platform)} · ${f.name}</th><td>${f.end === null ? "not reported" : number(f.end)}</td><td>${f.start === null || f.end === null ? "" : changeText({ value: f.end - f.start, percent: null })}</td></tr>`,
  );
  const posts = report.posts
    .slice(0, 20)
    .map(
      (p) =>
        html`<tr><th scope="row">${p.text.slice(0, 120)}</th><td>${p.platforms.map(platformLabel).join(", ")}</td><td>${day(p.published_at)}</td><td>${number(p.views)}</td><td>${number(p.likes + p.comments + p.reposts)}</td></tr>`,
    );
  const links = report.links.map((l) => html`<tr><th scope="row">${l.url}</th><td>${number(l.clicks)}</td></tr>`);
  return shell({
    title,
    body: html`<h1>${title}</h1>
      <p class="muted">From ${day(report.from)} to ${day(report.to)}, by ${report.workspace}; compared with the ${day(report.previous.from)} – ${day(report.previous.to)} period before.</p>
      <section class="card" aria-labelledby="totals"><h2 id="totals" style="margin-top:0">Totals</h2>
        <div class="table-wrap"><table><thead><tr><th scope="col">Measure</th><th scope="col">This period</th><th scope="col">Change</th></tr></thead><tbody>${totals}</tbody></table></div></section>
      <section class="card" aria-labelledby="followers"><h2 id="followers" style="margin-top:0">Followers</h2>
        ${followers.length === 0 ? html`<p class="muted small">No accounts in this group.</p>` : html`<div class="table-wrap"><table><thead><tr><th scope="col">Account</th><th scope="col">Followers</th><th scope="col">Change</th></tr></thead><tbody>${followers}</tbody></table></div>`}</section>
      <section class="card" aria-labelledby="posts"><h2 id="posts" style="margin-top:0">Posts, best first</h2>
        ${posts.length === 0 ? html`<p class="muted small">Nothing was published in this period.</p>` : html`<div class="table-wrap"><table><thead><tr><th scope="col">Post</th><th scope="col">Where</th><th scope="col">Published</th><th scope="col">Views</th><th scope="col">Engagement</th></tr></thead><tbody>${posts}</tbody></table></div>`}</section>
      <section class="card" aria-labelledby="links"><h2 id="links" style="margin-top:0">Link clicks</h2>
        ${links.length === 0 ? html`<p class="muted small">No link was clicked in this period.</p>` : html`<div class="table-wrap"><table><thead><tr><th scope="col">Link</th><th scope="col">Clicks</th></tr></thead><tbody>${links}</tbody></table></div>`}</section>`,
  });
}

const DEAD: Record<"unknown" | "expired" | "revoked", [string, string]> = {
  unknown: ["No such report", "This link does not exist. Ask whoever sent it for a new one."],
  expired: ["This link has expired", "Ask whoever sent it for a new one."],
  revoked: ["This link was turned off", "Ask whoever sent it for a new one."],
};

/** Why a report link shows nothing. */
export const deadReportPage = (state: keyof typeof DEAD) =>
  shell({
    title: DEAD[state][0],
    narrow: true,
    body: html`<h1>${DEAD[state][0]}</h1><p class="notice bad" role="alert">${DEAD[state][1]}</p>`,
  });
