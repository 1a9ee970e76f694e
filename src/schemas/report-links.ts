// Zod schemas of shared report links: a client group's report, read-only by link.
import { z } from "@hono/zod-openapi";

export const ReportLinkCreateSchema = z
  .object({
    group_id: z.string().min(1).max(100).openapi({ description: "The client group whose report the link shows" }),
    days: z
      .union([z.literal(7), z.literal(30), z.literal(90)])
      .default(30)
      .openapi({
        description: "The page shows the report of the last 7, 30 or 90 days when it is opened; 30 by default",
      }),
    expires_in_days: z
      .number()
      .int()
      .min(1)
      .max(90)
      .default(30)
      .openapi({ description: "1 to 90 days; 30 by default" }),
  })
  .strict()
  .openapi("ReportLinkCreate");
export type ReportLinkInput = z.infer<typeof ReportLinkCreateSchema>;

export const ReportLinkSchema = z
  .object({
    id: z.string().openapi({ example: "rpl_3hZ0cQ8vXb1mK2pLr9Ta" }),
    group_id: z.string(),
    days: z.number().int(),
    state: z.enum(["active", "expired", "revoked"]),
    expires_at: z.string(),
    revoked_at: z.string().nullable(),
    created_at: z.string(),
  })
  .openapi("ReportLink");

export const CreatedReportLinkSchema = ReportLinkSchema.extend({
  url: z.string().openapi({ description: "The page's address; shown this once (only its hash is kept)" }),
}).openapi("CreatedReportLink");
