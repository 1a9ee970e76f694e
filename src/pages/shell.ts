// The shell every page is drawn in: the look, the security headers, and the document around the content.
import { Html, html } from "./html";

/**
 * The look of every page (the dashboard, settings, sign-in, consent, a client's invite and review links, errors):
 * system fonts, cards, status colours, one column on a phone.
 */
const STYLE = `
  :root { --ink: #0f172a; --muted: #475569; --line: #e2e8f0; --bg: #f6f7fb; --card: #fff; --brand: #4f46e5; --brand-ink: #fff; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
  a { color: var(--brand); text-decoration: none; } a:hover { text-decoration: underline; }
  main a { text-decoration: underline; text-underline-offset: 2px; } main a.button, main a.entry, main .chips a { text-decoration: none; }
  header.top { background: #111827; color: #fff; }
  header.top .bar { max-width: 76rem; margin: 0 auto; padding: .6rem 1rem; display: flex; gap: 1.25rem; align-items: center; flex-wrap: wrap; }
  header.top .brand { font-weight: 700; font-size: 1.1rem; color: #fff; letter-spacing: .01em; }
  header.top .brand span { color: #a5b4fc; }
  header.top nav { display: flex; gap: .25rem; flex-wrap: wrap; flex: 1; }
  header.top nav a { color: #cbd5e1; padding: .3rem .6rem; border-radius: .4rem; }
  header.top nav a[aria-current=page] { background: #1f2937; color: #fff; }
  header.top .who { color: #94a3b8; font-size: .85rem; }
  header.top form button { background: transparent; color: #cbd5e1; border: 1px solid #374151; padding: .25rem .6rem; }
  header.top .switcher { gap: .3rem; } header.top .switcher select { width: auto; max-width: 14rem; padding: .2rem .4rem; }
  main { max-width: 76rem; margin: 0 auto; padding: 1.25rem 1rem 3rem; }
  main.narrow { max-width: 46rem; }
  h1 { font-size: 1.45rem; margin: .25rem 0 1rem; } h2 { font-size: 1.1rem; margin: 1.75rem 0 .6rem; } h3 { font-size: 1rem; margin: 0 0 .4rem; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: .7rem; padding: 1rem; margin-bottom: 1rem; }
  .muted { color: var(--muted); } .small { font-size: .85rem; }
  .row { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
  .spread { display: flex; gap: .75rem; align-items: center; justify-content: space-between; flex-wrap: wrap; }
  button, .button { font: inherit; cursor: pointer; border-radius: .45rem; border: 1px solid var(--line); background: #fff; color: var(--ink); padding: .4rem .85rem; display: inline-block; }
  button.primary, .button.primary { background: var(--brand); border-color: var(--brand); color: var(--brand-ink); }
  button.danger { color: #b91c1c; border-color: #fecaca; }
  form.inline { display: inline; }
  label { display: block; font-weight: 600; margin: .6rem 0 .25rem; }
  input[type=text], input[type=email], input[type=password], input[type=url], input[type=datetime-local], textarea, select { font: inherit; width: 100%; padding: .45rem .6rem; border: 1px solid #cbd5e1; border-radius: .45rem; background: #fff; }
  textarea { min-height: 5.5rem; }
  fieldset { border: 1px solid var(--line); border-radius: .5rem; margin: .6rem 0; } legend { font-weight: 600; padding: 0 .3rem; }
  .check { display: flex; gap: .4rem; align-items: center; font-weight: 400; margin: .2rem 0; flex-wrap: wrap; }
  :focus-visible { outline: 3px solid #d97706; outline-offset: 2px; }
  .field-error { color: #b91c1c; font-size: .85rem; margin: .2rem 0 .4rem; }
  [aria-invalid=true] { border-color: #b91c1c !important; }
  .sub { margin-left: 1.6rem; } label.sub { font-weight: 400; }
  .hint { margin: 0 0 .25rem; } .actions { margin-top: 1rem; }
  #counts li.over { color: #b91c1c; font-weight: 600; }
  fieldset.group { border-style: dashed; }
  .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .charts { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .75rem; }
  figure.chart-card { margin: 0; } figure.chart-card figcaption { margin-bottom: .3rem; }
  svg.chart { width: 100%; height: auto; display: block; overflow: visible; } svg.chart.bars { max-width: 46rem; }
  svg.chart text { font-size: 12px; fill: #475569; } svg.chart .grid { stroke: #e2e8f0; } svg.chart.heat .cell { stroke: #e2e8f0; }
  .chart-legend { list-style: none; padding: 0; margin: 0 0 .5rem; display: flex; gap: 1rem; flex-wrap: wrap; font-size: .85rem; }
  .swatch { display: inline-block; width: .8rem; height: .8rem; border-radius: .2rem; margin-right: .35rem; vertical-align: -.05rem; }
  svg.diagram { width: 100%; height: auto; display: block; margin: 0 auto; }
  svg.diagram rect { fill: #fff; stroke: #94a3b8; stroke-width: 1.5; } svg.diagram text { font-size: 12px; fill: #334155; }
  svg.diagram .name { font-weight: 600; fill: #0f172a; } svg.diagram .handle { fill: #4338ca; }
  svg.diagram .problem rect { fill: #fef2f2; stroke: #b91c1c; stroke-width: 3; } svg.diagram .flag { fill: #b91c1c; font-weight: 600; }
  svg.diagram .edge path { fill: none; stroke: #64748b; stroke-width: 1.5; } svg.diagram marker path { fill: #64748b; stroke: none; }
  .steps li.problem { color: #991b1b; }
  .filters .chips { margin: 0; } .filters select { width: auto; }
  .badge { display: inline-block; font-size: .75rem; font-weight: 600; padding: .05rem .5rem; border-radius: 999px; background: #f1f5f9; color: #334155; white-space: nowrap; }
  .s-draft { background: #f1f5f9; color: #475569; } .s-scheduled { background: #dbeafe; color: #1d4ed8; }
  .s-waiting_for_approval { background: #fef3c7; color: #92400e; } .s-publishing { background: #ede9fe; color: #6d28d9; }
  .s-published { background: #dcfce7; color: #166534; } .s-failed { background: #fee2e2; color: #b91c1c; }
  .s-queued { background: #ede9fe; color: #6d28d9; } .s-cancelled { background: #f1f5f9; color: #475569; }
  .notice { border-radius: .5rem; padding: .7rem .9rem; margin: 0 0 1rem; background: #eef2ff; color: #3730a3; }
  .notice.ok { background: #dcfce7; color: #166534; } .notice.bad { background: #fee2e2; color: #991b1b; } .notice.warn { background: #fef3c7; color: #92400e; }
  .secret { font-family: ui-monospace, monospace; background: #f1f5f9; padding: .5rem; border-radius: .4rem; word-break: break-all; }
  table { border-collapse: collapse; width: 100%; } td, th { text-align: left; padding: .5rem .4rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { font-size: .8rem; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); }
  tbody th { font-size: inherit; text-transform: none; letter-spacing: normal; color: var(--ink); font-weight: 600; }
  .table-wrap { overflow-x: auto; }
  .chips { display: flex; gap: .4rem; flex-wrap: wrap; margin-bottom: 1rem; }
  .chips a { border: 1px solid var(--line); background: #fff; border-radius: 999px; padding: .2rem .75rem; color: var(--ink); font-size: .9rem; }
  .chips a[aria-current=page] { background: var(--ink); color: #fff; border-color: var(--ink); }
  .week { display: grid; grid-template-columns: repeat(7, minmax(0, 1fr)); gap: .5rem; }
  .day { background: #fff; border: 1px solid var(--line); border-radius: .6rem; min-height: 14rem; display: flex; flex-direction: column; }
  .day.today { border-color: var(--brand); box-shadow: 0 0 0 1px var(--brand) inset; }
  .day > h3 { font-size: .85rem; padding: .5rem .6rem; margin: 0; border-bottom: 1px solid var(--line); display: flex; justify-content: space-between; }
  .day > h3 .date { color: var(--muted); font-weight: 500; }
  .day ol { list-style: none; margin: 0; padding: .4rem; display: flex; flex-direction: column; gap: .35rem; }
  .entry { display: block; border-radius: .45rem; padding: .4rem .5rem; font-size: .82rem; border: 1px solid var(--line); color: var(--ink); background: #fff; }
  a.entry:hover { text-decoration: none; border-color: var(--brand); box-shadow: 0 1px 4px rgba(15, 23, 42, .08); }
  .entry .head { display: flex; flex-wrap: wrap; gap: .3rem; align-items: center; }
  .entry .time { font-weight: 700; font-variant-numeric: tabular-nums; }
  .entry .badge { white-space: normal; max-width: 100%; }
  .entry .text { display: -webkit-box; -webkit-line-clamp: 3; -webkit-box-orient: vertical; overflow: hidden; color: #334155; margin: .2rem 0; overflow-wrap: anywhere; }
  .entry .where { color: var(--muted); font-size: .78rem; }
  .entry.post { border-left: 4px solid #94a3b8; } .entry.post.s-scheduled { border-left-color: #3b82f6; }
  .entry.post.s-waiting_for_approval { border-left-color: #f59e0b; } .entry.post.s-publishing { border-left-color: #8b5cf6; }
  .entry.post.s-published { border-left-color: #22c55e; } .entry.post.s-failed { border-left-color: #ef4444; }
  .entry.slot { border-style: dashed; color: var(--muted); background: #fbfdfb; }
  .entry.slot.free { border-color: #86efac; color: #166534; background: #f0fdf4; }
  .entry.slot.taken, .entry.slot.past { border-color: #cbd5e1; background: #f8fafc; }
  .entry.slot.past { opacity: .7; }
  .stats { display: grid; grid-template-columns: repeat(5, minmax(0, 1fr)); gap: .5rem; margin: 0 0 1rem; }
  .stat { background: #fff; border: 1px solid var(--line); border-radius: .6rem; padding: .55rem .75rem; }
  .stat .n { font-size: 1.35rem; font-weight: 700; display: block; line-height: 1.2; }
  .stat .label { color: var(--muted); font-size: .8rem; }
  .stat.scheduled .n { color: #1d4ed8; } .stat.waiting .n { color: #b45309; } .stat.published .n { color: #15803d; }
  .stat.failed .n { color: #b91c1c; } .stat.free .n { color: #15803d; }
  .cols { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 1rem; align-items: start; }
  .empty { color: var(--muted); font-size: .82rem; padding: .4rem .2rem; }
  .legend { display: flex; gap: 1rem; flex-wrap: wrap; font-size: .82rem; color: var(--muted); margin: .75rem 0 0; }
  .preview { border: 1px solid var(--line); border-radius: .6rem; padding: .8rem; background: #fff; margin-bottom: .75rem; }
  .preview .who { font-weight: 600; } .preview .text { white-space: pre-wrap; word-wrap: break-word; margin: .5rem 0; }
  .media { display: flex; gap: .5rem; flex-wrap: wrap; }
  .media figure { margin: 0; width: 9rem; } .media img { width: 9rem; height: 9rem; object-fit: cover; border-radius: .4rem; background: #f1f5f9; display: block; }
  .media figcaption { font-size: .78rem; color: var(--muted); }
  .links { list-style: none; margin: 0 0 .75rem; padding: 0; }
  .links li { border-bottom: 1px solid var(--line); padding: .6rem 0; display: flex; gap: .75rem; justify-content: space-between; align-items: start; }
  .decision { border-left: 3px solid var(--line); padding: .2rem 0 .2rem .7rem; margin: .5rem 0; }
  .list-item { display: grid; grid-template-columns: 9rem 1fr auto; gap: .75rem; align-items: start; }
  .unread { border-left: 4px solid var(--brand); }
  @media (max-width: 760px) {
    .week, .cols, .charts { grid-template-columns: minmax(0, 1fr); } .day { min-height: 0; }
    .stats { grid-template-columns: repeat(3, minmax(0, 1fr)); }
    .list-item { grid-template-columns: minmax(0, 1fr); gap: .25rem; }
    header.top .who { display: none; }
    header.top .bar { gap: .5rem; }
    header.top nav { order: 3; flex: 1 0 100%; flex-wrap: nowrap; overflow-x: auto; }
    header.top form { margin-left: auto; }
  }
`;

