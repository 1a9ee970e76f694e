// The dashboard's calendar page: a week of posts by day, those waiting for approval, and the week's numbers.
import { platformLabel } from "../../platforms/catalog";
import type { CalendarDay } from "../../services/posts/calendar";
import type { PostView } from "../../services/posts/present";
import { dateTimeIn, statusBadge, timeIn } from "../format";
import { html } from "../html";
import { dashboardPage, type Viewer } from "./layout";

export interface CalendarView {
  days: CalendarDay[];
  today: string;
  now: number;
  /** Posts waiting for approval, whatever their week: what needs the owner or the client. */
  waiting: PostView[];
  /** The Mondays before and after, for the week links. */
  previous: string;
  next: string;
  /** Account id → its platform's name and the account's, for the slots. */
  accounts: Map<string, { platform: string; name: string }>;
}

const shortDate = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(Date.parse(date));
const weekday = (date: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" }).format(Date.parse(date));
const year = (date: string) => date.slice(0, 4);

const platformsOf = (post: PostView) => [...new Set(post.platforms.map((t) => platformLabel(t.platform)))].join(", ");

const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 89)}…` : text);

function dayColumn(day: CalendarDay, viewer: Viewer, view: CalendarView) {
  const entries = [
    ...day.posts.map((post) => ({
      at: post.scheduled_at!,
      item: html`<li><a class="entry post s-${post.status}" href="/dashboard/posts/${post.id}">
          <span class="head"><span class="time">${timeIn(Date.parse(post.scheduled_at!), viewer.zone)}</span>${statusBadge(post.status)}</span>
          <span class="text">${excerpt(post.text)}</span><span class="where">${platformsOf(post)}</span></a></li>`,
    })),
    ...day.slots.map((slot) => {
      const accounts = slot.account_ids.map((id) => view.accounts.get(id));
      const who = accounts.map((a, i) => (a ? `${a.platform} · ${a.name}` : slot.account_ids[i])).join(", ");
      const platforms = [...new Set(accounts.map((a) => a?.platform ?? "?"))].join(", ");
      return {
        at: slot.at,
        item: slot.taken
          ? html`<li><a class="entry slot taken" href="/dashboard/posts/${slot.taken_by}" title="${who}"><span class="head"><span class="time">${slot.time}</span>Slot taken</span></a></li>`
          : Date.parse(slot.at) <= view.now
            ? html`<li><span class="entry slot past" title="${who}"><span class="head"><span class="time">${slot.time}</span>Slot passed</span></span></li>`
            : html`<li><span class="entry slot free" title="${who}"><span class="head"><span class="time">${slot.time}</span>Free slot</span><span class="where">${platforms}</span></span></li>`,
      };
    }),
  ].sort((a, b) => a.at.localeCompare(b.at));
  return html`<section class="day${day.date === view.today && " today"}" aria-label="${weekday(day.date)} ${shortDate(day.date)}">
      <h3><span>${weekday(day.date)}</span><span class="date">${shortDate(day.date)}</span></h3>
      ${entries.length > 0 ? html`<ol>${entries.map((e) => e.item)}</ol>` : html`<p class="empty">Nothing planned</p>`}
    </section>`;
}

/** Posts waiting for approval, in any week. */
function waitingCard(view: CalendarView, viewer: Viewer) {
  if (view.waiting.length === 0) return "";
  return html`<section class="card" style="margin-top:1.25rem" id="waiting"><h2 style="margin-top:0">Waiting for approval</h2>
    <ul class="links">${view.waiting.map(
      (post) => html`<li><div><a href="/dashboard/posts/${post.id}">${excerpt(post.text)}</a>
        <div class="small muted">${post.scheduled_at ? dateTimeIn(Date.parse(post.scheduled_at), viewer.zone) : "No time"} · ${platformsOf(post)}</div></div>${statusBadge(post.status)}</li>`,
    )}</ul></section>`;
}

/** The week in five numbers. */
function stats(days: CalendarDay[], now: number) {
  const posts = days.flatMap((d) => d.posts);
  const count = (...statuses: string[]) => posts.filter((p) => statuses.includes(p.status)).length;
  const figures: [string, string, number][] = [
    ["scheduled", "Scheduled", count("scheduled", "publishing")],
    ["waiting", "Waiting for approval", count("waiting_for_approval")],
    ["published", "Published", count("published")],
    ["failed", "Failed", count("failed")],
    ["free", "Free slots", days.flatMap((d) => d.slots).filter((s) => !s.taken && Date.parse(s.at) > now).length],
  ];
  return html`<div class="stats" id="stats">${figures.map(
    ([key, label, n]) =>
      html`<div class="stat ${key}"><span class="n">${n}</span><span class="label">${label}</span></div>`,
  )}</div>`;
}

/** The week: one column per day (one under another on a phone), posts and posting slots in time order. */
export function calendarPage(viewer: Viewer, view: CalendarView) {
  const first = view.days[0]!.date;
  const last = view.days[6]!.date;
  const title = `${shortDate(first)} – ${shortDate(last)} ${year(last)}`;
  return dashboardPage(
    viewer,
    "calendar",
    "Calendar",
    html`<div class="spread">
        <h1>Week of ${title}</h1>
        <nav class="row" aria-label="Weeks">
          <a class="button" href="/dashboard?week=${view.previous}">← Previous</a>
          <a class="button" href="/dashboard">This week</a>
          <a class="button" href="/dashboard?week=${view.next}">Next →</a>
        </nav>
      </div>
      <p class="muted small">Times in <strong id="zone">${viewer.zone}</strong> · <a href="/dashboard/posts">List view</a></p>
      ${stats(view.days, view.now)}
      <div class="week">${view.days.map((day) => dayColumn(day, viewer, view))}</div>
      <div class="legend">
        <span><span class="badge s-scheduled">scheduled</span></span><span><span class="badge s-waiting_for_approval">waiting for approval</span></span>
        <span><span class="badge s-published">published</span></span><span><span class="badge s-failed">failed</span></span>
        <span>Dashed: posting slots, green when free</span>
      </div>
      ${waitingCard(view, viewer)}`,
  );
}
