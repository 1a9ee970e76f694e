// The dashboard's webhooks page: add one, choose its events, switch it, Send test, see its deliveries.
import type { presentAttempt } from "../../services/webhooks/actions";
import type { eventsOffered } from "../../services/webhooks/catalog";
import type { presentWebhook } from "../../services/webhooks/store";
import { dateTimeIn } from "../format";
import { html } from "../html";
import { dashboardPage, type Notice, noticeOf, postButton, type Viewer } from "./layout";

export interface WebhooksView {
  webhooks: { webhook: ReturnType<typeof presentWebhook>; attempts: ReturnType<typeof presentAttempt>[] }[];
  offered: ReturnType<typeof eventsOffered>;
  notice?: Notice;
}

/** One checkbox per event Herald sends; those the plan lacks are shown, switched off, with what they need. */
const eventBoxes = (offered: WebhooksView["offered"], chosen: readonly string[]) =>
  html`<fieldset><legend>Events</legend>${offered.map(
    (o) =>
      html`<label class="check"><input type="checkbox" name="events" value="${o.event}"${chosen.includes(o.event) && html` checked`}${!o.allowed && html` disabled`}> <code>${o.event}</code> <span class="muted small">${o.summary}${o.needs && html` (needs a plan with ${o.needs})`}</span></label>`,
  )}</fieldset>`;

function attemptsTable(viewer: Viewer, webhookId: string, attempts: WebhooksView["webhooks"][number]["attempts"]) {
  if (attempts.length === 0) return html`<p class="muted small">No deliveries yet.</p>`;
  const rows = attempts.map(
    (a) => html`<tr>
      <td class="small">${dateTimeIn(Date.parse(a.at), viewer.zone)}</td>
      <td><code>${a.event}</code><div class="small muted">${a.trigger}${a.trigger === "delivery" && ` · try ${a.attempt}`}</div></td>
      <td><span class="badge ${a.ok ? "s-published" : "s-failed"}">${a.status ?? "no answer"}</span> <span class="small muted">${a.duration_ms} ms</span>${a.error && html`<div class="small">${a.error}</div>`}</td>
      <td>${a.trigger !== "test" && postButton(viewer, `/dashboard/webhooks/${webhookId}/deliveries/${a.event_id}/redeliver`, "Redeliver")}</td>
    </tr>`,
  );
  return html`<div class="table-wrap"><table><thead><tr><th>When</th><th>Event</th><th>Answer</th><th></th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

const FORMAT_WORDS = {
  service: "Herald (X-Service-Signature)",
  standard: "Standard Webhooks (webhook-signature: standardwebhooks, svix)",
} as const;

/** The user's webhooks: add one, choose its events, switch it, Send test, and each one's deliveries. */
export function webhooksPage(viewer: Viewer, view: WebhooksView) {
  const cards = view.webhooks.map(
    ({ webhook: w, attempts }) => html`<section class="card" id="${w.id}">
      <div class="spread"><h3><code>${w.target_url}</code></h3><span class="badge ${w.active ? "s-published" : "s-failed"}">${w.active ? "on" : "switched off"}</span></div>
      <p class="small muted">Signed: ${FORMAT_WORDS[w.signature_format]}</p>
      <p class="small muted">${w.last_delivery_at ? html`Last answer: ${w.last_status ?? "none"} at ${dateTimeIn(Date.parse(w.last_delivery_at), viewer.zone)}${w.last_error && ` (${w.last_error})`}` : "Nothing sent yet."}</p>
      <div class="row">
        ${postButton(viewer, `/dashboard/webhooks/${w.id}/test`, "Send test", { className: "primary" })}
        ${postButton(viewer, `/dashboard/webhooks/${w.id}/switch`, w.active ? "Switch off" : "Switch on", { fields: { active: w.active ? "0" : "1" } })}
        ${postButton(viewer, `/dashboard/webhooks/${w.id}/delete`, "Delete", { className: "danger" })}
      </div>
      <details><summary>Events (${w.events.length})</summary>
        <form method="post" action="/dashboard/webhooks/${w.id}/events"><input type="hidden" name="csrf" value="${viewer.csrf}">
          ${eventBoxes(view.offered, w.events)}<button type="submit">Save events</button></form>
      </details>
      <h3 style="margin-top:1rem">Deliveries</h3>
      ${attemptsTable(viewer, w.id, attempts)}
    </section>`,
  );
  return dashboardPage(
    viewer,
    "webhooks",
    "Webhooks",
    html`<h1>Webhooks</h1>
      ${noticeOf(view.notice)}
      ${cards.length === 0 ? html`<p class="muted">No webhooks yet.</p>` : cards}
      <section class="card"><h2 style="margin-top:0">Add a webhook</h2>
        <form method="post" action="/dashboard/webhooks"><input type="hidden" name="csrf" value="${viewer.csrf}">
          <label for="target_url">Endpoint (public https URL)</label><input id="target_url" name="target_url" type="url" required placeholder="https://example.com/herald">
          ${eventBoxes(view.offered, ["post.published", "post.failed"])}
          <label for="signature_format">Signature</label><select id="signature_format" name="signature_format">${Object.entries(FORMAT_WORDS).map(([value, words]) => html`<option value="${value}">${words}</option>`)}</select>
          <button class="primary" type="submit">Add webhook</button>
        </form>
      </section>`,
  );
}
