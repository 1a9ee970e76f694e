// Scheduled reports: a client group's report mailed every week or month, and each mail of it, sent once.
import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { accountGroups } from "./groups";
import { users } from "./users";

export const REPORT_PERIODS = ["week", "month"] as const;
export const REPORT_FILE_FORMATS = ["csv", "pdf"] as const;
export const REPORT_MAIL_STATES = ["pending", "sending", "sent", "failed"] as const;

/** A client group's report, mailed on the first day of each week (Monday) or month in the owner's zone. */
export const reportSchedules = sqliteTable(
  "report_schedules",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    groupId: text("group_id")
      .notNull()
      .references(() => accountGroups.id, { onDelete: "cascade" }),
    every: text("every", { enum: REPORT_PERIODS }).notNull(),
    format: text("format", { enum: REPORT_FILE_FORMATS }).notNull(),
    recipients: text("recipients", { mode: "json" }).$type<string[]>().notNull(),
    /** When the next report is due: the start of the next period in the owner's zone, moved on by the sweep's claim. */
    nextAt: integer("next_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("report_schedules_user").on(t.userId, t.createdAt), index("report_schedules_due").on(t.nextAt)],
);

/**
 * One recipient's mail of one period's report. Written `pending` when the period is claimed, claimed
 * (`pending` → `sending`) before the mail provider is called, so a redelivered message never mails twice.
 */
export const reportMails = sqliteTable(
  "report_mails",
  {
    id: text("id").primaryKey(),
    scheduleId: text("schedule_id")
      .notNull()
      .references(() => reportSchedules.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    /** The period the report covers: its first day ("YYYY-MM-DD", in the owner's zone). */
    period: text("period").notNull(),
    /** The instants the report covers, [from, to). */
    fromAt: integer("from_at").notNull(),
    toAt: integer("to_at").notNull(),
    recipient: text("recipient").notNull(),
    state: text("state", { enum: REPORT_MAIL_STATES }).notNull(),
    tries: integer("tries").notNull().default(0),
    /** When a consumer last claimed it (`pending` → `sending`): one still `sending` long after was left mid-call. */
    claimedAt: integer("claimed_at"),
    mailId: text("mail_id"),
    errorCode: text("error_code"),
    errorMessage: text("error_message"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("report_mails_once").on(t.scheduleId, t.period, t.recipient),
    // The sweep's look at mails not settled yet: only those rows.
    index("report_mails_unsettled").on(t.createdAt).where(sql`${t.state} IN ('pending', 'sending')`),
  ],
);

/**
 * A client group's report shared read-only by link (as a review link is): the page shows the report of the last
 * `days` days whenever it is opened, until the link expires or is revoked.
 */
export const reportLinks = sqliteTable(
  "report_links",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id),
    groupId: text("group_id")
      .notNull()
      .references(() => accountGroups.id, { onDelete: "cascade" }),
    /** SHA-256 of the link's token (32 random bytes); the token itself is shown once and never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    days: integer("days").notNull(),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("report_links_user").on(t.userId, t.createdAt)],
);
