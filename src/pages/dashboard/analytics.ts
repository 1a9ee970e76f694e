// The dashboard's analytics page: a period's totals, charts per day and platform, and the table per post.
import { platformLabel } from "../../platforms/catalog";
import type { listGroups } from "../../services/accounts/account-groups";
import type { AccountRow } from "../../services/accounts/accounts";
import type { AnalyticsOverview } from "../../services/analytics/overview";
import type { AnalyticsSeries } from "../../services/analytics/series";
import { barChart, chartLegend, formatNumber, lineChart } from "../charts";
import { type Html, html } from "../html";
import { type AudienceView, bestTimes, followerGrowth, linkClicks } from "./audience";
import { dashboardPage, type Viewer } from "./layout";

/** The periods offered, in days. */
export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

export interface AnalyticsView {
  period: Period;
  /** The account shown alone, or null for every account. */
  accountId: string | null;
  accounts: AccountRow[];
  /** The client groups, whose reports can be downloaded. */
  groups: Awaited<ReturnType<typeof listGroups>>;
  overview: AnalyticsOverview;
  series: AnalyticsSeries;
  audience: AudienceView;
}

/** The four numbers of a post, in the order charts and tables show them, with the words for them. */
export const METRIC_NAMES = [
  ["views", "Impressions"],
  ["likes", "Likes"],
  ["comments", "Comments"],
  ["reposts", "Reposts"],
] as const;

const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(Date.parse(date));

const hrefOf = (period: number, accountId: string | null) =>
  `/dashboard/analytics?period=${period}${accountId ? `&account=${encodeURIComponent(accountId)}` : ""}`;

function filters(view: AnalyticsView) {
  const chips = PERIODS.map(
    (p) => html`<a href="${hrefOf(p, view.accountId)}"${p === view.period && html` aria-current="page"`}>${p} days</a>`,
  );
  const options = view.accounts.map(
    (a) =>
      html`<option value="${a.id}"${a.id === view.accountId && html` selected`}>${platformLabel(a.platform)} · ${a.name}</option>`,
  );
  return html`<div class="spread filters"><nav class="chips" aria-label="Period">${chips}</nav>
    <form method="get" action="/dashboard/analytics" class="row"><input type="hidden" name="period" value="${view.period}">
      <label for="account" class="sr-only">Account</label><select id="account" name="account"><option value="">Every account</option>${options}</select>
      <button type="submit">Show</button></form></div>`;
}

function totals(view: AnalyticsView) {
  const sum = (pick: (p: AnalyticsOverview["platforms"][number]) => number) =>
    view.overview.platforms.reduce((n, p) => n + pick(p), 0);
  const figures: [string, number][] = [
    ["Published to accounts", sum((p) => p.posts_published)],
    ...METRIC_NAMES.map(([key, label]): [string, number] => [label, sum((p) => p.metrics[key])]),
  ];
  return html`<div class="stats" id="totals">${figures.map(
    ([label, n]) =>
      html`<div class="stat" data-total="${label}"><span class="n">${formatNumber(n)}</span><span class="label">${label}</span></div>`,
  )}</div>`;
}

function perDay(view: AnalyticsView) {
  const { days } = view.series;
  const ticks = [0, Math.floor((days.length - 1) / 2), days.length - 1].map((i) => ({
    x: i,
    label: dayLabel(days[i]!.date),
  }));
  const charts = METRIC_NAMES.map(([key, label]) => {
    const values = days.map((d) => d[key]);
    const total = values.reduce((a, b) => a + b, 0);
    const best = days.reduce((a, b) => (b[key] > a[key] ? b : a), days[0]!);
    return html`<figure class="card chart-card"><figcaption><strong>${label}</strong> <span class="muted">${formatNumber(total)}</span></figcaption>${lineChart(
      {
        id: `day-${key}`,
        title: `${label} per day`,
        description:
          total === 0
            ? `No ${label.toLowerCase()} in these ${days.length} days.`
            : `${formatNumber(total)} in ${days.length} days; the most, ${formatNumber(best[key])}, on ${dayLabel(best.date)}.`,
        series: [{ label, points: values.map((y, x) => ({ x, y, label: dayLabel(days[x]!.date) })) }],
        xRange: [0, Math.max(1, days.length - 1)],
        xTicks: ticks,
        height: 180,
      },
    )}</figure>`;
  });
  const rows = days.map(
    (d) =>
      html`<tr><th scope="row">${dayLabel(d.date)}</th><td>${d.published}</td>${METRIC_NAMES.map(([key]) => html`<td>${formatNumber(d[key])}</td>`)}</tr>`,
  );
  return html`<section aria-labelledby="per-day"><h2 id="per-day">Per day</h2>
    <p class="muted small">Each post's latest numbers, on the day it went out (${view.overview.from.slice(0, 10)} to the end of today, in your zone).</p>
    <div class="charts">${charts}</div>
    <details class="card"><summary>The numbers per day</summary><div class="table-wrap"><table id="days-table">
      <caption class="sr-only">Numbers per day</caption>
      <thead><tr><th scope="col">Day</th><th scope="col">Published</th>${METRIC_NAMES.map(([, label]) => html`<th scope="col">${label}</th>`)}</tr></thead>
      <tbody>${rows}</tbody></table></div></details></section>`;
}

