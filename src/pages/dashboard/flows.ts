/** The dashboard's flows: every flow with its numbers, and a flow's page (diagram, problems, runs, collected data). */
import { EXECUTION_STATUSES } from "../../db/schema/flow-runs";
import { platformLabel } from "../../platforms/catalog";
import type { collectedDataSummary } from "../../services/flows/collected-data";
import type { listExecutions } from "../../services/flows/executions";
import type { listFlowsWithStats } from "../../services/flows/stats";
import type { FlowView } from "../../services/flows/store";
import { formatNumber } from "../charts";
import { flowDiagram } from "../flow-diagram";
import { dateTimeIn, words } from "../format";
import { type Html, html } from "../html";
import { dashboardPage, type Notice, noticeOf, postButton, type Viewer } from "./layout";

export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/** The colour of a flow's or a run's state, in the badges' classes. */
const BADGE: Record<string, string> = {
  draft: "s-draft",
  live: "s-published",
  off: "s-cancelled",
  running: "s-publishing",
  waiting_input: "s-scheduled",
  waiting_delay: "s-scheduled",
  completed: "s-published",
  stopped: "s-cancelled",
  errored: "s-failed",
};
const badge = (status: string) => html`<span class="badge ${BADGE[status] ?? ""}">${words(status)}</span>`;

const accountLabel = (names: Map<string, string>, platform: string, accountId: string) =>
  `${platformLabel(platform)} · ${names.get(accountId) ?? accountId}`;

export interface FlowListView {
  stats: Awaited<ReturnType<typeof listFlowsWithStats>>;
  /** Account names by id. */
  accounts: Map<string, string>;
}

/** Every flow, oldest first, with what it did in the last 30 days. */
export function flowListPage(viewer: Viewer, view: FlowListView) {
  const rows = view.stats.flows.map(
    (f) => html`<tr>
      <th scope="row"><a href="/dashboard/flows/${f.flowId}">${f.flowName}</a></th>
      <td>${badge(f.status)}</td>
      <td class="small">${accountLabel(view.accounts, f.platform, f.accountId)}</td>
      <td>${formatNumber(f.executions.started)}</td><td>${formatNumber(f.executions.completed)}</td>
      <td>${formatNumber(f.executions.errored)}</td><td>${formatNumber(f.itemsCollected)}</td>
    </tr>`,
  );
  return dashboardPage(
    viewer,
    "flows",
    "Flows",
    html`<h1>Flows</h1>
      <p class="muted small">What each flow did from ${dateTimeIn(Date.parse(view.stats.from), viewer.zone)} to now (${viewer.zone}).</p>
      <div class="card table-wrap">${
        rows.length === 0
          ? html`<p class="muted">No flows yet. Build one with the API or an agent (<code>generate_flow</code>).</p>`
          : html`<table id="flows-table"><caption class="sr-only">Flows and their numbers</caption>
            <thead><tr><th scope="col">Flow</th><th scope="col">State</th><th scope="col">Account</th><th scope="col">Started</th><th scope="col">Completed</th><th scope="col">Errored</th><th scope="col">Collected</th></tr></thead>
            <tbody>${rows}</tbody></table>`
      }</div>`,
  );
}

export interface FlowPageView {
  flow: FlowView;
  accountName: string;
  runs: Awaited<ReturnType<typeof listExecutions>>;
  /** The runs shown: one state, or all. */
  runStatus?: ExecutionStatus;
  collected: Awaited<ReturnType<typeof collectedDataSummary>>;
  /** Null when the export is open to the user; else the export's refusal, shown where the download would be. */
  exportRefusal: string | null;
  notice?: Notice;
}

const UNDER_WAY: readonly string[] = ["running", "waiting_input", "waiting_delay"];

