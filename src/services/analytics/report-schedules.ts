// Scheduled reports: a client group's report mailed on the first day of each week or month, once per recipient.
import { and, asc, eq, lt, lte, sql } from "drizzle-orm";
import { REPORT_MAIL_FAILED, reportMails, reportSchedules, users } from "../../db/schema";
import { iso } from "../../lib/clock";
import { AppError, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { dateIn, periodStartOf, startOfDay } from "../../lib/time";
import type { Received } from "../../queues/queue";
import { type ReportMailMessage, reportMailQueue } from "../../queues/report-mails";
import type { ReportScheduleCreateSchema } from "../../schemas/report-schedules";
import { getOwnedGroup } from "../accounts/account-groups";
import { sendMail } from "../mail";
import { notificationInsert } from "../notifications";
import type { Runtime } from "../runtime";
import { timeZoneOf } from "../users";
import { buildReport, type Report } from "./report";
import { reportFile } from "./report-file";

/** Due schedules claimed per read, and reads per hourly run: at most 2,000 reports an hour. */
const DUE_PER_READ = 100;
const DUE_READS = 20;
/** How many schedules one workspace keeps. */
export const MAX_REPORT_SCHEDULES = 20;
/**
 * A mail's tries of the provider: one it refused or that did not answer waits `pending` for the next hourly run, which
 * queues it again, up to this many tries in all.
 */
export const MAX_REPORT_MAIL_TRIES = 3;
/** A mail still `pending` this long after its period was claimed lost its queue message or waits to be tried again. */
export const LOST_REPORT_MAIL_MS = 5 * 60_000;
/** A mail still `sending` this long after a consumer claimed it was left mid-call: it may have gone, so not again. */
export const ABANDONED_REPORT_MAIL_MS = 15 * 60_000;
/** A mail never sent a day after its period was claimed is given up (the next period brings the next report). */
export const GIVE_UP_REPORT_MAIL_MS = 24 * 60 * 60_000;

type ScheduleRow = typeof reportSchedules.$inferSelect;
type MailRow = typeof reportMails.$inferSelect;
type ScheduleInput = typeof ReportScheduleCreateSchema._output;

/** The instants of a report's dates: whole UTC days, as the report route reads dates. */
const utcStartOf = (date: string) => startOfDay(date, "UTC")!;

/**
 * When the report of the period before the one beginning on `date` goes out: once that day has begun in the owner's
 * zone and the UTC days the report covers have ended. Both fall on that first day in the zone (offsets are under a
 * day): at 00:00 there west of UTC, at 00:00 UTC (a few hours into the day) east of it.
 */
const reportAt = (date: string, zone: string) => Math.max(startOfDay(date, zone)!, utcStartOf(date));

/** When the report after the period `at` is in (in `zone`) goes out. */
const nextReportAt = (every: ScheduleRow["every"], at: number, zone: string) =>
  reportAt(periodStartOf(every, dateIn(at, zone), 1), zone);

const present = (row: ScheduleRow, zone: string) => ({
  id: row.id,
  group_id: row.groupId,
  every: row.every,
  format: row.format,
  to: row.recipients,
  next_report_at: iso(row.nextAt),
  timezone: zone,
  created_at: iso(row.createdAt),
});

/**
 * A schedule for a group's report: the first goes out at the start of the next week or month in the owner's zone
 * (covering the period just ended), never at once. 400 `report_schedule_limit` past `MAX_REPORT_SCHEDULES`.
 */
export async function createReportSchedule(rt: Runtime, userId: string, input: ScheduleInput) {
  await getOwnedGroup(rt, userId, input.group_id);
  const zone = await timeZoneOf(rt, userId);
  const now = rt.clock.now();
  const row: ScheduleRow = {
    id: newId("rsc"),
    userId,
    groupId: input.group_id,
    every: input.every,
    format: input.format,
    recipients: [...new Set(input.to.map((email) => email.toLowerCase()))],
    nextAt: nextReportAt(input.every, now, zone),
    createdAt: now,
  };
  // Counted inside the insert, so racing creations never pass the limit.
  const inserted = await rt.db.run(sql`
    INSERT INTO ${reportSchedules} (id, user_id, group_id, every, format, recipients, next_at, created_at)
    SELECT ${row.id}, ${userId}, ${row.groupId}, ${row.every}, ${row.format}, ${JSON.stringify(row.recipients)},
      ${row.nextAt}, ${now}
    WHERE (SELECT count(*) FROM ${reportSchedules} WHERE user_id = ${userId}) < ${MAX_REPORT_SCHEDULES}`);
  if (inserted.meta.changes === 0) {
    throw new AppError(
      "report_schedule_limit",
      `A workspace can have at most ${MAX_REPORT_SCHEDULES} report schedules`,
      { limit: MAX_REPORT_SCHEDULES },
    );
  }
  return present(row, zone);
}

export async function listReportSchedules(rt: Runtime, userId: string) {
  const [rows, zone] = await Promise.all([
    rt.db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.userId, userId))
      .orderBy(asc(reportSchedules.createdAt), asc(reportSchedules.id)),
    timeZoneOf(rt, userId),
  ]);
  return rows.map((row) => present(row, zone));
}

