import type { Http } from "../http.ts";
import type { Body } from "../types.ts";

/** A client group's report mailed every week or month (the CSV or PDF of `analytics.report`). */
export const reportSchedules = (http: Http) => ({
  list: () => http.data("get", "/api/v1/report-schedules"),
  /** The first report goes out when the next period begins in the owner's zone; at most 20 per workspace. */
  create: (body: Body<"/api/v1/report-schedules", "post">) => http.data("post", "/api/v1/report-schedules", { body }),
  delete: (id: string) => http.data("delete", "/api/v1/report-schedules/{id}", { params: { id } }),
});

export type ReportSchedules = ReturnType<typeof reportSchedules>;