function actions(viewer: Viewer, flow: FlowView) {
  const base = `/dashboard/flows/${flow.id}`;
  return html`<div class="row">
    ${flow.status === "live" ? postButton(viewer, `${base}/deactivate`, "Turn off") : postButton(viewer, `${base}/activate`, "Turn on", { className: "primary" })}
    ${postButton(viewer, `${base}/duplicate`, "Duplicate")}
  </div>`;
}

function problemList(flow: FlowView) {
  if (flow.problems.length === 0) {
    return html`<p class="notice ok" id="problems">${flow.status === "live" ? "No problems." : "No problems: it can be turned on."}</p>`;
  }
  const nameOf = new Map(flow.nodes.map((n) => [n.id, n.name]));
  const count = flow.problems.length === 1 ? "1 problem" : `${flow.problems.length} problems`;
  const what =
    flow.status === "live"
      ? "while it runs"
      : flow.problems.length === 1
        ? "stops it being turned on"
        : "stop it being turned on";
  return html`<section class="notice bad" id="problems" aria-labelledby="problems-title"><h2 id="problems-title" style="margin-top:0">${count} ${what}</h2><ul>${flow.problems.map(
    (p) =>
      html`<li data-code="${p.code}"${p.nodeId && html` data-step="${p.nodeId}"`}>${p.nodeId && html`<strong>${nameOf.get(p.nodeId) ?? p.nodeId}</strong>: `}${p.message} <code>${p.code}</code></li>`,
  )}</ul></section>`;
}

/** The steps in words, each with where it leads and its problems: what a screen reader reads for the diagram. */
function stepList(flow: FlowView, problemsOf: (id: string) => string[]) {
  const nameOf = new Map(flow.nodes.map((n) => [n.id, n.name]));
  const items = flow.nodes.map((step) => {
    const next = flow.edges.filter((e) => e.from === step.id);
    const problems = problemsOf(step.id);
    return html`<li data-step="${step.id}"${problems.length > 0 && html` class="problem"`}><strong>${step.name}</strong> (${words(step.type)})${step.summary && `: ${step.summary}`}${
      next.length > 0 &&
      html`<br><span class="small">Then ${next.map((e, i) => html`${i > 0 && ", "}${e.handle && `on ${e.handle} `}→ ${nameOf.get(e.to) ?? e.to}`)}.</span>`
    }${problems.length > 0 && html`<br><span class="small">Problems: ${problems.join(", ")}</span>`}</li>`;
  });
  return html`<details class="card" open><summary>The steps in words</summary><ol class="steps" id="steps">${items}</ol></details>`;
}

const runsHref = (flowId: string, status?: string, cursor?: string) => {
  const query = new URLSearchParams({ ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) }).toString();
  return `/dashboard/flows/${flowId}${query ? `?${query}` : ""}#runs`;
};

function runs(viewer: Viewer, view: FlowPageView) {
  const { flow } = view;
  const chips = [undefined, ...EXECUTION_STATUSES].map(
    (status) =>
      html`<a href="${runsHref(flow.id, status)}"${status === view.runStatus && html` aria-current="page"`}>${status ? words(status) : "All"}</a>`,
  );
  const rows = view.runs.data.map(
    (run) => html`<tr data-run="${run.id}">
      <td class="small">${dateTimeIn(Date.parse(run.started_at), viewer.zone)}</td>
      <td><code>${run.contact_id}</code></td>
      <td>${badge(run.status)}${run.stop_reason && html` <span class="small muted">${words(run.stop_reason)}</span>`}${run.error_message && html`<div class="small">${run.error_message}</div>`}</td>
      <td class="small">${flow.nodes.find((n) => n.id === run.step_id)?.name ?? ""}</td>
      <td>${UNDER_WAY.includes(run.status) && postButton(viewer, `/dashboard/flows/${flow.id}/runs/${run.id}/stop`, "Stop", { className: "danger" })}</td>
    </tr>`,
  );
  return html`<section aria-labelledby="runs"><h2 id="runs">Runs</h2>
    <nav class="chips" aria-label="Runs by state">${chips}</nav>
    <div class="card table-wrap">${
      rows.length === 0
        ? html`<p class="muted">No ${view.runStatus && words(view.runStatus)} runs.</p>`
        : html`<table id="runs-table"><caption class="sr-only">Runs, newest first</caption><thead><tr><th scope="col">Started (${viewer.zone})</th><th scope="col">Person</th><th scope="col">State</th><th scope="col">Step</th><th scope="col"><span class="sr-only">Stop</span></th></tr></thead><tbody>${rows}</tbody></table>`
    }</div>
    ${view.runs.next_cursor && html`<p><a class="button" href="${runsHref(flow.id, view.runStatus, view.runs.next_cursor)}">Older runs →</a></p>`}
  </section>`;
}