const ENGAGEMENT = ["Likes", "Comments", "Reposts"];

function perPlatform(view: AnalyticsView) {
  const platforms = view.overview.platforms;
  if (platforms.length === 0) return html`<section><h2>Per platform</h2><p class="muted">No accounts.</p></section>`;
  const chart = barChart({
    id: "platforms-chart",
    title: "Likes, comments and reposts per platform",
    description: platforms
      .map((p) => `${platformLabel(p.platform)}: ${p.metrics.likes + p.metrics.comments + p.metrics.reposts}`)
      .join("; "),
    parts: ENGAGEMENT,
    rows: platforms.map((p) => ({
      label: platformLabel(p.platform),
      values: [p.metrics.likes, p.metrics.comments, p.metrics.reposts],
    })),
  });
  const rows = platforms.map(
    (p) =>
      html`<tr data-platform="${p.platform}"><th scope="row">${platformLabel(p.platform)}</th><td>${p.accounts}</td><td>${p.posts_published}</td><td>${p.posts_failed}</td>${METRIC_NAMES.map(([key]) => html`<td>${formatNumber(p.metrics[key])}</td>`)}</tr>`,
  );
  return html`<section aria-labelledby="per-platform"><h2 id="per-platform">Per platform</h2>
    <div class="card">${chartLegend(ENGAGEMENT)}${chart}</div>
    <div class="card table-wrap"><table id="platforms-table"><caption class="sr-only">Numbers per platform</caption>
      <thead><tr><th scope="col">Platform</th><th scope="col">Accounts</th><th scope="col">Published</th><th scope="col">Failed</th>${METRIC_NAMES.map(([, label]) => html`<th scope="col">${label}</th>`)}</tr></thead>
      <tbody>${rows}</tbody></table></div></section>`;
}

const excerpt = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text || "(no text)");

function topPosts(view: AnalyticsView): Html {
  const top = view.series.top_posts;
  if (top.length === 0) {
    return html`<section><h2>Top posts</h2><p class="muted card">No numbers read for these posts yet.</p></section>`;
  }
  const chart = barChart({
    id: "top-chart",
    title: "The posts with the most likes, comments and reposts",
    description: top.map((p, i) => `${i + 1}. ${excerpt(p.text)}: ${p.likes + p.comments + p.reposts}`).join("; "),
    parts: ENGAGEMENT,
    rows: top.map((p) => ({ label: excerpt(p.text), values: [p.likes, p.comments, p.reposts] })),
  });
  const rows = top.map(
    (p) =>
      html`<tr><th scope="row"><a href="/dashboard/posts/${p.post_id}">${excerpt(p.text)}</a></th><td>${p.platforms.map(platformLabel).join(", ")}</td>${METRIC_NAMES.map(([key]) => html`<td>${formatNumber(p[key])}</td>`)}</tr>`,
  );
  return html`<section aria-labelledby="top"><h2 id="top">Top posts</h2>
    <div class="card">${chartLegend(ENGAGEMENT)}${chart}</div>
    <div class="card table-wrap"><table id="top-table"><caption class="sr-only">Top posts</caption>
      <thead><tr><th scope="col">Post</th><th scope="col">Platforms</th>${METRIC_NAMES.map(([, label]) => html`<th scope="col">${label}</th>`)}</tr></thead>
      <tbody>${rows}</tbody></table></div></section>`;
}

/** The client report of the period as a file: the accounts shown or a client group's, as CSV or PDF. */
function reportDownload(view: AnalyticsView) {
  const groups = view.groups.map((g) => html`<option value="${g.id}">${g.name}</option>`);
  return html`<section aria-labelledby="report"><h2 id="report">Client report</h2>
    <form method="get" action="/dashboard/analytics/report" class="card row" id="report-form">
      <input type="hidden" name="period" value="${view.period}">${view.accountId && html`<input type="hidden" name="account" value="${view.accountId}">`}
      <label for="report-group">Report on</label><select id="report-group" name="group"><option value="">${view.accountId ? "The account shown" : "Every account"}</option>${groups}</select>
      <button type="submit" name="format" value="csv">Download CSV</button>
      <button type="submit" name="format" value="pdf">Download PDF</button></form>
    <p class="muted small">The last ${view.period} days against the ${view.period} before: totals, followers, posts, link clicks and best times, the report a client gets (its days are whole UTC days).</p></section>`;
}

/**
 * How posts did in a period: totals, per-day lines, per-platform bars, the top posts, follower growth, link clicks and
 * the best times heat map, each with its table; then the client report's downloads.
 */
export function analyticsPage(viewer: Viewer, view: AnalyticsView) {
  return dashboardPage(
    viewer,
    "analytics",
    "Analytics",
    html`<h1>Analytics</h1>
      ${filters(view)}
      <p class="muted small">The last ${view.period} days in <strong>${viewer.zone}</strong>${view.accountId && " for one account"}.</p>
      ${totals(view)}
      ${perDay(view)}
      ${perPlatform(view)}
      ${topPosts(view)}
      ${followerGrowth(
        view.accountId ? view.accounts.filter((a) => a.id === view.accountId) : view.accounts,
        view.series.days.map((d) => d.date),
        view.audience,
      )}
      ${linkClicks(view.audience)}
      ${bestTimes(view.audience)}
      ${reportDownload(view)}`,
  );
}