/** Deletes the schedule with its mails: nothing more goes out for it. */
export async function deleteReportSchedule(rt: Runtime, userId: string, id: string) {
  const [deleted] = await rt.db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.id, id), eq(reportSchedules.userId, userId)))
    .returning({ id: reportSchedules.id });
  if (!deleted) throw notFound("Report schedule");
  return { id, deleted: true as const };
}

/**
 * Claims the period `now` is in for a due schedule, in one batch: its next time moved on (guarded by the time read,
 * so of racing runs one moves it) and a `pending` mail per recipient, unique per schedule, period and recipient (so
 * every run writes each once). Answers the message that sends them.
 */
async function claimPeriod(rt: Runtime, schedule: ScheduleRow, zone: string, now: number): Promise<ReportMailMessage> {
  const period = periodStartOf(schedule.every, dateIn(now, zone));
  const covered = { fromAt: utcStartOf(periodStartOf(schedule.every, period, -1)), toAt: utcStartOf(period) };
  const mails = schedule.recipients.map((recipient) => ({
    id: newId("rml"),
    scheduleId: schedule.id,
    userId: schedule.userId,
    period,
    ...covered,
    recipient,
    state: "pending" as const,
    createdAt: now,
  }));
  await rt.db.batch([
    rt.db
      .update(reportSchedules)
      .set({ nextAt: nextReportAt(schedule.every, now, zone) })
      .where(and(eq(reportSchedules.id, schedule.id), eq(reportSchedules.nextAt, schedule.nextAt))),
    rt.db.insert(reportMails).values(mails).onConflictDoNothing(),
  ]);
  return { scheduleId: schedule.id, period };
}

/**
 * The hourly job. Each schedule that is due has its period claimed (`claimPeriod`), `DUE_PER_READ` at a time and at
 * most `DUE_READS` times a run (the rest wait for the next run); then one message per period is queued. A period missed while Herald was down is not made up: the report covers the
 * last period that ended. Also settles mails left behind: queued again when their message was lost or their last try
 * failed, failed when a consumer died mid-send (they may have gone) or when they were never sent within a day.
 */
export async function dispatchReportMails(rt: Runtime) {
  const now = rt.clock.now();
  const messages: ReportMailMessage[] = [];
  for (let read = 0; read < DUE_READS; read++) {
    const due = await rt.db
      .select({ schedule: reportSchedules, zone: users.timeZone })
      .from(reportSchedules)
      .innerJoin(users, eq(users.id, reportSchedules.userId))
      .where(lte(reportSchedules.nextAt, now))
      .orderBy(asc(reportSchedules.nextAt))
      .limit(DUE_PER_READ);
    for (const { schedule, zone } of due) messages.push(await claimPeriod(rt, schedule, zone ?? "UTC", now));
    // Each claim moved its schedule's next time on, so the next read finds the ones after.
    if (due.length < DUE_PER_READ) break;
  }
  const settled = await settleLeftBehind(rt, now);
  const requeued = [
    ...new Map(
      settled.lost.map((m) => [`${m.scheduleId} ${m.period}`, { scheduleId: m.scheduleId, period: m.period }]),
    ).values(),
  ];
  await reportMailQueue.send(rt, [...messages, ...requeued]);
  return { claimed: messages.length, requeued: requeued.length, abandoned: settled.abandoned };
}

async function settleLeftBehind(rt: Runtime, now: number) {
  const unsettled = await rt.db
    .select()
    .from(reportMails)
    .where(
      and(sql`${reportMails.state} IN ('pending', 'sending')`, lt(reportMails.createdAt, now - LOST_REPORT_MAIL_MS)),
    )
    .limit(500);
  const lost = unsettled.filter((m) => m.state === "pending" && m.createdAt >= now - GIVE_UP_REPORT_MAIL_MS);
  const givenUp = unsettled.filter((m) => m.state === "pending" && m.createdAt < now - GIVE_UP_REPORT_MAIL_MS);
  const abandoned = unsettled.filter(
    (m) => m.state === "sending" && (m.claimedAt ?? m.createdAt) < now - ABANDONED_REPORT_MAIL_MS,
  );
  for (const mail of abandoned) {
    await fail(
      rt,
      mail,
      "sending",
      "internal_error",
      "Herald stopped while the mail was being sent; it may have gone out",
    );
  }
  for (const mail of givenUp) await fail(rt, mail, "pending", "internal_error", "The report was never sent");
  return { lost, abandoned: abandoned.length + givenUp.length };
}

