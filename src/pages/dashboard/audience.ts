// The analytics page's audience sections: follower growth per account, clicks on the short links, and the best
// times heat map of the account shown, each chart with its numbers in a table.
import { platformLabel } from "../../platforms/catalog";
import type { AccountRow } from "../../services/accounts/accounts";
import type { BestTimes } from "../../services/analytics/best-times";
import { type FollowerPoint, growthOf } from "../../services/analytics/followers";
import type { LinkClicks } from "../../services/analytics/links";
import { barChart, formatNumber, heatMap, lineChart } from "../charts";
import { type Html, html } from "../html";

export interface AudienceView {
  /** Each account's follower counts in the period, by account id. */
  followers: Map<string, FollowerPoint[]>;
  links: LinkClicks[];
  /** The best times of the account shown; null when the page shows every account. */
  bestTimes: BestTimes | null;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Monday first, as a week reads; the cells keep weekday 0 for Sunday. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);
const LINK_ROWS = 10;

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n));
const dayLabel = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(Date.parse(date));

/** Each account's follower counts over the period's days, one line per account with counts, and the change. */
export function followerGrowth(accounts: AccountRow[], days: string[], audience: AudienceView): Html {
  const counted = accounts.filter((a) => (audience.followers.get(a.id) ?? []).length > 0);
  const heading = html`<h2 id="followers">Follower growth</h2>`;
  if (counted.length === 0) {
    return html`<section aria-labelledby="followers">${heading}<p class="muted card">No follower counts read in these days yet (read once a day where the platform reports them).</p></section>`;
  }
  const index = new Map(days.map((d, i) => [d, i]));
  const series = counted.map((a) => ({
    label: `${platformLabel(a.platform)} · ${a.name}`,
    points: audience.followers
      .get(a.id)!
      .filter((p) => index.has(p.date))
      .map((p) => ({ x: index.get(p.date)!, y: p.followers, label: dayLabel(p.date) })),
  }));
  const rows = counted.map((a) => {
    const points = audience.followers.get(a.id)!;
    const growth = growthOf(points);
    return html`<tr data-account="${a.id}"><th scope="row">${platformLabel(a.platform)} · ${a.name}</th><td>${formatNumber(points[0]!.followers)}</td><td>${formatNumber(points.at(-1)!.followers)}</td><td>${signed(growth.change)}</td><td>${growth.change_percent === null ? "–" : `${growth.change_percent > 0 ? "+" : ""}${growth.change_percent}%`}</td></tr>`;
  });
  const chart = lineChart({
    id: "followers-chart",
    title: "Followers per day",
    description: counted
      .map((a, i) => `${series[i]!.label}: ${signed(growthOf(audience.followers.get(a.id)!).change)}`)
      .join("; "),
    series,
    xRange: [0, Math.max(1, days.length - 1)],
    xTicks: [0, days.length - 1].map((x) => ({ x, label: dayLabel(days[x]!) })),
    height: 200,
  });
  return html`<section aria-labelledby="followers">${heading}<div class="card">${chart}</div>
    <div class="card table-wrap"><table id="followers-table"><caption class="sr-only">Followers per account</caption>
      <thead><tr><th scope="col">Account</th><th scope="col">First count</th><th scope="col">Last count</th><th scope="col">Change</th><th scope="col">Change %</th></tr></thead>
      <tbody>${rows}</tbody></table></div></section>`;
}

/** The most clicked short links of the period: people's clicks drawn, crawlers and preview fetchers apart. */
export function linkClicks(audience: AudienceView): Html {
  const heading = html`<h2 id="links">Link clicks</h2>`;
  const top = audience.links.filter((l) => l.clicks + l.bots > 0).slice(0, LINK_ROWS);
  if (top.length === 0) {
    return html`<section aria-labelledby="links">${heading}<p class="muted card">No clicks on your posts' short links in these days.</p></section>`;
  }
  const chart = barChart({
    id: "links-chart",
    title: "Clicks per short link",
    description: top.map((l) => `${l.url}: ${l.clicks}`).join("; "),
    parts: ["Clicks"],
    rows: top.map((l) => ({ label: l.url.replace(/^https?:\/\//, ""), values: [l.clicks] })),
  });
  const rows = top.map(
    (l) =>
      html`<tr data-code="${l.code}"><th scope="row">${l.url}</th><td><a href="/dashboard/posts/${l.post_id}">Post</a></td><td>${platformLabel(l.platform)}</td><td>${formatNumber(l.clicks)}</td><td>${formatNumber(l.bots)}</td></tr>`,
  );
  return html`<section aria-labelledby="links">${heading}<div class="card">${chart}</div>
    <div class="card table-wrap"><table id="links-table"><caption class="sr-only">Clicks per short link</caption>
      <thead><tr><th scope="col">Link</th><th scope="col">Post</th><th scope="col">Platform</th><th scope="col">Clicks</th><th scope="col">Bots</th></tr></thead>
      <tbody>${rows}</tbody></table></div>
    <p class="muted small">Visits by known crawlers and link-preview fetchers are counted apart, as bots.</p></section>`;
}

/** The account shown's weekday and hour cells, shaded by score, and its best cells in a table. */
export function bestTimes(audience: AudienceView): Html {
  const heading = html`<h2 id="best-times">Best times to post</h2>`;
  const answer = audience.bestTimes;
  if (!answer) {
    return html`<section aria-labelledby="best-times">${heading}<p class="muted card">Choose an account above to see when its posts do best.</p></section>`;
  }
  if (answer.basis === "insufficient") {
    return html`<section aria-labelledby="best-times">${heading}<p class="muted card" id="best-times-message">${answer.message}</p></section>`;
  }
  const cellLabel = (c: BestTimes["grid"][number]) =>
    `${WEEKDAYS[c.weekday]} ${HOURS[c.hour]}: ${c.posts} post${c.posts === 1 ? "" : "s"}, score ${c.score}`;
  const chart = heatMap({
    id: "best-times-chart",
    title: "How posts did by weekday and hour",
    description: answer.cells.length ? `Best: ${answer.cells.slice(0, 3).map(cellLabel).join("; ")}.` : answer.message,
    rows: WEEK_ORDER.map((d) => WEEKDAYS[d]!),
    columns: HOURS,
    cells: answer.grid.map((c) => ({
      row: WEEK_ORDER.indexOf(c.weekday),
      column: c.hour,
      value: c.score,
      label: cellLabel(c),
    })),
  });
  const rows = answer.cells.map(
    (c) =>
      html`<tr><th scope="row">${WEEKDAYS[c.weekday]} ${HOURS[c.hour]}</th><td>${c.posts}</td><td>${c.median_engagement}</td><td>${c.score}</td></tr>`,
  );
  return html`<section aria-labelledby="best-times">${heading}<p class="muted small">${answer.message} Times in ${answer.zone}${answer.basis === "workspace" && html`, from the workspace's accounts on the same platform`}.</p>
    <div class="card">${chart}</div>
    <div class="card table-wrap"><table id="best-times-table"><caption class="sr-only">The best weekday and hour cells</caption>
      <thead><tr><th scope="col">When</th><th scope="col">Posts</th><th scope="col">Median engagement</th><th scope="col">Score</th></tr></thead>
      <tbody>${rows}</tbody></table></div></section>`;
}
