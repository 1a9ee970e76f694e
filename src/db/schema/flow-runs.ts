// Tables of flows at work: inbound events, executions, collected answers, WhatsApp templates, with their states.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accounts } from "./accounts";
import { flows } from "./flows";
import { users } from "./users";

export const INBOUND_KINDS = ["comment", "message", "story_reply", "story_mention"] as const;

/**
 * A platform event (a comment or a message) Herald has taken in, by the platform's own id: platforms send the same
 * event more than once. The row is the consumer's claim on it: held until `lease_until` (service time) by the
 * isolate handling it, taken again once that lapses, and `done_at` once the contact's runner has it; a done event
 * delivered again is skipped.
 */
export const inboundEvents = sqliteTable(
  "inbound_events",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    externalId: text("external_id").notNull(),
    kind: text("kind", { enum: INBOUND_KINDS }).notNull(),
    senderId: text("sender_id").notNull(),
    receivedAt: integer("received_at").notNull(),
    leaseUntil: integer("lease_until").notNull().default(0),
    doneAt: integer("done_at"),
    /**
     * The event as it was queued (JSON), kept until it is done: the sweep queues it again when its queue message
     * was lost (wrangler dev keeps queue messages in memory; a crash between accepting and queueing loses one too).
     */
    payload: text("payload"),
    /** How often the sweep queued it again; it gives up after `INBOUND_REQUEUES`. */
    requeues: integer("requeues").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.externalId] }),
    index("inbound_events_received").on(t.receivedAt),
    // A contact's events not yet done, in order: a later one waits behind them.
    index("inbound_events_open").on(t.accountId, t.senderId, t.receivedAt).where(sql`${t.doneAt} IS NULL`),
  ],
);

export const EXECUTION_STATUSES = [
  "running",
  "waiting_input",
  "waiting_delay",
  "completed",
  "stopped",
  "errored",
] as const;

/**
 * Why an execution was stopped: its flow stopped running its version (turned off, deleted, another version live),
 * the owner stopped it, the contact opted out, or a person took the contact over.
 */
export const STOP_REASONS = ["flow_stopped", "owner", "opted_out", "human_takeover"] as const;
export type StopReason = (typeof STOP_REASONS)[number];

/**
 * One run of a live flow's pinned version for one contact (the sender on the account). The contact's
 * Durable Object owns its progress; this row is what lists, stats and `flow.error` read.
 */
export const flowExecutions = sqliteTable(
  "flow_executions",
  {
    id: text("id").primaryKey(),
    flowId: text("flow_id")
      .notNull()
      .references(() => flows.id),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    accountId: text("account_id").notNull(),
    versionId: text("version_id").notNull(),
    contactId: text("contact_id").notNull(),
    status: text("status", { enum: EXECUTION_STATUSES }).notNull(),
    /** The step it is on (or ended on). */
    stepId: text("step_id"),
    /** Set when `status` is `stopped`. */
    stopReason: text("stop_reason", { enum: STOP_REASONS }),
    errorMessage: text("error_message"),
    errorNodeId: text("error_node_id"),
    startedAt: integer("started_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    endedAt: integer("ended_at"),
  },
  (t) => [
    index("flow_executions_flow_started").on(t.flowId, t.startedAt),
    index("flow_executions_user_started").on(t.userId, t.startedAt),
    // Moving the sandbox clock wakes the contacts with an execution waiting on a delay.
    index("flow_executions_status").on(t.status, t.accountId, t.contactId),
    // Housekeeping forgets finished executions by when they ended.
    index("flow_executions_ended").on(t.endedAt),
  ],
);

export const COLLECT_FIELD_TYPES = ["email", "phone", "number", "url", "date", "text"] as const;

/** An answer a contact gave a flow's `collect` step (kept when invalid too, with `valid` false). */
export const collectedItems = sqliteTable(
  "collected_items",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    flowId: text("flow_id").notNull(),
    /** The flow's name when the answer came, so exports read well after a rename or delete. */
    flowName: text("flow_name").notNull(),
    executionId: text("execution_id").notNull(),
    stepId: text("step_id").notNull(),
    fieldType: text("field_type", { enum: COLLECT_FIELD_TYPES }).notNull(),
    fieldLabel: text("field_label").notNull(),
    value: text("value").notNull(),
    valid: integer("valid", { mode: "boolean" }).notNull(),
    collectedAt: integer("collected_at").notNull(),
  },
  (t) => [
    // Export pages newest first by (collected_at, id); both orders stay stable under concurrent inserts.
    index("collected_items_user_time").on(t.userId, t.collectedAt, t.id),
    index("collected_items_flow_time").on(t.flowId, t.collectedAt, t.id),
    // Retention: answers older than a year, across users.
    index("collected_items_collected").on(t.collectedAt),
  ],
);

export const TEMPLATE_STATUSES = ["pending", "approved", "rejected", "paused", "disabled"] as const;

/** A WhatsApp Business account's message template, as last read from the platform or its status webhook. */
export const whatsappTemplates = sqliteTable(
  "whatsapp_templates",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    language: text("language").notNull(),
    status: text("status", { enum: TEMPLATE_STATUSES }).notNull(),
    reason: text("reason"),
    /** How many variables its body has, when the platform's template list says (null: not known). */
    bodyParameters: integer("body_parameters"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("whatsapp_templates_name").on(t.accountId, t.name, t.language)],
);
