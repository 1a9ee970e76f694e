// The report mails queue: one period's report of one schedule per message, mailed once to each recipient.
import { z } from "@hono/zod-openapi";
import { defineQueue } from "./queue";

/** One schedule's report of one period (its first day, "YYYY-MM-DD") to mail to the recipients still pending. */
export const reportMailQueue = defineQueue({
  name: "herald-report-mails",
  binding: (env) => env.REPORT_MAIL_QUEUE,
  schema: z.object({ scheduleId: z.string().min(1).max(100), period: z.string().length(10) }),
});

export type ReportMailMessage = z.infer<typeof reportMailQueue.schema>;