/**
 * The report mails queue's consumer: the period's report is made once, then each recipient's mail is claimed
 * (`pending` → `sending`) before the mail provider is called, so a redelivered or racing message mails no one twice.
 * A provider that refused or did not answer leaves the mail `pending` for the next hourly run to queue again,
 * `MAX_REPORT_MAIL_TRIES` tries in all; then, or when mail is not configured, the mail fails and the owner is notified.
 */
export async function sendQueuedReportMails(rt: Runtime, received: Received<ReportMailMessage>): Promise<"ack"> {
  const { scheduleId, period } = received.body;
  const pending = await rt.db
    .select()
    .from(reportMails)
    .where(
      and(eq(reportMails.scheduleId, scheduleId), eq(reportMails.period, period), eq(reportMails.state, "pending")),
    );
  const [schedule] = await rt.db.select().from(reportSchedules).where(eq(reportSchedules.id, scheduleId));
  if (pending.length === 0 || !schedule) return "ack";
  const { fromAt, toAt } = pending[0]!;
  const report = await buildReport(rt, schedule.userId, {
    from: iso(fromAt),
    to: iso(toAt),
    group_id: schedule.groupId,
  });
  const file = await reportFile(report, schedule.format);
  for (const mail of pending) {
    const [claimed] = await rt.db
      .update(reportMails)
      .set({ state: "sending", tries: sql`${reportMails.tries} + 1`, claimedAt: rt.clock.now() })
      .where(and(eq(reportMails.id, mail.id), eq(reportMails.state, "pending")))
      .returning();
    if (!claimed) continue;
    try {
      const mailId = await sendMail(rt, { to: claimed.recipient, ...reportMail(report, period), attachments: [file] });
      await rt.db
        .update(reportMails)
        .set({ state: "sent", mailId })
        .where(and(eq(reportMails.id, claimed.id), eq(reportMails.state, "sending")));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === "mail_failed" && claimed.tries < MAX_REPORT_MAIL_TRIES) {
        await rt.db
          .update(reportMails)
          .set({ state: "pending" })
          .where(and(eq(reportMails.id, claimed.id), eq(reportMails.state, "sending")));
      } else {
        await fail(rt, claimed, "sending", error.code, error.message);
      }
    }
  }
  return "ack";
}

/** What the mail says: the period, the headline totals, and that the whole report is attached. */
function reportMail(report: Report, period: string) {
  const subject = `${report.workspace}: ${report.group?.name ?? "report"} from ${report.from.slice(0, 10)} to ${lastDay(report)}`;
  const t = report.totals;
  const followers = report.followers.reduce((n, f) => n + f.change, 0);
  const text = [
    `The ${report.group?.name ?? ""} report for ${report.from.slice(0, 10)} to ${lastDay(report)} (period ${period}).`,
    "",
    `Posts published: ${t.posts_published}`,
    `Engagement (likes, comments, reposts): ${t.engagement}`,
    `Views: ${t.views}`,
    `Link clicks: ${t.link_clicks}`,
    `Follower change: ${followers >= 0 ? "+" : ""}${followers}`,
    "",
    "The whole report is attached.",
  ].join("\n");
  return { subject, text };
}

/** The report's last day: `to` is the next period's first instant. */
const lastDay = (report: Report) => iso(Date.parse(report.to) - 1).slice(0, 10);

/** Fails the mail (only from the state it was seen in) and tells the owner, once per mail. */
async function fail(rt: Runtime, mail: MailRow, from: "pending" | "sending", code: string, message: string) {
  await rt.db.batch([
    rt.db
      .update(reportMails)
      .set({ state: "failed", errorCode: code, errorMessage: message })
      .where(and(eq(reportMails.id, mail.id), eq(reportMails.state, from))),
    notificationInsert(
      rt,
      {
        userId: mail.userId,
        kind: REPORT_MAIL_FAILED,
        message: `The scheduled report for ${mail.period} could not be mailed to ${mail.recipient}: ${message}`,
        data: { schedule_id: mail.scheduleId, mail_id: mail.id, period: mail.period, error: { code, message } },
      },
      { dedupeKey: `${REPORT_MAIL_FAILED}:${mail.id}`, onlyIf: sql`changes() > 0` },
    ),
  ]);
}
