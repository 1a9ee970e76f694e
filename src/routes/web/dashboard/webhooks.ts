// The dashboard's webhooks and notifications pages, and their forms.
import type { Context } from "hono";
import { validationError, validationFailure } from "../../../lib/errors";
import type { Notice } from "../../../pages/dashboard/layout";
import { notificationsPage } from "../../../pages/dashboard/notifications";
import { webhooksPage } from "../../../pages/dashboard/webhooks";
import { WebhookCreateBody } from "../../../schemas/webhooks";
import { principalForSession, type Session } from "../../../services/auth/sessions";
import { listNotifications, markNotificationsRead } from "../../../services/notifications";
import { listAttempts, redeliverEvent, sendTestEvent } from "../../../services/webhooks/actions";
import { eventsOffered } from "../../../services/webhooks/catalog";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  presentWebhook,
  updateWebhook,
} from "../../../services/webhooks/store";
import type { AppEnv } from "../../env";
import { createRouter } from "../../router";
import { dashboardAction, dashboardForm, dashboardView, field, fields, showPage, viewerOf } from "./session";

/** Deliveries shown per webhook. */
const ATTEMPTS_SHOWN = 10;

async function renderWebhooks(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200) {
  const { rt } = c.var;
  const [viewer, rows] = await Promise.all([viewerOf(c, session), listWebhooks(rt, session.userId)]);
  const webhooks = await Promise.all(
    rows.map(async (row) => ({
      webhook: presentWebhook(row),
      attempts: await listAttempts(rt, session.userId, row.id, { limit: ATTEMPTS_SHOWN }),
    })),
  );
  return showPage(c, webhooksPage(viewer, { webhooks, offered: eventsOffered(session.plan), notice }), status);
}

async function renderNotifications(c: Context<AppEnv>, session: Session, notice?: Notice, status = 200) {
  const [viewer, notifications] = await Promise.all([
    viewerOf(c, session),
    listNotifications(c.var.rt, session.userId, 100),
  ]);
  return showPage(c, notificationsPage(viewer, notifications, notice), status);
}

const offeredNames = (session: Session) => new Set<string>(eventsOffered(session.plan).map((o) => o.event));

/** The events ticked on a dashboard form: only those the dashboard offers. */
function tickedEvents(session: Session, form: Record<string, unknown>): string[] {
  const offered = offeredNames(session);
  const ticked = fields(form, "events");
  ticked.forEach((event, i) => {
    if (!offered.has(event)) throw validationError(`events.${i}`, `${event} is not offered here`);
  });
  if (ticked.length === 0) throw validationError("events", "tick at least one event");
  return ticked;
}

const webhookAction = (act: (c: Context<AppEnv>, session: Session, form: Record<string, unknown>) => Promise<Notice>) =>
  dashboardAction(act, renderWebhooks);

export const dashboardWebhookRoutes = createRouter()
  .get("/dashboard/notifications", dashboardView(renderNotifications))
  .post(
    "/dashboard/notifications/read",
    dashboardForm("accounts:read"),
    dashboardAction(async (c, session, form) => {
      const id = field(form, "id");
      const marked = await markNotificationsRead(c.var.rt, session.userId, id === "all" ? "all" : [id]);
      return { ok: true, message: marked === 1 ? "Marked read." : `${marked} marked read.` };
    }, renderNotifications),
  )
  .get("/dashboard/webhooks", dashboardView(renderWebhooks))
  .post(
    "/dashboard/webhooks",
    dashboardForm("webhooks:write"),
    webhookAction(async (c, session, form) => {
      const parsed = WebhookCreateBody.safeParse({
        target_url: field(form, "target_url"),
        events: tickedEvents(session, form),
        signature_format: field(form, "signature_format") || undefined,
      });
      if (!parsed.success) throw validationFailure(parsed.error.issues);
      const created = await createWebhook(c.var.rt, principalForSession(session), parsed.data);
      return {
        ok: true,
        message: "Webhook added. Its signing secret verifies every request Herald sends it:",
        secret: created.signing_secret,
      };
    }),
  )
  .post(
    "/dashboard/webhooks/:id/events",
    dashboardForm("webhooks:write"),
    webhookAction(async (c, session, form) => {
      const id = c.req.param("id") ?? "";
      const current = (await listWebhooks(c.var.rt, session.userId)).find((w) => w.id === id);
      // `test` is not offered here (Send test sends it anyway): saving keeps it if the webhook has it.
      const offered = offeredNames(session);
      const kept = (current?.events ?? []).filter((e) => !offered.has(e));
      const events = [...tickedEvents(session, form), ...kept];
      await updateWebhook(c.var.rt, principalForSession(session), id, { events });
      return { ok: true, message: "Events saved." };
    }),
  )
  .post(
    "/dashboard/webhooks/:id/switch",
    dashboardForm("webhooks:write"),
    webhookAction(async (c, session, form) => {
      const active = field(form, "active") === "1";
      await updateWebhook(c.var.rt, principalForSession(session), c.req.param("id") ?? "", { active });
      return { ok: true, message: active ? "Switched on." : "Switched off." };
    }),
  )
  .post(
    "/dashboard/webhooks/:id/delete",
    dashboardForm("webhooks:write"),
    webhookAction(async (c, session) => {
      await deleteWebhook(c.var.rt, session.userId, c.req.param("id") ?? "");
      return { ok: true, message: "Webhook deleted." };
    }),
  )
  .post(
    "/dashboard/webhooks/:id/test",
    dashboardForm("webhooks:write"),
    webhookAction(async (c, session) => {
      const sent = await sendTestEvent(c.var.rt, principalForSession(session), c.req.param("id") ?? "");
      const answer = sent.status === null ? `no answer (${sent.error})` : `HTTP ${sent.status}`;
      return {
        ok: sent.ok,
        message: `Test sent at ${sent.at.slice(11, 19)} UTC: ${answer} in ${sent.duration_ms} ms.`,
      };
    }),
  )
  .post(
    "/dashboard/webhooks/:id/deliveries/:eventId/redeliver",
    dashboardForm("webhooks:write"),
    webhookAction(async (c, session) => {
      const principal = principalForSession(session);
      const sent = await redeliverEvent(c.var.rt, principal, c.req.param("id") ?? "", c.req.param("eventId") ?? "");
      const answer = sent.status === null ? `no answer (${sent.error})` : `HTTP ${sent.status}`;
      return { ok: sent.ok, message: `Sent ${sent.event} again: ${answer} in ${sent.duration_ms} ms.` };
    }),
  );