function collected(viewer: Viewer, view: FlowPageView): Html {
  const { collected: data, flow } = view;
  const download = view.exportRefusal
    ? html`<p class="notice warn small" id="export-refused">${view.exportRefusal}</p>`
    : html`<p><a class="button" id="export" href="/dashboard/flows/${flow.id}/collected-data.csv" download>Download every answer (CSV)</a></p>`;
  const fields = data.fields.map(
    (f) =>
      html`<tr><th scope="row">${f.fieldLabel}</th><td>${words(f.fieldType)}</td><td>${formatNumber(f.total)}</td><td>${formatNumber(f.valid)}</td></tr>`,
  );
  const recent = data.recent.map(
    (r) =>
      html`<tr><td class="small">${dateTimeIn(Date.parse(r.collectedAt), viewer.zone)}</td><td>${r.fieldLabel}</td><td>${r.preview ?? html`<span class="muted">(in the download)</span>`}</td><td>${r.valid ? "yes" : "no"}</td></tr>`,
  );
  return html`<section aria-labelledby="collected"><h2 id="collected">Collected data</h2>
    ${
      data.total === 0
        ? html`<p class="muted card">Nothing collected yet.</p>`
        : html`<div class="card table-wrap"><table id="fields-table"><caption class="sr-only">Answers per field</caption><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Answers</th><th scope="col">Valid</th></tr></thead><tbody>${fields}</tbody></table></div>
          <div class="card table-wrap"><table id="recent-table"><caption class="sr-only">The latest answers (emails and phone numbers only in the download)</caption><thead><tr><th scope="col">When</th><th scope="col">Field</th><th scope="col">Answer</th><th scope="col">Valid</th></tr></thead><tbody>${recent}</tbody></table></div>`
    }
    ${download}</section>`;
}

/** One flow: what to do with it, its problems, its diagram and steps, its runs and what it collected. */
export function flowPage(viewer: Viewer, view: FlowPageView) {
  const { flow } = view;
  const problemsOf = (stepId: string) => flow.problems.filter((p) => p.nodeId === stepId).map((p) => p.code);
  const diagram =
    flow.nodes.length === 0
      ? html`<p class="muted card">No steps yet.</p>`
      : html`<div class="card">${flowDiagram({ id: "diagram", title: `The steps of ${flow.name}`, steps: flow.nodes, edges: flow.edges, problemsOf })}</div>${stepList(flow, problemsOf)}`;
  return dashboardPage(
    viewer,
    "flows",
    flow.name,
    html`<p class="small"><a href="/dashboard/flows">← Flows</a></p>
      <div class="spread"><h1>${flow.name} ${badge(flow.status)}</h1>${actions(viewer, flow)}</div>
      <p class="muted small">${platformLabel(flow.platform)} · ${view.accountName}${flow.post_id && html` · the automation of <a href="/dashboard/posts/${flow.post_id}">a post</a>`}</p>
      ${noticeOf(view.notice)}
      ${problemList(flow)}
      <section aria-labelledby="diagram-heading"><h2 id="diagram-heading">Steps</h2>${diagram}</section>
      ${runs(viewer, view)}
      ${collected(viewer, view)}`,
  );
}
