// REST routes for scheduled reports: a client group's report mailed every week or month, created, listed, deleted.
import { z } from "@hono/zod-openapi";
import { DeletedSchema, IdParam, jsonBody, ok } from "../../schemas/common";
import { ReportScheduleCreateSchema, ReportScheduleSchema } from "../../schemas/report-schedules";
import {
  createReportSchedule,
  deleteReportSchedule,
  listReportSchedules,
  MAX_REPORT_SCHEDULES,
} from "../../services/analytics/report-schedules";
import { authedRoute } from "../define";
import { createRouter } from "../router";

const tags = ["Analytics"];

const create = authedRoute("posts:write", {
  operationId: "createReportSchedule",
  method: "post",
  path: "/api/v1/report-schedules",
  tags,
  summary: "Mail a client group's report every week or month",
  description: `The report of \`GET /analytics/report\` for the group, as its CSV or PDF, mailed to each address in \`to\` (a mail each) on the first day of each period in the owner's zone (Monday for \`week\`, the 1st for \`month\`), covering the period just ended (its dates as whole UTC days, as the report route reads dates: east of UTC it goes out at 00:00 UTC, once those days ended). The first goes out when the next period begins, never at once; each period's report goes to each address once. A mail the provider cannot take is tried again by the next hourly run, 3 tries in all, then the owner gets a \`report_mail_failed\` notification. At most ${MAX_REPORT_SCHEDULES} per workspace (400 \`report_schedule_limit\`); another workspace's group is 404.`,
  request: { body: jsonBody(ReportScheduleCreateSchema) },
  responses: { 201: ok(ReportScheduleSchema, "The schedule") },
  errors: ["report_schedule_limit"],
});

const list = authedRoute("posts:read", {
  operationId: "listReportSchedules",
  method: "get",
  path: "/api/v1/report-schedules",
  tags,
  summary: "List report schedules",
  responses: { 200: ok(z.array(ReportScheduleSchema), "The workspace's schedules, oldest first") },
});

const remove = authedRoute("posts:write", {
  operationId: "deleteReportSchedule",
  method: "delete",
  path: "/api/v1/report-schedules/{id}",
  tags,
  summary: "Delete a report schedule",
  description: "Nothing more is mailed for it, a report already claimed but not yet sent included.",
  request: { params: IdParam },
  responses: { 200: ok(DeletedSchema, "Deleted") },
});

export const reportScheduleRoutes = createRouter()
  .openapi(create, async (c) => {
    const data = await createReportSchedule(c.var.rt, c.var.principal.userId, c.req.valid("json"));
    return c.json({ success: true as const, data }, 201);
  })
  .openapi(list, async (c) => {
    return c.json({ success: true as const, data: await listReportSchedules(c.var.rt, c.var.principal.userId) }, 200);
  })
  .openapi(remove, async (c) => {
    const data = await deleteReportSchedule(c.var.rt, c.var.principal.userId, c.req.valid("param").id);
    return c.json({ success: true as const, data }, 200);
  });