/**
 * Headers every page sends: one policy for all of them. Scripts only from Herald itself (the dashboard's own), images
 * from anywhere (a post's media), forms posted here and the redirects they answer with followed anywhere on the web
 * (a consent sends the browser on to the app's redirect URI, an invite or the dashboard's Connect button to the
 * platform's consent page, and browsers check redirects against `form-action`); no framing, no caching, no referrer.
 */
export const PAGE_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Frame-Options": "DENY",
  "Content-Security-Policy":
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'self'; img-src https: http: data:; form-action 'self' https: http:; frame-ancestors 'none'; base-uri 'none'",
  "Referrer-Policy": "no-referrer",
};

/** A page of a secret link (a review link, an invitation): never indexed, never sent on as a referrer. */
export const SECRET_LINK_HEADERS = { ...PAGE_HEADERS, "X-Robots-Tag": "noindex, nofollow" };

export interface ShellOptions {
  title: string;
  body: Html;
  /** The top bar's links and who is signed in (the dashboard's); without it the bar shows Herald's name only. */
  top?: Html;
  /** One narrow column: a form or a message rather than a table. */
  narrow?: boolean;
  /** The zone the page was drawn in (`<html data-zone>`, for the zone script). */
  zone?: string;
  scripts?: string[];
}

/** Herald's name in the top bar of a page without the dashboard's sections. */
const BARE_TOP = html`<header class="top"><div class="bar"><span class="brand">Herald<span>.</span></span></div></header>`;

/** A whole page: the one head (style, scripts), the top bar, and the body in <main>. */
export const shell = (options: ShellOptions) =>
  `<!doctype html>${html`<html lang="en"${options.zone && html` data-zone="${options.zone}"`}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${options.title} · Herald</title><style>${new Html(STYLE)}</style>${(options.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}</head><body>${options.top ?? BARE_TOP}<main${options.narrow && html` class="narrow"`}>${options.body}</main></body></html>`}`;
