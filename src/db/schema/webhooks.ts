// Webhook tables: the endpoints, each event's delivery and every attempt, and the outbox readers' cursors.
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { users } from "./users";

/** How a webhook's receiver is named in the dashboard; `make` and `zapier` do not count toward the plan's webhooks. */
export const INTEGRATION_TYPES = ["webhook", "custom", "n8n", "make", "zapier"] as const;

/**
 * How a webhook's requests are signed: `service` is Herald's own `X-Service-Signature: t=…,v1=<hex>`; `standard` the
 * Standard Webhooks headers (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>`).
 */
export const SIGNATURE_FORMATS = ["service", "standard"] as const;

export const webhooks = sqliteTable(
  "webhooks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    /** The URL as the SSRF guard parsed it (`URL.href`), so one endpoint is one string. */
    targetUrl: text("target_url").notNull(),
    events: text("events", { mode: "json" }).$type<string[]>().notNull(),
    /** One of `INTEGRATION_TYPES`. */
    integrationType: text("integration_type").notNull(),
    /** Empty: every account. */
    accountIds: text("account_ids", { mode: "json" }).$type<string[]>().notNull(),
    active: integer("active", { mode: "boolean" }).notNull(),
    /** The signing secret, AES-GCM encrypted (src/services/secrets.ts) with the webhook's id as context. */
    secretSealed: text("secret_sealed").notNull(),
    /** One of `SIGNATURE_FORMATS`. */
    signatureFormat: text("signature_format").notNull().default("service"),
    /** Events whose every try failed, since the last success or since it was switched on. */
    consecutiveFailures: integer("consecutive_failures").notNull(),
    /** Only outbox events after this `events.seq` are sent: those written while the webhook was on. */
    startSeq: integer("start_seq").notNull(),
    switchedOffAt: integer("switched_off_at"),
    lastDeliveryAt: integer("last_delivery_at"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("webhooks_user_url").on(t.userId, t.targetUrl)],
);

/** Tries per event in all (the first and one after each configured delay). */
export const MAX_TRIES = 5;

/**
 * One outbox event for one webhook: created once by the fan-out (the unique pair is what makes each
 * pair queued once), then moved by the delivery consumer. `attempts` counts the automatic tries made, at most
 * `MAX_TRIES`.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    webhookId: text("webhook_id").notNull(),
    eventId: text("event_id").notNull(),
    status: text("status", { enum: ["pending", "sending", "succeeded", "failed", "cancelled"] }).notNull(),
    attempts: integer("attempts").notNull(),
    /** When the next try is due (pending) or when the current one started (sending). */
    nextAttemptAt: integer("next_attempt_at").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_pair").on(t.webhookId, t.eventId),
    index("webhook_deliveries_due").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_finished").on(t.status, t.updatedAt),
  ],
);

/** Every request made to a webhook endpoint: automatic tries, redeliveries and Send test. */
export const deliveryAttempts = sqliteTable(
  "delivery_attempts",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    webhookId: text("webhook_id").notNull(),
    eventId: text("event_id").notNull(),
    event: text("event").notNull(),
    attempt: integer("attempt").notNull(),
    trigger: text("trigger", { enum: ["delivery", "redeliver", "test"] }).notNull(),
    ok: integer("ok", { mode: "boolean" }).notNull(),
    /** The endpoint's HTTP status; null when it did not answer. */
    status: integer("status"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("delivery_attempts_webhook").on(t.webhookId, t.seq),
    index("delivery_attempts_event").on(t.webhookId, t.eventId),
    index("delivery_attempts_created").on(t.createdAt),
  ],
);

/** How far a reader of the events outbox has got (`events.seq`); the webhook fan-out is one reader. */
export const outboxCursors = sqliteTable("outbox_cursors", {
  name: text("name").primaryKey(),
  seq: integer("seq").notNull(),
});
