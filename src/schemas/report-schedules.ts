// Zod schemas of scheduled reports: a schedule and its create body.
import { z } from "@hono/zod-openapi";
import { REPORT_FILE_FORMATS, REPORT_PERIODS } from "../db/schema/reports";

/** How many people one schedule mails. */
export const MAX_REPORT_RECIPIENTS = 10;

export const ReportScheduleCreateSchema = z
  .object({
    group_id: z.string().min(1).max(100).openapi({ description: "The client group whose report is mailed" }),
    every: z.enum(REPORT_PERIODS).openapi({
      description: "`week`: each Monday, the week before; `month`: each 1st, the month before (in the owner's zone)",
    }),
    format: z.enum(REPORT_FILE_FORMATS).openapi({ description: "The attached file: the report's CSV or PDF" }),
    to: z
      .array(z.email().max(254))
      .min(1)
      .max(MAX_REPORT_RECIPIENTS)
      .openapi({ description: "Who gets the report, each in a mail of their own", example: ["client@example.com"] }),
  })
  .strict()
  .openapi("ReportScheduleCreate");

export const ReportScheduleSchema = z
  .object({
    id: z.string().openapi({ example: "rsc_3hZ0cQ8vXb1mK2pLr9Ta" }),
    group_id: z.string(),
    every: z.enum(REPORT_PERIODS),
    format: z.enum(REPORT_FILE_FORMATS),
    to: z.array(z.string()),
    next_report_at: z.string().openapi({
      description:
        "When the next report goes out: on the first day of the next period in the zone, once that day began there and the UTC days the report covers ended",
    }),
    timezone: z
      .string()
      .openapi({ description: "The owner's zone the periods are counted in", example: "Europe/Berlin" }),
    created_at: z.string(),
  })
  .openapi("ReportSchedule");
